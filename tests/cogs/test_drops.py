"""A tournament organiser drops a player from a three-player game that goes on with two (the tournament
service resigns them with ``dropped=True``): the thread, the player and the others' recaps say it as a drop,
each person is told once, and the board message is edited when the turn goes on (posted when it passes)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.cogs.flows import last_board, play_turn, start_game
from tests.cogs.harness import FakeDiscord, labels

DROP = "was dropped from the tournament and leaves the game."


async def _three(fake: FakeDiscord, alice: Any, bob: Any, carol: Any, *, mover: bool) -> tuple[int, Any, Any]:
    """A Great Wall game of three: its id, the player to drop (the one to move, or one who waits) and the
    player to move."""
    game_id, _ = await start_game(fake, alice, bob, carol)
    table = await fake.bot.service.get(game_id)
    to_move = table.player_at(min(table.to_act())).user_id
    people = (alice, bob, carol)
    return game_id, next(p for p in people if (p.id == to_move) == mover), next(p for p in people if p.id == to_move)


@pytest.mark.parametrize("dms", [True, False])
async def test_a_drop_of_a_waiting_player_edits_the_board(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any, dms: bool
) -> None:
    game_id, dropped, mover = await _three(fake, alice, bob, carol, mover=False)
    if not dms:
        await fake.bot.players.set_turn_dms(dropped.id, False)
    board = last_board(fake)
    mark = len(fake.sent)
    await fake.bot.service.resign(game_id, dropped.id, dropped=True)
    table = await fake.bot.service.get(game_id)
    assert table.status == "running" and len(table.game.to_act(table.state)) == 1
    # The turn goes on: its board message is edited, not posted again, and keeps its buttons.
    edits = [s for s in fake.since(mark) if s.message.id == board.id]
    assert edits and all(s.kind == "edit" and s.pinged == frozenset() for s in edits)
    assert f"<@{dropped.id}> {DROP}" in board.content and "resigned" not in board.content
    assert f"It is <@{mover.id}>'s turn." in board.content and labels(board.view) == ["Play", "My hand"]
    (words,) = board.descriptions
    assert f"{dropped.name} 0 face-down markers (dropped)" in words, words
    # The player is told once, in their usual way; nobody else hears anything.
    told = [s for s in fake.posted_since(mark)]
    assert len(told) == 1 and told[0].pinged <= {dropped.id}, told
    if dms:
        assert told[0].where == f"dm:{dropped.id}"
        assert told[0].content == ("You were dropped from the tournament and leave **The Great Wall of China #1**. "
                                   "https://discord.com/channels/1000/50002")
    else:
        assert told[0].where == board.where and told[0].pinged == {dropped.id}
        assert told[0].content == (f"<@{dropped.id}>, you were dropped from the tournament and leave "
                                   "**The Great Wall of China #1**.")
    # Play goes on between the two left; the next player's recap says the drop, not a resignation.
    people = {p.id: p for p in (alice, bob, carol)}
    mark = len(fake.sent)
    await play_turn(fake, game_id, people, random.Random(5))
    table = await fake.bot.service.get(game_id)
    recaps = [s for s in fake.posted_since(mark) if s.where.startswith("dm:") and "Since your last turn" in s.content]
    assert recaps and all("resigned" not in s.content for s in recaps)
    assert any(f"<@{dropped.id}> {DROP}" in s.content for s in recaps)
    assert dropped.id not in {table.player_at(s).user_id for s in table.to_act()}


async def test_a_drop_of_the_player_to_move_passes_the_turn_and_tells_them_once(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    game_id, dropped, _ = await _three(fake, alice, bob, carol, mover=True)
    prompt = next(s.message for s in reversed(fake.sent) if s.where == f"dm:{dropped.id}")
    await fake.bot.players.set_turn_dms(dropped.id, False)  # told in the thread: the new board does not name them
    mark = len(fake.sent)
    await fake.bot.service.resign(game_id, dropped.id, dropped=True)
    told = [s for s in fake.posted_since(mark) if dropped.id in s.pinged or s.where == f"dm:{dropped.id}"]
    assert [s.content for s in told] == [
        f"<@{dropped.id}>, you were dropped from the tournament and leave **The Great Wall of China #1**."]
    # Their prompt loses its controls and says the drop (not "resigned"); the next player's DM recaps it so.
    assert prompt.view is None and prompt.content.startswith("You were dropped from the tournament")
    table = await fake.bot.service.get(game_id)
    nxt = table.player_at(min(table.to_act())).user_id
    (turn_dm,) = [s for s in fake.posted_since(mark) if s.where == f"dm:{nxt}"]
    assert f"<@{dropped.id}> {DROP}" in turn_dm.content and "resigned" not in turn_dm.content


async def test_a_drop_that_ends_the_game_is_said_as_a_drop_to_the_end(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    """The game's last words say a player left, not that one resigned: the engine only knows a resignation."""
    game_id, _ = await start_game(fake, alice, bob)
    mark = len(fake.sent)
    await fake.bot.service.resign(game_id, bob.id, dropped=True)
    said = "\n".join(s.content for s in fake.since(mark) if not s.private)
    assert f"<@{bob.id}> {DROP}" in said, said
    assert f"The game is over now that a player has left: <@{alice.id}> wins." in said, said
    assert "resign" not in said.lower()
