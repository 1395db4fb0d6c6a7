"""A consistent copy of the SQLite database, safe while the bot runs (``python -m bot backup FILE``).

SQLite's online backup API reads the database as one transaction would: in WAL mode the bot keeps writing
meanwhile, and the copy is the database as it was at one commit. A plain file copy of a live WAL database
can miss the moves still in the ``-wal`` file or catch a page half-written.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path


class BackupError(Exception):
    """The backup cannot be made; the message is one sentence for whoever runs it."""


@dataclass(frozen=True)
class Backup:
    path: Path
    games: int
    schema: int  # the migration the copy is at (PRAGMA user_version)


def backup(database: str | Path, target: str | Path) -> Backup:
    """Copy ``database`` to ``target`` as one self-contained file (its journal out of WAL mode, so the copy is
    complete without a ``-wal`` beside it). The copy is written beside ``target`` and renamed into place, so
    ``target`` is never a half-written file."""
    source, target = Path(database), Path(target)
    if not source.is_file():
        raise BackupError(f"There is no database at {source}: set DATABASE_PATH to the bot's database file.")
    if target.exists() and target.resolve() == source.resolve():
        raise BackupError(f"The backup cannot overwrite the database itself ({source}): name another file.")
    partial = target.with_name(target.name + ".partial")
    try:
        # mode=rw: never create a database where there was none; WAL readers need write access to -shm.
        with contextlib.closing(sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True)) as live:
            live.execute("PRAGMA busy_timeout = 5000")
            partial.unlink(missing_ok=True)
            with contextlib.closing(sqlite3.connect(partial)) as copy:
                live.backup(copy)  # every page in one step: one read transaction, one commit's database
                copy.execute("PRAGMA journal_mode = DELETE")
                checked = copy.execute("PRAGMA integrity_check").fetchone()
                if checked is None or checked[0] != "ok":
                    raise BackupError(f"The copy of {source} failed SQLite's integrity check: {checked}.")
                schema = int(copy.execute("PRAGMA user_version").fetchone()[0])
                games = int(copy.execute("SELECT count(*) FROM games").fetchone()[0]) if schema else 0
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as error:
        partial.unlink(missing_ok=True)
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise BackupError(f"The backup of {source} to {target} failed ({reason}).") from None
    except BackupError:
        partial.unlink(missing_ok=True)
        raise
    return Backup(target, games, schema)
