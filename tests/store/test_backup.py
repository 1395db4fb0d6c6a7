"""``python -m bot backup FILE``: a consistent copy of the live database, taken while moves are being made,
restores to identical games (the table, its version and its move log)."""

from __future__ import annotations

import asyncio
import random
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from bot import games
from bot.__main__ import main
from bot.store import games as game_sql
from bot.store.backup import BackupError, backup
from bot.store.db import Database
from bot.tables import Notification, Table, TableService, replay_moves

GAMES = 4
MOVES_PER_GAME = 25


class Quiet:
    async def deliver(self, table: Table, note: Notification) -> None:
        return None


async def started_games(service: TableService) -> list[int]:
    ids = []
    for n in range(GAMES):
        table = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=3, seed=n)
        for user in (2, 3):
            await service.join(table.id, user, f"P{user}")
        ids.append((await service.start(table.id, 1)).id)
    return ids


PAUSE_AT = 5  # moves each game makes before it waits for the first backup, so one is surely mid-game


async def play(
    service: TableService, game_id: int, rng: random.Random, paused: asyncio.Semaphore, resume: asyncio.Event
) -> None:
    """Random legal moves, each a committed transaction; yields between moves so the games interleave. After
    PAUSE_AT moves the game tells ``paused`` and waits for ``resume`` (the first backup, however slow the
    machine), then moves on while more backups are taken."""
    for n in range(MOVES_PER_GAME):
        if n == PAUSE_AT:
            paused.release()
            await resume.wait()
        table = await service.get(game_id)
        if table.status != "running":
            return
        seat = min(table.to_act())
        user = table.player_at(seat).user_id
        assert user is not None
        await service.act(game_id, user, rng.choice(table.game.legal_actions(table.state, seat)))
        await asyncio.sleep(0)


async def snapshot_of(path: Path, game_ids: list[int]) -> dict[int, tuple[game_sql.GameRow, list[game_sql.MoveRow]]]:
    """Each game's row and move log, from a database restored at ``path`` the way the README says: the file
    put where DATABASE_PATH points and the bot started on it (the service opens it, migrations and all)."""
    db = await Database.open(path)
    try:
        service = TableService(db, Quiet())
        found = {}
        for game_id in game_ids:
            table = await service.get(game_id)
            row = await game_sql.fetch_game(db, game_id)
            moves = await game_sql.fetch_moves(db, game_id)
            assert row is not None and row.version == len(moves) == table.version
            # The snapshot in the copy is the replay of the copy's own log: a consistent cut, not a torn one.
            replayed = await service.replay(game_id)
            assert table.game.dump(replayed) == table.game.dump(table.state)
            found[game_id] = (replace(row, updated_at=0.0), moves)
        return found
    finally:
        await db.close()


async def test_a_backup_during_moves_restores_to_identical_games(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    db = await Database.open(live)
    service = TableService(db, Quiet())
    game_ids = await started_games(service)
    paused, first_taken = asyncio.Semaphore(0), asyncio.Event()
    moving = asyncio.gather(*(play(service, g, random.Random(g), paused, first_taken) for g in game_ids))
    for _ in game_ids:
        await paused.acquire()
    copies = [tmp_path / "during-first.sqlite3"]
    await asyncio.to_thread(backup, live, copies[0])
    first_taken.set()
    while not moving.done():  # backups in a thread, as from another process, while the games move on
        copy = tmp_path / f"during-{len(copies)}.sqlite3"
        await asyncio.to_thread(backup, live, copy)
        copies.append(copy)
        await asyncio.sleep(0.01)
    await moving
    final = await asyncio.to_thread(backup, live, tmp_path / "final.sqlite3")
    original = {}
    for game_id in game_ids:
        row = await game_sql.fetch_game(db, game_id)
        assert row is not None
        original[game_id] = (replace(row, updated_at=0.0), await game_sql.fetch_moves(db, game_id))
    await db.close()

    restored_at = tmp_path / "restored" / "middle-kingdom.sqlite3"
    restored_at.parent.mkdir()
    shutil.copyfile(final.path, restored_at)
    assert await snapshot_of(restored_at, game_ids) == original

    mid_versions = set()
    for copy in copies:
        for game_id, (row, moves) in (await snapshot_of(copy, game_ids)).items():
            full_moves = original[game_id][1]
            assert moves == full_moves[: len(moves)]  # the log as it was at one commit
            mid_versions.add((game_id, row.version))
            # ...and the position the original game had at that version.
            engine = games.get(row.key)
            at = replay_moves(engine, row.seat_count, row.seed, row.options, full_moves[: len(moves)])
            assert engine.dump(at) == row.snapshot
    assert any(0 < v < original[g][0].version for g, v in mid_versions), "no backup was taken mid-game"


def test_the_command_writes_a_copy_and_refuses_what_it_cannot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    live = tmp_path / "live.sqlite3"

    async def make() -> None:
        db = await Database.open(live)
        await started_games(TableService(db, Quiet()))
        await db.close()

    asyncio.run(make())
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)  # a backup needs no token
    monkeypatch.setenv("DATABASE_PATH", str(live))
    assert main(["backup", str(tmp_path / "copy.sqlite3")]) == 0
    out = capsys.readouterr().out
    assert f"Backed up {GAMES} games" in out and "copy.sqlite3" in out
    assert (tmp_path / "copy.sqlite3").read_bytes()[:16] == b"SQLite format 3\x00"
    assert not (tmp_path / "copy.sqlite3-wal").exists()  # one self-contained file

    assert main(["backup", str(live)]) == 2
    assert "cannot overwrite the database itself" in capsys.readouterr().err
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "none.sqlite3"))
    assert main(["backup", str(tmp_path / "copy2.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("There is no database at") and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "none.sqlite3").exists()


def test_a_failed_backup_leaves_no_partial_file(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite3"
    live.write_bytes(b"not a database at all" * 100)
    with pytest.raises(BackupError, match="failed"):
        backup(live, tmp_path / "copy.sqlite3")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["live.sqlite3"]
