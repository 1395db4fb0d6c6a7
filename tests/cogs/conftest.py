"""Fixtures for the Discord layer: a fake Discord around a real bot and a temporary SQLite file per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.cogs.harness import FakeClock, FakeDiscord, check_limits, make_user


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    world = await FakeDiscord.start(str(tmp_path / "bot.sqlite3"))
    yield world
    # Every view the bot ever sent, in any test, respects Discord's limits.
    for sent in world.sent:
        if sent.view is not None:
            check_limits(sent.view)
    await world.stop()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def timed(tmp_path: Path, clock: FakeClock) -> AsyncIterator[FakeDiscord]:
    """A fake Discord whose services and timers run on ``clock``."""
    world = await FakeDiscord.start(str(tmp_path / "bot.sqlite3"), clock=clock)
    yield world
    for sent in world.sent:
        if sent.view is not None:
            check_limits(sent.view)
    await world.stop()


@pytest.fixture
def alice() -> Any:
    return make_user(101, "Alice")


@pytest.fixture
def bob() -> Any:
    return make_user(202, "Bob")


@pytest.fixture
def carol() -> Any:
    return make_user(303, "Carol")
