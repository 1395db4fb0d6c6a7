"""Links to the web pages from Discord: "Open in browser" under lobbies and boards once the server turned its
pages on (``/server settings``), "My view in the browser" in a player's "My hand" answer and turn DM, each a
link button (no custom_id, nothing persistent); none at all for a bot without pages."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import discord

from tests.cogs.flows import last_board, start_game
from tests.cogs.harness import GUILD, FakeDiscord, labels, walk
from web.links import SeatKey, WebLinks

LINKS = WebLinks("https://pages.example.org", "a-secret-for-the-tests-only-0123456789")


def _links(view: discord.ui.View | None) -> dict[str, str]:
    found = {}
    for item in walk(view):
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Button) and inner.url:
            assert inner.custom_id is None and inner.style == discord.ButtonStyle.link
            found[str(inner.label)] = inner.url
    return found


async def _panel(fake: FakeDiscord, user: Any) -> Any:
    await fake.command(fake.bot.get_cog("ServerCommands").settings, user, manage=True)  # type: ignore[union-attr]
    return fake.last(private=True)


async def test_no_links_and_no_setting_without_pages(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    panel = await _panel(fake, alice)
    assert "web pages" not in panel.content and "Turn web pages on" not in labels(panel.view)
    _, lobby = await start_game(fake, alice, bob)
    assert _links(lobby.view) == {} and _links(last_board(fake).view) == {}


async def test_links_once_the_server_turned_its_pages_on(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    fake.bot.page_links.links = LINKS
    panel = await _panel(fake, alice)
    assert "This server's games and tournaments have no web pages." in panel.content
    _, lobby = await start_game(fake, alice, bob)
    assert _links(last_board(fake).view) == {}  # not before the server says so

    await fake.click(alice, panel, label="Turn web pages on", manage=True)
    assert "have web pages that anyone with the link can open" in panel.content
    assert "Turn web pages off" in labels(panel.view)
    assert (await fake.bot.servers.settings(GUILD)).web_pages

    game_id, lobby = await start_game(fake, alice, bob)
    assert _links(lobby.view) == {"Open in browser": f"https://pages.example.org/games/{game_id}"}
    board = last_board(fake)
    assert _links(board.view) == {"Open in browser": f"https://pages.example.org/games/{game_id}"}
    assert {"Play", "My hand", "Open in browser"} <= set(labels(board.view))

    await fake.click(bob, board, label="My hand")
    hand = fake.last(private=True)
    mine = _links(hand.view)["My view in the browser"]
    key = parse_qs(urlsplit(mine).query)["key"][0]
    table = await fake.bot.service.get(game_id)
    checked = LINKS.check(key, game_id, time.time())
    assert isinstance(checked, SeatKey) and checked.seat == table.seat_of(bob.id)

    dms = [sent.message for sent in fake.sent if sent.message.where.startswith("dm:")]
    told = [m for m in dms if "My view in the browser" in _links(m.view) or "Your view in the browser" in m.content]
    assert told, "a turn DM offers the private link"

    await fake.click(alice, panel, label="Turn web pages off", manage=True)
    await start_game(fake, alice, bob)
    assert _links(last_board(fake).view) == {}
