"""One live panel per player, the end told once, and what is due first in every notification.

A click on an old private message answers in that very message (the current decision, or one line on what the
game waits for); a second Play closes the first; a choice still awaited is never refused; at the end of a game
no private message of it keeps a control, DM players get one DM with their place and the final picture, the
others are mentioned by the final post; every notification's first line names the game and what is due.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import i18n
from bot.games.base.language import tr
from bot.names import title
from cogs.controls import controls_for
from tests.cogs.flows import last_board, play_a_move, play_turn, start_game
from tests.cogs.harness import GUILD, FakeDiscord, Posted, walk
from tests.cogs.test_async_play_me import _say

TITLE = "The Great Wall of China #1"


def _ids(message: Posted) -> list[str]:
    return [getattr(getattr(i, "item", i), "custom_id", "") or "" for i in walk(message.view)]


def _live(fake: FakeDiscord, game_id: int) -> list[Posted]:
    """Private messages that still hold a control of the game (as they stand now)."""
    prefix = f"mk:{game_id}:"
    return [m for m in fake.messages.values() if m.private and any(c.startswith(prefix) for c in _ids(m))]


async def _seats(fake: FakeDiscord, game_id: int, *users: Any) -> tuple[Any, Any]:
    table = await fake.bot.service.get(game_id)
    people = {u.id: u for u in users}
    mover = people[table.player_at(min(table.to_act())).user_id or 0]
    return mover, next(u for u in users if u is not mover)


def old_view_of(message: Posted, view: Any) -> Posted:
    """A private message as it was when it still had ``view`` (the fake edits the copy clicked)."""
    return Posted(message.id, message.where, True, view=view, owner=message.owner)


def _dms(fake: FakeDiscord, user: Any) -> list[Posted]:
    return [s.message for s in fake.sent if s.kind == "send" and s.where == f"dm:{user.id}"]


async def test_a_second_play_closes_the_first(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    mover, _ = await _seats(fake, game_id, alice, bob)
    await fake.click(mover, last_board(fake), label="Play")
    first = fake.last(private=True)
    await fake.click(mover, last_board(fake), label="Play")
    second = fake.last(private=True)
    assert first.id != second.id and second.view is not None
    assert first.view is None and first.content == "A newer panel for this game is below."
    panels = [m.id for m in _live(fake, game_id) if m.owner == mover.id and not m.where.startswith("dm:")]
    assert panels == [second.id]  # (the turn DM keeps its controls: it is the notification)


async def test_an_old_prompt_clicked_shows_the_current_decision_in_place(
    fake: FakeDiscord, alice: Any, bob: Any
) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    mover, other = await _seats(fake, game_id, alice, bob)
    people = {alice.id: alice, bob.id: bob}
    old = _dms(fake, mover)[-1]
    old_view = old.view
    await play_turn(fake, game_id, people, random.Random(1))
    assert old.view is None  # the turn passed: the prompt lost its controls
    # Not theirs to decide: the old message itself says whom the game waits for, with no controls.
    mark = len(fake.sent)
    button = next(c for c in _ids(old_view_of(old, old_view)) if ":b:" in c or ":s:" in c)
    await fake.dispatch(mover, old_view_of(old, old_view), button)
    assert fake.posted_since(mark) == []
    # It shows no position (no controls, no picture), so it says none: whom the game waits for, and the link
    # to the newest board, where the position is.
    now, board = await fake.bot.service.get(game_id), last_board(fake)
    awaited = now.player_at(min(now.to_act())).name
    link = f"https://discord.com/channels/{GUILD}/{board.where.split(':')[1]}/{board.id}"
    assert fake.last().id == old.id and fake.last().view is None and fake.last().files == []
    assert fake.last().content == (f"That move was already made or the board has changed. The game is waiting for "
                                   f"{awaited} to play cards or draw a card. Latest board: {link}")
    await play_turn(fake, game_id, people, random.Random(2))
    newest = _dms(fake, mover)[-1]
    table_now = await fake.bot.service.get(game_id)
    assert newest.id != old.id and newest.view is not None
    # Theirs again: the old message shows the current decision, and the newer prompt gives its controls up.
    mark = len(fake.sent)
    await fake.dispatch(mover, old_view_of(old, old_view), button)
    assert fake.posted_since(mark) == []
    answer = fake.last()
    assert answer.id == old.id
    assert answer.content.startswith("That move was already made or the board has changed") and answer.view is not None
    assert newest.view is None and newest.content == "Your controls for this game are in another message now."
    assert [m.id for m in _live(fake, game_id) if m.owner == mover.id] == [old.id]
    assert other.id not in {m.owner for m in _live(fake, game_id)}
    prompt = await fake.bot.service.delivery.post(game_id, "prompt", str(min(table_now.to_act())))
    assert prompt is not None and prompt.message_id == old.id and not prompt.closed  # closed when the turn passes


async def test_a_choice_still_awaited_is_not_refused_after_the_other_player_moved(
    fake: FakeDiscord, alice: Any, bob: Any
) -> None:
    """Simultaneous decisions (Sun Tzu's first one): one player's move does not make the other's identical
    choice stale, so their old DM still works."""
    game_id, _ = await start_game(fake, alice, bob, game="sun_tzu")
    table = await fake.bot.service.get(game_id)
    assert len(table.to_act()) == 2, "both players decide at once"
    first, second = (table.player_at(s).user_id for s in sorted(table.to_act()))
    people = {alice.id: alice, bob.id: bob}
    prompt = _dms(fake, people[second or 0])[-1]
    action = table.game.legal_actions(table.state, min(table.to_act()))[0]
    await fake.bot.service.act(game_id, first or 0, action, version=table.version)
    after = await fake.bot.service.get(game_id)
    assert after.version > table.version and max(table.to_act()) in after.to_act()
    mark = len(fake.sent)
    custom_id = next(c for c in _ids(prompt) if ":s:" in c or ":b:" in c)
    await fake.dispatch(people[second or 0], prompt, custom_id, _first_value(prompt, custom_id))
    said = " ".join(s.content for s in fake.since(mark) if s.private)
    assert "already made" not in said and "The board has changed" not in said, said


def _first_value(message: Posted, custom_id: str) -> tuple[str, ...]:
    for item in walk(message.view):
        inner = getattr(item, "item", item)
        if getattr(inner, "custom_id", None) == custom_id and hasattr(inner, "options"):
            return tuple(o.value for o in inner.options[: max(inner.min_values, 1)])
    return ()


async def test_the_end_is_told_once_to_dm_and_mention_players(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    await fake.command(fake.bot.get_cog("Me").dm, bob, state="off")  # type: ignore[union-attr]
    game_id, _ = await start_game(fake, alice, bob, game="toy")
    people = {alice.id: alice, bob.id: bob}
    rng = random.Random(3)
    for _ in range(300):
        if (await fake.bot.service.get(game_id)).status != "running":
            break
        await play_a_move(fake, game_id, people, rng)
    table = await fake.bot.service.get(game_id)
    assert table.status == "finished"
    # Alice takes DMs: one DM with her place and the final picture.
    (told,) = [s for s in fake.sent if s.kind == "send" and s.where == f"dm:{alice.id}" and "has ended" in s.content]
    assert told.content.startswith(f"**{title(table)}** has ended: you are ") and told.files and told.view is None
    # Bob does not: the final post mentions him (and pings him), and he gets no DM.
    final = next(s for s in reversed(fake.sent) if s.kind == "send" and not s.private)
    assert "Final ranking" in final.content and bob.id in final.pinged and f"<@{bob.id}>" in final.content
    assert _dms(fake, bob) == []
    # No private message of the game keeps a control, and none says the game is over twice.
    assert _live(fake, game_id) == []
    for message in fake.messages.values():
        if message.private:
            assert message.content.count("is over") + message.content.count("has ended") <= 1, message.content


@pytest.mark.parametrize(("language", "due"), [
    ("en", "play cards or draw a card"),
    ("es-ES", "juega cartas o roba una carta"),
    ("ja", "カードを出すか1枚引いてください"),
])
async def test_the_first_line_of_a_turn_dm_says_what_is_due(
    fake: FakeDiscord, alice: Any, bob: Any, language: str, due: str
) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    mover, other = await _seats(fake, game_id, alice, bob)
    await _say(fake, "language", other, language=language)
    table = await fake.bot.service.get(game_id)
    while mover.id in {table.player_at(s).user_id for s in table.to_act()}:  # two draws end a turn
        await fake.bot.service.act(game_id, mover.id, {"type": "draw"})
        table = await fake.bot.service.get(game_id)
    with i18n.speaking(language):
        expected = tr("**{game}**: {what}", game=title(table), what=due)
        assert controls_for(table.key).due(table, min(table.to_act())) == due
    assert _dms(fake, other)[-1].content.splitlines()[0].startswith(expected)


async def test_a_mention_says_what_is_due_first(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    for person in (alice, bob):
        await fake.command(fake.bot.get_cog("Me").dm, person, state="off")  # type: ignore[union-attr]
    game_id, _ = await start_game(fake, alice, bob)
    mover, _ = await _seats(fake, game_id, alice, bob)
    board = last_board(fake)
    assert board.content.splitlines()[0] == f"**{TITLE}**: {mover.name}, play cards or draw a card"
    assert board.content.count(f"<@{mover.id}>") == 1  # the mention that pings is the opening line's


async def test_the_toy_game_says_your_move(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    """A game without its own words: the default hook."""
    game_id, _ = await start_game(fake, alice, bob, game="toy")
    mover, _ = await _seats(fake, game_id, alice, bob)
    table = await fake.bot.service.get(game_id)
    assert _dms(fake, mover)[-1].content.splitlines()[0].startswith(f"**{title(table)}**: your move")


async def test_a_board_copy_loses_its_buttons_and_deadline_once_its_turn_is_over(
    fake: FakeDiscord, alice: Any, bob: Any
) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    table = await fake.bot.service.get(game_id)
    await fake.command(fake.bot.get_cog("GameCommands").board, bob, channel_id=table.thread_id)  # type: ignore[union-attr]
    copy = fake.last(private=False)
    assert copy.view is not None and "It is " in copy.content
    await play_turn(fake, game_id, {alice.id: alice, bob.id: bob}, random.Random(5))
    assert copy.view is None and copy.content == f"**{TITLE}**"  # no buttons, no "It is ...'s turn", no deadline
