"""The web pages served by the bot's own process (WEB_PORT), followed in a real browser while people play
through the Discord double: a manager turns the server's pages on, the board carries "Open in browser", the
page shows each move made in Discord within a second, "My hand" offers the player's private link, and the
bot stops cleanly with its pages."""

from __future__ import annotations

import random
import socket
import time
from pathlib import Path
from typing import Any

from tests.e2e.double import DiscordDouble, Message
from tests.e2e.double.model import walk
from tests.e2e.play import start_game, take_turn
from tests.e2e.process import BotProcess
from tests.e2e.users import SimUser
from tests.web.browser import browser, need_browser, screenshots

SECRET = "an-e2e-secret-for-the-pages-0123456789"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _link(message: Message, label: str) -> str | None:
    for component in walk(message.components):
        if component.get("style") == 5 and component.get("label") == label:
            return str(component["url"])
    return None


async def _newest_move(page: Any) -> int:
    return int(await page.locator("#log li").first.get_attribute("value") or 0)


async def test_pages_in_the_bot_follow_a_game_played_in_discord(double: DiscordDouble, tmp_path: Path) -> None:
    need_browser()  # before the bot starts: a machine without a browser skips at once
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    bot = BotProcess(double, tmp_path / "bot.sqlite3", tmp_path / "bot.log", extra_env={
        "WEB_PORT": str(port), "WEB_HOST": "127.0.0.1", "WEB_URL": base, "WEB_SECRET": SECRET,
    })
    await bot.start()
    try:
        olga = SimUser(double, double.person("Olga", manager=True))
        panel = (await (await olga.command("server settings")).settled()).last()
        assert "have no web pages" in panel.content
        turned = await (await olga.click(panel, label="Turn web pages on")).settled()
        assert "have web pages that anyone with the link can open" in turned.last().content

        alice, bob = SimUser(double, double.person("Alice")), SimUser(double, double.person("Bob"))
        game = await start_game(double, "great_wall", alice, bob)
        url = _link(game.board(), "Open in browser")
        assert url == f"{base}/games/{game.id}"
        rng = random.Random(4)
        async with browser(tmp_path) as chromium:
            page = await chromium.new_page(viewport={"width": 1280, "height": 900})
            await page.goto(url, wait_until="load")
            assert await page.title() == f"The Great Wall of China #{game.id} · Middle Kingdom"
            await page.wait_for_timeout(300)
            lags = []
            for _ in range(3):
                before = await _newest_move(page)
                click = await take_turn(game, game.movers()[0], rng)
                assert click is not None
                answered = time.monotonic()  # the mover saw their answer: the move is committed
                while await _newest_move(page) <= before:
                    assert time.monotonic() - answered < 5, "the page did not follow the move"
                    await page.wait_for_timeout(20)
                lags.append(time.monotonic() - answered)
            assert max(lags) < 1.0, lags

            mover = game.movers()[0]
            hand = await (await mover.click(game.board(), label="My hand")).settled()
            mine = _link(hand.last(), "My view in the browser")
            assert mine is not None and mine.startswith(f"{base}/games/{game.id}/private?key=")
            await page.goto(mine, wait_until="load")
            assert await page.locator("#private h2").inner_text() == f"Your view as {mover.name}"
            await page.set_viewport_size({"width": 400, "height": 900})
            await page.screenshot(path=str(screenshots(tmp_path) / "e2e-private-400.png"), full_page=False)
    finally:
        code = await bot.stop()
    assert code == 0, bot.log_tail()
    assert double.world.violations == [], double.world.violations
    assert bot.problems() == [], bot.log_tail(60)
    assert f"web pages on http://127.0.0.1:{port}" in bot.log_text()
