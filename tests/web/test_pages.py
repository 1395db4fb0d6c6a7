"""The web pages: complete pages from a database, strict headers, nothing writable, 404 for servers that did
not allow pages, private links refused for every reason, the reader's language, and live streams."""

from __future__ import annotations

import asyncio
import random
import re
import time
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot import story
from bot.services import Services
from bot.statuses import TableStatus
from bot.tables import Table
from tests.cogs.played import FIRST_USER, play, seat_players
from tests.web.conftest import GUILD, LINKS
from web.app import HEADERS

PLAYERS = (FIRST_USER, FIRST_USER + 1)


async def _game(services: Services, moves: int = 6, **create: Any) -> Table:
    table = await seat_players(services.tables, "great_wall", 2, seed=5, users=PLAYERS, **create)
    return await play(services.tables, table, random.Random(5), moves=moves)


async def _finished(services: Services, **create: Any) -> Table:
    table = await _game(services, moves=0, **create)
    return await play(services.tables, table, random.Random(5))


def _key(table: Table, seat: int, *, hours: float = 1, game_id: int | None = None) -> str:
    url = LINKS.private(game_id or table.id, seat, time.time(), hours)
    assert url is not None
    return url.split("key=", 1)[1]


async def test_a_finished_game_has_its_board_with_alt_text_and_its_move_log(
    client: TestClient, services: Services
) -> None:
    table = await _finished(services)
    response = await client.get(f"/games/{table.id}")
    assert response.status == 200 and response.content_type == "text/html"
    page = await response.text()
    image = re.search(r'<img src="(/games/\d+/positions/(\d+)\.png\?lang=en)" alt="([^"]+)"', page)
    assert image is not None and int(image[2]) == table.version
    assert image[3].startswith("The Great Wall of China, final scores.")
    assert 'id="log"' in page and page.count('class="move"') >= 10 and "Final scores" in page
    picture = await client.get(image[1])
    assert picture.status == 200 and picture.content_type == "image/png"
    assert (await picture.read()).startswith(b"\x89PNG")
    home = await (await client.get("/")).text()
    assert f'href="/games/{table.id}"' in home and "Finished games" in home


async def test_every_response_has_the_strict_headers(client: TestClient, services: Services) -> None:
    table = await _game(services)
    paths = ["/", f"/games/{table.id}", f"/games/{table.id}/positions/0.png", "/games/999", "/static/site.css",
             "/static/live.js", f"/players/{FIRST_USER}", f"/games/{table.id}/private"]
    for path in paths:
        response = await client.get(path)
        for name, value in HEADERS.items():
            assert response.headers.get(name) == value, (path, name)
    csp = HEADERS["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    page = await (await client.get(f"/games/{table.id}")).text()
    assert "<script>" not in page and " on" + "click=" not in page and "style=" not in page
    assert re.findall(r"<script[^>]*>", page) == [re.search(r'<script src="/static/live\.js\?v=\w+" defer>', page)[0]]


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
async def test_nothing_is_writable(client: TestClient, services: Services, method: str) -> None:
    table = await _game(services)
    for path in ["/", f"/games/{table.id}", f"/games/{table.id}/events", f"/games/{table.id}/private",
                 "/static/site.css", "/nowhere"]:
        response = await client.request(method, path)
        assert response.status == 405, (method, path)
        assert set(response.headers["Allow"].split(",")) == {"GET", "HEAD"}
    for path in (f"/games/{table.id}", f"/games/{table.id}/events"):
        head = await asyncio.wait_for(client.head(path), 5)
        assert head.status == 200 and await head.read() == b"", path


async def test_a_server_that_did_not_allow_pages_has_none(client: TestClient, services: Services) -> None:
    table = await _game(services, guild_id=GUILD)
    hidden = [f"/games/{table.id}", f"/games/{table.id}/positions/0.png", f"/games/{table.id}/events",
              f"/games/{table.id}/private?key={_key(table, 0)}", f"/games/{table.id}/private/hand.png?key="
              f"{_key(table, 0)}", f"/players/{FIRST_USER}"]
    missing = _without_links(await (await client.get("/games/987654")).text())
    for path in hidden:
        response = await client.get(path)
        assert response.status == 404, path
        if path.endswith(str(table.id)):
            assert _without_links(await response.text()) == missing  # the same page as for no game at all
    assert f"/games/{table.id}" not in await (await client.get("/")).text()
    await services.servers.set_web_pages(GUILD, True)
    for path in hidden:
        assert (await client.get(path, headers={"Accept": "text/html"})).status == 200, path
    assert f"/games/{table.id}" in await (await client.get("/")).text()


def _without_links(page: str) -> str:
    return re.sub(r'href="[^"]*"', "", page)


async def test_every_refused_private_link_shows_nothing_private(client: TestClient, services: Services) -> None:
    table = await _game(services)
    other = await _game(services)
    good = _key(table, 0)
    opened = await client.get(f"/games/{table.id}/private?key={good}")
    page = await opened.text()
    assert opened.status == 200 and "Your view as Ana" in page and "/private/hand.png?key=" in page
    assert opened.headers["Cache-Control"] == "no-cache"
    hand = await client.get(f"/games/{table.id}/private/hand.png?key={good}")
    assert hand.status == 200 and hand.headers["Cache-Control"] == "private, no-store"
    game_id, seat, until, signature = good.split(".")
    refused = {
        "unsigned": "",
        "expired": _key(table, 0, hours=-1),
        "tampered": f"{game_id}.1.{until}.{signature}",
        "wrong game": _key(other, 0),
        "signed for another game, sent to this one": f"{other.id}.{seat}.{until}.{signature}",
    }
    for why, key in refused.items():
        await _refused(client, table, key, why)
    await services.tables.resign(table.id, PLAYERS[1])  # the game ends: every seat is finished
    await _refused(client, table, good, "finished game")


async def test_a_seat_that_left_has_no_private_view(client: TestClient, services: Services) -> None:
    table = await seat_players(services.tables, "great_wall", 3, seed=2, users=(*PLAYERS, FIRST_USER + 2))
    key = _key(table, 2)
    assert (await client.get(f"/games/{table.id}/private?key={key}")).status == 200
    await services.tables.resign(table.id, FIRST_USER + 2)
    assert (await services.tables.get(table.id)).status == TableStatus.RUNNING
    await _refused(client, table, key, "a seat that resigned")


async def _refused(client: TestClient, table: Table, key: str, why: str) -> None:
    response = await client.get(f"/games/{table.id}/private?key={key}")
    page = await response.text()
    assert response.status == 403, why
    assert "This private link cannot be used" in page and "hand.png" not in page and "Your view" not in page, why
    assert f'href="/games/{table.id}"' in page
    picture = await client.get(f"/games/{table.id}/private/hand.png?key={key}")
    assert picture.status == 403 and picture.content_type != "image/png", why


async def test_a_finished_game_s_page_shows_its_story_and_a_running_game_has_none(
    client: TestClient, services: Services
) -> None:
    table = await _finished(services)
    page = await (await client.get(f"/games/{table.id}")).text()
    chart = re.search(r'<img src="(/games/\d+/scores\.png)" alt="([^"]+)"', page)
    moving = re.search(r'<img src="(/games/\d+/story\.(webp|gif))" alt="([^"]+)"', page)
    assert chart is not None and moving is not None and "Game story" in page
    assert str(table.version) not in chart[1] and chart[2] and moving[3]
    scores = await client.get(chart[1])
    assert scores.status == 200 and scores.content_type == "image/png"
    assert (await scores.read()).startswith(b"\x89PNG")
    animation = await client.get(moving[1])
    assert animation.status == 200 and animation.content_type == f"image/{moving[2]}"
    assert len(await animation.read()) < 8 * 2**20
    other = "gif" if moving[2] == "webp" else "webp"
    assert (await client.get(f"/games/{table.id}/story.{other}")).status == 404

    running = await _game(services)
    assert "Game story" not in await (await client.get(f"/games/{running.id}")).text()
    for part in ("scores.png", f"story.{moving[2]}"):  # a running game's story has no address
        assert (await client.get(f"/games/{running.id}/{part}")).status == 404


async def test_a_finished_game_s_story_is_told_once_for_its_page(
    client: TestClient, services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its words on every view come from the story told once (the log of a finished game never changes)."""
    table = await _finished(services)
    replays = 0
    told = story.told

    async def counting(service: Any, at: Any) -> Any:
        nonlocal replays
        replays += 1
        return await told(service, at)

    monkeypatch.setattr(story, "told", counting)
    pages = [await (await client.get(f"/games/{table.id}")).text() for _ in range(3)]
    assert replays == 1
    assert pages[0] == pages[2] and 'alt="' in pages[0]


async def test_pictures_only_of_the_positions_the_page_shows(client: TestClient, services: Services) -> None:
    table = await _game(services, moves=8)
    page = await (await client.get(f"/games/{table.id}")).text()
    shown = {int(v) for v in re.findall(r'<li value="(\d+)"', page)}
    assert 0 in shown and max(shown) <= table.version
    for version in range(table.version + 3):
        response = await client.get(f"/games/{table.id}/positions/{version}.png")
        assert response.status == (200 if version in shown else 404), version


async def test_the_reader_s_language(client: TestClient, services: Services) -> None:
    table = await _finished(services)
    japanese = await (await client.get(f"/games/{table.id}", headers={"Accept-Language": "ja,en;q=0.5"})).text()
    assert '<html lang="ja">' in japanese and "最終得点" in japanese and "?lang=ja" in japanese
    spanish = await client.get(f"/games/{table.id}?lang=es-ES", headers={"Accept-Language": "ja"})
    assert '<html lang="es-ES">' in await spanish.text()
    assert spanish.cookies["lang"].value == "es-ES"
    kept = await client.get(f"/games/{table.id}", headers={"Accept-Language": "ja"})  # the cookie wins
    assert '<html lang="es-ES">' in await kept.text()
    latin = await (await client.get("/?lang=es-419")).text()
    assert '<html lang="es-419">' in latin and "Partidas terminadas" in latin


async def test_a_move_reaches_an_open_stream_within_a_second(client: TestClient, services: Services) -> None:
    table = await _game(services)
    page = await (await client.get(f"/games/{table.id}")).text()
    events = re.search(r'data-events="([^"]+)"', page)
    assert events is not None
    async with client.get(events[1].replace("&amp;", "&")) as stream:
        assert stream.status == 200 and stream.content_type == "text/event-stream"
        assert await stream.content.readline() == b"retry: 3000\n"
        await stream.content.readline()
        started = time.monotonic()
        moved = asyncio.create_task(play(services.tables, table, random.Random(9), moves=1))
        lines = [await asyncio.wait_for(stream.content.readline(), 2.0) for _ in range(3)]
        elapsed = time.monotonic() - started
        await moved
    assert lines[0].startswith(b"id: ") and lines[1] == b"event: change\n", lines
    assert elapsed < 1.0, elapsed


async def test_a_stream_opened_after_a_move_tells_it_at_once(client: TestClient, services: Services) -> None:
    table = await _game(services)
    page = await (await client.get(f"/games/{table.id}")).text()
    events = re.search(r'data-events="([^"]+)"', page)
    assert events is not None
    await play(services.tables, table, random.Random(9), moves=1)
    async with client.get(events[1]) as stream:
        lines = [await asyncio.wait_for(stream.content.readline(), 2.0) for _ in range(5)]
    assert lines[0] == b"retry: 3000\n" and lines[2].startswith(b"id: ") and lines[3] == b"event: change\n"
    assert lines[4].startswith(b"data: ")


async def test_a_lobby_and_a_cancelled_table_have_pages_without_a_board(
    client: TestClient, services: Services
) -> None:
    lobby = await services.tables.create(key="great_wall", creator_id=FIRST_USER, creator_name="Ana", seat_count=2,
                                         seed=1)
    page = await (await client.get(f"/games/{lobby.id}")).text()
    assert "Waiting for players" in page and "its board appears here once it does" in page and "<img" not in page
    await services.tables.cancel(lobby.id, FIRST_USER)
    cancelled = await (await client.get(f"/games/{lobby.id}")).text()
    assert "Cancelled" in cancelled and "<img" not in cancelled
    assert (await client.get(f"/games/{lobby.id}/positions/0.png")).status == 404
