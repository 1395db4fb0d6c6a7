"""``/game new``, the options panel and the lobby: join, leave, add a computer, start, cancel; the thread."""

from __future__ import annotations

from typing import Any

import render
from bot.names import picture_names
from tests.cogs.flows import open_table, start_game
from tests.cogs.harness import CHANNEL, FakeDiscord, labels


async def test_options_panel_offers_only_workable_choices_and_keeps_them(fake: FakeDiscord, alice: Any) -> None:
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, alice, game="great_wall", seats=2)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    assert panel.private and "Choose the table options" in panel.content
    shown = labels(panel.view)
    assert "[seat 2]" in shown and "[seat 3]" not in shown  # seat 3 cannot start a table of two
    await fake.click(alice, panel, option="loses its rank")
    assert panel.private and "[loses its rank]" in labels(panel.view)
    await fake.click(alice, panel, option="open")
    mark = len(fake.sent)
    await fake.click(alice, panel, label="Open the table")
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    assert "Covered Infantry: loses its rank" in lobby.content and "Open scores: open" in lobby.content
    assert "table #1 for 2 players" in lobby.content
    table = await fake.bot.service.get(1)
    assert table.options == {"first_seat": None, "infantry_covered": "renumber", "open_scores": True}
    assert table.lobby_message_id == lobby.id and table.channel_id == CHANNEL
    assert "Table #1 is open" in panel.content and panel.view is None


async def test_new_refuses_a_seat_count_the_game_does_not_have(fake: FakeDiscord, alice: Any) -> None:
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, alice, game="great_wall", seats=9)  # type: ignore[union-attr]
    answer = fake.last()
    assert answer.private and "2 to 5 players, not 9" in answer.content
    assert await fake.bot.service.list_guild(1_000) == []


async def test_lobby_buttons(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    game_id, lobby = await open_table(fake, alice, seats=2)
    assert labels(lobby.view) == ["Join", "Leave", "Start", "Cancel", "Add computer (easy)", "Add computer (normal)"]

    await fake.click(alice, lobby, label="Start")
    assert "needs at least 2 players" in fake.last(private=True).content
    await fake.click(bob, lobby, label="Add computer (easy)")
    assert "Only the person who opened the table" in fake.last(private=True).content
    await fake.click(bob, lobby, label="Join")
    assert f"2. <@{bob.id}>" in lobby.content and "Ready to start" in lobby.content
    await fake.click(carol, lobby, label="Join")
    assert fake.last(private=True).content == "This table is full."
    await fake.click(bob, lobby, label="Start")
    assert "Only the person who opened the table" in fake.last(private=True).content
    await fake.click(bob, lobby, label="Leave")
    assert "(open seat)" in lobby.content
    await fake.click(alice, lobby, label="Add computer (easy)")
    assert "2. Computer 1 (computer)" in lobby.content
    assert (await fake.bot.service.get(game_id)).status == "lobby"
    await fake.click(alice, lobby, label="Cancel")
    assert "This table was cancelled." in lobby.content and lobby.view is None
    assert all(not s.files for s in fake.sent)  # no game, no pictures


async def test_start_opens_a_thread_and_posts_the_public_board(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, lobby = await start_game(fake, alice, bob)
    table = await fake.bot.service.get(game_id)
    assert table.status == "running" and table.thread_id == fake.threads[0]
    assert f"play in <#{table.thread_id}>" in lobby.content and lobby.view is None
    board = next(s for s in fake.sent if s.where == f"thread:{table.thread_id}")
    assert not board.private and labels(board.view) == ["Play", "My hand"]
    assert board.files == (render.board("great_wall", table.view(None), picture_names(table)),)
    mover = table.player_at(min(table.to_act()))
    assert f"<@{mover.user_id}> moves first" in board.content  # the seat order, said as play goes
    dm = fake.last(f"dm:{mover.user_id}")
    assert dm.private and dm.files and "Your hand" in dm.content and dm.view is not None


async def test_without_thread_permission_the_game_plays_in_the_channel(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    fake.threads_allowed = False
    game_id, _ = await start_game(fake, alice, bob)
    table = await fake.bot.service.get(game_id)
    assert table.thread_id is None
    board = next(s for s in fake.public() if s.files)
    assert board.where == f"channel:{CHANNEL}" and labels(board.view) == ["Play", "My hand"]


async def test_options_beyond_one_page_are_reachable(fake: FakeDiscord, alice: Any) -> None:
    """Chinatown has eight table options: the panel shows four a page and a button to the next page."""
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, alice, game="chinatown", seats=3)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    assert "More game options" in labels(panel.view)
    assert "[only the players in them]" not in labels(panel.view)  # who sees offers: on the second page
    await fake.click(alice, panel, label="More game options")
    assert "[only the players in them]" in labels(panel.view)
    await fake.click(alice, panel, option="only the players in them")
    assert "[only the players in them]" in labels(panel.view)  # still on the second page
    await fake.click(alice, panel, label="Open the table")
    table = await fake.bot.service.get(1)
    assert table.options["offer_visibility"] == "participants"


async def test_a_normal_computer_player_can_be_added(fake: FakeDiscord, alice: Any) -> None:
    game_id, lobby = await open_table(fake, alice, seats=2)
    await fake.click(alice, lobby, label="Add computer (normal)")
    assert "2. Computer 1 (normal computer)" in lobby.content
    table = await fake.bot.service.get(game_id)
    assert [p.ai_level for p in table.players] == [None, "normal"]
