"""The spec's worked examples, verbatim (§10): rulebook examples EX-1..EX-7 and vectors TV-01..TV-18."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from bot.games.base import Event, IllegalAction
from bot.games.great_wall import GAME
from bot.games.great_wall.data import (
    MARKERS,
    SECTIONS_FOR_PLAYERS,
    FirstMarker,
    Options,
    Phase,
    State,
    card_type,
    deck_of,
)
from bot.games.great_wall.flow import setup
from bot.games.great_wall.progress import noble_active
from bot.games.great_wall.serial import dump
from tests.games.great_wall.helpers import card_at, check, draw, give_turn, play, prog, row, scenario


def test_ex1_second_marker_goes_to_the_leader() -> None:
    state = scenario(2, ["{5} P0:WALL, P0:GATE[4], P1:GATE", "{1,3}"], supply=[7, 8])
    assert prog(state, 0) == {0: -1, 1: 2}
    after_blue, events = check(state, 0)
    assert events == [] and after_blue.sections[0] == state.sections[0]
    after_green, events = check(state, 1)
    assert [e.type for e in events] == ["section_completed"]
    assert after_green.seats[1].scored == (5,) and after_green.seats[0].scored == (4,)
    assert set(state.sections[0].cards) <= set(after_green.removed_cards)
    assert after_green.sections[0].markers == (7, 8) and after_green.sections[0].row == ()


def test_ex2_negative_progress_can_still_win() -> None:
    state = scenario(2, ["{4} P0:GATE, P0:WALL, P0:TOWER[7]", "{1,3}"], supply=[5, 8])
    assert prog(state, 0) == {0: -1}
    after, _ = check(state, 0)
    assert after.seats[0].scored == (4, 7) and sum(after.seats[0].scored) == 11
    assert after.sections[0].row == ()


def test_ex2b_a_later_card_blocks_the_negative_claim() -> None:
    state = scenario(2, ["{4} P0:GATE, P0:WALL, P0:TOWER[7]", "{1,3}"], active=1, hands={1: "WALL"})
    state, _ = play(state, 1, "WALL", 0)
    assert prog(state, 0) == {0: -1, 1: 1}
    state, events = draw(state, 1)  # Blue's turn ends; Red's check claims nothing
    assert state.active == 0 and not [e for e in events if e.type != "draw"]
    after, _ = check(state, 1)  # Blue's next check, unchanged
    assert after.seats[1].scored == (4,) and after.seats[0].scored == (7,)


def test_ex3_infantry_escalation() -> None:
    state = scenario(2, ["{3,5} P0:TOWER, P1:INF, P0:INF, P1:INF, P1:INF", "{1,2}"])
    assert prog(state, 0) == {0: 4, 1: 6}
    grey, _ = check(state, 1)
    assert grey.pending == 0 and grey.phase is Phase.CHECK
    green, events = check(state, 0)
    assert events == [] and green.phase is Phase.ACTIONS


@pytest.mark.parametrize(("count", "total"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_ex4_infantry_totals(count: int, total: int) -> None:
    state = scenario(2, ["{3,5} " + ", ".join(["P0:INF"] * count), "{1,2}"])
    assert prog(state, 0) == {0: total}


def test_ex5_noble_makes_every_card_count_one() -> None:
    state = scenario(2, ["{2,4} P0:TOWER, P0:GATE, P1:WALL, P1:GATE", "{1,3}"], active=1, hands={1: "NOBLE"})
    assert prog(state, 0) == {0: 5, 1: 3}
    state, _ = play(state, 1, "NOBLE", 0)
    assert prog(state, 0) == {0: 2, 1: 3}


def test_ex6_dragon_covers_a_card() -> None:
    state = scenario(2, ["{2,4} P0:TOWER, P1:WALL, P1:GATE", "{1,3}"], hands={0: "DRAGON"})
    assert prog(state, 0) == {0: 3, 1: 3}
    state, _ = play(state, 0, "DRAGON", 0, cover=card_at(state, 0, 1))
    assert row(state, 0) == "P0:TOWER, P0:DRAGON>P1:WALL, P1:GATE"
    assert prog(state, 0) == {0: 4, 1: 2}


@pytest.mark.parametrize(("players", "sections", "supply"), [(2, 2, 32), (3, 3, 30), (4, 4, 28), (5, 4, 28)])
def test_ex7_setup_by_player_count(players: int, sections: int, supply: int) -> None:
    for seed in range(20):
        state = GAME.new(players, seed)
        assert len(state.open_slots()) == sections == SECTIONS_FOR_PLAYERS[players]
        # 2 players: equal pairs come out before play, so supply + removed is 32.
        assert len(state.supply) + len(state.removed_pairs) == supply
        assert all(len(s.hand) == 5 and len(s.deck) == 15 for s in state.seats)
    assert len(MARKERS) == 36 and sum(MARKERS) == 147
    assert Counter(MARKERS) == {1: 2, 2: 6, 3: 7, 4: 7, 5: 8, 7: 4, 8: 2}


# -- additional vectors TV-01..TV-18 (§10) -----------------------------------------------------------


def _events(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def test_tv01_noble_with_infantry_then_a_dragon_on_the_noble() -> None:
    state = scenario(
        3,
        ["{3,4} P0:INF, P0:INF, P0:INF, P1:TOWER, P1:GATE, P1:WALL", "{1,2}", "{2,3}"],
        active=1,
        hands={0: "INF INF", 1: "NOBLE", 2: "DRAGON"},
    )
    assert prog(state, 0) == {0: 6, 1: 6}
    state, _ = play(state, 1, "NOBLE", 0)
    assert prog(state, 0) == {0: 3, 1: 4}
    state, _ = draw(state, 1)
    state, _ = draw(draw(state, 2)[0], 2)
    assert state.active == 0 and state.phase is Phase.ACTIONS  # P0's check: 3 < 4, no claim
    state, _ = play(state, 0, "INF", 0, count=2)  # one action, ranks 4 and 5
    assert prog(state, 0) == {0: 5, 1: 4}
    state, _ = draw(state, 0)
    state, _ = draw(draw(state, 1)[0], 1)  # P1's check: 4 < 5, no claim
    noble = card_at(state, 0, 6)
    state, _ = play(state, 2, "DRAGON", 0, cover=noble)
    assert not noble_active(state.sections[0])
    assert prog(state, 0) == {0: 15, 1: 6, 2: 1}


@pytest.mark.parametrize(("rule", "after_dragon", "after_fourth"), [("keep_rank", 4, 8), ("renumber", 3, 6)])
def test_tv02_dragon_on_the_middle_infantry(rule: str, after_dragon: int, after_fourth: int) -> None:
    state = scenario(
        2,
        ["{1,2}", "{3,5} P0:INF, P1:WALL, P0:INF, P0:INF"],
        active=1,
        hands={0: "INF", 1: "DRAGON"},
        options={"infantry_covered": rule},
    )
    assert prog(state, 1) == {0: 6, 1: 1}
    state, _ = play(state, 1, "DRAGON", 1, cover=card_at(state, 1, 2))
    assert prog(state, 1) == {0: after_dragon, 1: 2}
    state, _ = play(give_turn(state, 0), 0, "INF", 1)
    assert prog(state, 1) == {0: after_fourth, 1: 2}


def test_tv03_marked_card_protection_and_dragon_on_dragon() -> None:
    state = scenario(
        3,
        ["{1,2}", "{2,3}", "{5} P0:GATE[3], P0:WALL, P1:TOWER"],
        active=2,
        hands={0: "DRAGON", 1: "DRAGON", 2: "DRAGON"},
    )
    gate, wall, tower = (card_at(state, 2, i) for i in range(3))
    assert prog(state, 2) == {0: 0, 1: 3}
    assert {"type": "play", "card": "DRAGON", "count": 1, "section": 2, "cover": gate} not in GAME.legal_actions(
        state, 2
    )
    with pytest.raises(IllegalAction):
        play(state, 2, "DRAGON", 2, cover=gate)
    # Also legal, in a separate case: P0 covers its own Wall with its own Dragon.
    own, _ = play(give_turn(state, 0), 0, "DRAGON", 2, cover=wall)
    assert row(own, 2) == "P0:GATE[3], P0:DRAGON>P0:WALL, P1:TOWER"

    state, _ = play(state, 2, "DRAGON", 2, cover=tower)
    assert row(state, 2) == "P0:GATE[3], P0:WALL, P2:DRAGON>P1:TOWER"
    assert prog(state, 2) == {0: 0, 1: 0, 2: 1}
    state, _ = draw(state, 2)
    state, _ = draw(draw(state, 0)[0], 0)
    assert state.active == 1 and state.phase is Phase.ACTIONS
    lower = card_at(state, 2, 2, depth=1)
    state, _ = play(state, 1, "DRAGON", 2, cover=lower)
    assert row(state, 2) == "P0:GATE[3], P0:WALL, P1:DRAGON>P2:DRAGON>P1:TOWER"
    assert prog(state, 2) == {0: 0, 1: 1, 2: 0}
    for covered in (tower, lower):
        with pytest.raises(IllegalAction):
            play(give_turn(state, 0), 0, "DRAGON", 2, cover=covered)
    cards = state.sections[2].cards
    state, _ = draw(state, 1)
    state, _ = draw(draw(state, 2)[0], 2)
    state, _ = draw(draw(state, 0)[0], 0)  # P1's next check follows
    assert state.seats[1].scored == (5,) and state.seats[0].scored == (3,)
    assert len(cards) == 5 and set(cards) <= set(state.removed_cards)


def test_tv04_cavalry_group_and_the_free_windows() -> None:
    state = scenario(2, ["{1,2}", "{3,5}"], hands={0: "CAV CAV WALL GATE TOWER"}, decks={0: 10})
    state, _ = play(state, 0, "CAV", 0, count=2)
    assert state.actions_left == 2
    state, _ = play(state, 0, "WALL", 1)
    assert state.actions_left == 1
    state, _ = play(state, 0, "GATE", 0)
    assert state.active == 1  # the turn ended at once
    assert prog(state, 0) == {0: 6} and prog(state, 1) == {0: 1}
    assert [kind_of(c) for c in state.seats[0].hand] == ["TOWER"] and len(state.seats[0].deck) == 10
    for card in ("TOWER", "CAV"):
        with pytest.raises(IllegalAction, match="not your turn"):
            play(state, 0, card, 0)


def test_tv04b_two_free_cavalry_plays_around_two_draws() -> None:
    state = scenario(2, ["{1,2}", "{3,5}"], hands={0: "CAV CAV WALL GATE TOWER"}, decks={0: 10})
    state, _ = play(state, 0, "CAV", 0)
    state, _ = draw(state, 0)
    state, _ = play(state, 0, "CAV", 1)
    state, _ = draw(state, 0)
    assert state.active == 1
    hand = sorted(kind_of(c) for c in state.seats[0].hand)
    assert len(hand) == 5 and {"WALL", "GATE", "TOWER"} <= set(hand) and len(state.seats[0].deck) == 8


def test_tv04c_a_mixed_group_is_illegal() -> None:
    state = scenario(2, ["{1,2}", "{3,5}"], hands={0: "CAV CAV WALL GATE TOWER"}, decks={0: 10})
    for card in (["CAVALRY", "WALL"], "CAVALRY+WALL"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, {"type": "play", "card": card, "count": 2, "section": 0})


def test_tv05_claims_in_two_sections() -> None:
    state = scenario(
        3,
        ["{3,5} P0:GATE, P0:GATE, P1:GATE", "{2} P1:TOWER[7], P1:GATE, P0:TOWER", "{4,4} P0:WALL, P2:WALL"],
        active=2,
        supply=[8, 1],
    )
    assert (prog(state, 0), prog(state, 1), prog(state, 2)) == ({0: 4, 1: 2}, {1: -2, 0: 3}, {0: 1, 2: 1})
    supply = len(state.supply)
    state, _ = check(state, 0)
    assert state.pending == 0 and state.phase is Phase.CHECK
    assert len(GAME.legal_actions(state, 0)) == 4
    second_gate = card_at(state, 0, 1)
    state, events = GAME.apply(state, 0, {"type": "claim", "section": 0, "marker": 5, "card": second_gate})
    assert prog(state, 0)[0] == -1
    assert [e.type for e in events] == ["first_marker", "section_completed"]
    assert state.seats[0].scored == (2,) and state.seats[1].scored == (7,)
    assert state.sections[0].markers == (3,) and state.sections[0].first_marker == FirstMarker(5, second_gate)
    assert state.sections[1].markers == (1, 8) and state.sections[1].row == ()
    assert state.sections[2].markers == (4, 4)  # tie: nothing happens
    assert len(state.supply) == supply - 2
    assert state.phase is Phase.ACTIONS and state.actions_left == 2 and state.active == 0


def _tv06() -> State:
    state = scenario(2, ["{2,8} P0:TOWER, P0:GATE, P0:GATE, P0:GATE, P0:WALL", "{1,3}"], hands={1: "GATE"})
    assert prog(state, 0) == {0: 10}
    state, _ = check(state, 0)
    tower = card_at(state, 0, 0)
    state, events = GAME.apply(state, 0, {"type": "claim", "section": 0, "marker": 8, "card": tower})
    assert prog(state, 0) == {0: 2}
    assert _events(events, "section_completed") == [] and state.sections[0].markers == (2,)
    return state


def test_tv06_one_marker_per_section_per_check() -> None:
    state = _tv06()
    assert state.phase is Phase.ACTIONS and state.seats[0].scored == ()


def test_tv06a_the_sole_participant_takes_the_second_marker_next_turn() -> None:
    state = _tv06()
    state, _ = draw(draw(state, 0)[0], 0)
    state, _ = draw(draw(state, 1)[0], 1)
    assert sorted(state.seats[0].scored) == [2, 8]


def test_tv06b_a_tie_blocks_both_players() -> None:
    state = _tv06()
    state, _ = draw(draw(state, 0)[0], 0)
    state, _ = play(state, 1, "GATE", 0)
    assert prog(state, 0) == {0: 2, 1: 2}
    state, at_p0 = draw(state, 1)  # P0's check follows: a tie
    state, at_p1 = draw(draw(state, 0)[0], 0)  # then P1's check: a tie
    for events in (at_p0, at_p1):
        assert _events(events, "section_completed") == [] and _events(events, "first_marker") == []
    assert state.sections[0].markers == (2,) and state.sections[0].first_marker is not None


def test_tv07_two_player_equal_pairs_at_setup() -> None:
    supply = (4, 4, 5, 2, 3, 3, 1, 8)
    rest = tuple((Counter(MARKERS) - Counter(supply)).elements())
    state = setup(2, 0, Options(), _decks(2), supply + rest, 0)
    assert state.sections[0].markers == (2, 5) and state.sections[1].markers == (1, 8)
    assert state.removed_pairs == (4, 4, 3, 3) and len(state.supply) == 28


def test_tv07b_a_refill_that_meets_only_equal_pairs_closes_the_slot() -> None:
    state = scenario(
        2,
        ["{3} P0:GATE[5], P1:TOWER", "{1,4}"],
        supply=[7, 7, 2, 2],
        exact_supply=True,
        spare_to=0,
    )
    state, events = check(state, 1)
    (done,) = _events(events, "section_completed")
    assert done.public["closed"] and done.public["removed_pairs"] == [7, 7, 2, 2]
    assert not state.sections[0].open and state.supply == () and state.removed_pairs == (7, 7, 2, 2)


def test_tv07c_three_players_keep_equal_pairs() -> None:
    supply = (4, 4, 5, 2, 3, 3)
    rest = tuple((Counter(MARKERS) - Counter(supply)).elements())
    state = setup(3, 0, Options(), _decks(3), supply + rest, 0)
    assert [s.markers for s in state.sections] == [(4, 4), (2, 5), (3, 3)]
    assert state.removed_pairs == () and len(state.supply) == 30


def _tv08(p2_hand: str = "WALL", p2_deck: int = 5) -> State:
    return scenario(
        3,
        ["{4,4}", "{1,2}", "{2,3}"],
        active=1,
        hands={1: "WALL", 2: p2_hand},
        decks={1: 0, 2: p2_deck},
    )


def test_tv08_last_round_with_three_players() -> None:
    state = _tv08()
    state, events = play(state, 1, "WALL", 0)
    assert [e.type for e in events] == ["play", "last_round"] and events[1].public["lapsed"] == 1
    assert state.declarer == 1 and state.active == 2 and state.owed == (0,)
    assert GAME.view(state, None)["last_round"] == {"declarer": 1, "stage": "last_turns", "remaining": [0]}
    state, _ = draw(draw(state, 2)[0], 2)  # P2's full last turn
    assert state.active == 0 and state.phase is Phase.ACTIONS and state.owed == ()
    state, _ = draw(state, 0)
    state, events = draw(state, 0)  # P0's full last turn ends: the check-only round runs
    assert [e.type for e in events] == ["draw", "check_round", "first_marker", "game_over"]
    assert events[1].public["order"] == [1, 2, 0]
    assert events[2].public["seat"] == 1  # P1 checks first, as the declarer
    assert GAME.is_over(state) and state.end_reason == "normal"


def test_tv08b_emptying_cards_in_a_last_turn_declares_nothing() -> None:
    state = _tv08(p2_hand="WALL", p2_deck=0)
    state, _ = play(state, 1, "WALL", 0)
    state, events = play(state, 2, "WALL", 1)
    assert _events(events, "last_round") == [] and state.declarer == 1
    assert state.active == 0 and state.phase is Phase.ACTIONS


def test_tv08c_claiming_the_last_marker_ends_the_game_at_once() -> None:
    state = scenario(
        3,
        ["{2} P0:TOWER[1]", "closed", "closed"],
        active=1,
        hands={1: "WALL"},
        decks={1: 0},
        exact_supply=True,
        spare_to=2,
    )
    state, _ = play(state, 1, "WALL", 0)  # P1 declares; P1 1 < P0 2
    assert state.active == 2
    state, events = draw(draw(state, 2)[0], 2)  # P2's last turn; then P0's last turn begins with its check
    assert _events(events, "check_round") == []
    assert [e.type for e in events][-2:] == ["section_completed", "game_over"]
    assert GAME.is_over(state) and state.seats[0].scored == (2, 1)



def test_tv09_a_section_closes_when_the_supply_is_empty() -> None:
    state = scenario(
        4,
        ["{3} P0:GATE[5], P1:TOWER", "{1,7} P2:WALL", "closed", "closed"],
        exact_supply=True,
        spare_to=3,
    )
    assert prog(state, 0) == {0: -3, 1: 3}
    state, events = check(state, 1)
    assert state.seats[1].scored == (3,) and state.seats[0].scored == (5,)
    assert not state.sections[0].open and state.sections[1].markers == (1, 7)
    with pytest.raises(IllegalAction, match="closed"):
        GAME.apply(state, 1, {"type": "play", "card": "WALL", "count": 1, "section": 0})
    assert all(a["section"] == 1 for a in GAME.legal_actions(state, 1) if a["type"] == "play")
    state, _ = draw(draw(state, 1)[0], 1)
    assert state.active == 2 and state.pending == 1  # P2, sole participant, must place a first marker
    wall = card_at(state, 1, 0)
    state, _ = GAME.apply(state, 2, {"type": "claim", "section": 1, "marker": 7, "card": wall})
    assert prog(state, 1) == {2: -6}
    for seat in (2, 3, 0, 1):
        assert state.active == seat
        state, events = draw(draw(state, seat)[0], seat)
    assert [e.type for e in events][-2:] == ["section_completed", "game_over"]
    assert state.seats[2].scored == (1, 7) and GAME.is_over(state)


def test_tv10_a_covered_only_participant_still_counts() -> None:
    state = scenario(3, ["{4} P0:GATE, P0:TOWER[7], P1:WALL", "{1,2}", "{2,3}"], hands={0: "DRAGON"})
    assert prog(state, 0) == {0: -2, 1: 1}
    state, events = check(state, 0)
    assert events == []
    state, _ = play(state, 0, "DRAGON", 0, cover=card_at(state, 0, 2))
    assert prog(state, 0) == {0: -1, 1: 0}
    state, _ = draw(state, 0)  # P1's check: 0 > -1
    assert state.seats[1].scored == (4,) and state.seats[0].scored == (7,) and state.seats[2].scored == ()


def _tv11() -> State:
    state = scenario(
        2,
        ["{2,8} P0:TOWER, P0:GATE, P1:GATE", "{1,3}"],
        active=1,
        decks={0: 0},
        declarer=0,
    )
    assert prog(state, 0) == {0: 5, 1: 2}
    state, events = draw(draw(state, 1)[0], 1)  # P1's last turn ends: the check-only round, P0 first
    assert _events(events, "check_round") and state.phase is Phase.FINAL_CHECK and state.active == 0
    assert state.pending == 0
    return state


def test_tv11a_first_marker_in_the_check_only_round_big_marker() -> None:
    state = _tv11()
    tower = card_at(state, 0, 0)
    state, _ = GAME.apply(state, 0, {"type": "claim", "section": 0, "marker": 8, "card": tower})
    assert GAME.is_over(state)
    assert state.seats[0].scored == (8,) and state.seats[1].scored == (2,)


def test_tv11b_first_marker_in_the_check_only_round_small_marker() -> None:
    state = _tv11()
    tower = card_at(state, 0, 0)
    state, _ = GAME.apply(state, 0, {"type": "claim", "section": 0, "marker": 2, "card": tower})
    assert GAME.is_over(state) and prog(state, 0) == {0: 3, 1: 2}
    result = GAME.result(state)
    assert result.scores == (0, 0) and result.breakdown[0]["lost_on_cards"] == [2]


def test_tv12_scoring_markers_on_cards_and_a_tie() -> None:
    # Unreachable as written (7 markers in front: they always arrive in pairs), so built unchecked.
    state = scenario(
        3,
        ["{4} P0:WALL[8]", "{3,5}", "{2,3}"],
        scored={0: [5, 3], 1: [7, 1], 2: [4, 2, 1]},
        validate=False,
    )
    state = replace(state, phase=Phase.OVER, active=None, actions_left=0, end_reason="normal")
    result = GAME.result(state)
    assert result.scores == (8, 8, 7) and result.ranking == (1, 1, 3)
    assert result.breakdown[0] == {"markers": [5, 3], "total": 8, "lost_on_cards": [8], "resigned": False,
                                   "timed_out": False}


def test_tv13_infantry_group_ranks() -> None:
    state = scenario(2, ["{1,2} P0:INF, P1:GATE, P0:INF", "{3,5}"], hands={0: "INF INF INF WALL"})
    assert prog(state, 0)[0] == 3
    after, _ = play(state, 0, "INF", 0, count=3)
    assert prog(after, 0)[0] == 15
    assert len(after.seats[0].hand) == 1 and after.actions_left == 1


def test_tv14_noble_with_a_first_marker_and_a_covered_card() -> None:
    state = scenario(
        2,
        ["{3} P0:TOWER[7], P0:GATE, P0:WALL, P1:GATE, P0:DRAGON>P1:GATE, P1:GATE", "{1,2}"],
        active=1,
        hands={1: "NOBLE"},
    )
    assert prog(state, 0) == {0: 0, 1: 4}
    state, _ = play(state, 1, "NOBLE", 0)
    assert prog(state, 0) == {0: -3, 1: 3}


@pytest.mark.parametrize("plays", [[2], [1, 1]])
def test_tv15_only_cavalry_left_with_an_empty_deck(plays: list[int]) -> None:
    state = scenario(3, ["{1,2}", "{2,3}", "{3,4}"], active=2, hands={2: "CAV CAV"}, decks={2: 0})
    legal = GAME.legal_actions(state, 2)
    assert {(a["card"], a["count"]) for a in legal} == {("CAVALRY", 1), ("CAVALRY", 2)}
    assert len(legal) == 2 * 3 and all(a["type"] == "play" for a in legal)
    with pytest.raises(IllegalAction, match="deck is empty"):
        draw(state, 2)
    events: list[Event] = []
    for count in plays:
        assert state.active == 2
        state, events = play(state, 2, "CAV", 0, count=count)
    assert events[1].type == "last_round" and events[1].public["lapsed"] == 2
    assert state.declarer == 2 and state.active == 0


def test_tv16_legal_first_marker_placements() -> None:
    state = scenario(2, ["{3,5} P0:WALL, P1:DRAGON>P0:GATE, P0:INF", "{1,2}"])
    assert prog(state, 0) == {0: 2, 1: 1}
    state, _ = check(state, 0)
    wall, gate, dragon, inf = card_at(state, 0, 0), card_at(state, 0, 1), card_at(state, 0, 1, 1), card_at(state, 0, 2)
    legal = {(a["marker"], a["card"]) for a in GAME.legal_actions(state, 0)}
    assert legal == {(3, wall), (3, inf), (5, wall), (5, inf)}
    for card in (gate, dragon):
        with pytest.raises(IllegalAction, match="own uncovered"):
            GAME.apply(state, 0, {"type": "claim", "section": 0, "marker": 3, "card": card})


def test_tv17_a_lead_must_survive_a_round() -> None:
    state = scenario(3, ["{2,5}", "{1,3}", "{3,4}"], hands={0: "WALL TOWER", 1: "GATE"})
    history: list[Event] = []
    turns: list[tuple[int, list[tuple[str, int] | None]]] = [
        (0, [("WALL", 0), None]),
        (1, [("GATE", 0), None]),
        (2, [None, None]),
        (0, [("TOWER", 0), None]),
        (1, [None, None]),
        (2, [None, None]),
    ]
    for seat, moves in turns:
        assert state.active == seat and state.phase is Phase.ACTIONS
        for move in moves:
            state, events = draw(state, seat) if move is None else play(state, seat, move[0], move[1])
            history += events
    assert prog(state, 0) == {0: 4, 1: 2}
    assert _events(history[:-1], "first_marker") == []  # no claim before round 3
    assert state.active == 0 and state.pending == 0  # round 3: P0's check claims a first marker


def test_tv18_illegal_actions_raise_and_change_nothing() -> None:
    closed = scenario(
        4,
        ["{3,5} P0:WALL", "{4} P1:GATE[2], P0:TOWER, P1:DRAGON>P0:GATE", "closed", "closed"],
        hands={0: "DRAGON CAV WALL GATE", 1: "WALL"},
        decks={0: 0},
        exact_supply=True,
        spare_to=3,
    )
    marked, covered = card_at(closed, 1, 0), card_at(closed, 1, 2)
    bad: list[dict[str, Any]] = [
        {"type": "draw"},  # empty deck
        {"type": "play", "card": ["WALL", "GATE"], "count": 2, "section": 0},  # mixed group
        {"type": "play", "card": "WALL", "count": 1, "section": 2},  # closed slot
        {"type": "play", "card": "DRAGON", "count": 1, "section": 0, "cover": card_at(closed, 1, 1)},  # elsewhere
        {"type": "play", "card": "DRAGON", "count": 1, "section": 1, "cover": covered},
        {"type": "play", "card": "DRAGON", "count": 1, "section": 1, "cover": marked},
        {"type": "claim", "section": 0, "marker": 3, "card": card_at(closed, 0, 0)},  # nothing pending
    ]
    _all_rejected(closed, 0, bad)
    # Another player's turn, and after action 3.
    _all_rejected(closed, 1, [{"type": "play", "card": "WALL", "count": 1, "section": 0}, {"type": "draw"}])
    done, _ = play(closed, 0, "WALL", 0)
    done, _ = play(done, 0, "GATE", 0)
    assert done.active == 1
    _all_rejected(done, 0, [{"type": "play", "card": "CAVALRY", "count": 1, "section": 0}])
    # While a first-marker choice is pending, and in the check-only round.
    pending, _ = check(scenario(2, ["{3,5} P0:WALL, P0:WALL", "{1,2}"], hands={0: "CAV WALL"}), 0)
    assert pending.pending == 0
    others = [card_at(pending, 0, 0) + 20, 999]  # an opponent's card, and no card at all
    waiting: list[dict[str, Any]] = [{"type": "play", "card": "CAVALRY", "count": 1, "section": 1}, {"type": "draw"}]
    waiting += [{"type": "claim", "section": 0, "marker": 3, "card": card} for card in others]
    _all_rejected(pending, 0, waiting)
    final = _tv11()
    _all_rejected(final, 0, [{"type": "play", "card": "TOWER", "count": 1, "section": 1}, {"type": "draw"}])


def _all_rejected(state: State, seat: int, actions: list[dict[str, Any]]) -> None:
    before = dump(state)
    for action in actions:
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, action)
        assert dump(state) == before, action


def _decks(players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(deck_of(seat)) for seat in range(players))


def kind_of(card: int) -> str:
    return card_type(card).value
