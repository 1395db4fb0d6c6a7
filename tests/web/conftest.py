"""The web pages over a real database, served on loopback by aiohttp's test server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.services import Services
from bot.tables import TableService
from web.app import make_app
from web.feed import Feed
from web.links import WebLinks

SECRET = "a-secret-for-the-tests-only-0123456789"
LINKS = WebLinks("http://pages.test", SECRET)
GUILD = 9  # a server; games without one (the demo's) always have pages


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    opened = await Services.open(tmp_path / "web.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture
async def client(services: Services) -> AsyncIterator[TestClient]:
    feed = Feed(services.pages, every=0.05)
    server = TestServer(make_app(services, LINKS, feed))
    client = TestClient(server)
    await client.start_server()
    feed.start()
    yield client
    await feed.stop()
    await client.close()


@pytest.fixture
async def service(services: Services) -> TableService:
    """The table service of ``services``."""
    return services.tables
