"""Fixtures for the Discord layer: a fake Discord around a real bot and a temporary database per test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot import pictures
from bot.store.db import Database
from bot.tables import TableService
from tests.cogs.harness import FakeClock, FakeDiscord, check_limits, make_user
from tests.cogs.tournament_flows import plain_game_pictures

# Pictures kept per worker: more than the bot keeps, and old positions too, so that a replayed game or a test
# playing the same seed as an earlier one does not draw the same picture again (a sixth of the drawing time, a
# third of the replay viewer's tests). Each is still drawn, once.
KEPT_BYTES = 128 * 2**20


@pytest.fixture(scope="session", autouse=True)
def kept_pictures() -> Iterator[None]:
    pictures.configure(0, kept_bytes=KEPT_BYTES, by_position=False)
    yield
    pictures.configure(0)


async def _checked_world(database: str, clock: FakeClock | None = None) -> AsyncIterator[FakeDiscord]:
    world = await FakeDiscord.start(database, clock=clock)
    yield world
    # Every view the bot ever sent, in any test, respects Discord's limits.
    for sent in world.sent:
        if sent.view is not None:
            check_limits(sent.view)
    await world.stop()


@pytest.fixture
async def fake(database_target: str) -> AsyncIterator[FakeDiscord]:
    """SQLite, or PostgreSQL for a test marked ``backends``."""
    async for world in _checked_world(database_target):
        yield world


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def timed(tmp_path: Path, clock: FakeClock) -> AsyncIterator[FakeDiscord]:
    """A fake Discord whose services and timers run on ``clock``."""
    async for world in _checked_world(str(tmp_path / "bot.sqlite3"), clock):
        yield world


@pytest.fixture
def alice() -> Any:
    return make_user(101, "Alice")


@pytest.fixture
def bob() -> Any:
    return make_user(202, "Bob")


@pytest.fixture
def carol() -> Any:
    return make_user(303, "Carol")


@pytest.fixture
def dai() -> Any:
    return make_user(404, "Dai")


@pytest.fixture
def eun() -> Any:
    return make_user(505, "Eun")


@pytest.fixture
def plain_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game pictures drawn plain and fast, for tests about what happens around the games."""
    plain_game_pictures(monkeypatch)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    """A table service over a temporary SQLite file, without Discord: for what is built straight from tables."""
    db = await Database.open(tmp_path / "tables.sqlite3")
    yield TableService(db)
    await db.close()
