"""Passing the round's warlord windows ahead, with the orders (R15, spec §4.10): offered on public counts
only, honoured as each window opens, told as a pass by hand, asked again after a warlord use, spent at the
end of the round; until a window opens nothing public tells it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.base import Event, IllegalAction
from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.actions import Commit, parse
from bot.games.sun_tzu.data import (
    CAP_AT_SIX,
    COUNTER_PLAGUE,
    DOUBLE_SIX,
    FORCED_MARCH,
    MINUS_RECYCLE,
    PLAGUE_RECYCLE,
    PROVINCES,
    REINFORCE,
    REMOVE_ARMY,
    TOTAL_PLAGUE,
)
from bot.games.sun_tzu.hidden import resample
from bot.games.sun_tzu.state import Stage, State
from tests.games.sun_tzu.helpers import BLUE, RED, make

ON = {"warlords": True}
ORDERS = dict(zip(PROVINCES, ("n1", "n2", "n3", "n4", "n5"), strict=True))
NAMES = ["Alice", "Bob"]


def commit(ahead: bool = False) -> dict[str, Any]:
    return {"type": "commit", "cards": ORDERS, **({"pass_windows": True} if ahead else {})}


def orders_in(blue: str = REINFORCE, red: str = REMOVE_ARMY, round: int = 1, **kw: Any) -> State:
    """Phase 2, both holding a warlord; blue (seat 0) commits first."""
    return make(round=round, options=ON, blue={"warlords_held": (blue,)}, red={"warlords_held": (red,)}, **kw)


def both_commit(state: State, blue_ahead: bool, red_ahead: bool = False) -> tuple[State, list[Event]]:
    state, _ = GAME.apply(state, 0, commit(blue_ahead))
    return GAME.apply(state, 1, commit(red_ahead))


def public(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, e.public) for e in events]


def offered(state: State, seat: int) -> bool:
    return any(a.get("pass_windows") for a in GAME.legal_actions(state, seat))


def test_the_choice_is_offered_whatever_warlord_is_held() -> None:
    """Every warlord, usable in a window or not (Double Six, the reactions, the recyclers), gets the same
    offer; a seat without an unused warlord gets none before the last round (it is never asked)."""
    for blue in (REINFORCE, FORCED_MARCH, CAP_AT_SIX, MINUS_RECYCLE):
        for red in (REMOVE_ARMY, TOTAL_PLAGUE, COUNTER_PLAGUE, PLAGUE_RECYCLE, DOUBLE_SIX):
            state = orders_in(blue, red)
            assert offered(state, 0) and offered(state, 1), (blue, red)
    spent = make(options=ON, blue={"warlords_used": (REINFORCE,)})
    assert not offered(spent, 0)
    assert offered(make(round=9, options=ON), 0), "the last round's W2 may ask for support (R34)"
    plain = [a for a in GAME.legal_actions(orders_in(), 0) if a["type"] == "commit"]
    assert sum(1 for a in plain if a.get("pass_windows")) * 2 == len(plain), "each order listed both ways"


def test_a_pass_ahead_is_honoured_as_each_window_opens_and_told_as_a_pass() -> None:
    state, events = both_commit(orders_in(), blue_ahead=True)
    assert state.stage is Stage.W1 and GAME.to_act(state) == {1}, "blue is not asked"
    assert public(events)[-1] == ("passed", {"seat": 0, "window": 1})
    assert GAME.describe(events[-1], NAMES, None) == "Alice passes in the warlord window."
    state, events = GAME.apply(state, 1, {"type": "pass"})
    assert state.stage is Stage.W2 and GAME.to_act(state) == {1}, "W2: blue passes again at once"
    assert ("passed", {"seat": 0, "window": 2}) in public(events)
    assert GAME.view(state, 0)["passing_windows"] is True
    state, _ = GAME.apply(state, 1, {"type": "pass"})
    assert state.stage is Stage.ASSIGN and state.round == 2
    assert not state.side(BLUE).pass_windows and GAME.view(state, 0)["passing_windows"] is False, "spent"
    state, _ = both_commit(state, blue_ahead=False)
    assert state.stage is Stage.W1 and GAME.to_act(state) == {0, 1}, "round 2: blue is asked again"


def test_both_passing_ahead_go_straight_to_the_battles() -> None:
    state, events = both_commit(orders_in(), blue_ahead=True, red_ahead=True)
    kinds = [e.type for e in events]
    assert kinds.count("passed") == 4 and "revealed" in kinds
    assert state.stage is Stage.ASSIGN and state.round == 2


def test_a_warlord_use_asks_again_a_seat_that_passed_ahead() -> None:
    """A use cancels every earlier pass (R14), one made ahead too: the seat may answer what it did."""
    state, _ = both_commit(orders_in(board={"qin": (BLUE, 2)}, blue={"reserve": 16}), blue_ahead=True)
    state, _ = GAME.apply(state, 1, {"type": "use_warlord", "warlord": REMOVE_ARMY, "province": "qin"})
    assert state.stage is Stage.W1 and GAME.to_act(state) == {0}
    state, events = GAME.apply(state, 0, {"type": "pass"})
    assert ("passed", {"seat": 0, "window": 2}) in public(events), "W2 is still passed ahead"
    assert state.stage is Stage.ASSIGN and state.round == 2


def test_a_pass_ahead_and_a_pass_by_hand_leave_the_same_public_game() -> None:
    """The same orders, blue passing ahead or by hand: the same public events, views and words once
    every window of the round has closed; only blue's own view tells its choice, until it is spent."""
    ahead, by_hand = orders_in(), orders_in()
    ahead, told_ahead = both_commit(ahead, blue_ahead=True)
    by_hand, told = both_commit(by_hand, blue_ahead=False)
    by_hand, more = GAME.apply(by_hand, 0, {"type": "pass"})
    told += more
    assert sorted(map(str, public(told_ahead))) == sorted(map(str, public(told)))
    for state in (ahead, by_hand):
        state, _ = GAME.apply(state, 1, {"type": "pass"})
    assert GAME.view(ahead, None) == GAME.view(by_hand, None) and GAME.view(ahead, 1) == GAME.view(by_hand, 1)


def test_until_the_window_opens_nothing_public_tells_a_pass_ahead() -> None:
    """Blue commits first, passing ahead or not: red, the thread and the picture see the same, and redrawing
    what red cannot see draws the choice too (the no-leak witness, tests/games/test_contract.py)."""
    base = orders_in()
    ahead, told_ahead = GAME.apply(base, 0, commit(True))
    plain, told = GAME.apply(base, 0, commit(False))
    assert public(told_ahead) == public(told) and all(not e.private for e in told_ahead)
    assert GAME.view(ahead, None) == GAME.view(plain, None) and GAME.view(ahead, 1) == GAME.view(plain, 1)
    assert GAME.view(ahead, 0)["passing_windows"] is True and GAME.view(plain, 0)["passing_windows"] is False
    assert GAME.view(ahead, None)["passing_windows"] is None and GAME.view(ahead, 1)["passing_windows"] is False
    rng = random.Random(3)
    drawn = {resample(ahead, 1, rng).side(BLUE).pass_windows for _ in range(40)}
    assert drawn == {True, False}
    assert {resample(ahead, 0, rng).side(BLUE).pass_windows for _ in range(10)} == {True}, "its own choice"
    assert GAME.dump(ahead)["sides"][0]["pass_windows"] is True  # loaded back in test_properties' games


def test_orders_change_the_choice_until_both_are_in() -> None:
    state, _ = GAME.apply(orders_in(), 0, commit(True))
    state, _ = GAME.apply(state, 0, commit(False))
    state, _ = GAME.apply(state, 1, commit())
    assert GAME.to_act(state) == {0, 1}
    assert not state.side(RED).pass_windows


def test_the_orders_logged_before_keep_their_form() -> None:
    assert Commit.from_dict(commit()).to_dict() == commit()
    assert parse(commit(True)) == Commit(tuple(ORDERS.values()), True)
    assert GAME.action_label(commit(True)) != GAME.action_label(commit())
    with pytest.raises(IllegalAction):
        parse({**commit(), "pass_windows": "yes"})
    assert "pass_windows" not in GAME.dump(orders_in())["sides"][0]
