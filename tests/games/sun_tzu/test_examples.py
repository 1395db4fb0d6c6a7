"""Every worked example of docs/rules/sun_tzu.md §9 (X1-X36), one test each, named after it."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME, flow, turns
from bot.games.sun_tzu.combat import plague_left
from bot.games.sun_tzu.data import (
    CHAMPION,
    DOUBLE_SIX,
    FORCED_MARCH,
    HEAD_START,
    HERO,
    LIGHT_INFANTRY,
    PANDEMIC,
    REMOVE_ARMY,
    TOTAL_PLAGUE,
    WAR_CHARIOT,
)
from bot.games.sun_tzu.state import Battle, Stage
from tests.games.sun_tzu.helpers import BLUE, RED, act, armies, aside, fight, make, reserve

COMMIT_SIX_ON_QIN = {"type": "commit", "cards": {"qin": "n6", "chu": "n1", "jin_yan": "n2", "han_qi": "n3", "wu": "n4"}}

# -- rulebook examples [seed] ------------------------------------------------------------------------


def test_x1_empty_wu_red_wins_by_4() -> None:
    state, _ = fight(make(), "wu", "n5", "n9")
    assert armies(state, "wu") == ("red", 4)
    assert reserve(state, RED) == 14


def test_x2_wu_held_by_red_gains_4() -> None:
    state, _ = fight(make(board={"wu": (RED, 2)}, red={"reserve": 16}), "wu", "n5", "n9")
    assert armies(state, "wu") == ("red", 6)
    assert reserve(state, RED) == 12


def test_x3_blue_with_more_than_4_removes_4() -> None:
    state, _ = fight(make(board={"wu": (BLUE, 6)}, blue={"reserve": 12}), "wu", "n5", "n9")
    assert armies(state, "wu") == ("blue", 2)
    assert reserve(state, BLUE) == 16
    assert reserve(state, RED) == 18  # red places nothing


def test_x4_blue_with_exactly_4_empties_wu() -> None:
    state, _ = fight(make(board={"wu": (BLUE, 4)}, blue={"reserve": 14}), "wu", "n5", "n9")
    assert armies(state, "wu") == (None, 0)
    assert reserve(state, BLUE) == 18


def test_x5_blue_with_3_loses_wu_to_red_1() -> None:
    state, _ = fight(make(board={"wu": (BLUE, 3)}, blue={"reserve": 15}), "wu", "n5", "n9")
    assert reserve(state, BLUE) == 18
    assert armies(state, "wu") == ("red", 1)
    assert reserve(state, RED) == 17


def test_x6_scoring_example_moves_marker_to_plus_3() -> None:
    board = {"qin": (BLUE, 1), "chu": (BLUE, 1), "jin_yan": (BLUE, 1), "han_qi": (RED, 1), "wu": (RED, 1)}
    state = make(round=3, board=board, screens=(8, 4, 1, 5, 2), stage=Stage.SCORING)
    events: list = []
    state = flow.STEPS[Stage.SCORING](state, events)
    assert state is not None
    assert (state.scorings[-1].blue, state.scorings[-1].red) == (6, 3)
    assert state.score_marker == 3
    assert state.stage is Stage.CLEANUP  # no instant win: phase 5 follows


# -- card interactions --------------------------------------------------------------------------------


def test_x7_plus1_against_7() -> None:
    state, _ = fight(make(), "chu", "plus1.1", "n7")
    assert state.battle is not None and (state.battle.outcome, state.battle.margin) == ("blue", 1)
    assert armies(state, "chu") == ("blue", 1)


def test_x8_minus1_against_10() -> None:
    state, _ = fight(make(board={"chu": (BLUE, 3)}, blue={"reserve": 15}), "chu", "minus1.1", "n10")
    assert armies(state, "chu") == ("blue", 2)
    assert reserve(state, BLUE) == 16


@pytest.mark.parametrize(("blue", "red"), [("plus1.1", "plus1.2"), ("minus1.1", "minus1.2"), ("n4", "n4")])
def test_x9_equal_cards_tie(blue: str, red: str) -> None:
    before = make(board={"chu": (RED, 2)})
    state, _ = fight(before, "chu", blue, red)
    assert state.battle is not None and state.battle.outcome == "tie"
    assert armies(state, "chu") == ("red", 2)
    assert (reserve(state, BLUE), reserve(state, RED)) == (18, 18)


def test_x10_plus2_against_plus1() -> None:
    state, _ = fight(make(), "qin", "plus2", "plus1.1")
    assert aside(state, BLUE) == 4
    assert armies(state, "qin") == ("blue", 1)
    assert reserve(state, BLUE) == 16


def test_x11_minus1_against_plus3() -> None:
    state, _ = fight(make(board={"han_qi": (BLUE, 2)}, blue={"reserve": 16}), "han_qi", "minus1.1", "plus3")
    assert aside(state, RED) == 5
    assert reserve(state, BLUE) == 18
    assert armies(state, "han_qi") == ("red", 1)
    assert reserve(state, RED) == 15


def test_x12_plus1_beats_minus1_by_1() -> None:
    state, _ = fight(make(board={"jin_yan": (RED, 1)}, red={"reserve": 17}), "jin_yan", "plus1.1", "minus1.1")
    assert state.battle is not None and (state.battle.outcome, state.battle.margin) == ("blue", 1)
    assert armies(state, "jin_yan") == (None, 0)


@pytest.mark.parametrize(
    ("blue", "red", "winner", "margin"),
    [("plus1.1", "plus3", "red", 2), ("plus2", "minus1.1", "blue", 2), ("plus3", "minus1.1", "blue", 3)],
)
def test_x13_relative_cards_against_each_other(blue: str, red: str, winner: str, margin: int) -> None:
    state, _ = fight(make(), "qin", blue, red)
    assert state.battle is not None and (state.battle.outcome, state.battle.margin) == (winner, margin)
    if red == "plus3":
        assert aside(state, RED) == 5


# -- Plague ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rounding", "left", "res"), [("down_min1", 2, 13), ("up", 3, 12)])
def test_x14_plague_halves_blue_5(rounding: str, left: int, res: int) -> None:
    before = make(board={"han_qi": (BLUE, 5)}, blue={"reserve": 10}, options={"plague_rounding": rounding})
    state, _ = fight(before, "han_qi", "n8", "plague.1")
    assert state.battle is not None and state.battle.outcome == "cancelled"
    assert armies(state, "han_qi") == ("blue", left)
    assert reserve(state, BLUE) == res
    state = flow.proceed(state, [])  # on through phase 5
    assert "n8" in state.side(BLUE).out


def test_x15_plague_on_small_numbers() -> None:
    assert [plague_left(n, "down_min1", False) for n in range(8)] == [0, 1, 1, 1, 2, 2, 3, 3]
    assert [plague_left(n, "up", False) for n in range(8)] == [0, 1, 1, 2, 2, 3, 3, 4]
    assert [plague_left(n, "down_min1", True) for n in range(8)] == [0, 1, 1, 1, 1, 1, 1, 1]
    for n, left in enumerate([0, 1, 1, 1, 2, 2, 3, 3]):
        state, _ = fight(make(board={"qin": (BLUE, n)}), "qin", "n7", "plague.1")
        assert state.province("qin").blue == left


def test_x16_plague_against_plague_halves_once() -> None:
    state, _ = fight(make(board={"qin": (RED, 4)}, red={"reserve": 14}), "qin", "plague.1", "plague.2")
    assert armies(state, "qin") == ("red", 2)
    assert reserve(state, RED) == 16
    assert state.plagues_revealed == ("blue:plague.1", "red:plague.2")


def test_x17_total_plague() -> None:
    w1 = make(round=5, stage=Stage.W1, options={"warlords": True}, red={"warlords_held": (TOTAL_PLAGUE,)})
    declared, events = act(w1, RED, {"type": "use_warlord", "warlord": TOTAL_PLAGUE})
    assert declared.total_plague and TOTAL_PLAGUE in declared.side(RED).warlords_used
    assert any(e.type == "warlord_used" for e in events)  # now public
    state, _ = fight(
        make(round=5, board={"wu": (BLUE, 6)}, blue={"reserve": 4}, total_plague=True), "wu", "n10", "plague.1"
    )
    assert armies(state, "wu") == ("blue", 1) and reserve(state, BLUE) == 9
    state, _ = fight(make(round=5, board={"chu": (BLUE, 3)}, total_plague=True), "chu", "n2", "plague.2")
    assert armies(state, "chu") == ("blue", 1) and reserve(state, BLUE) == 20
    # In round 6 a Plague halves again: the flag ends with the round.
    keep = make(round=5, stage=Stage.KEEP, total_plague=True)
    assert flow.proceed(keep, []).total_plague is False


def test_x18_counter_plague() -> None:
    before = make(options={"warlords": True}, red={"warlords_held": ("chu_counter_plague",)})
    state, _ = fight(before, "jin_yan", "plague.1", "n4")
    assert state.stage is Stage.COUNTER and GAME.to_act(state) == {1}
    state, _ = act(state, RED, {"type": "react", "use": True})
    assert armies(state, "jin_yan") == ("red", 4)
    assert "blue:plague.1" in state.plagues_revealed  # still counts for Pandemic
    both, _ = fight(before, "jin_yan", "plague.1", "plague.2")
    assert both.stage is not Stage.COUNTER  # red is not offered Counter Plague


# -- warlords, marks and events --------------------------------------------------------------------------


def test_x19_cap_at_six_with_champion_challenge() -> None:
    before = make(
        options={"warlords": True, "events": True},
        blue={"warlords_held": ("wu_cap_at_six",)},
        active_event=CHAMPION,
        event_deck=(HERO, LIGHT_INFANTRY, PANDEMIC, WAR_CHARIOT),
    )
    state, _ = fight(before, "chu", "n7", "n9")
    assert state.stage is Stage.CAP and GAME.to_act(state) == {0}
    state, _ = act(state, BLUE, {"type": "react", "use": True})
    assert armies(state, "chu") == ("blue", 1)
    assert state.province("chu").marks_red == 0
    assert (aside(state, RED), reserve(state, RED)) == (4, 17)  # Champion Challenge: red's printed 9 lost
    assert state.events_done == (CHAMPION,) and state.active_event == HERO


def test_x20_a_six_marks_then_is_banned() -> None:
    state, _ = fight(make(round=2, board={"qin": (RED, 1)}, red={"reserve": 17}), "qin", "n6", "n4")
    assert state.province("qin").marks_blue == 1 and state.side(BLUE).marks_total == 1
    assert reserve(state, RED) == 18
    assert armies(state, "qin") == ("blue", 1)
    assert reserve(state, BLUE) == 16
    later = make(round=3, marks={"qin": (1, 0)})
    with pytest.raises(IllegalAction):
        GAME.apply(later, 0, COMMIT_SIX_ON_QIN)


def test_x21_six_against_six_then_double_six() -> None:
    state, _ = fight(make(round=3), "chu", "n6", "n6")
    assert state.province("chu").marks_blue == state.province("chu").marks_red == 1
    assert (reserve(state, BLUE), reserve(state, RED)) == (17, 17)
    assert armies(state, "chu") == (None, 0)
    r6 = make(round=6, marks={"chu": (1, 1)}, options={"warlords": True}, red={"warlords_held": (DOUBLE_SIX,)})
    red_commit = {"type": "commit", "cards": {"qin": "n1", "chu": "n6", "jin_yan": "n2", "han_qi": "n3", "wu": "n4"}}
    committed, _ = GAME.apply(r6, 1, red_commit)  # legal: red has exactly one mark there
    assert committed.side(RED).assignment is not None
    state, _ = fight(r6, "chu", "n3", "n6")
    assert DOUBLE_SIX in state.side(RED).warlords_used and state.province("chu").marks_red == 2
    assert armies(state, "chu") == ("red", 3)
    six_anywhere = make(round=7, marks={"chu": (1, 2)}, options={"warlords": True})
    for seat in (0, 1):
        with pytest.raises(IllegalAction):
            GAME.apply(six_anywhere, seat, red_commit)


# -- army sources and exceptional support ----------------------------------------------------------------


def test_x22_reserve_short_take_from_neighbours() -> None:
    board = {"chu": (BLUE, 2), "han_qi": (BLUE, 3), "qin": (BLUE, 2)}
    state, _ = fight(make(board=board, blue={"reserve": 1, "set_aside": 0}), "wu", "n10", "n6")
    assert state.stage is Stage.PLACEMENT and state.payment_of(BLUE) is not None
    assert state.payment_of(BLUE).count == 3  # type: ignore[union-attr]
    with pytest.raises(IllegalAction):
        act(state, BLUE, {"type": "source", "from": "qin"})
    state, _ = act(state, BLUE, {"type": "source", "from": "han_qi"})
    state, _ = act(state, BLUE, {"type": "source", "from": "han_qi"})
    state, _ = act(state, BLUE, {"type": "source", "from": "chu"})
    assert [armies(state, p)[1] for p in ("wu", "chu", "han_qi", "qin")] == [4, 1, 1, 2]
    assert reserve(state, BLUE) == 0


def test_x23_neighbours_not_enough() -> None:
    board = {"chu": (BLUE, 1), "han_qi": (BLUE, 1), "qin": (BLUE, 4)}
    state, _ = fight(make(board=board, blue={"reserve": 0, "set_aside": 0}), "wu", "n10", "n6")
    assert armies(state, "wu") == ("blue", 4) and armies(state, "qin") == ("blue", 2)
    assert armies(state, "chu") == (None, 0) and armies(state, "han_qi") == (None, 0)
    variant = make(board={"chu": (BLUE, 1), "qin": (BLUE, 2)}, blue={"reserve": 0, "set_aside": 0})
    state, events = fight(variant, "wu", "n10", "n5")
    assert armies(state, "wu") == ("blue", 3)
    paid = [e for e in events if e.type == "armies_paid" and e.public["seat"] == 0]
    assert paid[-1].public["sources"]["none"] == 2  # 2 stay unplaced


def test_x24_exceptional_support() -> None:
    state = make(blue={"set_aside": 3, "reserve": 0, "hand": ("n1", "n2", "n3", "n4", "n5", "n6", "n9")})
    after, events = GAME.apply(state, 0, {"type": "support", "card": "n9"})
    assert (aside(after, BLUE), reserve(after, BLUE)) == (2, 1)
    assert "n9" in after.side(BLUE).out and events[0].public["card"] == "n9"  # shown to red
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"type": "support", "card": "n3"})
    board = {"chu": (BLUE, 1), "han_qi": (BLUE, 1), "qin": (BLUE, 4)}
    x23 = make(board=board, blue={"reserve": 0, "set_aside": 1, "hand": ("n1", "n2", "n3", "n4", "n5", "n6", "n9")})
    state, _ = fight(x23, "wu", "n10", "n6")
    assert state.stage is Stage.PLACEMENT  # not forced while a set-aside army remains
    state, _ = act(state, BLUE, {"type": "support", "card": "n9"})
    state, _ = act(state, BLUE, {"type": "source", "from": "reserve"})
    assert armies(state, "wu") == ("blue", 4)
    assert [state.province(p).blue for p in ("chu", "han_qi", "qin")] == [0, 0, 3]


def test_x25_six_with_an_empty_reserve() -> None:
    before = make(
        board={"qin": (BLUE, 3)},
        blue={"reserve": 0, "set_aside": 2, "hand": ("n1", "n2", "n3", "n4", "n5", "n6", "n7")},
    )
    state, _ = fight(before, "wu", "n6", "n2")
    assert state.stage is Stage.COSTS and GAME.to_act(state) == {0}
    supported, _ = act(state, BLUE, {"type": "support", "card": "n7"})
    assert reserve(supported, BLUE) == 1
    marked, _ = act(supported, BLUE, {"type": "source", "from": "reserve"})
    assert marked.side(BLUE).marks_total == 1 and armies(marked, "qin") == ("blue", 3)
    from_qin, _ = act(state, BLUE, {"type": "source", "from": "qin"})
    assert from_qin.side(BLUE).marks_total == 1 and armies(from_qin, "qin") == ("blue", 2)


# -- scoring, end of game, privilege, draws, setup ---------------------------------------------------------


def _score(round_no: int, marker: int, board: dict) -> object:
    state = make(round=round_no, marker=marker, board=board, screens=(9, 7, 1, 4, 6), stage=Stage.SCORING)
    return flow.proceed(state, [])


def test_x26_instant_win_at_round_3() -> None:
    board = {"qin": (BLUE, 1), "chu": (BLUE, 1), "han_qi": (RED, 1)}
    state = _score(3, 4, board)
    assert state.score_marker == 9 and state.stage is Stage.OVER  # type: ignore[attr-defined]
    assert GAME.result(state).reason == "instant_win_r3" and GAME.result(state).ranking == (1, 2)
    assert _score(3, 6, board).score_marker == 9  # type: ignore[attr-defined]
    red = _score(6, -8, {"jin_yan": (BLUE, 1), "wu": (RED, 1)})
    assert red.score_marker == -9 and GAME.result(red).reason == "instant_win_r6"  # type: ignore[attr-defined]
    assert GAME.result(red).ranking == (2, 1)
    on = _score(3, 4, {"qin": (BLUE, 1), "jin_yan": (BLUE, 1), "han_qi": (BLUE, 1), "chu": (RED, 1)})
    assert on.score_marker == 8 and on.stage is not Stage.OVER  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("deck", "one", "drawn", "kept", "after", "choice"),
    [
        (4, False, 2, 1, 3, True),
        (1, False, 1, 1, 0, False),
        (0, False, 0, 0, 0, False),
        (2, True, 2, 2, 0, False),
        (5, True, 3, 2, 3, True),
    ],
)
def test_x27_draw_with_few_cards_left(deck: int, one: bool, drawn: int, kept: int, after: int, choice: bool) -> None:
    cards = ("n7", "n8", "n9", "n10", "plus1.1")[:deck]
    played = Battle("qin", "n1" if one else "n2", "n3", outcome="tie")
    state = make(stage=Stage.DRAW, blue={"deck": cards, "hand": ()}, battles=(played,))
    state = flow.STEPS[Stage.DRAW](state, [])
    assert state is not None
    blue = state.side(BLUE)
    assert (len(blue.drawn) > 0) == choice
    if choice:
        state, _ = GAME.apply(state, 0, {"type": "keep", "cards": list(blue.drawn[:kept])})
        blue = state.side(BLUE)
    assert len(blue.hand) == kept and len(blue.deck) == after


def test_x28_setup_counts() -> None:
    for options, hand, deck, res, side in [({}, 10, 10, 18, 3), ({"beginner": True}, 10, 8, 21, 0)]:
        state = GAME.new(2, 7, options)
        if state.stage is Stage.CHOOSE_WARLORD:
            state, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
            state, _ = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
        for colour in (BLUE, RED):
            s = state.side(colour)
            assert (len(s.hand), len(s.deck), s.reserve, s.set_aside) == (hand, deck, res, side)
            assert len(s.hand) + len(s.deck) == hand + deck
    beginner = GAME.new(2, 7, {"beginner": True})
    assert not beginner.options.warlords and GAME.legal_actions(beginner, 0)[0]["type"] == "commit"


def test_x29_privilege() -> None:
    def holder_after(round_no: int, blue: int, red: int, holder: object) -> object:
        board = {"qin": (BLUE, blue), "wu": (RED, red)}
        state = make(round=round_no, board=board, holder=holder, stage=Stage.PRIVILEGE, marks={"chu": (1, 1)})
        return flow.STEPS[Stage.PRIVILEGE](state, []).privilege_holder  # type: ignore[union-attr]

    assert turns.picker(make(round=1, stage=Stage.PICK, holder=BLUE)) is None  # round 1: board order
    assert holder_after(2, 4, 6, None) is BLUE
    assert holder_after(3, 5, 5, BLUE) is BLUE
    assert holder_after(4, 7, 3, BLUE) is RED
    assert holder_after(2, 2, 2, None) is None
    picking = make(round=2, stage=Stage.PICK, holder=BLUE)
    assert GAME.to_act(picking) == {0} and len(GAME.legal_actions(picking, 0)) == 5


def test_x30_tie_break_after_round_9() -> None:
    state = make(round=9, stage=Stage.SCORING, blue={"reserve": 5}, red={"reserve": 3})
    state = flow.proceed(state, [])
    result = GAME.result(state)
    assert result.reason == "final_r9" and result.ranking == (1, 2) and result.breakdown[0]["tie_break"]
    even = flow.proceed(make(round=9, stage=Stage.SCORING, blue={"reserve": 4}, red={"reserve": 4}), [])
    assert GAME.result(even).ranking == (1, 1)


def test_x31_light_infantry() -> None:
    li = {"options": {"events": True}, "active_event": LIGHT_INFANTRY, "event_deck": (HERO, PANDEMIC)}
    state, _ = fight(make(marker=-2, board={"chu": (RED, 2)}, **li), "chu", "n1", "n1")
    assert state.stage is Stage.EVENT_EFFECT and GAME.to_act(state) == {0}
    taken, _ = act(state, BLUE, {"type": "light_infantry", "take": True})
    assert armies(taken, "chu") == ("red", 1)
    assert taken.revealed_one(BLUE) and taken.revealed_one(RED)  # both draw 3 keep 2
    empty, _ = fight(make(marker=-2, **li), "chu", "n1", "n1")
    placed, _ = act(empty, BLUE, {"type": "light_infantry", "take": True})
    assert armies(placed, "chu") == ("blue", 1)
    centred, _ = fight(make(marker=0, **li), "chu", "n1", "n1")
    assert centred.events_done == (LIGHT_INFANTRY,) and centred.stage is Stage.PICK


@pytest.mark.parametrize(("rounding", "left", "res"), [("down_min1", 1, 17), ("up", 2, 16)])
def test_x32_plague_against_plus2(rounding: str, left: int, res: int) -> None:
    before = make(board={"wu": (RED, 3)}, red={"reserve": 15}, options={"plague_rounding": rounding})
    state, _ = fight(before, "wu", "plus2", "plague.1")
    assert (reserve(state, BLUE), aside(state, BLUE)) == (17, 4)
    assert armies(state, "wu") == ("red", left) and reserve(state, RED) == res


def test_x33_hero_challenge_ten_against_ten() -> None:
    before = make(
        board={"qin": (BLUE, 2)},
        options={"events": True},
        active_event=HERO,
        event_deck=(CHAMPION, PANDEMIC),
    )
    state, _ = fight(before, "qin", "n10", "n10")
    assert state.stage is Stage.EVENT_EFFECT and GAME.to_act(state) == {0}  # red's source is forced
    assert aside(state, RED) == 5
    state, _ = act(state, BLUE, {"type": "source", "from": "qin"})
    state, _ = act(state, BLUE, {"type": "source", "from": "reserve"})
    assert aside(state, BLUE) == 5 and armies(state, "qin") == ("blue", 1)
    assert state.events_done == (HERO,) and state.active_event == CHAMPION


def test_x34_event_chain() -> None:
    before = make(
        round=5,
        options={"events": True, "warlords": True},
        board={"jin_yan": (RED, 2), "wu": (RED, 1)},
        marks={"qin": (1, 0), "chu": (1, 0), "wu": (1, 0)},
        blue={
            "warlords_used": ("wu_reinforce",),
            "warlords_unchosen": ("wu_head_start", "wu_minus_recycle", "wu_move_army", "wu_cap_at_six"),
        },
        red={"reserve": 0, "warlords_used": (REMOVE_ARMY,)},
        plagues_revealed=("blue:plague.1", "blue:plague.2", "red:plague.1"),
        active_event=PANDEMIC,
        event_deck=(WAR_CHARIOT, LIGHT_INFANTRY, HERO, CHAMPION),
    )
    state, _ = fight(before, "han_qi", "n3", "plague.2")
    assert len(state.plagues_revealed) == 4
    assert aside(state, BLUE) == 4 and GAME.to_act(state) == {1}  # red picks a province
    state, _ = act(state, RED, {"type": "source", "from": "jin_yan"})
    assert aside(state, RED) == 4 and armies(state, "jin_yan") == ("red", 1)
    assert state.active_event == WAR_CHARIOT and GAME.to_act(state) == {0}
    choices = [a["warlord"] for a in GAME.legal_actions(state, 0)]
    assert HEAD_START not in choices and None in choices
    state, _ = act(state, BLUE, {"type": "chariot", "warlord": FORCED_MARCH})
    assert state.side(BLUE).warlords_held == (FORCED_MARCH,)
    assert state.events_done == (PANDEMIC, WAR_CHARIOT) and state.active_event == LIGHT_INFANTRY
    assert state.stage is Stage.PICK  # Light Infantry stays active


def test_x35_the_last_event_ends_the_game() -> None:
    before = make(
        round=7,
        marker=-3,
        options={"events": True},
        active_event=CHAMPION,
        events_done=(PANDEMIC, WAR_CHARIOT, HERO, LIGHT_INFANTRY),
    )
    state, _ = fight(before, "jin_yan", "plus1.1", "n9")
    assert state.stage is Stage.OVER
    assert aside(state, RED) == 3  # the effect is not applied
    result = GAME.result(state)
    assert result.reason == "last_event" and result.ranking == (2, 1)


def test_x36_warlord_window_before_scoring() -> None:
    before = make(
        round=3,
        stage=Stage.W2,
        options={"warlords": True},
        board={"han_qi": (BLUE, 2)},
        blue={"warlords_held": (FORCED_MARCH,), "reserve": 16},
        red={"warlords_held": (REMOVE_ARMY,)},
    )
    assert GAME.to_act(before) == {0, 1}
    state, _ = GAME.apply(before, 1, {"type": "pass"})
    assert GAME.to_act(state) == {0}
    state, _ = GAME.apply(state, 0, {"type": "use_warlord", "warlord": FORCED_MARCH, "from": "han_qi", "to": "jin_yan"})
    assert GAME.to_act(state) == {1}  # red's pass is cancelled
    state, events = GAME.apply(state, 1, {"type": "use_warlord", "warlord": REMOVE_ARMY, "province": "jin_yan"})
    assert armies(state, "jin_yan") == (None, 0) and reserve(state, BLUE) == 17
    assert any(e.type == "scored" and e.public["round"] == 3 for e in events)  # the window closed
