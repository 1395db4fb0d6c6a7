"""Sun Tzu controls offer exactly the legal choices: every path ends in an action the engine accepts, every
legal action (every sampled set of orders) has a path, within Discord's limits; forged payloads are refused.

Positions come from games between computer players (full with events, beginner, and the other options);
controls are read straight from the controls module, as the Play cog does.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot import games
from bot.errors import UserError
from bot.games.base import Event
from bot.tables import Table, TableService
from cogs import rulebook
from cogs.components import Panel
from cogs.controls import controls_for, option_text
from cogs.controls.sun_tzu import SPEC, orders
from tests.cogs.harness import check_limits, picks
from tests.cogs.tables import started_table

GAME = games.get("sun_tzu")
ST = SPEC.controls
EDITOR = ("o", "oe")
ALL_KINDS = {
    "choose_warlord",
    "commit",
    "pass",
    "use_warlord",
    "support",
    "reveal",
    "react",
    "source",
    "light_infantry",
    "chariot",
    "recycle",
    "keep",
}


async def _table(service: TableService, seed: int, options: dict[str, Any] | None = None) -> Table:
    return await started_table(service, "sun_tzu", 2, seed, options, names=("Ann", "Bo"))


def _positions(table: Table, seed: int) -> Iterator[Table]:
    """Every position of a game between computer players (moving seats in turn), as tables."""
    state, rng = table.state, random.Random(seed)
    for n in range(2_000):
        yield replace(table, state=state, version=n)
        seats = sorted(GAME.to_act(state))
        if not seats:
            return
        seat = seats[n % len(seats)]
        action = GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state, _ = GAME.apply(state, seat, action)


def _kinds(action: dict[str, Any]) -> str:
    """An action with card copies made alike (``plus1.2`` -> ``plus1``): copies are interchangeable."""

    def strip(value: Any) -> Any:
        if isinstance(value, str):
            return value.split(".", 1)[0]
        if isinstance(value, list):
            return sorted(strip(v) for v in value)
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items()}
        return value

    return json.dumps({k: strip(v) for k, v in action.items()}, sort_keys=True)


def _reachable(
    table: Table, seat: int, start: discord.ui.View | None = None
) -> tuple[list[dict[str, Any]], list[Panel]]:
    """Every action reachable by clicks from the seat's controls (or ``start``), never following "Back", and
    the orders editors met on the way (not entered: their paths are checked apart)."""
    found: list[dict[str, Any]] = []
    editors: list[Panel] = []

    def visit(view: discord.ui.View | None, depth: int) -> None:
        assert view is not None and depth < 4
        check_limits(view)
        for payload, values in picks(view):
            verb = payload.partition(".")[0]
            if verb == "home":
                continue
            step = ST.resolve(table, seat, payload, values)
            if verb in EDITOR:
                assert isinstance(step, Panel)
                editors.append(step)
            elif isinstance(step, Panel):
                visit(step.view, depth + 1)
            else:
                found.append(step)

    view = start or ST.build(table, seat)
    if view is not None:
        visit(view, 0)
    return found, editors


def _fill(table: Table, seat: int, codes: str, passing: bool = False) -> dict[str, Any]:
    """Click the five province selects to give ``codes``, then Confirm (or Confirm and pass the windows)."""
    current, payloads, text = "-----", [], ""
    for i, code in enumerate(codes):
        step = ST.resolve(table, seat, f"o.{current}.{i}", (code,))
        assert isinstance(step, Panel) and step.view is not None
        check_limits(step.view)
        current = current[:i] + code + current[i + 1 :]
        payloads, text = [payload for payload, _ in picks(step.view)], step.content
    confirm = f"{'ocp' if passing else 'oc'}.{codes}"
    assert confirm in payloads and "Your orders for round" in text
    action = ST.resolve(table, seat, confirm, ())
    assert isinstance(action, dict)
    return action


def _random_orders(table: Table, seat: int, rng: random.Random) -> dict[str, Any]:
    """A random walk through the editor (any select, any card, moves included) until an action: the orders,
    or exceptional support from their summary."""
    step: Any = Panel(ST.prompt(table, seat), ST.build(table, seat))
    for _ in range(60):
        assert isinstance(step, Panel) and step.view is not None
        check_limits(step.view)
        offered = list(picks(step.view))
        confirm = [p for p in offered if p[0].startswith(("oc.", "ocp."))]
        empty = [p for p in offered if p[0].startswith("o.") and p[0].split(".")[1][int(p[0].split(".")[2])] == "-"]
        if confirm and rng.random() < 0.6:
            payload, values = rng.choice(confirm)
        else:  # mostly a province still without a card, as a person would
            payload, values = rng.choice(empty if empty and rng.random() < 0.8 else offered)
        step = ST.resolve(table, seat, payload, values)
        if isinstance(step, dict):
            return step
    raise AssertionError("no orders after 60 clicks")


def _codes(action: dict[str, Any]) -> str:
    return "".join(orders.CODES[card.split(".", 1)[0]] for card in action["cards"].values())


GAMES = [
    (9, {"events": True}),
    (3, {"events": True, "cap_at_six_target": "own", "adjacency": "chain"}),
    (4, {"beginner": True, "events": True, "warlords": False}),
    (10, {"events": True, "plague_rounding": "up", "colour_assignment": "seat_order"}),
]


@pytest.mark.parametrize(("seed", "options"), GAMES)
async def test_controls_reach_exactly_the_legal_actions(service: TableService, seed: int, options: Any) -> None:
    table, rng, kinds = await _table(service, seed, options), random.Random(seed), set()
    for position in _positions(table, seed):
        for seat in (0, 1):
            legal = GAME.legal_actions(position.state, seat)
            reached, editors = _reachable(position, seat)
            kinds |= {a["type"] for a in reached}
            samples = [a for a in legal if a["type"] == "commit"]
            if samples:
                # The orders: every sampled legal set of orders has a path, and so has exceptional support (from
                # the orders' summary); a random path through the editor ends in orders the engine accepts.
                kinds.add("commit")
                assert not reached and editors  # the root is the editor: five selects
                for sample in samples[:: max(1, len(samples) // 5)]:
                    passing = bool(sample.get("pass_windows"))
                    assert _kinds(_fill(position, seat, _codes(sample), passing)) == _kinds(sample)
                codes = _codes(samples[0])  # the same card again in Qin: complete orders show the summary
                review = ST.resolve(position, seat, f"o.{codes}.0", (codes[0],))
                assert isinstance(review, Panel)
                reached, _ = _reachable(position, seat, review.view)
                both = [a for a in samples if _codes(a) == codes]  # passing the windows ahead, where offered, or not
                assert _kinds_of(reached) == _kinds_of([*(a for a in legal if a["type"] != "commit"), *both])
                GAME.apply(position.state, seat, _random_orders(position, seat, rng))
            elif legal:
                assert _kinds_of(reached) == _kinds_of(legal)
            else:
                # Not waited for: only changing committed orders or exceptional support, and both are accepted.
                assert ST.may_act(position, seat) == bool(reached or editors)
                for action in reached:
                    assert action["type"] == "support"
                    GAME.apply(position.state, seat, action)
                for editor in editors:  # "Change my orders": the five selects with the committed orders
                    assert "Change your orders" in editor.content and editor.view is not None
                    assert len(editor.view.children) == 5
            for action in reached:
                GAME.apply(position.state, seat, action)  # raises IllegalAction if not legal
    expected = ALL_KINDS if seed == 9 else {"commit", "keep", "reveal"}
    assert expected <= kinds


def _kinds_of(actions: list[dict[str, Any]]) -> list[str]:
    return sorted(set(map(_kinds, actions)))


async def test_orders_editor_lists_the_hand_and_moves_cards(service: TableService) -> None:
    table = await _table(service, 5, {"warlords": False})
    seat = 0
    view = GAME.view(table.state, seat)
    panel = Panel(ST.prompt(table, seat), ST.build(table, seat))
    assert panel.view is not None and len(panel.view.children) == 5
    held = {orders.CODES[c["card"]] for c in view["hand"]}
    for select in panel.view.children:
        assert {o.value for o in select.item.options} == held  # type: ignore[attr-defined]
    # The 1 goes to Qin, then to Chu: it leaves Qin empty (each card once).
    step = ST.resolve(table, seat, "o.-----.0", ("1",))
    assert isinstance(step, Panel) and "Qin (" in step.content
    step = ST.resolve(table, seat, "o.1----.1", ("1",))
    assert isinstance(step, Panel) and step.view is not None
    payloads = [item.payload for item in step.view.children]  # type: ignore[attr-defined]
    assert payloads[0] == "o.-1---.0"
    # Complete orders show the summary with Confirm; Confirm commits those cards.
    done = ST.resolve(table, seat, "o.1234-.4", ("5",))
    assert isinstance(done, Panel) and "Your orders for round 1" in done.content
    action = ST.resolve(table, seat, "oc.12345", ())
    assert action == {"type": "commit", "cards": _cards("n1 n2 n3 n4 n5")}


async def test_a_marked_province_never_offers_the_6(service: TableService) -> None:
    table = await _table(service, 5, {"warlords": False})
    state = table.state
    provinces = list(state.provinces)
    seat0_is_blue = state.sides[0].seat == 0  # sides are (blue, red)
    provinces[0] = replace(provinces[0], **({"marks_blue": 1} if seat0_is_blue else {"marks_red": 1}))
    table = replace(table, state=replace(state, provinces=tuple(provinces)))
    view = ST.build(table, 0)
    assert view is not None
    qin, chu = view.children[0].item, view.children[1].item  # type: ignore[attr-defined]
    assert "6" not in {o.value for o in qin.options} and "6" in {o.value for o in chu.options}
    with pytest.raises(UserError, match="cannot put that card in Qin"):
        ST.resolve(table, 0, "o.-----.0", ("6",))


@pytest.mark.parametrize(
    ("payload", "values"),
    [
        ("nonsense", ()),
        ("o.12345", ()),
        ("o.12.0", ("1",)),
        ("o.-----.7", ("1",)),
        ("o.-----.0", ("Z",)),
        ("o.-----.0", ()),
        ("oc.12Z45", ()),
        ("rv.mongolia", ()),
        ("re.2", ()),
        ("src.moon", ()),
        ("use.chu_nuke", ()),
        ("use.wu_reinforce.atlantis", ()),
        ("mv", ("qin",)),
        ("wl", ("wu_laser",)),
        ("sup.n99", ()),
        ("kp.", ()),
        ("ch.x.y", ()),
        ("li", ()),
    ],
)
async def test_unreadable_choices_are_user_errors(service: TableService, payload: str, values: tuple[str, ...]) -> None:
    table = await _table(service, 5, {"warlords": True})
    with pytest.raises(UserError):
        ST.resolve(table, 0, payload, values)


async def test_orders_lock_when_both_committed(service: TableService) -> None:
    table = await _table(service, 5, {"warlords": False})
    state = table.state
    for seat in (0, 1):
        state, _ = GAME.apply(state, seat, {"type": "commit", "cards": _cards("n1 n2 n3 n4 n5")})
    later = replace(table, state=state, version=table.version + 2)
    with pytest.raises(UserError, match="locked"):
        ST.resolve(later, 0, "oc.54321", ())
    assert not ST.version_free("rv.qin") and ST.version_free("oc.12345") and ST.version_free("o.-----.0")


async def test_a_second_confirm_changes_nothing(service: TableService) -> None:
    table = await _table(service, 5, {"warlords": False})
    state, _ = GAME.apply(table.state, 0, {"type": "commit", "cards": _cards("n1 n2 n3 n4 n5")})
    table = replace(table, state=state, version=1)
    again = ST.resolve(table, 0, "oc.12345", ())
    assert isinstance(again, Panel) and "committed already" in again.content
    changed = ST.resolve(table, 0, "oc.54321", ())
    assert isinstance(changed, dict) and changed["cards"]["qin"] == "n5"
    # The committed seat is not waited for but may change its orders: "Change my orders" opens the editor.
    assert 0 not in GAME.to_act(state) and ST.may_act(table, 0)
    view = ST.build(table, 0)
    assert view is not None and "Change my orders" in [item.item.label for item in view.children]  # type: ignore[attr-defined]


def _cards(text: str) -> dict[str, str]:
    return dict(zip(("qin", "chu", "jin_yan", "han_qi", "wu"), text.split(), strict=True))


async def test_texts_show_only_the_seats_own_cards(service: TableService) -> None:
    table = await _table(service, 5, {"warlords": False})
    state, _ = GAME.apply(table.state, 1, {"type": "commit", "cards": _cards("n5 n4 n3 n2 n1")})
    table = replace(table, state=state, version=1)
    own = GAME.view(state, 1)
    assert "Your face-down orders: Qin 5, Chu 4, Jin-Yan 3, Han-Qi 2, Wu 1." in ST.hand_text(table, 1)
    assert "face-down" not in ST.hand_text(table, 0) and "face-down" not in ST.prompt(table, 0)
    assert "Bo has committed" in ST.prompt(table, 0)
    hand = " · ".join(c["label"] for c in own["hand"])
    assert hand.split(" · ")[0] in ST.hand_text(table, 1)


def test_a_win_without_removal_reads_well() -> None:
    battle = {"province": "qin", "winner": 0, "margin": 4, "removed": 0, "placed": 4, "blue_value": 5}
    assert GAME.describe(Event("battle", battle), ["Ann", "Bo"]) == "Ann wins Qin by 4, placing 4 armies."


def test_rules_summary_and_option_labels() -> None:
    assert controls_for("sun_tzu") is ST
    text = rulebook.summary("sun_tzu")
    assert text == SPEC.rules_summary and len(text) < 4096
    for words in ("rounds 3, 6 and 9", "Exceptional support", "Plague", "beginner", "change your orders"):
        assert words.lower() in text.lower()
    options = {opt.key: opt for opt in GAME.options}
    assert option_text("sun_tzu", options["plague_rounding"], "up") == "half, rounded up"
    assert option_text("sun_tzu", options["cap_at_six_target"], "opponent") == "red's 7-10"
    assert option_text("sun_tzu", options["beginner"], True) == "yes"


def _with_warlords(table: Table, blue: str, red: str) -> Table:
    """The table at its first orders, blue and red having kept ``blue`` and ``red``."""
    state = table.state
    for colour, wid in (("blue", blue), ("red", red)):
        seat = next(s for s in (0, 1) if GAME.view(state, s)["viewer_colour"] == colour)
        state, _ = GAME.apply(state, seat, {"type": "choose_warlord", "warlord": wid})
    return replace(table, state=state, version=2)


def _review(table: Table, seat: int) -> Panel:
    panel = ST.resolve(table, seat, "o.1234-.4", ("5",))
    assert isinstance(panel, Panel) and panel.view is not None
    return panel


async def test_confirm_and_pass_is_offered_alike_whatever_warlord_is_held(service: TableService) -> None:
    """The orders' summary offers to pass the round's warlord windows ahead in the same words and buttons
    whether the warlord kept could be used in a window or not, so the offer tells nothing of it."""
    table = await _table(service, 5, {"warlords": True})
    blue_seat = next(s for s in (0, 1) if GAME.view(table.state, s)["viewer_colour"] == "blue")
    seen = set()
    for blue, red in (("wu_reinforce", "chu_remove_army"), ("wu_cap_at_six", "chu_double_six"),
                      ("wu_minus_recycle", "chu_counter_plague"), ("wu_move_army", "chu_total_plague")):
        position = _with_warlords(table, blue, red)
        for seat in (0, 1):
            panel = _review(position, seat)
            assert panel.view is not None
            labels = tuple((p, item.item.label) for p, item in zip(  # type: ignore[attr-defined]
                (payload for payload, _ in picks(panel.view)), panel.view.children, strict=True))
            seen.add((seat, panel.content, labels))
            assert ("ocp.12345", "Confirm and pass this round's warlord windows") in labels
    assert len(seen) == 2, "one summary per seat, whatever warlord it holds"
    position = _with_warlords(table, "wu_cap_at_six", "chu_double_six")
    action = ST.resolve(position, blue_seat, "ocp.12345", ())
    assert action == {"type": "commit", "cards": _cards("n1 n2 n3 n4 n5"), "pass_windows": True}


async def test_confirm_and_pass_commits_once_and_says_so(service: TableService) -> None:
    table = _with_warlords(await _table(service, 5, {"warlords": True}), "wu_reinforce", "chu_remove_army")
    action = ST.resolve(table, 0, "ocp.12345", ())
    assert isinstance(action, dict)
    state, _ = GAME.apply(table.state, 0, action)
    table = replace(table, state=state, version=3)
    again = ST.resolve(table, 0, "ocp.12345", ())
    assert isinstance(again, Panel) and "committed already" in again.content
    assert "You pass this round's warlord windows as they open." in again.content
    assert "You pass this round's warlord windows as they open." in ST.prompt(table, 0)
    assert "warlord windows as they open" not in ST.prompt(table, 1), "the other seat is not told"
    plain = ST.resolve(table, 0, "oc.12345", ())
    assert plain == {"type": "commit", "cards": _cards("n1 n2 n3 n4 n5")}, "the same orders, now deciding each"
    # Once both are in, the seat that passed ahead is not asked in the window; the panel says why.
    state, _ = GAME.apply(state, 1, {"type": "commit", "cards": _cards("n1 n2 n3 n4 n5")})
    table = replace(table, state=state, version=4)
    assert GAME.to_act(state) == {1}
    assert "Nothing is due from you now" in ST.prompt(table, 0) and "as they open" in ST.prompt(table, 0)


async def test_no_pass_ahead_without_a_window_to_be_asked_in(service: TableService) -> None:
    table = await _table(service, 5, {"warlords": False})
    assert all(not payload.startswith("ocp.") for payload, _ in picks(_review(table, 0).view))
    # A forged "Confirm and pass" commits the orders alone.
    assert ST.resolve(table, 0, "ocp.12345", ()) == {"type": "commit", "cards": _cards("n1 n2 n3 n4 n5")}
