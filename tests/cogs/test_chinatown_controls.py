"""Chinatown's controls offer exactly the legal moves: keeping, answering offers, finishing trading and
building reach every legal action and nothing else; every path through the offer builder (random walks,
counter-offers included) ends in an offer the engine accepts; all within Discord's limits.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot import games
from bot.errors import UserError
from bot.games.base import IllegalAction
from bot.games.chinatown.data import BOARD, Shop
from bot.tables import Notification, Table, TableService
from cogs.components import Panel
from cogs.controls import controls_for
from cogs.controls.chinatown import SPEC
from cogs.controls.chinatown.builder import BUILDER_VERBS
from cogs.controls.chinatown.draft import Draft, Item, Leg
from cogs.controls.routes import SHORT
from cogs.play import Play
from cogs.rulebook import summary
from tests.cogs.flows import rules_embed
from tests.cogs.harness import canonical, check_limits
from tests.cogs.tables import started_table

GAME = games.get("chinatown")
ct = SPEC.controls


async def _table(service: TableService, players: int, seed: int, options: dict[str, Any] | None = None) -> Table:
    return await started_table(service, "chinatown", players, seed, options)


def _apply(state: Any, seat: int, action: dict[str, Any]) -> Any:
    try:
        return GAME.apply(state, seat, action)[0]
    except IllegalAction:
        return state


def _offers(state: Any) -> Any:
    """Open offers of every shape for the positions: two players, three players, one a seat cannot pay."""
    view = GAME.view(state, None)
    seats = [p["seat"] for p in view["players"] if not p["resigned"]]
    a, b, c = seats[0], seats[1], seats[-1]
    lots = {s: [lot["lot"] for lot in view["lots"] if lot["owner"] == s] for s in seats}
    tiles = {s: list(view["players"][s]["hand_tiles"]) for s in seats}
    if lots[a]:
        legs = [
            {"from": a, "to": b, "kind": "lot", "lot": lots[a][0]},
            {"from": b, "to": a, "kind": "money", "amount": 10_000},
        ]
        state = _apply(state, a, {"type": "propose", "legs": legs})
    if tiles[b] and c != b:
        legs = [
            {"from": b, "to": c, "kind": "tiles", "tile_type": tiles[b][0], "count": 1},
            {"from": c, "to": a, "kind": "money", "amount": 20_000},
            {"from": a, "to": b, "kind": "money", "amount": 10_000},
        ]
        state = _apply(state, b, {"type": "propose", "legs": legs})
    unpayable = [{"from": a, "to": c, "kind": "money", "amount": 9_000_000}]
    state = _apply(state, c, {"type": "propose", "legs": [*unpayable, {"from": c, "to": a, "kind": "tiles",
                                                                      "tile_type": (tiles[c] or ["photo"])[0],
                                                                      "count": 1}]})
    return _apply(state, a, {"type": "ready", "ready": True})


def _computer_move(state: Any, rng: random.Random) -> Any:
    seat = min(GAME.to_act(state))
    return GAME.apply(state, seat, GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng))[0]


def _positions(table: Table, seed: int, every: int) -> Iterator[Table]:
    """Positions of a game between computer players (with offers added in each trading phase), every
    ``every`` moves and at every trading move."""
    state, rng, injected = table.state, random.Random(seed), set()
    for n in itertools.count():
        if GAME.is_over(state):
            return
        view = GAME.view(state, None)
        if view["phase"] == "trades" and view["round"] not in injected:
            injected.add(view["round"])
            state = _offers(state)
        if n % every == 0 or view["phase"] == "trades":
            yield replace(table, state=state, version=n)
        state = _computer_move(state, rng)


def _check(view: discord.ui.View) -> None:
    check_limits(view)
    for item in view.children:
        custom_id = item.item.custom_id  # type: ignore[attr-defined]
        assert sum(cls.__discord_ui_compiled_template__.fullmatch(custom_id) is not None for cls in Play.ITEMS) == 1


def _choices(item: Any) -> list[tuple[str, ...]]:
    """Every way to use one control: a button once, a select with any allowed number of its options."""
    inner = item.item
    if not isinstance(inner, discord.ui.Select):
        return [()]
    values = [str(o.value) for o in inner.options]
    return [combo for k in range(inner.min_values, inner.max_values + 1) for combo in itertools.combinations(values, k)]


def _reachable(table: Table, seat: int) -> list[dict[str, Any]]:
    """Every action some sequence of clicks leads to, not entering the offer builder (checked apart)."""
    found: list[dict[str, Any]] = []
    seen: set[tuple[str, tuple[str, ...]]] = set()  # a district step can be changed from the lots it leads to

    def visit(view: discord.ui.View | None) -> None:
        if view is None:
            return
        _check(view)
        for item in view.children:
            verb = item.payload.split(".")[0]  # type: ignore[attr-defined]
            if verb == "home":
                continue
            for values in _choices(item):
                if (item.payload, values) in seen:  # type: ignore[attr-defined]
                    continue
                seen.add((item.payload, values))  # type: ignore[attr-defined]
                step = ct.resolve(table, seat, item.payload, values)  # type: ignore[attr-defined]
                if verb in BUILDER_VERBS:
                    assert isinstance(step, Panel)  # the builder opens; random walks cover the rest
                elif isinstance(step, Panel):
                    visit(step.view)
                else:
                    found.append(step)

    visit(ct.build(table, seat))
    return found


@pytest.mark.parametrize(
    ("players", "seed", "every", "options"),
    [
        (3, 1, 9, {}),
        (4, 2, 11, {}),
        (5, 3, 13, {}),
        (3, 7, 9, {"placement_mode": "simultaneous", "money_unit": 1_000, "announce_trade_money": False}),
    ],
)
async def test_controls_reach_exactly_the_legal_actions(
    service: TableService, players: int, seed: int, every: int, options: dict[str, Any]
) -> None:
    table, kinds = await _table(service, players, seed, options), set()
    for position in _positions(table, seed, every):
        for seat in range(players):
            reached = _reachable(position, seat) if ct.may_act(position, seat) else []
            kinds |= {a["type"] for a in reached}
            if seat in GAME.to_act(position.state):
                assert canonical(reached) == canonical(GAME.legal_actions(position.state, seat))
            for action in reached:  # a player done trading may still act: whatever is offered works
                GAME.apply(position.state, seat, action)
    assert kinds == {"keep", "ready", "accept", "reject", "cancel", "place", "end_turn"}


def _walk(table: Table, seat: int, first: str, rng: random.Random) -> dict[str, Any] | None:
    """Random clicks from a builder step until an offer is posted (or 14 clicks, or a Cancel)."""
    step = ct.resolve(table, seat, first, ())
    for _ in range(14):
        if not isinstance(step, Panel):
            return step
        assert step.view is not None
        _check(step.view)
        items = [i for i in step.view.children if i.payload != "home"]  # type: ignore[attr-defined]
        posts = [i for i in items if i.payload.startswith("pst.")]  # type: ignore[attr-defined]
        if posts and rng.random() < 0.3:
            items = posts
        if not items:
            return None
        item = rng.choice(items)
        values = rng.choice(_choices(item))
        step = ct.resolve(table, seat, item.payload, values)  # type: ignore[attr-defined]
    return step if not isinstance(step, Panel) else None


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (4, 5), (5, 6)])
async def test_every_path_through_the_builder_posts_an_offer_the_engine_accepts(
    service: TableService, players: int, seed: int
) -> None:
    table, rng = await _table(service, players, seed), random.Random(seed)
    posted: list[tuple[str, set[str], int]] = []
    for position in _positions(table, seed, 1000):
        view = GAME.view(position.state, None)
        if view["phase"] != "trades":
            continue
        for seat in range(players):
            starts = [f"new.{view['round']}"] * 3
            starts += [
                f"ctr.{view['round']}.{o['id']}"
                for o in view["offers"]
                if seat in o["participants"] and o["status"] == "open"
            ]
            for start in starts:
                action = _walk(position, seat, start, rng)
                if action is not None:
                    GAME.apply(position.state, seat, action)  # never refused: not even for cash [V9]
                    kinds = {leg["kind"] for leg in action["legs"]}
                    people = {leg["from"] for leg in action["legs"]} | {leg["to"] for leg in action["legs"]}
                    posted.append((action["type"], kinds, len(people)))
        if len(posted) > 60:
            break
    assert {kind for kind, _, _ in posted} == {"propose", "edit"}
    assert set().union(*(kinds for _, kinds, _ in posted)) == {"lot", "tiles", "money"}
    assert max(people for _, _, people in posted) >= 3


def test_drafts_round_trip_through_their_text() -> None:
    draft = Draft(2, 7, (1, 3))
    for leg in (
        Leg(0, 1, Item("lot", lot=23)),
        Leg(1, 3, Item("tiles", shop=Shop.FLORIST, count=2)),
        Leg(3, 0, Item("money", units=3)),
        Leg(0, 1, Item("lot", lot=5)),
        Leg(3, 0, Item("money", units=2)),
    ):
        draft = draft.add(leg)
    assert draft.encode() == "2e7p13_01L5L23_13f2_30M5"
    assert Draft.decode(draft.encode()) == draft
    assert draft.action_legs(10_000)[-1] == {"from": 3, "to": 0, "kind": "money", "amount": 50_000}
    assert draft.without(0).encode() == "2e7p13_01L23_13f2_30M5"
    for bad in ("", "7e0p1", "1e0p11", "1e0p21", "1e0p1_01", "1e0p1_01X3", "1e0p1_55L3", "1.e0p1"):
        with pytest.raises(ValueError):
            Draft.decode(bad)


@pytest.mark.parametrize(
    ("payload", "values", "refusal"),
    [
        ("nonsense", (), "press Play"),
        ("kp", (), "press Play"),
        ("kp.9", ("1",), "earlier year"),
        ("kc.1.", (), "press Play"),
        ("kc.1.x-y", (), "press Play"),
        ("kc.1.1-2-3-4-5", (), "Choose exactly"),
        ("acc.1.x.1", (), "press Play"),
        ("rdy.1.2", (), "press Play"),
        ("ofs.1", ("77",), "not available"),
        ("add.zz.0", ("L1",), "press Play"),
        ("add.1e0p1_01L99.0", ("L1",), "press Play"),
        ("to.1e0p1.0.L1.0", (), "press Play"),
        ("drf.1e0p", (), "not available"),
        ("drf.2e0p1", (), "earlier year"),
        ("who.1", ("0",), "not available"),
        ("mny.1e0p1.0", ("9999999",), "press Play"),
        ("rm.1e0p1_01M1", ("5",), "press Play"),
        ("ps.1", ("z",), "press Play"),
        ("pl.1.z", ("3",), "press Play"),
        ("ctr.1.99", (), "closed"),
    ],
)
async def test_forged_or_unreadable_choices_are_refused(
    service: TableService, payload: str, values: tuple[str, ...], refusal: str
) -> None:
    table = await _table(service, 3, 1)
    with pytest.raises(UserError, match=refusal):
        ct.resolve(table, 0, payload, values)


async def test_texts_are_the_seats_own(service: TableService) -> None:
    table = await _table(service, 3, 1)
    view = GAME.view(table.state, 0)
    text = ct.prompt(table, 0)
    assert "Keep 5 of your 7 Building cards" in text and "Your money: $50,000 (only you see this)." in text
    assert ", ".join(map(str, view["hand_cards"])) in text
    assert controls_for("chinatown") is ct and summary("chinatown") == SPEC.rules_summary
    # A new year: last year's income, privately, with the businesses that earned it.
    state = table.state
    while GAME.view(state, None)["round"] == 1:
        state = _computer_move(state, random.Random(1))
    later = replace(table, state=state, version=99)
    mine = GAME.view(state, 0)["players"][0]
    assert f"Your income for 1965: ${mine['income_history'][0]:,}" in ct.prompt(later, 0)
    assert f"Your money now: ${mine['cash']:,}" in ct.prompt(later, 0)
    options = {o.key: o for o in GAME.options}
    assert ct.option_label(options["money_unit"], 1_000) == "$1,000"
    assert ct.option_label(options["first_player_initial"], 2) == "seat 3"
    assert ct.option_label(options["announce_trade_money"], False) == "only to the players of the trade"


async def _offer_note(service: TableService, options: dict[str, Any]) -> tuple[Table, Notification]:
    table = await _table(service, 3, 2, options)
    state = table.state
    while GAME.view(state, None)["phase"] != "trades":
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    lot = next(lot["lot"] for lot in GAME.view(state, None)["lots"] if lot["owner"] == 0)
    legs = [{"from": 0, "to": 1, "kind": "lot", "lot": lot}, {"from": 1, "to": 0, "kind": "money", "amount": 30_000}]
    state, events = GAME.apply(state, 0, {"type": "propose", "legs": legs})
    table = replace(table, state=state, version=table.version + 1)
    return table, Notification(1, table.id, table.version, "moved", 0, tuple(events), ())


async def test_offers_are_posted_in_the_thread_as_the_public_view_shows_them(service: TableService) -> None:
    table, note = await _offer_note(service, {})
    ((ref, message),) = ct.thread_extras(table, note)
    assert ref == "1.1"
    assert "**Offer #1 by <@100>**" in message["content"]
    assert "<@101> gives $30,000 to <@100>" in message["content"]  # money in offers is public by default [R19]
    assert [item.item.label for item in message["view"].children] == ["Accept", "Decline", "Counter-offer", "Withdraw"]
    assert [u.id for u in message["allowed_mentions"].users] == [101]  # only the player it waits for
    hidden, note = await _offer_note(service, {"announce_trade_money": False})
    ((_, message),) = ct.thread_extras(hidden, note)
    assert "<@101> gives money to <@100>" in message["content"] and "$30,000" not in message["content"]
    assert ct.private_alerts(table, note) == {}  # a public offer: its message pings the player it waits for
    private, note = await _offer_note(service, {"offer_visibility": "participants"})
    assert ct.thread_extras(private, note) == []
    # told privately (a DM), never in the thread
    assert ct.private_alerts(private, note) == {1: "A private offer for you"}
    answered = replace(table, state=GAME.apply(table.state, 1, {"type": "reject", "offer": 1})[0])
    assert ct.thread_extras(answered, note) == []  # already answered: no buttons for a closed offer


def _options_of(panel: Panel) -> list[str]:
    assert panel.view is not None
    return [str(o.value) for i in panel.view.children if isinstance(getattr(i, "item", None), discord.ui.Select)
            for o in i.item.options]  # type: ignore[attr-defined]


async def test_a_trade_is_built_from_short_lists(service: TableService) -> None:
    """"You give" of old listed every lot, tile and money (20 and more): now at most 10, lots and tiles a step
    of their own when they are many, and every tile still reachable."""
    table = await _table(service, 3, 1)
    state = table.state
    while GAME.view(state, None)["phase"] != "trades":
        state = _computer_move(state, random.Random(2))
    seats = [replace(s, hand=tuple(3 for _ in s.hand)) for s in state.seats]  # every tile kind in every hand
    table = replace(table, state=replace(state, seats=tuple(seats)), version=50)
    draft = ct.resolve(table, 0, "who.1", ("1",))
    assert isinstance(draft, Panel) and draft.view is not None
    adds = [i.item for i in draft.view.children if i.payload.startswith("add.")]  # type: ignore[attr-defined]
    assert len(adds) == 2 and all(len(select.options) <= SHORT for select in adds)
    mine = next(select for select in adds if select.custom_id.endswith(".0"))
    assert [o.value for o in mine.options][-2:] == ["tiles", "M"]
    tiles = ct.resolve(table, 0, mine.custom_id.split(":", 4)[-1], ("tiles",))
    assert isinstance(tiles, Panel) and tiles.content.startswith("Which tile do you give?")
    kinds = _options_of(tiles)
    assert len(kinds) == len(state.seats[0].hand)
    given = ct.resolve(table, 0, f"add.{mine.custom_id.split(':', 4)[-1].split('.', 1)[1]}", (kinds[0],))
    assert isinstance(given, Panel) and "You give" in given.content


async def test_many_lots_are_picked_from_a_list_of_their_own(service: TableService) -> None:
    table = await _table(service, 3, 1)
    state = table.state
    while GAME.view(state, None)["phase"] != "trades":
        state = _computer_move(state, random.Random(2))
    owners = tuple(0 if lot <= 40 else owner for lot, owner in enumerate(state.owners, start=1))
    table = replace(table, state=replace(state, owners=owners), version=50)  # seat 0 owns lots 1-40
    draft = ct.resolve(table, 0, "who.1", ("1",))
    assert isinstance(draft, Panel) and draft.view is not None
    adds = [i.item for i in draft.view.children if i.payload.startswith("add.")]  # type: ignore[attr-defined]
    mine = next(select for select in adds if select.custom_id.endswith(".0"))  # seat 0 gives…
    assert mine.options[0].value == "lots" and len(mine.options) <= 25
    # Short lists on a phone: what each side gives is at most 10 options; lots and tiles are steps then.
    assert all(len(select.options) <= SHORT for select in adds)
    hand = GAME.view(state, 0)["players"][0]["hand_tiles"]
    if "tiles" in {o.value for o in mine.options}:
        tiles = ct.resolve(table, 0, mine.custom_id.split(":", 4)[-1], ("tiles",))
        assert isinstance(tiles, Panel) and tiles.content.startswith("Which tile do you give?")
        assert len(list(_options_of(tiles))) == sum(1 for n in hand.values() if n)
    # 43 lots: first the district (each group a short list, every lot in one), then the lots there.
    districts = ct.resolve(table, 0, mine.custom_id.split(":", 4)[-1], ("lots",))
    assert isinstance(districts, Panel) and districts.view is not None
    _check(districts.view)
    assert districts.focus is not None and len(districts.focus.part) == 43  # every lot it may give, ringed
    [picker] = [i for i in districts.view.children if isinstance(getattr(i, "item", None), discord.ui.Select)]
    owned = sum(1 for owner in owners if owner == 0)
    assert owned > 40 and len(picker.item.options) <= SHORT  # type: ignore[attr-defined]
    seen: list[str] = []
    for group in picker.item.options:  # type: ignore[attr-defined]
        lots = ct.resolve(table, 0, picker.payload, (group.value,))  # type: ignore[attr-defined]
        assert isinstance(lots, Panel) and lots.view is not None and lots.focus is not None
        _check(lots.view)
        selects = [i for i in lots.view.children if isinstance(getattr(i, "item", None), discord.ui.Select)]
        assert [o.default for o in selects[0].item.options].count(True) == 1  # the district chosen, to change it
        values = [o.value for select in selects[1:] for o in select.item.options]
        assert len(values) <= SHORT and lots.focus.part == tuple(int(v[1:]) for v in values)
        seen += values
    assert sorted(seen) == sorted(f"L{lot}" for lot, owner in enumerate(owners, start=1) if owner == 0)
    group = next(o.value for o in picker.item.options if int(o.value.split("-")[0]) <= 33 <= int(o.value.split("-")[1]))  # type: ignore[attr-defined]
    lots = ct.resolve(table, 0, picker.payload, (group,))  # type: ignore[attr-defined]
    assert isinstance(lots, Panel) and lots.view is not None
    add = next(i for i in lots.view.children if i.payload.startswith("add."))  # type: ignore[attr-defined]
    chosen = ct.resolve(table, 0, add.payload, ("L33",))  # type: ignore[attr-defined]
    assert isinstance(chosen, Panel) and "You give lot 33" in chosen.content


async def test_many_lots_to_build_on_are_chosen_by_district_first(service: TableService) -> None:
    """Thirty empty lots for a tile: the districts first (their lots ringed), then the lots of the one chosen
    (its lots ringed, the district still changeable), every lot in exactly one district's list."""
    table = await _table(service, 3, 1)
    state, rng = table.state, random.Random(2)
    while GAME.view(state, None)["phase"] != "place_tiles":
        state = _computer_move(state, rng)
    seat = min(GAME.to_act(state))
    owners = tuple(seat if lot <= 30 and shop is None else owner
                   for lot, (owner, shop) in enumerate(zip(state.owners, state.tiles, strict=True), start=1))
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], hand=tuple(1 for _ in seats[seat].hand))  # one tile of every kind
    table = replace(table, state=replace(state, owners=owners, seats=tuple(seats)), version=60)
    empty = sorted(lot for lot, (owner, shop) in enumerate(zip(owners, state.tiles, strict=True), start=1)
                   if owner == seat and shop is None)
    assert len(empty) > SHORT
    build = ct.build(table, seat)
    assert build is not None
    tile_select: Any = next(i for i in build.children if i.payload.startswith("ps."))  # type: ignore[attr-defined]
    letter = tile_select.item.options[0].value
    districts = ct.resolve(table, seat, tile_select.payload, (letter,))
    assert isinstance(districts, Panel) and districts.view is not None and districts.focus is not None
    _check(districts.view)
    assert "First the district" in districts.content and districts.focus.part == tuple(empty)
    [picker] = [i for i in districts.view.children if i.payload.startswith("pd.")]  # type: ignore[attr-defined]
    groups = [o.value for o in picker.item.options]  # type: ignore[attr-defined]
    assert len(groups) <= SHORT and all(o.description and "a year" in o.description
                                        for o in picker.item.options)  # type: ignore[attr-defined]
    listed: list[int] = []
    for group in groups:
        lots = ct.resolve(table, seat, picker.payload, (group,))  # type: ignore[attr-defined]
        assert isinstance(lots, Panel) and lots.view is not None and lots.focus is not None
        _check(lots.view)
        [lot_select] = [i for i in lots.view.children if i.payload.startswith("pl.")]  # type: ignore[attr-defined]
        values = [int(o.value) for o in lot_select.item.options]  # type: ignore[attr-defined]
        assert len(values) <= SHORT and lots.focus.part == tuple(values)
        assert len({BOARD.district_of[lot] for lot in values}) == 1
        listed += values
        action = ct.resolve(table, seat, lot_select.payload, (str(values[0]),))  # type: ignore[attr-defined]
        assert isinstance(action, dict)
        GAME.apply(table.state, seat, action)  # the engine takes it
    assert sorted(listed) == empty


async def test_rules_chinatown(fake: Any, alice: Any) -> None:
    embed = await rules_embed(fake, alice, "chinatown")
    assert embed.title == "Chinatown (3-5 players)" and embed.description == SPEC.rules_summary
    assert len(SPEC.rules_summary) <= 4096  # an embed's description
    for words in ("1970", "secret", "$140k", "current version", "most shops on the board"):
        assert words in SPEC.rules_summary
