"""Warlords: windows W1/W2, reactions, Double Six and recycling (spec §2.3, §4.10, §4.14, R14-R25, R34)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME, flow
from bot.games.sun_tzu.data import (
    CAP_AT_SIX,
    FORCED_MARCH,
    MINUS_RECYCLE,
    PLAGUE_RECYCLE,
    PROVINCES,
    REINFORCE,
    REMOVE_ARMY,
    TOTAL_PLAGUE,
)
from bot.games.sun_tzu.state import Battle, Stage
from tests.games.sun_tzu.helpers import BLUE, RED, act, armies, fight, make, reserve

ON = {"warlords": True}


PLAYED = ("n1", "n2", "n3", "n4", "n5")


def window(stage: Stage = Stage.W1, round: int = 2, **kw: Any) -> Any:
    """A warlord window with both assignments on the table (and, in W2, every battle fought)."""
    for colour in ("blue", "red"):
        kw[colour] = {"assignment": PLAYED, "hand": ("n6",), **kw.get(colour, {})}
    if stage is Stage.W2:
        kw["battles"] = tuple(Battle(p, c, c, outcome="tie") for p, c in zip(PROVINCES, PLAYED, strict=True))
    return make(stage=stage, round=round, options={**ON, **kw.pop("options", {})}, **kw)


def uses(state: Any, seat: int) -> list[dict[str, Any]]:
    return [a for a in GAME.legal_actions(state, seat) if a["type"] == "use_warlord"]


def test_only_players_holding_a_warlord_are_asked() -> None:
    state = window(blue={"warlords_held": (REINFORCE,)})
    assert GAME.to_act(state) == {0}
    assert [a["type"] for a in GAME.legal_actions(state, 0)] == ["pass"]  # nothing of blue's on the board yet
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, {"type": "pass"})
    nobody = make(stage=Stage.ASSIGN, options=ON)
    nobody, _ = GAME.apply(
        nobody, 0, {"type": "commit", "cards": dict(qin="n1", chu="n2", jin_yan="n3", han_qi="n4", wu="n5")}
    )
    nobody, events = GAME.apply(
        nobody, 1, {"type": "commit", "cards": dict(qin="n1", chu="n2", jin_yan="n3", han_qi="n4", wu="n5")}
    )
    assert any(e.type == "revealed" for e in events)  # W1 closed at once


def test_remove_an_army_of_either_colour_back_to_its_owner() -> None:
    state = window(
        board={"qin": (BLUE, 2), "wu": (RED, 1)}, red={"warlords_held": (REMOVE_ARMY,)}, blue={"reserve": 16}
    )
    assert {a["province"] for a in uses(state, 1)} == {"qin", "wu"}
    after, _ = GAME.apply(state, 1, {"type": "use_warlord", "warlord": REMOVE_ARMY, "province": "wu"})
    assert armies(after, "wu") == (None, 0) and reserve(after, RED) == 19
    assert after.side(RED).warlords_used == (REMOVE_ARMY,) and after.side(RED).warlords_held == ()
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, {"type": "use_warlord", "warlord": REMOVE_ARMY, "province": "chu"})  # empty


def test_reinforcement_needs_a_blue_province_and_reserve() -> None:
    state = window(stage=Stage.W2, board={"chu": (BLUE, 1)}, blue={"warlords_held": (REINFORCE,), "reserve": 17})
    after, _ = GAME.apply(state, 0, {"type": "use_warlord", "warlord": REINFORCE, "province": "chu"})
    assert armies(after, "chu") == ("blue", 2) and reserve(after, BLUE) == 16
    dry = window(board={"chu": (BLUE, 1)}, blue={"warlords_held": (REINFORCE,), "reserve": 0, "set_aside": 4})
    assert uses(dry, 0) == []


def test_forced_march_to_an_adjacent_empty_or_blue_province() -> None:
    board = {"qin": (BLUE, 1), "chu": (RED, 1)}
    held = {"warlords_held": (FORCED_MARCH,), "reserve": 17}
    geo = window(board=board, blue=held, red={"reserve": 17})
    assert {(a["from"], a["to"]) for a in uses(geo, 0)} == {("qin", "jin_yan"), ("qin", "han_qi")}
    chain = window(board=board, blue=held, red={"reserve": 17}, options={"adjacency": "chain"})
    assert uses(chain, 0) == []  # Qin's only neighbour is red
    after, _ = GAME.apply(geo, 0, {"type": "use_warlord", "warlord": FORCED_MARCH, "from": "qin", "to": "han_qi"})
    assert armies(after, "qin") == (None, 0) and armies(after, "han_qi") == ("blue", 1)


def test_total_plague_only_in_w1_and_round_limits() -> None:
    assert uses(window(red={"warlords_held": (TOTAL_PLAGUE,)}, round=9), 1) == [
        {"type": "use_warlord", "warlord": TOTAL_PLAGUE}
    ]
    assert uses(window(stage=Stage.W2, red={"warlords_held": (TOTAL_PLAGUE,)}), 1) == []
    late = window(round=7, board={"qin": (BLUE, 1)}, red={"warlords_held": (REMOVE_ARMY,)}, blue={"reserve": 17})
    assert uses(late, 1) == [] and GAME.to_act(late) == {1}  # still asked: R15
    w2r6 = window(stage=Stage.W2, round=6, board={"qin": (BLUE, 1)}, red={"warlords_held": (REMOVE_ARMY,)})
    assert len(uses(w2r6, 1)) == 1  # R24: W2 of round 6 comes before its scoring


def test_last_window_waits_for_a_set_aside_army_r34() -> None:
    state = window(stage=Stage.W2, round=9, blue={"set_aside": 1, "hand": ("n6", "n8")})
    assert GAME.to_act(state) == {0, 1}
    state, _ = GAME.apply(state, 0, {"type": "support", "card": "n8"})
    assert GAME.to_act(state) == {1} and reserve(state, BLUE) == 19  # blue has nothing left to wait for
    state, events = GAME.apply(state, 1, {"type": "pass"})
    assert state.stage is Stage.OVER and any(e.type == "scored" for e in events)
    earlier = window(stage=Stage.W2, round=8)
    assert GAME.to_act(earlier) == frozenset()


def test_counter_plague_is_asked_whenever_red_holds_any_warlord() -> None:
    bluff = make(options=ON, red={"warlords_held": (REMOVE_ARMY,)})
    state, _ = fight(bluff, "qin", "plague.1", "n5")
    assert state.stage is Stage.COUNTER and GAME.legal_actions(state, 1) == [{"type": "react", "use": False}]
    with pytest.raises(IllegalAction):
        act(state, RED, {"type": "react", "use": True})
    state, events = act(state, RED, {"type": "react", "use": False})
    assert events[0].type == "reaction_declined"
    assert state.battle is not None and state.battle.outcome == "cancelled"
    none, _ = fight(make(options=ON), "qin", "plague.1", "n5")
    assert none.stage is Stage.PICK


def test_cap_at_six_targets_the_opponent_or_with_the_option_its_own_card() -> None:
    held = {"warlords_held": (CAP_AT_SIX,)}
    relative, _ = fight(make(options=ON, blue=held), "qin", "plus1.1", "n9")
    assert relative.stage is Stage.PICK  # blue's card is not a number: not asked
    own = make(options={**ON, "cap_at_six_target": "own"}, blue=held, board={"qin": (RED, 3)})
    state, _ = fight(own, "qin", "n10", "n6")
    assert state.stage is Stage.CAP
    state, _ = act(state, BLUE, {"type": "react", "use": True})
    assert state.battle is not None and state.battle.capped is BLUE and state.battle.outcome == "tie"
    assert state.province("qin").marks_blue == 0 and state.province("qin").marks_red == 1


def test_recycling_in_phase_5() -> None:
    red = {
        "warlords_held": (PLAGUE_RECYCLE,),
        "assignment": ("plague.1", "n1", "n2", "n3", "n4"),
        "deck": ("n7", "n8", "n9"),
        "hand": ("n5", "n6"),
    }
    played = tuple(Battle(p, "n5", c, outcome="tie") for p, c in zip(PROVINCES, red["assignment"], strict=True))
    state = make(round=2, stage=Stage.CLEANUP, options=ON, red=red, battles=played)
    state = flow.proceed(state, [])
    assert state.stage is Stage.RECYCLE and GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == [{"type": "recycle", "card": None}, {"type": "recycle", "card": "plague.1"}]
    state, events = GAME.apply(state, 1, {"type": "recycle", "card": "plague.1"})
    side = state.side(RED)
    assert side.out_secret == ("n7",) and "plague.1" not in side.out
    assert PLAGUE_RECYCLE in side.warlords_used
    assert events[0].private == {1: {"removed": "n7"}} and "n7" not in str(events[0].public)
    assert GAME.view(state, 1)["out_hidden"][0]["id"] == "n7"
    assert GAME.view(state, 0)["out_hidden"] == [] and GAME.view(state, None)["out_hidden"] is None
    assert GAME.view(state, None)["players"][1]["out_hidden_count"] == 1
    # The recycled Plague is under the deck (red knows it) once red has drawn 2 of n8, n9, plague.1.
    assert "plague.1" in side.deck + side.drawn + side.hand


def test_minus_recycling_is_not_offered_with_an_empty_deck() -> None:
    blue = {"warlords_held": (MINUS_RECYCLE,), "assignment": ("minus1.1", "n1", "n2", "n3", "n4"), "hand": ("n5", "n6")}
    state = make(round=2, stage=Stage.CLEANUP, options=ON, blue=blue)
    assert flow.proceed(state, []).stage is not Stage.RECYCLE
    stocked = make(round=2, stage=Stage.CLEANUP, options=ON, blue={**blue, "deck": ("n9",)})
    state = flow.proceed(stocked, [])
    state, _ = GAME.apply(state, 0, {"type": "recycle", "card": "minus1.1"})
    assert state.side(BLUE).out_secret == ("n9",) and "minus1.1" in state.side(BLUE).hand  # drawn back at once
