"""The pages in a real browser (headless Chromium): a game page follows a move made through the table service
within a second, steps through its positions with its buttons and the keyboard, a private link shows the
seat's own picture, a refused one nothing; every page fits a phone's width; screenshots at 400 and 1280 px.
(The same through the Discord double and the bot's own process: tests/e2e/test_web_pages.py.)"""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.services import Services
from bot.tables import Table
from tests.cogs.played import FIRST_USER, play, seat_players
from tests.tournaments.helpers import play_round_by_computer
from tests.web.browser import browser, fits, screenshots
from tests.web.conftest import SECRET
from web.links import WebLinks
from web.server import WebServer

PHONE, DESKTOP = 400, 1280
PLAYERS = (FIRST_USER, FIRST_USER + 1, FIRST_USER + 2)


@pytest.fixture
async def site(services: Services) -> AsyncIterator[tuple[WebServer, WebLinks]]:
    """The pages served on a free loopback port, as ``python -m bot web`` serves them (the pages check keys
    with the secret; the address is the one the system chose)."""
    server = WebServer(services, WebLinks("http://127.0.0.1", SECRET), "127.0.0.1", 0)
    await server.start()
    yield server, WebLinks(f"http://127.0.0.1:{server.bound_port}", SECRET)
    await server.stop()


async def _game(services: Services, moves: int) -> Table:
    table = await seat_players(services.tables, "great_wall", 3, seed=11, users=PLAYERS)
    return await play(services.tables, table, random.Random(11), moves=moves)


async def expect_text_changes(page: Any, before: str) -> None:
    """Wait (without evaluating a string: the pages' policy forbids it) until the caption is not ``before``."""
    for _ in range(100):
        if await page.locator("figcaption").inner_text() != before:
            return
        await page.wait_for_timeout(50)
    raise AssertionError(f"the caption stayed {before!r}")


async def _shoot(page: Any, folder: Path, name: str) -> None:
    for width in (PHONE, DESKTOP):
        await page.set_viewport_size({"width": width, "height": 900})
        assert await fits(page), f"{name} is wider than {width} px"
        await page.screenshot(path=str(folder / f"{name}-{width}.png"), full_page=width == DESKTOP)


async def test_a_game_page_follows_a_move_and_steps_through_positions(
    site: tuple[WebServer, WebLinks], services: Services, tmp_path: Path
) -> None:
    _, links = site
    table = await _game(services, moves=9)
    folder = screenshots(tmp_path)
    async with browser(tmp_path) as chromium:
        page = await chromium.new_page(viewport={"width": DESKTOP, "height": 900})
        problems: list[str] = []
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        await page.goto(links.game(table.id), wait_until="load")
        assert await page.title() == f"The Great Wall of China #{table.id} · Middle Kingdom"
        newest = int(await page.locator("#log li").first.get_attribute("value") or 0)
        await page.wait_for_timeout(300)  # the stream is open

        started = time.monotonic()
        moved = await play(services.tables, table, random.Random(12), moves=1)
        await page.locator(f'#log li[value="{moved.version}"]').wait_for(timeout=5000)
        live = time.monotonic() - started
        assert live < 1.0, f"the move showed after {live:.2f} s"
        assert moved.version > newest
        assert await page.locator("figcaption").inner_text() == f"After move {moved.version} of {moved.version}"

        await page.get_by_role("link", name="First").click()
        await page.locator("figcaption", has_text="The start of the game").wait_for()
        assert "/positions/0.png" in (await page.locator("#stage img").get_attribute("src") or "")
        assert page.url.endswith(f"/games/{table.id}?at=0")
        await page.get_by_role("link", name="Next move").click()
        await page.locator("figcaption", has_text="After move").wait_for()
        first_step = await page.locator("figcaption").inner_text()
        await page.keyboard.press("ArrowRight")
        await expect_text_changes(page, first_step)
        await page.go_back()
        await page.locator("figcaption", has_text=first_step).wait_for()
        await page.get_by_role("link", name="Last").click()
        await page.locator("figcaption", has_text=f"After move {moved.version} of").wait_for()
        assert page.url.endswith(f"/games/{table.id}")  # the newest position follows the game again

        await page.goto(links.game(table.id) + "?at=0")
        await _shoot(page, folder, "game-start")
        await page.goto(links.game(table.id))
        await _shoot(page, folder, "game-running")
        finished = await play(services.tables, moved, random.Random(13))
        await page.locator("#final h2", has_text="Final scores").wait_for(timeout=5000)
        assert finished.status == "finished"
        await _shoot(page, folder, "game-finished")
        await page.goto(links.home())
        await _shoot(page, folder, "home")
        await page.goto(links.player(FIRST_USER) + "?lang=ja")
        assert await page.locator("html").get_attribute("lang") == "ja"
        await _shoot(page, folder, "player-ja")
        assert problems == []


async def test_a_private_link_shows_the_seat_s_own_view_and_a_refused_one_nothing(
    site: tuple[WebServer, WebLinks], services: Services, tmp_path: Path
) -> None:
    _, links = site
    table = await _game(services, moves=4)
    folder = screenshots(tmp_path)
    mine = links.private(table.id, 1, time.time())
    assert mine is not None
    async with browser(tmp_path) as chromium:
        page = await chromium.new_page(viewport={"width": DESKTOP, "height": 900})
        await page.goto(mine, wait_until="load")
        assert await page.locator("#private h2").inner_text() == f"Your view as {table.player_at(1).name}"
        hand = page.locator("#private img")
        assert await hand.evaluate("image => image.naturalWidth") > 0 and await hand.get_attribute("alt")
        await _shoot(page, folder, "private")
        await page.get_by_role("link", name="First").click()  # stepping keeps the key: still the private page
        await page.locator("figcaption", has_text="The start of the game").wait_for()
        assert "/private?" in page.url and "key=" in page.url
        assert await page.locator("#private").count() == 1

        expired = links.private(table.id, 1, time.time() - 3 * 86400)
        assert expired is not None
        response = await page.goto(expired)
        assert response is not None and response.status == 403
        assert await page.locator("#private").count() == 0 and await page.locator("img").count() == 0
        await _shoot(page, folder, "private-refused")


async def test_a_tournament_page_shows_standings_rounds_and_the_bracket(
    site: tuple[WebServer, WebLinks], services: Services, tmp_path: Path
) -> None:
    _, links = site
    tournaments = services.tournaments
    row = await tournaments.create(organiser_id=900, name="Winter Cup", key="great_wall", format="elimination",
                                   table_size=2, seed=3)
    for user in range(1, 9):
        await tournaments.join(row.id, user, f"Player {user}")
    await tournaments.start(row.id, 900)
    await play_round_by_computer(services.tables, tournaments, row.id, seed=1)
    folder = screenshots(tmp_path)
    async with browser(tmp_path) as chromium:
        page = await chromium.new_page(viewport={"width": DESKTOP, "height": 900})
        await page.goto(links.tournament(row.id))
        assert await page.locator("#rounds h2").inner_text() == "Bracket"
        assert await page.locator(".round").count() == 2
        await page.wait_for_timeout(300)
        await play_round_by_computer(services.tables, tournaments, row.id, seed=2)  # round 2: the page follows
        await page.locator(".round").nth(2).wait_for(timeout=5000)
        await _shoot(page, folder, "tournament")
