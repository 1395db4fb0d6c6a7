"""Phase 3: reveal order, battle values, the four situations, Plague and reveal costs (spec §4.3-§4.7)."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME, turns
from bot.games.sun_tzu.combat import compare, effective
from bot.games.sun_tzu.state import Stage
from tests.games.sun_tzu.helpers import BLUE, RED, act, armies, aside, fight, make, reserve

# The §4.5 matrix, row card (blue) against column card (red): (winner, margin).
CARDS = {"5": "n5", "+1": "plus1.1", "-1": "minus1.1", "+2": "plus2", "+3": "plus3", "P": "plague.1"}
MATRIX = {
    ("5", "5"): ("tie", 0),
    ("5", "+1"): ("red", 1),
    ("5", "-1"): ("blue", 1),
    ("5", "+2"): ("red", 2),
    ("5", "+3"): ("red", 3),
    ("+1", "+1"): ("tie", 0),
    ("+1", "-1"): ("blue", 1),
    ("+1", "+2"): ("red", 1),
    ("+1", "+3"): ("red", 2),
    ("-1", "-1"): ("tie", 0),
    ("-1", "+2"): ("red", 2),
    ("-1", "+3"): ("red", 3),
    ("+2", "+2"): ("tie", 0),
    ("+2", "+3"): ("red", 1),
    ("+3", "+3"): ("tie", 0),
}


@pytest.mark.parametrize(("pair", "expected"), sorted(MATRIX.items()))
def test_value_matrix_both_ways(pair: tuple[str, str], expected: tuple[str, int]) -> None:
    blue, red = (effective(CARDS[c]) for c in pair)
    assert compare(blue, red) == expected
    mirrored = {"blue": "red", "red": "blue"}.get(expected[0], expected[0])
    assert compare(red, blue) == (mirrored, expected[1])


@pytest.mark.parametrize("card", sorted(CARDS))
def test_a_plague_cancels_against_anything(card: str) -> None:
    assert compare(effective("plague.1"), effective(CARDS[card]))[0] == "cancelled"
    assert compare(effective(CARDS[card]), effective("plague.2"))[0] == "cancelled"


def test_countered_plague_and_capped_card_are_numbers() -> None:
    zero = effective("plague.1", countered=True)
    assert compare(zero, effective("n4")) == ("red", 4)
    assert compare(zero, effective("minus1.1")) == ("blue", 1)  # R6: a relative card plays the number rule
    assert compare(effective("n7"), effective("n9", capped=True)) == ("blue", 1)
    assert compare(effective("n6"), effective("plus1.1")) == ("red", 1)


def test_round_one_resolves_in_board_order() -> None:
    state = make(stage=Stage.ASSIGN)
    state, _ = GAME.apply(
        state, 0, {"type": "commit", "cards": dict(qin="n5", chu="n4", jin_yan="n3", han_qi="n2", wu="n1")}
    )
    state, events = GAME.apply(
        state, 1, {"type": "commit", "cards": dict(qin="n1", chu="n2", jin_yan="n3", han_qi="n4", wu="n5")}
    )
    order = [e.public["province"] for e in events if e.type == "revealed"]
    assert order == ["qin", "chu", "jin_yan", "han_qi", "wu"]
    assert all(e.public["chosen_by"] is None for e in events if e.type == "revealed")


def test_the_holder_picks_one_province_at_a_time() -> None:
    board = {"qin": (BLUE, 1), "wu": (RED, 3)}
    state = make(round=2, board=board, red={"reserve": 15}, blue={"reserve": 17})
    state, _ = GAME.apply(
        state, 0, {"type": "commit", "cards": dict(qin="n5", chu="n4", jin_yan="n3", han_qi="n2", wu="n1")}
    )
    state, events = GAME.apply(
        state, 1, {"type": "commit", "cards": dict(qin="n1", chu="n2", jin_yan="n3", han_qi="n4", wu="n5")}
    )
    assert state.privilege_holder is BLUE and state.stage is Stage.PICK and GAME.to_act(state) == {0}
    assert any(e.type == "privilege" and e.public == {"holder": 0, "blue": 1, "red": 3} for e in events)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, {"type": "reveal", "province": "wu"})
    state, events = GAME.apply(state, 0, {"type": "reveal", "province": "wu"})
    assert events[0].public["chosen_by"] == 0 and armies(state, "wu") == ("red", 7)
    # Armies moved this round do not shift the privilege (R4): blue still picks.
    assert GAME.to_act(state) == {0}
    with pytest.raises(IllegalAction, match="already been resolved"):
        GAME.apply(state, 0, {"type": "reveal", "province": "wu"})
    for _ in range(3):
        state, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.round == 3  # the last province needed no pick


def test_costs_are_paid_in_every_outcome() -> None:
    lost, _ = fight(make(), "qin", "n6", "n9")  # the 6 marks even when it loses (R10)
    assert lost.province("qin").marks_blue == 1 and reserve(lost, BLUE) == 17
    cancelled, _ = fight(make(), "qin", "plus3", "plague.1")  # +3 pays on a cancelled battle (R9)
    assert aside(cancelled, BLUE) == 5 and reserve(cancelled, BLUE) == 16
    tie, _ = fight(make(), "qin", "plus2", "plus2")
    assert aside(tie, BLUE) == aside(tie, RED) == 4


def test_capped_card_never_marks_and_removed_armies_go_to_their_owner() -> None:
    state, _ = fight(make(board={"chu": (RED, 5)}, red={"reserve": 13}), "chu", "n10", "n7")
    assert armies(state, "chu") == ("red", 2) and reserve(state, RED) == 16 and reserve(state, BLUE) == 18


def test_plague_never_empties_nor_changes_owner() -> None:
    one, _ = fight(make(board={"wu": (RED, 1)}, total_plague=True), "wu", "n2", "plague.1")
    assert armies(one, "wu") == ("red", 1)
    empty, events = fight(make(), "wu", "n2", "plague.1")
    assert armies(empty, "wu") == (None, 0)
    assert [e.public["left"] for e in events if e.type == "plague"] == [0]


def test_total_plague_covers_only_red_plagues_and_plague_against_plague() -> None:
    blue_plague, _ = fight(make(board={"qin": (RED, 6)}, total_plague=True), "qin", "plague.1", "n3")
    assert armies(blue_plague, "qin") == ("red", 3)
    both, _ = fight(make(board={"qin": (BLUE, 6)}, total_plague=True), "qin", "plague.1", "plague.2")
    assert armies(both, "qin") == ("blue", 1)


def test_winner_places_from_reserve_first() -> None:
    state, events = fight(make(blue={"reserve": 2, "set_aside": 0}, board={"qin": (BLUE, 5)}), "wu", "n10", "n7")
    assert armies(state, "wu") == ("blue", 3)
    assert reserve(state, BLUE) == 0 and armies(state, "qin") == ("blue", 4)
    paid = [e.public["sources"] for e in events if e.type == "armies_paid"]
    assert paid == [{"reserve": 2, "qin": 1}]  # the rest forced: Qin is Wu's only source


def test_reacting_outside_a_reaction_is_illegal() -> None:
    state = make(stage=Stage.ASSIGN)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, {"type": "react", "use": True})
    with pytest.raises(IllegalAction):
        act(state, RED, {"type": "source", "from": "reserve"})
    assert turns.waiting(state) == (BLUE, RED)
