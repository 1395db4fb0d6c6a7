"""The posts of a game being delivered are read once for the delivery (bot/tables/post_book.py): what the
delivering task saves it reads back at once; other tasks, and anything after the delivery, read the database."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import posts as post_sql
from bot.store.db import Database
from bot.tables import Notification, Table, TableService
from bot.tables.delivery import PostRow
from bot.tables.post_book import book_for, keeping_posts


def _post(game_id: int, ref: str, *, closed: bool = False, version: int = 0) -> PostRow:
    return PostRow(game_id, "turn", ref, 10, 100 + int(ref), 0, version, closed)


async def test_the_delivering_task_reads_what_it_saved_others_read_the_database(db: Database) -> None:
    service = TableService(db)
    game = (await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=2)).id
    delivery = service.delivery
    await post_sql.save(db, _post(game, "0"))
    await post_sql.save(db, _post(game, "1", closed=True))
    seen: list[list[str]] = []

    async def elsewhere() -> None:  # another task, saving while the delivery runs
        await post_sql.save(db, _post(game, "3"))

    with keeping_posts(db, game):
        assert [p.ref for p in await delivery.open_posts(game, "turn")] == ["0"]
        assert (await delivery.post(game, "turn", "1")) == _post(game, "1", closed=True)
        assert await delivery.post(game, "turn", "2") is None
        await delivery.save_post(_post(game, "2"))
        await delivery.save_post(_post(game, "0", closed=True))
        assert await delivery.post(game, "turn", "2") == _post(game, "2")
        assert [p.ref for p in await delivery.open_posts(game, "turn")] == ["2"]
        assert book_for(game + 1) is None  # another game's posts are read from the database
        await asyncio.get_running_loop().create_task(elsewhere())

    async def after() -> None:  # a task started during the delivery, running after it
        seen.append([p.ref for p in await delivery.open_posts(game, "turn")])

    with keeping_posts(db, game):
        await delivery.open_posts(game, "turn")
        task = asyncio.get_running_loop().create_task(after())
    await task
    assert book_for(game) is None
    assert seen == [["2", "3"]]
    assert [p.ref for p in await delivery.open_posts(game, "turn")] == ["2", "3"]


async def test_a_delivery_reads_the_games_posts_once(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []

    class Reading:
        async def deliver(self, table: Table, note: Notification) -> None:
            for _ in range(3):
                await service.delivery.post(table.id, "turn", str(note.version))
                await service.delivery.open_posts(table.id, "prompt")
            mine = _post(table.id, str(note.version))
            await service.delivery.save_post(mine)
            assert await service.delivery.post(table.id, "turn", str(note.version)) == mine

    service = TableService(db, Reading())
    original_get, original_open = post_sql.get, post_sql.of_game

    async def get(*args: object) -> PostRow | None:
        reads.append("get")
        return await original_get(*args)  # type: ignore[arg-type]

    async def of_game(*args: object) -> list[PostRow]:
        reads.append("open")
        return await original_open(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(post_sql, "get", get)
    monkeypatch.setattr(post_sql, "of_game", of_game)
    table = await service.create(key="great_wall", creator_id=1, creator_name="Ana", seat_count=2)
    await service.join(table.id, 2, "Bo")
    await service.start(table.id, 1)
    assert reads == ["open", "get"]
