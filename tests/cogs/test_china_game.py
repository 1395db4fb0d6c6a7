"""China through the cog callbacks: the table options in /game new and the lobby, /rules china, whole games
for 3, 4 and 5 players played only with the controls the bot shows, and forged or stale controls refused.

Whole games check what the thread and the DMs carried: region scorings announced with the points per player,
nothing private in public (hands, deck draws), public pictures drawn from public views and each hand picture
only in its owner's private messages, and every view within Discord's limits (the ``fake`` fixture checks
that for every message sent).

Speed: a China game is about a hundred moves. Drawing the real pictures (~90 ms a move here) would make each
whole game take 10 to 20 s, so whole games run with stand-in pictures that record which view they were drawn
from. The shorter tests keep the real pictures and check they are the renders of the right views.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.tables.service
import render
from bot import games
from bot.names import picture_names, public_names, table_link
from cogs.controls.china.words import RULES_SUMMARY
from tests.cogs.flows import last_board, mover_controls, open_from_panel, private_sentences, rules_embed
from tests.cogs.harness import FakeDiscord, Posted, labels, make_user, walk

GAME = games.get("china")
PRIVATE_WORDS = ("Your hand", "You draw", "You exchange", "In supply")
SCORED = re.compile(r"^(\w+) is scored: (.+)\.$", re.MULTILINE)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables get this seed instead of a random one, so each game below is the same every run."""
    monkeypatch.setattr(bot.tables.service, "secrets", SimpleNamespace(randbits=lambda bits: 2024))


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stand-in pictures that check their view (public pictures from public views, a hand from its seat's
    view) and name it in their bytes (see the module doc)."""

    def stand_in(kind: str) -> Any:
        def draw(key: str, view: dict[str, Any], names: Sequence[str] | None = None) -> bytes:
            assert key == "china"
            if kind == "hand":
                assert view["viewer"] is not None and view["hand"] is not None
                return f"hand:{view['viewer']}".encode()
            assert view["viewer"] is None and view["hand"] is None
            assert (view["result"] is not None) == (kind == "final")
            return f"{kind}:{view['phase']}:{view['deck_count']}".encode()

        return draw

    for kind in ("board", "hand", "final"):
        monkeypatch.setattr(render, kind, stand_in(kind))


async def open_china(fake: FakeDiscord, host: Any, seats: int, picks: Sequence[str] = ()) -> tuple[int, Posted]:
    """``/game new china``, the option labels picked in the private panel, then "Open the table"."""
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, host, game="china", seats=seats)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    for label in picks:
        await fake.click(host, panel, option=label)
    return await open_from_panel(fake, host, panel)


async def start_china(
    fake: FakeDiscord, people: Sequence[Any], computers: int = 0, picks: Sequence[str] = ()
) -> tuple[int, Posted]:
    host, *others = people
    game_id, lobby = await open_china(fake, host, len(people) + computers, picks)
    for user in others:
        await fake.click(user, lobby, label="Join")
    for _ in range(computers):
        await fake.click(host, lobby, label="Add computer (easy)")
    await fake.click(host, lobby, label="Start")
    return game_id, lobby


# How a simulated person weighs what is shown: mostly placing (and the preselected payment), sometimes an
# exchange or another payment. Keyed by the payload's verb; "home" (Back) is never pressed.
WEIGHTS = {"xch": 1, "pay": 1, "put": 8}


def _shown(message: Posted) -> list[tuple[str, str, str]]:
    """(verb, click() keyword, label) of everything one could press or pick in a message's controls."""
    found = []
    for item in walk(message.view):
        inner = getattr(item, "item", item)
        parts = str(inner.custom_id).split(":")
        if len(parts) < 5 or parts[4].split(".")[0] == "home":  # Rules (no payload) only explains; Back
            continue
        verb = parts[4].split(".")[0]
        if isinstance(inner, discord.ui.Select):
            found += [(verb, "option", option.label) for option in inner.options]
        else:
            found.append((verb, "label", inner.label))
    return found


async def china_move(fake: FakeDiscord, game_id: int, people: dict[int, Any], rng: random.Random) -> None:
    """The mover plays one move with the controls shown: from the DM or ephemeral message holding current
    controls, else (or sometimes anyway) through "Play" on the latest board."""
    table, user, message = await mover_controls(fake, game_id, people, rng)
    for _ in range(8):
        shown = _shown(message)
        _, kind, label = rng.choices(shown, [WEIGHTS.get(verb, 3) for verb, _, _ in shown])[0]
        await fake.click(user, message, **{kind: label})
        if (await fake.bot.service.get(game_id)).version != table.version:
            return
    raise AssertionError(f"no move after 8 steps; last shown: {message.content!r}")


async def _play_to_the_end(fake: FakeDiscord, game_id: int, people: Sequence[Any], seed: int) -> None:
    by_id, rng = {p.id: p for p in people}, random.Random(seed)
    for _ in range(400):
        if (await fake.bot.service.get(game_id)).status != "running":
            return
        await china_move(fake, game_id, by_id, rng)
    raise AssertionError("the game did not finish")


async def _check_finished_game(fake: FakeDiscord, game_id: int) -> None:
    table = await fake.bot.service.get(game_id)
    assert table.status == "finished"
    thread = f"thread:{table.thread_id}"
    final = fake.last(private=False)
    assert final.where == thread and "Final ranking" in final.content and final.files
    assert labels(final.view) == ["Rematch", "New table", "Game story"]
    assert "Final scoring. Alliances:" in final.content

    # Region scorings are announced in the thread with every scorer's points, during play too.
    names = public_names(table)
    announced = [(s, m) for s in fake.public() if s.where == thread for m in SCORED.finditer(s.content)]
    assert any("Final ranking" not in s.content for s, _ in announced), "a region filled during play"
    regions = {region["name"] for region in GAME.view(table.state, None)["regions"]}
    for _, match in announced:
        assert match[1] in regions
        for part in re.sub(r" \(.*\)$", "", match[2]).split(", "):  # without "(… doubled by a fortification)"
            who, _, points = re.sub(r" points?$", "", part).rpartition(" ")  # "Ana 3 points"
            assert who in names and points.isdigit() and int(points) > 0

    # Nothing private in public: no hand, no card drawn from the deck; hands only in private messages.
    secrets = await private_sentences(fake, game_id)
    assert secrets, "some cards were drawn from the deck"
    for sent in fake.public():
        assert not any(word in sent.content for word in PRIVATE_WORDS)
        assert not any(secret in sent.content for secret in secrets)
    assert all(s.private for s in fake.sent if "Your hand:" in s.content)
    assert any(s.private and secret in s.content for s in fake.sent for secret in secrets)
    # Public pictures are drawn from public views; a hand picture goes only to its own seat's person.
    assert all(f.startswith((b"board:", b"final:")) for s in fake.public() for f in s.files)
    seat_of = {p.user_id: p.seat for p in table.players}
    hands = [(s, f) for s in fake.private() for f in s.files if f.startswith(b"hand:")]
    assert hands and all(f == f"hand:{seat_of[s.message.owner]}".encode() for s, f in hands)


# -- the table options ---------------------------------------------------------------------------------
async def test_options_read_well_in_the_panel_and_the_lobby(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, alice, game="china", seats=5)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    # Five players always play the 4-5 side: the 3-4 side is not offered.
    assert "[the 3-4 side]" not in labels(panel.view)
    assert {"[by player count (3: the 3-4 side, 4 or 5: the 4-5 side)]", "[the 4-5 side]", "[off]",
            "[on]"} <= set(labels(panel.view))
    dave = make_user(404, "Dave")
    game_id, lobby = await start_china(fake, [alice, bob, carol, dave], picks=["the 3-4 side", "on"])
    assert "Options: Board side: the 3-4 side · Fortifications (expert): on" in lobby.content
    table = await fake.bot.service.get(game_id)
    assert table.state.board_side == "3-4" and table.state.fortifications


async def test_rules_china_is_the_controls_summary(fake: FakeDiscord, carol: Any) -> None:
    embed = await rules_embed(fake, carol, "china")
    assert embed.title == "China (3-5 players)" and embed.description == RULES_SUMMARY


# -- whole games -----------------------------------------------------------------------------------------
async def test_a_whole_game_of_three_people(
    fake: FakeDiscord, quick: None, alice: Any, bob: Any, carol: Any
) -> None:
    fake.closed_dms.add(carol.id)  # Carol plays from the thread's Play button only
    people = [alice, bob, carol]
    game_id, lobby = await start_china(fake, people)
    assert "Board side: by player count" in lobby.content and "The game has started" in lobby.content
    await _play_to_the_end(fake, game_id, people, seed=3)
    await _check_finished_game(fake, game_id)
    assert all(s.where != f"dm:{carol.id}" for s in fake.sent)
    assert any(s.where == f"dm:{alice.id}" and s.files and s.view for s in fake.sent)


@pytest.mark.parametrize(
    ("players", "computers", "picks"),
    [(4, 2, ("the 3-4 side", "on")), (5, 3, ("on",))],
)
async def test_whole_games_with_computers(
    fake: FakeDiscord, quick: None, alice: Any, bob: Any, players: int, computers: int, picks: tuple[str, ...]
) -> None:
    people = [alice, bob]
    game_id, _ = await start_china(fake, people, computers, picks)
    table = await fake.bot.service.get(game_id)
    assert len(table.players) == players and table.state.fortifications
    await _play_to_the_end(fake, game_id, people, seed=players)
    await _check_finished_game(fake, game_id)
    assert await fake.bot.service.replay(game_id) == (await fake.bot.service.get(game_id)).state


# -- refusals ----------------------------------------------------------------------------------------------
def _custom_id(message: Posted, prefix: str) -> str:
    for item in walk(message.view):
        custom_id = str(getattr(getattr(item, "item", item), "custom_id", ""))
        if prefix in custom_id:
            return custom_id
    raise AssertionError(f"no {prefix!r} control in {labels(message.view)}")


async def test_forged_and_stale_controls_are_refused(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    game_id, _ = await start_china(fake, [alice, bob, carol])
    table = await fake.bot.service.get(game_id)
    seat = min(table.to_act())
    mover = {p.id: p for p in (alice, bob, carol)}[table.player_at(seat).user_id or 0]
    waiting = next(p for p in (alice, bob, carol) if p is not mover)
    board = last_board(fake)
    assert board.files == [render.board("china", table.view(None), picture_names(table))]
    await fake.click(mover, board, label="Play")
    controls = fake.last(private=True)
    # The controls come with the mover's own picture (the hand, with the face-up cards) and the board their
    # first choice (a region) is about.
    assert controls.owner == mover.id
    names = picture_names(table)
    own, public = render.hand("china", table.view(seat), names), render.board("china", table.view(None), names)
    assert controls.files == [own, public]
    regions = _custom_id(controls, ":s:reg.")

    # Someone else's click on the mover's controls changes nothing.
    await fake.dispatch(waiting, controls, regions, ("qin",))
    refusal = fake.last()
    mover_name = table.player_at(seat).name
    assert refusal.private and refusal.content == (
        f"It is not your move. The game is waiting for {mover_name} to place pieces or exchange a card. "
        f"Latest board: {table_link(table)}"
    )
    # A forged "Place" (cards the mover does not hold, in a region it cannot pay for) is the engine's to refuse.
    hand = GAME.view(table.state, seat)["hand"]
    missing = next(c for c in ("red", "yellow", "green", "orange", "purple") if c not in hand)
    forged = f"mk:{game_id}:{table.version}:b:put.qin.h1-h2.{missing[0] * 3}"
    await fake.dispatch(mover, controls, forged, base=controls.view.children[0].item)  # type: ignore[union-attr]
    assert fake.last().private and fake.last().content == "You don't hold those cards."
    for values in (("atlantis",), ("qin'; drop table games",)):
        await fake.dispatch(mover, controls, regions, values)
        assert fake.last().private and "press Play for fresh controls" in fake.last().content
    assert (await fake.bot.service.get(game_id)).version == table.version

    # A real move, then the same (now stale) control again: refused, with the current controls.
    old = Posted(controls.id, controls.where, True, view=controls.view, owner=mover.id)
    exchange = _custom_id(controls, ":s:xch.")
    give = hand[0][0]
    await fake.dispatch(mover, controls, exchange, (f"{give}.deck",))
    after = await fake.bot.service.get(game_id)
    assert after.version == table.version + 1 and "You exchange a" in controls.content
    await fake.dispatch(mover, old, exchange, (f"{give}.deck",))
    assert fake.last().private and "the board has changed" in fake.last().content
    assert (await fake.bot.service.get(game_id)).version == after.version
