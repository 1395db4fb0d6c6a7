"""Army sources and exceptional support (spec §4.8, §4.9, R11, R12, R15)."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME, armies
from bot.games.sun_tzu.data import CHAMPION, HERO, PANDEMIC
from bot.games.sun_tzu.state import Dest, PayKind, Payment, Stage
from tests.games.sun_tzu.helpers import BLUE, RED, act, aside, fight, make, reserve

HAND = ("n1", "n2", "n3", "n4", "n5", "n6", "n8", "plague.1")


def test_a_cost_with_an_empty_reserve_and_one_province_is_automatic() -> None:
    state, _ = fight(make(board={"chu": (BLUE, 3)}, blue={"reserve": 0, "set_aside": 0}), "wu", "plus2", "plus3")
    assert aside(state, BLUE) == 1 and state.province("chu").blue == 2
    assert state.payments == ()


def test_a_cost_pauses_once_its_own_army_lies_set_aside() -> None:
    # The +3's first army makes the set-aside pile non-empty, so support becomes possible: ask (R15).
    state, _ = fight(make(board={"chu": (BLUE, 3)}, blue={"reserve": 0, "set_aside": 0}), "wu", "plus3", "plus3")
    assert aside(state, BLUE) == 1 and state.province("chu").blue == 2
    assert GAME.to_act(state) == {0} and [a["from"] for a in GAME.legal_actions(state, 0)] == ["chu"]
    state, _ = act(state, BLUE, {"type": "source", "from": "chu"})
    assert aside(state, BLUE) == 2 and state.province("chu").blue == 1


def test_a_cost_over_two_provinces_asks_and_may_take_from_any_province() -> None:
    board = {"chu": (BLUE, 3), "qin": (BLUE, 2)}
    state, _ = fight(make(board=board, blue={"reserve": 0, "set_aside": 0}), "wu", "plus2", "plus3")
    assert state.stage is Stage.COSTS and GAME.to_act(state) == {0}
    assert [a["from"] for a in GAME.legal_actions(state, 0)] == ["chu", "qin"]  # no adjacency for costs
    with pytest.raises(IllegalAction):
        act(state, BLUE, {"type": "source", "from": "wu"})
    state, _ = act(state, BLUE, {"type": "source", "from": "qin"})
    assert state.province("qin").blue == 1 and aside(state, BLUE) == 1


def test_nothing_to_pay_with_waives_the_cost_but_the_six_still_marks() -> None:
    state, events = fight(make(blue={"reserve": 0, "set_aside": 0}), "wu", "n6", "n1")
    assert state.province("wu").marks_blue == 1 and state.side(BLUE).marks_total == 0  # R10
    paid = [(e.public["kind"], e.public["sources"]) for e in events if e.type == "armies_paid"]
    assert paid == [("cost", {"none": 1}), ("place", {"none": 5})]  # the win by 5 places nothing either


def test_with_set_aside_armies_the_owner_is_asked_even_when_forced() -> None:
    state, _ = fight(make(blue={"reserve": 0, "set_aside": 1, "hand": HAND}), "wu", "n6", "n9")
    assert state.stage is Stage.COSTS and GAME.to_act(state) == {0}
    legal = GAME.legal_actions(state, 0)
    assert {"type": "source", "from": "none"} in legal and {"type": "support", "card": "n8"} in legal
    waived, _ = act(state, BLUE, {"type": "source", "from": "none"})
    assert waived.payments == () and waived.side(BLUE).marks_total == 0


def test_placement_takes_adjacent_provinces_before_others_under_either_adjacency() -> None:
    board = {"jin_yan": (BLUE, 2), "han_qi": (BLUE, 2), "wu": (BLUE, 2)}
    geo = make(board=board, blue={"reserve": 0, "set_aside": 0})
    state, _ = fight(geo, "qin", "n9", "n6")  # Qin's neighbours (geographic): Chu, Jin-Yan, Han-Qi
    assert state.stage is Stage.PLACEMENT
    assert {a["from"] for a in GAME.legal_actions(state, 0)} == {"jin_yan", "han_qi"}  # never Wu first
    chain = make(board=board, blue={"reserve": 0, "set_aside": 0}, options={"adjacency": "chain"})
    state, _ = fight(chain, "qin", "n9", "n6")  # chain: only Chu is adjacent, and it is empty
    assert {a["from"] for a in GAME.legal_actions(state, 0)} == {"jin_yan", "han_qi", "wu"}
    with_chu = make(
        board={**board, "chu": (BLUE, 1)}, blue={"reserve": 0, "set_aside": 0}, options={"adjacency": "chain"}
    )
    state, _ = fight(with_chu, "qin", "n9", "n6")
    assert state.province("chu").blue == 0 and state.province("qin").blue == 1  # Chu's army went first


def test_challenge_sources_follow_r15() -> None:
    forced = Payment(RED, PayKind.CHALLENGE, Dest.SET_ASIDE, None, 1)
    only_reserve = make()
    assert armies.forced(only_reserve, forced) == armies.RESERVE
    one_province = make(board={"qin": (RED, 2)}, red={"reserve": 0, "set_aside": 0})
    assert armies.forced(one_province, forced) == "qin"
    choice = make(board={"qin": (RED, 2)})
    assert armies.forced(choice, forced) is None and armies.choices(choice, forced) == ("reserve", "qin")
    nothing = make(red={"reserve": 0, "set_aside": 0})
    assert armies.forced(nothing, forced) == armies.NONE
    support_only = make(red={"reserve": 0, "set_aside": 2})
    assert armies.forced(support_only, forced) is None and armies.choices(support_only, forced) == ("none",)


def test_support_any_time_outside_to_act_and_its_limits() -> None:
    state = make(stage=Stage.ASSIGN, blue={"hand": HAND})
    state, _ = GAME.apply(
        state, 0, {"type": "commit", "cards": dict(qin="n1", chu="n2", jin_yan="n3", han_qi="n4", wu="n5")}
    )
    assert GAME.to_act(state) == {1}
    after, events = GAME.apply(state, 0, {"type": "support", "card": "plague.1"})  # waiting for red
    assert events[0].type == "support" and GAME.to_act(after) == {1}
    assert (reserve(after, BLUE), aside(after, BLUE)) == (19, 2) and "plague.1" in after.side(BLUE).out
    before = GAME.dump(after)
    for bad, why in (("n6", "framed"), ("n9", "not in your hand"), ("plague.2", "not in your hand")):
        with pytest.raises(IllegalAction, match=why):
            GAME.apply(after, 0, {"type": "support", "card": bad})
    assert GAME.dump(after) == before
    empty = make(blue={"set_aside": 0, "hand": HAND})
    with pytest.raises(IllegalAction, match="no set-aside"):
        GAME.apply(empty, 0, {"type": "support", "card": "n8"})
    choosing = GAME.new(2, 1)
    with pytest.raises(IllegalAction):
        GAME.apply(choosing, 0, {"type": "support", "card": choosing.sides[0].hand[0]})


def test_support_is_listed_once_per_card_kind_for_seats_to_act() -> None:
    state = make(blue={"hand": (*HAND, "plus1.1", "plus1.2")})
    supports = [a["card"] for a in GAME.legal_actions(state, 0) if a["type"] == "support"]
    assert supports == ["n8", "plague.1", "plus1.1"]


def test_pandemic_costs_from_a_province_when_the_reserve_is_empty() -> None:
    plagues = ("blue:plague.1", "blue:plague.2", "red:plague.1")
    before = make(
        board={"qin": (RED, 2)},
        red={"reserve": 0, "set_aside": 0},
        options={"events": True},
        plagues_revealed=plagues,
        active_event=PANDEMIC,
        event_deck=(HERO, CHAMPION),
    )
    state, _ = fight(before, "wu", "n3", "plague.2")
    assert state.province("qin").red == 1 and aside(state, RED) == 1  # forced: one province, no set-aside
    assert aside(state, BLUE) == 4 and reserve(state, BLUE) == 17
    assert state.events_done == (PANDEMIC,) and state.active_event == HERO
