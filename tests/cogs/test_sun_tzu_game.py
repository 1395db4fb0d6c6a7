"""Sun Tzu through the cog callbacks: /game new with options, join, start, whole games (beginner and full,
DMs open and closed) played with the controls the bot shows, and the secret orders kept secret.

The people here choose what a computer player would (reading only their own view) and then click their way
to it through the controls they were sent; now and then they wander instead: random clicks, "Back",
exceptional support, changing committed orders. Secrecy is checked on every message: a player's view of the
game is the same whatever the other player's face-down cards are.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

import render
from bot import games
from bot.games.base import Action
from bot.names import picture_names
from bot.store import games as game_sql
from bot.tables import Table
from bot.tables import service as tables_module
from cogs.components import Panel
from cogs.controls.sun_tzu import SPEC, orders
from tests.cogs.flows import controls_of, last_board, open_from_panel
from tests.cogs.harness import FakeDiscord, Posted, check_limits, labels, make_user, walk

GAME = games.get("sun_tzu")
ST = SPEC.controls
PRIVATE_WORDS = ("Your hand", "Your face-down orders", "Your orders", "Your unused warlord", "You drew")
FULL = {"Events": "yes"}
BEGINNER = {"Beginner game": "yes", "Warlords": "no", "Events": "yes"}


# -- opening a table -------------------------------------------------------------------------------------
async def _choose(fake: FakeDiscord, user: Any, message: Posted, placeholder: str, label: str) -> None:
    for item in walk(message.view):
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Select) and inner.placeholder == placeholder:
            value = next(o.value for o in inner.options if o.label == label)
            await fake.dispatch(user, message, inner.custom_id, (value,))
            return
    raise AssertionError(f"no select {placeholder!r}")


async def start_sun_tzu(fake: FakeDiscord, host: Any, guest: Any, options: dict[str, str]) -> int:
    """``/game new sun_tzu``, the options chosen on the private panel, Open, Join, Start: the game id."""
    await fake.command(fake.bot.get_cog("GameCommands").new, host, game="sun_tzu", seats=2)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    for placeholder, label in options.items():
        await _choose(fake, host, panel, placeholder, label)
    game_id, lobby = await open_from_panel(fake, host, panel)
    await fake.click(guest, lobby, label="Join")
    await fake.click(host, lobby, label="Start")
    return game_id


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Fix the seed a new table draws, so a test plays a known game."""

    def use(seed: int) -> None:
        monkeypatch.setattr(tables_module.secrets, "randbits", lambda bits: seed)

    return use


# -- clicking --------------------------------------------------------------------------------------------
def _items(view: discord.ui.View | None) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """(custom_id, payload, values) of every choice in a message's controls."""
    for item in walk(view):
        payload = getattr(item, "payload", None)
        inner = getattr(item, "item", item)
        if payload is None:
            continue
        if isinstance(inner, discord.ui.Select):
            for option in inner.options:
                yield inner.custom_id, payload, (option.value,)
        else:
            yield inner.custom_id, payload, ()


def _same(action: Action, target: Action) -> bool:
    """Equal up to copies of a card (``plus1.1`` and ``plus1.2`` are alike)."""

    def strip(value: Any) -> Any:
        if isinstance(value, str):
            return value.split(".", 1)[0]
        if isinstance(value, list):
            return sorted(map(strip, value))
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items()}
        return value

    return json.dumps(strip(dict(action)), sort_keys=True) == json.dumps(strip(dict(target)), sort_keys=True)


def _path(table: Table, seat: int, view: discord.ui.View | None, target: Action) -> list[tuple[str, tuple[str, ...]]]:
    """The clicks (custom_id, values) from ``view`` to ``target``, found by asking the controls module."""
    for custom_id, payload, values in _items(view):
        if payload == "home":
            continue
        step = ST.resolve(table, seat, payload, values)
        if isinstance(step, Panel):
            rest = _path(table, seat, step.view, target)
            if rest:
                return [(custom_id, values), *rest]
        elif _same(step, target):
            return [(custom_id, values)]
    return []


async def _open(fake: FakeDiscord, table: Table, user: Any) -> Posted:
    """The user's current controls: their DM or last private message while it is current, else Play."""
    message = controls_of(fake, table, user)
    if message is None:
        await fake.click(user, last_board(fake), label="Play")
        message = fake.last(private=True)
        assert message.owner == user.id
    return message


async def _orders(fake: FakeDiscord, user: Any, message: Posted, target: str, rng: random.Random) -> None:
    """Fill the five selects with ``target`` (after a few random cards, sometimes), then Confirm."""
    for _ in range(rng.choice((0, 0, 0, 2))):
        selects = [i for i in _items(message.view) if i[1].startswith("o.")]
        if selects:
            custom_id, _, values = rng.choice(selects)
            await fake.dispatch(user, message, custom_id, values)
    for _ in range(30):
        found = {payload: custom_id for custom_id, payload, _ in _items(message.view)}
        if f"oc.{target}" in found:
            await fake.dispatch(user, message, found[f"oc.{target}"])
            return
        edit = next((custom_id for payload, custom_id in found.items() if payload.startswith("oe.")), None)
        if edit is not None:
            await fake.dispatch(user, message, edit)
            continue
        codes = next(payload for payload in found if payload.startswith("o.")).split(".")[1]
        # The first wrong province; with all five right, any card chosen again leads to the summary.
        i = next((n for n, code in enumerate(codes) if code != target[n]), 0)
        await fake.dispatch(user, message, found[f"o.{codes}.{i}"], (target[i],))
    raise AssertionError(f"could not give the orders {target}: {message.content!r}")


def novice(view: Any, legal: list[Action], rng: random.Random) -> Action:
    """A beginner: the framed 1-5 in board order, and otherwise the first choice offered (never support)."""
    if any(a["type"] == "commit" for a in legal):
        return {"type": "commit", "cards": dict(zip(orders.PROVINCES, ("n1", "n2", "n3", "n4", "n5"), strict=True))}
    return next(a for a in legal if a["type"] != "support")


def computer(view: Any, legal: list[Action], rng: random.Random) -> Action:
    """What the computer player would do, from the seat's own view."""
    return GAME.choose_action(view, legal, rng)


async def _decide(fake: FakeDiscord, game_id: int, user: Any, seat: int, mind: Any, rng: random.Random) -> None:
    """One decision of a seat the game waits for, made with its controls."""
    table = await fake.bot.service.get(game_id)
    message = await _open(fake, table, user)
    target = mind(table.view(seat), table.game.legal_actions(table.state, seat), rng)
    if target["type"] == "commit":
        codes = "".join(orders.CODES[card.split(".")[0]] for card in target["cards"].values())
        await _orders(fake, user, message, codes, rng)
        return
    if mind is computer and rng.random() < 0.1:  # wander: a random click (support, a step and Back, ...)
        custom_id, _, values = rng.choice([i for i in _items(message.view) if i[1] != "home"])
        await fake.dispatch(user, message, custom_id, values)
        if (await fake.bot.service.get(game_id)).version != table.version:
            return
        back = [i for i in _items(message.view) if i[1] == "home"]
        if back:
            await fake.dispatch(user, message, back[0][0])
    clicks = _path(table, seat, message.view, target)
    assert clicks, f"no path to {target} in {message.content!r}"
    for custom_id, values in clicks:
        await fake.dispatch(user, message, custom_id, values)
    assert (await fake.bot.service.get(game_id)).version == table.version + 1 + _forced_after(table, seat, target)


def _forced_after(table: Table, seat: int, action: Action) -> int:
    """How many passes follow ``action`` at once: the service applies each that is its seat's only choice."""
    state, _ = GAME.apply(table.state, seat, action)
    for count in range(100):
        forced = [(s, a) for s in sorted(GAME.to_act(state)) if (a := GAME.forced_action(state, s)) is not None]
        if not forced:
            return count
        state, _ = GAME.apply(state, *forced[0])
    raise AssertionError("forced moves without end")


async def _aside(fake: FakeDiscord, game_id: int, user: Any, seat: int, rng: random.Random) -> None:
    """A seat the game does not wait for changes its committed orders or uses exceptional support."""
    table = await fake.bot.service.get(game_id)
    assert not GAME.legal_actions(table.state, seat)  # the engine lists nothing for it, yet it may act
    await fake.click(user, last_board(fake), label="Play")
    message = fake.last(private=True)
    custom_id, payload, values = rng.choice([i for i in _items(message.view) if i[1] != "home"])
    await fake.dispatch(user, message, custom_id, values)
    if payload.startswith("oe."):
        codes = payload.split(".")[1]
        await _orders(fake, user, message, "".join(rng.sample(codes, 5)) if "6" not in codes else codes, rng)
    elif payload == "sup":
        custom_id, _, values = next(i for i in _items(message.view) if i[1].startswith("sup."))
        await fake.dispatch(user, message, custom_id, values)


async def play_through(fake: FakeDiscord, game_id: int, people: dict[int, tuple[Any, Any]], seed: int) -> int:
    """Play until the game ends, each person with their own mind; the number of moves."""
    rng = random.Random(seed)
    for _ in range(600):
        table = await fake.bot.service.get(game_id)
        if table.status != "running":
            return table.version
        movers = sorted(table.to_act())
        aside = [s for s in (0, 1) if s not in movers and ST.may_act(table, s)]
        if aside and rng.random() < 0.05:
            seat = rng.choice(aside)
            await _aside(fake, game_id, people[table.player_at(seat).user_id or 0][0], seat, rng)
        else:
            seat = rng.choice(movers)
            user, mind = people[table.player_at(seat).user_id or 0]
            await _decide(fake, game_id, user, seat, mind, rng)
    raise AssertionError("the game did not end")


# -- checks ------------------------------------------------------------------------------------------------
async def _public_pictures(fake: FakeDiscord, game_id: int) -> set[bytes]:
    """The public picture of every position of the game (replayed from its move log)."""
    table = await fake.bot.service.get(game_id)
    names, pictures, seen = picture_names(table), set(), set()
    state = GAME.new(2, table.seed, table.options)
    for move in [None, *await game_sql.fetch_moves(fake.bot.service.db, game_id)]:
        if move is not None:
            state, _ = GAME.apply(state, move.seat, move.action)
        view = GAME.view(state, None)
        key = json.dumps(view, sort_keys=True)
        if key not in seen:
            seen.add(key)
            draw = render.final if GAME.is_over(state) else render.board
            pictures.add(draw("sun_tzu", view, names))
    return pictures


def _check_privacy(fake: FakeDiscord, people: set[int]) -> None:
    """Controls and private words only in DMs and ephemeral answers, each to its own person; limits kept."""
    for sent in fake.sent:
        if sent.view is not None:
            check_limits(sent.view)
        controls = [i for i in walk(sent.view) if getattr(i, "payload", None) is not None]
        if not sent.private:
            assert not controls and not any(word in sent.content for word in PRIVATE_WORDS), sent.content
            continue
        assert sent.message.owner in people
        if sent.where.startswith("dm:"):
            assert sent.where == f"dm:{sent.message.owner}"


@pytest.mark.parametrize(
    ("seed", "options", "dms_open"),
    [(2, BEGINNER, True), (4, FULL, False)],
    ids=["beginner-dms-open", "full-dms-closed"],
)
async def test_whole_game_two_people(
    fake: FakeDiscord, alice: Any, bob: Any, seeded: Any, seed: int, options: dict[str, str], dms_open: bool
) -> None:
    """A seasoned player against a novice: the game ends by an instant win after round 3 (short, and a whole
    game by the rules); everything goes through /game new, the lobby and the controls."""
    seeded(seed)
    if not dms_open:
        fake.closed_dms.update({alice.id, bob.id})
    game_id = await start_sun_tzu(fake, alice, bob, options)
    table = await fake.bot.service.get(game_id)
    assert table.options["beginner"] is (options is BEGINNER) and table.options["events"] is True
    people = {alice.id: (alice, computer), bob.id: (bob, novice)}
    moves = await play_through(fake, game_id, people, seed)
    table = await fake.bot.service.get(game_id)
    assert table.status == "finished" and moves > 10
    assert table.state.end_reason == "instant_win_r3"
    said = [s.content for s in fake.public() if "their orders" in s.content]
    assert any("has committed their orders" in text for text in said)  # who committed, never what
    final = fake.last(private=False)
    assert "Final ranking" in final.content and len(final.files) == 1
    assert labels(final.view) == ["Rematch", "New table", "Game story"]

    _check_privacy(fake, set(people))
    pictures = await _public_pictures(fake, game_id)
    assert all(set(sent.files) <= pictures for sent in fake.public())
    if dms_open:
        for user in (alice, bob):
            dms = [s for s in fake.sent if s.where == f"dm:{user.id}"]
            assert dms and any(s.files and s.view for s in dms)
    else:
        assert fake.dm_attempts[alice.id] == 1 and fake.dm_attempts[bob.id] == 1
        assert not any(s.where.startswith("dm:") for s in fake.sent)


# -- secrecy -----------------------------------------------------------------------------------------------
Seen = tuple[str, str, bool, str, tuple[bytes, ...], tuple[tuple[str, str], ...]]


def _seen_by(fake: FakeDiscord, user: Any, upto: int) -> list[Seen]:
    """Everything ``user`` could see among the first ``upto`` sends: public messages and their own private
    ones, with the text, the pictures and every control (custom_id and label or option labels)."""
    seen = []
    for sent in fake.sent[:upto]:
        if sent.private and sent.message.owner != user.id:
            continue
        controls = []
        for item in walk(sent.view):
            inner = getattr(item, "item", item)
            shown = ",".join(o.label for o in inner.options) if isinstance(inner, discord.ui.Select) else inner.label
            controls.append((str(inner.custom_id), str(shown)))
        text = re.sub(r" id='\d+'", "", sent.content)  # the fake's mock objects differ run by run
        seen.append((sent.kind, sent.where, sent.private, text, sent.files, tuple(controls)))
    return seen


async def _first_round(path: str, keeper_warlord: int, first: str, second: str) -> tuple[list[Seen], list[Seen]]:
    """Round 1 up to its first reveal: Alice (the watcher) half-builds her orders; Bob (the keeper) commits
    ``first``, then changes them to ``second``; Alice finishes on her old message (it works across the other's
    moves) and confirms; both pass in the warlord window. What Alice and what Bob saw before Bob's pass."""
    fake = await FakeDiscord.start(path)
    try:
        alice, bob = make_user(101, "Alice"), make_user(202, "Bob")
        game_id = await start_sun_tzu(fake, alice, bob, FULL)
        for user, index in ((alice, 0), (bob, keeper_warlord)):
            message = await _open(fake, await fake.bot.service.get(game_id), user)
            custom_id, _, values = [i for i in _items(message.view) if i[1] == "wl"][index]
            await fake.dispatch(user, message, custom_id, values)
        orders_of_alice = await _open(fake, await fake.bot.service.get(game_id), alice)
        for i, code in enumerate("12"):
            codes = next(p for _, p, _ in _items(orders_of_alice.view) if p.startswith("o.")).split(".")[1]
            found = {p: c for c, p, _ in _items(orders_of_alice.view)}
            await fake.dispatch(alice, orders_of_alice, found[f"o.{codes}.{i}"], (code,))
        rng = random.Random(0)
        await _orders(fake, bob, await _open(fake, await fake.bot.service.get(game_id), bob), first, rng)
        mine = fake.last(private=True)
        assert mine.owner == bob.id and "Your orders are committed" in mine.content
        change = next(c for c, p, _ in _items(mine.view) if p.startswith("oe."))
        await fake.dispatch(bob, mine, change)
        await _orders(fake, bob, mine, second, rng)
        await _orders(fake, alice, orders_of_alice, "12345", rng)  # controls made two versions ago
        table = await fake.bot.service.get(game_id)
        assert table.view(None)["stage"] == "w1"
        assert [c["label"] for c in table.view(table.seat_of(alice.id) or 0)["assignment"].values()] == list("12345")
        for user in (alice, bob):
            message = await _open(fake, await fake.bot.service.get(game_id), user)
            if user is bob:
                upto = len(fake.sent)
            await fake.dispatch(user, message, next(c for c, p, _ in _items(message.view) if p == "pass"))
        assert any("is revealed" in s.content or "reveals" in s.content for s in fake.since(upto))
        return _seen_by(fake, alice, upto), _seen_by(fake, bob, upto)
    finally:
        await fake.stop()


async def test_the_other_players_orders_and_warlord_stay_secret(tmp_path: Path, seeded: Any) -> None:
    """Bob's face-down cards, his changed orders and his warlord differ between two runs; everything Alice
    could see until the first reveal (every message, picture and control) is the same in both."""
    seeded(4)
    one, bob_one = await _first_round(str(tmp_path / "one.sqlite3"), 0, "12345", "54321")
    two, bob_two = await _first_round(str(tmp_path / "two.sqlite3"), 2, "31524", "24153")
    assert bob_one != bob_two  # Bob's own messages show his cards and warlord, so the runs really differ
    assert len(one) > 10 and one == two
    committed = [s[3] for s in one if not s[2] and "their orders" in s[3]]
    assert any("has committed their orders" in text for text in committed)
    assert any("has changed their orders" in text for text in committed)


async def test_forged_and_stale_controls_are_refused(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    game_id = await start_sun_tzu(fake, alice, bob, {"Warlords": "no"})
    table = await fake.bot.service.get(game_id)
    editor = await _open(fake, table, alice)
    select = next(c for c, p, _ in _items(editor.view) if p.startswith("o."))
    await fake.dispatch(carol, editor, select, ("1",))  # someone else's private control
    assert fake.last().private and fake.last().content == "You are not playing in this game."
    # Forged payloads at the current version: an illegal decision, an unreadable one, impossible orders.
    forged = [("b:rv.qin", "You cannot choose the next province now."), ("b:zz.1", "I could not read that choice")]
    for payload, answer in forged:
        custom_id = f"mk:{game_id}:{table.version}:{payload}"
        await fake.dispatch(bob, editor, custom_id, base=discord.ui.Button(label="x", custom_id=custom_id))
        assert fake.last().private and answer in fake.last().content
    custom_id = f"mk:{game_id}:{table.version}:b:oc.66666"
    await fake.dispatch(alice, editor, custom_id, base=discord.ui.Button(label="x", custom_id=custom_id))
    assert "not in your hand any more" in editor.content  # the orders were rebuilt, nothing was committed
    assert (await fake.bot.service.get(game_id)).version == table.version
    # Both commit; the half-built orders are locked now, and an old keep button is stale.
    await _orders(fake, alice, editor, "12345", random.Random(1))
    stale = next(c for c, p, _ in _items(editor.view) if p.startswith("o"))
    await _orders(fake, bob, await _open(fake, await fake.bot.service.get(game_id), bob), "54321", random.Random(1))
    assert editor.view is None  # her panel lost its controls once both orders were in
    old = discord.ui.Select(custom_id=stale, options=[discord.SelectOption(label="1", value="1")])
    await fake.dispatch(alice, editor, stale, ("1",), base=old)
    assert fake.last().private and "locked" in fake.last().content
    table = await fake.bot.service.get(game_id)
    seat = min(table.to_act())
    user = alice if table.player_at(seat).user_id == alice.id else bob
    message = await _open(fake, table, user)
    keep = next(c for c, p, _ in _items(message.view) if p.startswith("kp."))
    old = Posted(message.id, message.where, True, view=message.view, owner=user.id)
    await fake.dispatch(user, message, keep)
    await fake.dispatch(user, old, keep)
    assert fake.last().private and "the board has changed" in fake.last().content.lower()
    assert (await fake.bot.service.get(game_id)).version == table.version + 1


async def test_options_panel_explains_the_beginner_game(fake: FakeDiscord, alice: Any) -> None:
    await fake.command(fake.bot.get_cog("GameCommands").new, alice, game="sun_tzu", seats=2)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    inner = [getattr(i, "item", i) for i in walk(panel.view)]
    placeholders = [i.placeholder for i in inner if isinstance(i, discord.ui.Select)]
    assert placeholders[:3] == ["Beginner game", "Warlords", "Events"]
    await _choose(fake, alice, panel, "Plague rounding", "half, rounded up")
    await _choose(fake, alice, panel, "Beginner game", "yes")  # the beginner game turns the warlords off itself
    mark = len(fake.sent)
    await fake.click(alice, panel, label="Open the table")
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    assert "Beginner game: yes · Warlords: no" in lobby.content and "Plague rounding: half, rounded up" in lobby.content
