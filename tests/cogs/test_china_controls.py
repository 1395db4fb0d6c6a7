"""China's controls offer exactly the legal actions, within Discord's limits: every path through them ends in
a legal action and every legal action has a path; region -> pieces -> payment (cheapest preselected), the
exchange, the refill one card at a time, the forced pass; texts; unreadable payloads refused."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot import games
from bot.errors import UserError
from bot.games.china.data import State
from bot.tables import Table, TableService
from cogs.components import Panel
from cogs.controls import controls_for, option_text
from cogs.controls.china import SPEC
from render.crops import BOARD, Focus
from tests.cogs.harness import canonical, check_limits, labels, picks
from tests.cogs.tables import started_table
from tests.games.china.scenario import A, B, C, D, fill, position

GAME = games.get("china")
china = SPEC.controls


async def _table(service: TableService, players: int, options: dict[str, Any] | None = None) -> Table:
    return await started_table(service, "china", players, players, options)


async def _at(service: TableService, state: State) -> Table:
    """A running table holding a hand-made position (version 5)."""
    return replace(await _table(service, state.players), state=state, version=5)


def _walk(table: Table, seat: int) -> tuple[list[dict[str, Any]], list[Panel]]:
    """Every action some sequence of clicks leads to (never following "Back"), and every step shown."""
    found: list[dict[str, Any]] = []
    steps: list[Panel] = []
    seen: set[tuple[str, tuple[str, ...]]] = set()  # a payment pick shows the same step again

    def visit(view: discord.ui.View | None) -> None:
        assert view is not None
        check_limits(view)
        for payload, values in picks(view):
            key = (payload, values)
            if payload == "home" or key in seen:
                continue
            seen.add(key)
            step = china.resolve(table, seat, payload, values)
            if isinstance(step, Panel):
                steps.append(step)
                visit(step.view)
            else:
                found.append(step)

    visit(china.build(table, seat))
    return found, steps


def _kind(action: dict[str, Any]) -> tuple[str, ...]:
    if action["type"] == "place":
        return ("place", *sorted(p["kind"] for p in action["pieces"]))
    if action["type"] in ("draw", "exchange"):
        return (action["type"], action.get("source") or action["take"])
    return (action["type"],)


def _options(panel: Panel) -> dict[str, discord.SelectOption]:
    """Every select option of a step, by label."""
    assert panel.view is not None
    selects = [item.item for item in panel.view.children if isinstance(item.item, discord.ui.Select)]  # type: ignore[attr-defined]
    return {o.label: o for select in selects for o in select.options}


@pytest.mark.parametrize(("players", "forts", "every"), [(3, True, 4), (4, False, 7), (5, True, 9)])
async def test_controls_reach_exactly_the_legal_actions(
    service: TableService, players: int, forts: bool, every: int
) -> None:
    table = await _table(service, players, {"fortifications": forts})
    assert controls_for("china") is china is SPEC.controls
    state, rng, kinds, payments = table.state, random.Random(players), set(), 0
    for n in range(400):
        if GAME.is_over(state):
            break
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        if n % every == 0:
            reached, steps = _walk(replace(table, state=state, version=n), seat)
            assert canonical(reached) == canonical(legal)
            kinds |= {_kind(a) for a in reached}
            payments += sum(1 for s in steps if "How do you pay?" in s.content)
        state, _ = GAME.apply(state, seat, GAME.choose_action(GAME.view(state, seat), legal, rng))
    assert GAME.is_over(state)
    expected = {("place", "house"), ("place", "emissary"), ("place", "house", "house"), ("place", "emissary", "house"),
                ("exchange", "deck"), ("exchange", "display"), ("draw", "deck"), ("draw", "display")}
    assert expected <= kinds
    if forts:
        assert {("place", "fortification"), ("place", "fortification", "house")} & kinds
    assert payments, "some pieces could be paid two ways"


async def test_region_pieces_then_the_cheapest_payment_preselected(service: TableService) -> None:
    # X11: Qi has one free space; A holds yellow and a green pair, so one piece can be paid two ways.
    table = await _at(service, position(current=A, hands={A: "ygg"}, houses=fill("qi", {B: 2, D: 2})))
    root = Panel(china.prompt(table, A), china.build(table, A))
    regions = _options(root)
    assert "🟨 Qi · up to 2 pieces" in regions and "🟥 Wei · up to 1 piece" in regions
    assert regions["🟨 Qi · up to 2 pieces"].description == "open · 1 of 5 spaces free · emissaries 0 of at most 2"
    assert "empty: 1 piece only" in (regions["🟥 Wei · up to 1 piece"].description or "")
    assert "Give 🟨 yellow, take face-up 🟥 red" in _options(root)
    step = china.resolve(table, A, "reg.0", ("qi",))
    assert isinstance(step, Panel)
    pieces = _options(step)
    # Each choice names the region and the space numbers drawn on its close-up, which comes with the step.
    assert list(pieces) == ["House on 5 in Qi", "Emissary in Qi", "House on 5 + emissary in Qi", "2 emissaries in Qi"]
    assert step.focus == Focus("region", ("qi",)) and root.focus is None and china.focus(table, A) == BOARD
    assert pieces["House on 5 in Qi"].description == (
        "pay 🟨 yellow or 2 × 🟩 green (wild pair) · fills Qi: it is scored at once"
    )
    assert pieces["2 emissaries in Qi"].description == "pay 🟨 yellow + 2 × 🟩 green (wild pair)"
    # Two pieces have one payment only: chosen, they are placed at once.
    assert china.resolve(table, A, "pcs.qi.2.0", ("h5-e",)) == {
        "type": "place", "region": "qi", "cards": ["yellow", "green", "green"],
        "pieces": [{"kind": "house", "space": "qi5"}, {"kind": "emissary"}],
    }
    # One house can be paid two ways: the cheapest is preselected and the Place button pays it.
    pay = china.resolve(table, A, "pcs.qi.1.0", ("h5",))
    assert isinstance(pay, Panel) and "How do you pay?" in pay.content and pay.focus == Focus("region", ("qi",))
    assert [(o.label, o.default) for o in _options(pay).values()] == [
        ("🟨 yellow", True), ("2 × 🟩 green (wild pair)", False)
    ]
    assert labels(pay.view) == ["[🟨 yellow]", "[2 × 🟩 green (wild pair)]", "Place, paying 🟨 yellow", "Back"]
    other = china.resolve(table, A, "pay.qi.h5.0", ("gg",))
    assert isinstance(other, Panel) and _options(other)["2 × 🟩 green (wild pair)"].default
    assert "Place, paying 2 × 🟩 green (wild pair)" in labels(other.view)
    assert china.resolve(table, A, "put.qi.h5.gg", ()) == {
        "type": "place", "region": "qi", "cards": ["green", "green"], "pieces": [{"kind": "house", "space": "qi5"}]
    }
    back = china.resolve(table, A, "home", ())
    assert isinstance(back, Panel) and back.content == root.content and back.focus == BOARD


async def test_the_busiest_region_fits_in_discords_limits(service: TableService) -> None:
    # Chu holds only a bare fortification: 8 free spaces open to two pieces, 43 two-piece choices.
    state = position(current=A, fortifications=True, fortified={"chu1": B}, hands={A: "ppp"})
    table = await _at(service, state)
    step = china.resolve(table, A, "reg.0", ("chu",))
    assert isinstance(step, Panel) and step.view is not None
    check_limits(step.view)
    # Short lists on a phone: one piece (8 houses), or the first of two pieces, then the second.
    selects = [item.item for item in step.view.children if isinstance(item.item, discord.ui.Select)]  # type: ignore[attr-defined]
    one, first = ([o.value for o in s.options] for s in selects)
    assert len(one) == 8 and first[:8] == [f"h{n}" for n in range(1, 9)]
    firsts = {o.value: o for s in selects[1:] for o in s.options}
    assert firsts["h1"].description == "then the second: 8 choices"
    second = china.resolve(table, A, "pr.chu.0", ("h1",))
    assert isinstance(second, Panel) and second.focus == Focus("region", ("chu",))
    houses = [f"Houses on 1 and {n} in Chu" for n in range(2, 9)]
    assert list(_options(second)) == [*houses, "House on 1 + emissary in Chu"]
    assert china.resolve(table, A, "pcs.chu.2.0", ("h1-e",))["type"] == "place"  # type: ignore[index]
    # F4: the fortification comes only with A's own house on it, never alone or with an emissary.
    forts = [label for first in firsts for label in _options(china.resolve(table, A, "pr.chu.0", (first,)))  # type: ignore[arg-type]
             if label.startswith("Fortification")]
    assert forts == [f"Fortification on {n} with your house in Chu" for n in range(2, 9)]
    assert sum(len(_options(china.resolve(table, A, "pr.chu.0", (f,)))) for f in firsts) == 28 + 8 + 7  # type: ignore[arg-type]
    reached, _ = _walk(table, A)
    assert canonical(reached) == canonical(GAME.legal_actions(state, A))


async def test_a_lone_fortification_where_no_house_can_follow(service: TableService) -> None:
    # X17: Qi is empty, so A may place only one piece there: the fortification alone is legal.
    table = await _at(service, position(current=A, fortifications=True, hands={A: "yyr"}))
    step = china.resolve(table, A, "reg.0", ("qi",))
    assert isinstance(step, Panel)
    assert "Fortification on 3 in Qi" in _options(step) and not any("with your house" in o for o in _options(step))
    assert china.resolve(table, A, "pcs.qi.1.0", ("f3",)) == {
        "type": "place", "region": "qi", "cards": ["yellow"], "pieces": [{"kind": "fortification", "space": "qi3"}]
    }


async def test_many_exchanges_become_two_steps_the_card_given_then_the_card_taken(service: TableService) -> None:
    table = await _at(service, position(current=A, hands={A: "yrg"}, display="ypor"))
    exchanges = [a for a in GAME.legal_actions(table.state, A) if a["type"] == "exchange"]
    assert len(exchanges) > 10
    root = Panel(china.prompt(table, A), china.build(table, A))
    gives = [label for label in _options(root) if label.startswith("Give")]
    assert gives == ["Give 🟥 red…", "Give 🟨 yellow…", "Give 🟩 green…"]
    take = china.resolve(table, A, "xg.0", ("r",))
    assert isinstance(take, Panel) and take.focus == BOARD and "You give 🟥 red." in take.content
    takes = list(_options(take))
    assert takes[0] == "Give 🟥 red, draw from the deck"
    assert len(takes) == sum(1 for a in exchanges if a["give"] == "red")
    assert labels(take.view)[-1] == "Back"
    assert china.resolve(table, A, "xch.0", ("r.deck",)) == {"type": "exchange", "give": "red", "take": "deck"}
    reached, _ = _walk(table, A)
    assert canonical(reached) == canonical(GAME.legal_actions(table.state, A))


async def test_refill_one_card_at_a_time_with_the_display_shown(service: TableService) -> None:
    state = position(current=A, hands={A: "ryy"}, display="ppor")
    state, _ = GAME.apply(state, A, {"type": "place", "region": "qin", "cards": ["yellow"],
                                     "pieces": [{"kind": "house", "space": "qin1"}]})
    table = await _at(service, state)
    text = china.prompt(table, A)
    assert "refill your hand: draw 1 more card." in text
    assert "Face-up: 🟥 red, 🟧 orange, 2 × 🟪 purple. Deck: " in text
    assert "Your hand: 🟥 red, 🟨 yellow." in text
    view = china.build(table, A)
    assert view is not None
    deck = GAME.view(state, None)["deck_count"]
    assert labels(view) == [
        f"Draw from the deck ({deck} left)", "Take face-up 🟥 red", "Take face-up 🟧 orange", "Take face-up 🟪 purple"
    ]
    assert china.resolve(table, A, "drw.deck", ()) == {"type": "draw", "source": "deck"}
    assert china.resolve(table, A, "drw.p", ()) == {"type": "draw", "source": "display", "color": "purple"}


async def test_a_forced_pass(service: TableService) -> None:
    # After the second exhaustion with an empty hand and an empty display, passing is all that is left.
    state = position(current=C, hands={C: ""}, display="", deck="", exhaustions=2)
    table = await _at(service, state)
    assert GAME.legal_actions(state, C) == [{"type": "pass"}]
    assert labels(china.build(table, C)) == ["Pass"]
    assert "you can neither place a piece nor exchange a card, so you pass." in china.prompt(table, C)
    assert "Your hand: no cards." in china.prompt(table, C)
    assert "The deck is gone: this is the last round." in china.prompt(table, C)
    assert china.resolve(table, C, "pass", ()) == {"type": "pass"}


async def test_texts_and_option_labels(service: TableService) -> None:
    table = await _at(service, position(current=A, fortifications=True, hands={A: "rgg"}))
    assert china.hand_text(table, A) == (
        "Your hand: 🟥 red, 2 × 🟩 green. In supply: 20 houses, 8 emissaries, 1 fortification. Score: 0 points."
    )
    assert china.hand_text(table, B).startswith("Your hand: ") and "🟥 red, 2 × 🟩 green" not in china.hand_text(
        table, B
    )
    side, forts = GAME.options
    assert [option_text("china", side, v) for v in side.choices] == [
        "by player count (3: the 3-4 side, 4 or 5: the 4-5 side)", "the 3-4 side", "the 4-5 side"
    ]
    assert [option_text("china", forts, v) for v in forts.choices] == ["off", "on"]
    summary = SPEC.rules_summary
    assert len(summary) < 4096  # an embed's description
    for fact in ("one card of the region's colour", "two cards of one other colour", "only 1 piece",
                 "1 point per house", "alliance", "4 or more of your houses", "deck runs out a second time",
                 "most pieces left in supply", "doubles"):
        assert fact in summary


@pytest.mark.parametrize(
    ("payload", "values"),
    [
        ("nonsense", ()),
        ("reg.0", ()),
        ("reg.0", ("atlantis",)),
        ("pcs.qi.1.0", ("h9",)),
        ("pcs.qi.1.0", ("x5",)),
        ("pcs.qi.1.0", ("h1-h2-h3",)),
        ("pcs.qi", ("h1",)),
        ("pay.qi.h5.0", ("zz",)),
        ("put.qi.h5", ()),
        ("put.qi.h5.rrrr", ()),
        ("put.atlantis.h1.r", ()),
        ("xch.0", ("r",)),
        ("xch.0", ("x.deck",)),
        ("xch.0", ("r.table",)),
        ("drw.x", ()),
        ("drw", ()),
        ("pass.now", ()),
        ("home.1", ()),
    ],
)
async def test_unreadable_choices_are_user_errors(service: TableService, payload: str, values: tuple[str, ...]) -> None:
    table = await _at(service, position(current=A, hands={A: "ygg"}, houses=fill("qi", {B: 2, D: 2})))
    with pytest.raises(UserError, match="press Play for fresh controls"):
        china.resolve(table, A, payload, values)


async def test_steps_for_what_is_no_longer_legal_say_so(service: TableService) -> None:
    # Wei is full and at its emissary cap: nothing more goes there.
    houses = {**fill("qi", {B: 2, D: 2}), **fill("wei", {B: 4, D: 3})}
    state = position(current=A, hands={A: "ygg"}, houses=houses, emissaries={"wei": {B: 4}})
    table = await _at(service, state)
    for payload, values in [("reg.0", ("wei",)), ("pcs.wei.1.0", ("e",)), ("pay.qi.h5.0", ("rr",))]:
        with pytest.raises(UserError, match="not available any more"):
            china.resolve(table, A, payload, values)
