"""Fixtures: a Discord double on loopback and the real bot process connected to it, per test.

At the end of every test the double must have seen no broken Discord rule (late answers, too many
components, oversized files, unknown routes), every interaction must have been answered, and the bot must
have logged no error, unless the test says otherwise.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from tests.e2e.double import DiscordDouble
from tests.e2e.process import BotProcess
from tests.e2e.users import SimUser


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # aiohttp's own multipart reader (serving the bot's file uploads) warns about its internals.
    quiet = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")
    for item in items:
        if "tests/e2e/" in str(item.path):
            item.add_marker(quiet)


@pytest.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    world = DiscordDouble(heartbeat_ms=5_000)  # short, so heartbeats happen during a test
    await world.start()
    yield world
    await world.stop()


@pytest.fixture
async def http(double: DiscordDouble) -> AsyncIterator[aiohttp.ClientSession]:
    """A client with the bot's token, for tests that speak to the double themselves."""
    headers = {"Authorization": f"Bot {double.world.token}"}
    async with aiohttp.ClientSession(base_url=double.url, headers=headers) as session:
        yield session


@pytest.fixture
async def bot(double: DiscordDouble, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[BotProcess]:
    process = BotProcess(double, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
    await process.start()
    yield process
    await process.stop()
    assert double.world.violations == [], double.world.violations
    if not double.world.unanswered_expected:
        unanswered = [i.data for i in double.world.interactions.values() if not i.answered]
        assert unanswered == [], f"interactions the bot never answered: {unanswered}"
    if request.node.get_closest_marker("logs_errors") is None:
        assert process.problems() == [], process.log_tail(60)


@pytest.fixture
def alice(double: DiscordDouble) -> SimUser:
    return SimUser(double, double.person("Alice"))


@pytest.fixture
def bob(double: DiscordDouble) -> SimUser:
    return SimUser(double, double.person("Bob"))


@pytest.fixture
def carol(double: DiscordDouble) -> SimUser:
    return SimUser(double, double.person("Carol"))


@pytest.fixture
def dave(double: DiscordDouble) -> SimUser:
    return SimUser(double, double.person("Dave"))
