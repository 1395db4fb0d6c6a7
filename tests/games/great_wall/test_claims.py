"""Claiming (spec §6): who claims, first and second markers, refills and closing, the check order."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.great_wall import GAME
from bot.games.great_wall.data import Phase
from tests.games.great_wall.helpers import card_at, check, draw, play, prog, scenario


def test_a_single_option_is_applied_without_asking() -> None:
    state = scenario(2, ["{4,4} P0:WALL", "{1,2}"])
    after, events = check(state, 0)
    assert after.pending is None and after.phase is Phase.ACTIONS
    assert [e.type for e in events] == ["first_marker"] and events[0].public["chosen"] is False
    assert after.sections[0].first_marker is not None and after.sections[0].markers == (4,)


@pytest.mark.parametrize("text", ["{4,4} P0:WALL, P0:GATE", "{3,4} P0:WALL"])
def test_more_than_one_option_waits_for_the_claimant(text: str) -> None:
    state, _ = check(scenario(2, [text, "{1,2}"]), 0)
    assert state.phase is Phase.CHECK and state.pending == 0
    assert GAME.to_act(state) == {0}
    assert all(a["type"] == "claim" for a in GAME.legal_actions(state, 0))
    view = GAME.view(state, None)
    assert view["phase"] == "check" and view["pending_claim"]["section"] == 0


def test_claims_are_mandatory_there_is_nothing_else_to_do() -> None:
    state, _ = check(scenario(2, ["{3,5} P0:WALL", "{1,2}"], hands={0: "WALL"}), 0)
    with pytest.raises(IllegalAction):
        draw(state, 0)
    assert {a["type"] for a in GAME.legal_actions(state, 0)} == {"claim"}


def test_a_pending_choice_resumes_the_check_in_later_sections() -> None:
    state = scenario(3, ["{3,5} P0:WALL", "{2,4} P0:GATE", "{1,7} P1:TOWER"])
    state, _ = check(state, 0)
    assert state.pending == 0
    state, events = GAME.apply(state, 0, {"type": "claim", "section": 0, "marker": 3, "card": card_at(state, 0, 0)})
    assert state.pending == 1 and [e.type for e in events] == ["first_marker"]
    state, events = GAME.apply(state, 0, {"type": "claim", "section": 1, "marker": 4, "card": card_at(state, 1, 0)})
    assert state.phase is Phase.ACTIONS and state.sections[2].first_marker is None
    with pytest.raises(IllegalAction, match="no first marker"):
        GAME.apply(state, 0, {"type": "claim", "section": 2, "marker": 1, "card": card_at(state, 2, 0)})


def test_a_claim_must_name_the_pending_section_and_an_unclaimed_value() -> None:
    state, _ = check(scenario(3, ["{3,5} P0:WALL", "{2,4} P0:GATE", "{1,7}"]), 0)
    wall = card_at(state, 0, 0)
    with pytest.raises(IllegalAction, match="section 1"):
        GAME.apply(state, 0, {"type": "claim", "section": 1, "marker": 4, "card": card_at(state, 1, 0)})
    with pytest.raises(IllegalAction, match="no unclaimed 4"):
        GAME.apply(state, 0, {"type": "claim", "section": 0, "marker": 4, "card": wall})


def test_only_the_active_player_claims_and_playing_claims_nothing() -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], hands={0: "TOWER"})
    state, events = play(state, 0, "TOWER", 0)
    assert [e.type for e in events] == ["play"] and state.sections[0].first_marker is None
    state, events = draw(state, 0)  # P1's check: not a participant
    assert [e.type for e in events] == ["draw"]


def test_the_second_marker_completes_refills_and_pays_the_first_marker_owner() -> None:
    state = scenario(3, ["{4} P0:WALL[5], P1:GATE, P2:DRAGON>P0:GATE", "{1,2}", "{2,3}"], supply=[7, 3])
    cards = state.sections[0].cards
    state, events = check(state, 1)
    (done,) = events
    assert done.public == {
        "seat": 1,
        "section": 0,
        "marker": 4,
        "first_marker": 5,
        "first_owner": 0,
        "cards": list(cards),
        "new_markers": [3, 7],
        "removed_pairs": [],
        "closed": False,
    }
    assert state.seats[1].scored == (4,) and state.seats[0].scored == (5,)
    assert state.removed_cards[-len(cards) :] == cards
    assert state.sections[0].markers == (3, 7) and state.sections[0].row == ()


def test_a_refilled_slot_is_not_claimed_in_the_same_check() -> None:
    state = scenario(2, ["{4} P0:WALL[5]", "{1,2}"], supply=[7, 3])
    state, events = check(state, 0)
    assert [e.type for e in events] == ["section_completed"]
    assert state.sections[0].markers == (3, 7) and state.sections[0].first_marker is None


def test_refill_in_a_two_player_game_skips_equal_pairs() -> None:
    state = scenario(2, ["{4} P0:WALL[5]", "{1,2}"], supply=[8, 8, 3, 7])
    state, events = check(state, 0)
    assert events[0].public["removed_pairs"] == [8, 8] and state.removed_pairs == (8, 8)
    assert state.sections[0].markers == (3, 7)


def test_the_last_marker_in_play_ends_the_game_at_once() -> None:
    state = scenario(
        2, ["{4} P0:WALL[5]", "closed"], hands={0: "WALL"}, exact_supply=True, spare_to=1
    )
    state, events = check(state, 0)
    assert [e.type for e in events] == ["section_completed", "game_over"]
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()
    assert GAME.legal_actions(state, 0) == []


def test_sections_are_checked_in_ascending_order() -> None:
    # Two completions, one pair left: the lower slot gets it, the higher one closes [R9].
    state = scenario(
        3,
        ["{4} P0:WALL[5]", "{1,2}", "{2} P0:TOWER[1]"],
        supply=[3, 7],
        exact_supply=True,
        spare_to=2,
    )
    state, _ = check(state, 0)
    assert state.sections[0].markers == (3, 7) and not state.sections[2].open
    assert prog(state, 0) == {}
