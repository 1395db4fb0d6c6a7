"""Rematch and New table under the final board: the same players and options at a new table."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import GameNotFound
from tests.cogs.flows import open_table, start_game
from tests.cogs.harness import CHANNEL, GUILD, FakeDiscord, labels


async def _finished(fake: FakeDiscord, *people: Any) -> tuple[int, Any]:
    """A Great Wall game of ``people``, ended by all but the first resigning."""
    host, *others = people
    game_id, _ = await start_game(fake, host, *others)
    service = fake.bot.service
    for user in others:
        await service.resign(game_id, user.id)
    table = await service.get(game_id)
    assert table.status == "finished"
    final = fake.last(f"thread:{table.thread_id}")
    assert "Final ranking" in final.content and labels(final.view) == ["Rematch", "New table", "Game story"]
    return game_id, final


async def test_rematch_seats_the_same_players(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    game_id, final = await _finished(fake, alice, bob, carol)
    old = await fake.bot.service.get(game_id)
    mark = len(fake.sent)
    await fake.click(bob, final, label="Rematch")
    lobby = next(s for s in fake.posted_since(mark) if not s.private)
    assert lobby.where == f"channel:{CHANNEL}" and "Rematch of The Great Wall of China" in lobby.content
    assert lobby.pinged == {alice.id, carol.id}  # the others are invited once; Bob opened it
    answer = fake.last(private=True)
    assert answer.owner == bob.id and answer.content.startswith("The rematch is open: https://discord.com/channels/")
    new_id = game_id + 1
    new = await fake.bot.service.get(new_id)
    assert (new.key, new.status, new.creator_id, new.seat_count) == (old.key, "lobby", bob.id, old.seat_count)
    assert new.options == old.options and new.seed != old.seed
    assert [p.user_id for p in new.players] == [bob.id]

    # Alice joins with one tap on the lobby; Carol by pressing Rematch too: no second table.
    await fake.click(alice, lobby.message, label="Join")
    mark = len(fake.sent)
    await fake.click(carol, final, label="Rematch")
    assert not [s for s in fake.posted_since(mark) if not s.private], "no second lobby, nobody pinged again"
    assert fake.last(private=True).content.startswith("You joined the rematch:")
    await fake.click(carol, final, label="Rematch")
    assert fake.last(private=True).content.startswith("You are at the rematch already:")
    await fake.click(bob, lobby.message, label="Start")
    new = await fake.bot.service.get(new_id)
    assert new.status == "running"
    assert {p.user_id for p in new.players} == {p.user_id for p in old.players}
    with pytest.raises(GameNotFound):  # one rematch table, whoever pressed
        await fake.bot.service.get(new_id + 1)


async def test_only_players_ask_for_a_rematch_and_anyone_opens_a_new_table(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    _, final = await _finished(fake, alice, bob)
    await fake.click(carol, final, label="Rematch")
    assert fake.last(private=True).content == (
        "Only the players of this game can ask for a rematch; open your own with New table."
    )
    await fake.click(carol, final, label="New table")
    panel = fake.last(private=True)
    assert panel.owner == carol.id and panel.content.startswith("**The Great Wall of China** for up to 2 players.")
    assert "Open the table" in labels(panel.view)


async def _lost_to_a_computer(fake: FakeDiscord, host: Any, level: str) -> tuple[int, Any]:
    """A two-seat game of ``host`` and a computer of ``level``, ended by the host resigning; its final board."""
    game_id, lobby = await open_table(fake, host, seats=2)
    await fake.click(host, lobby, label=f"Add computer ({level})")
    await fake.click(host, lobby, label="Start")
    await fake.bot.service.resign(game_id, host.id)
    table = await fake.bot.service.get(game_id)
    return game_id, fake.last(f"thread:{table.thread_id}")


async def test_rematch_keeps_the_computer_players(fake: FakeDiscord, alice: Any) -> None:
    game_id, final = await _lost_to_a_computer(fake, alice, "normal")
    mark = len(fake.sent)
    await fake.click(alice, final, label="Rematch")
    (posted,) = [s for s in fake.posted_since(mark) if not s.private]
    assert posted.pinged == frozenset() and "Rematch of" not in posted.content  # nobody else to invite
    new = await fake.bot.service.get(game_id + 1)
    assert [(p.user_id, p.ai_level) for p in new.players] == [(alice.id, None), (None, "normal")]
    assert "Start" in labels(posted.view)


async def test_a_rematch_seats_no_computer_where_the_server_now_refuses_them(fake: FakeDiscord, alice: Any) -> None:
    game_id, final = await _lost_to_a_computer(fake, alice, "easy")
    await fake.bot.servers.set_computers(GUILD, False)
    mark = len(fake.sent)
    await fake.click(alice, final, label="Rematch")
    (posted,) = [s for s in fake.posted_since(mark) if not s.private]
    new = await fake.bot.service.get(game_id + 1)
    assert [(p.user_id, p.ai_level) for p in new.players] == [(alice.id, None)]
    assert labels(posted.view) == ["Join", "Leave", "Start", "Cancel"]
