"""The database layer: migrations, WAL, and all-or-nothing transactions."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import games as game_sql
from bot.store import outbox as outbox_sql
from bot.store import users as user_sql
from bot.store.db import Connection, Database, DatabaseUnavailable, migrations
from tests.postgres import PostgresServer

pytestmark = pytest.mark.backends


async def _insert_game(conn: Connection) -> int:
    """A two-seat Great Wall game row in the lobby; its id."""
    return await game_sql.insert_game(
        conn, key="great_wall", guild_id=1, channel_id=2, creator_id=3, seat_count=2, options={}, seed=1, now=0.0,
    )


async def test_migrations_are_numbered_and_applied_once(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "mk.sqlite3"
    db = await Database.open(path)  # creates the folder
    row = await db.fetchone("PRAGMA user_version")
    assert row is not None and row[0] == len(migrations())
    await db.close()
    db = await Database.open(path)  # a second start applies nothing again
    row = await db.fetchone("PRAGMA user_version")
    assert row is not None and row[0] == len(migrations())
    mode = await db.fetchone("PRAGMA journal_mode")
    assert mode is not None and mode[0] == "wal"
    await db.close()


async def test_failed_transaction_changes_nothing(db: Database) -> None:
    with pytest.raises(RuntimeError):
        async with db.tx() as conn:
            await _insert_game(conn)
            raise RuntimeError("crash in the middle")
    assert await db.fetchall("SELECT * FROM games") == []


async def test_commit_move_applies_once_per_version(db: Database) -> None:
    async with db.tx() as conn:
        game_id = await _insert_game(conn)
        await game_sql.set_columns(conn, game_id, 0.0, status="running", snapshot={"x": 0})
    for expected in (True, False):  # the second identical commit finds the version moved on
        async with db.tx() as conn:
            ok = await game_sql.commit_move(
                conn, game_id=game_id, expected_version=0, seat=0, kind="action", action={"type": "draw"},
                snapshot={"x": 1}, status="running", result=None, now=1.0,
            )
        assert ok is expected
    moves = await game_sql.fetch_moves(db, game_id)
    assert [(m.seq, m.action) for m in moves] == [(1, {"type": "draw"})]
    row = await game_sql.fetch_game(db, game_id)
    assert row is not None and row.version == 1 and row.snapshot == {"x": 1}


async def test_outbox_pending_until_delivered(db: Database) -> None:
    async with db.tx() as conn:
        game_id = await _insert_game(conn)
        await outbox_sql.add(conn, game_id, 1, "moved", {"seat": 0}, 0.0)
        await outbox_sql.add(conn, game_id, 2, "moved", {"seat": 1}, 0.0)
    pending = await outbox_sql.pending(db)
    assert [p.version for p in pending] == [1, 2]
    await outbox_sql.mark_delivered(db, pending[0].id, 1.0)
    assert [p.version for p in await outbox_sql.pending(db, game_id)] == [2]


async def test_dm_closed_is_remembered(db: Database) -> None:
    assert not await user_sql.dm_closed(db, 42)
    await user_sql.set_dm_closed(db, 42, True, 0.0)
    assert await user_sql.dm_closed(db, 42)
    await user_sql.set_dm_closed(db, 42, False, 1.0)
    assert not await user_sql.dm_closed(db, 42)


async def test_the_schema_is_at_the_last_migration_and_opening_again_applies_nothing(
    db: Database, database_target: str
) -> None:
    assert await db.schema_version() == len(migrations())
    again = await Database.open(database_target)  # a second process, or a restart
    assert await again.schema_version() == len(migrations())
    await again.close()


async def test_discord_ids_keep_all_64_bits(db: Database) -> None:
    big = 1_234_567_890_123_456_789  # a snowflake of 2026 is about 1.4e18: past 32 bits, within 63
    async with db.tx() as conn:
        game_id = await game_sql.insert_game(
            conn, key="great_wall", guild_id=big, channel_id=big + 1, creator_id=big + 2, seat_count=2, options={},
            seed=2**62, now=0.0,
        )
        await game_sql.insert_seat(conn, game_id, big + 3, "Ana", None)
    row = await game_sql.fetch_game(db, game_id)
    assert row is not None
    assert (row.guild_id, row.channel_id, row.creator_id, row.seed) == (big, big + 1, big + 2, 2**62)
    assert row.seats[0].user_id == big + 3
    await user_sql.set_dm_closed(db, big + 4, True, 0.0)
    assert await user_sql.dm_closed(db, big + 4)


async def test_a_postgresql_user_who_may_not_create_tables_is_told_in_one_sentence(
    postgres_server: PostgresServer,
) -> None:
    await postgres_server.execute("DROP ROLE IF EXISTS visitor; CREATE ROLE visitor LOGIN PASSWORD 'visitor-secret'")
    await postgres_server.execute("CREATE DATABASE visited")  # owned by postgres: visitor may not create tables
    url = postgres_server.url("visited").replace("postgres@", "visitor:visitor-secret@")
    with pytest.raises(DatabaseUnavailable) as info:
        await Database.open(url)
    sentence = str(info.value)
    assert "cannot be written" in sentence and "permission denied" in sentence and "visitor-secret" not in sentence
    assert sentence.count(".") == 1 and sentence.endswith(".")
