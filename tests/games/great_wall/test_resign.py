"""Resignation: the seat is skipped from then on, its cards stay on the wall, it ranks last."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.great_wall import GAME
from bot.games.great_wall.data import Phase
from tests.games.great_wall.helpers import check, draw, play, prog, scenario


def test_an_inactive_seat_resigns_and_is_skipped() -> None:
    state = scenario(3, ["{3,5}", "{1,2}", "{2,4}"])
    state, events = GAME.resign(state, 1)
    assert [e.type for e in events] == ["resign"] and state.active == 0 and state.actions_left == 2
    assert GAME.view(state, None)["last_move"] == {"seat": 1, "kind": "resign", "section": None, "cards": []}
    state, _ = draw(draw(state, 0)[0], 0)
    assert state.active == 2
    assert [p["resigned"] for p in GAME.view(state, None)["players"]] == [False, True, False]


def test_the_active_seat_resigns_and_the_next_one_starts_with_its_check() -> None:
    state = scenario(3, ["{4,4} P1:WALL", "{1,2}", "{2,4}"], actions_left=1)
    state, events = GAME.resign(state, 0)
    assert [e.type for e in events] == ["resign", "first_marker"]  # P1's check claims at once
    assert state.active == 1 and state.phase is Phase.ACTIONS


def test_a_resigned_seats_cards_keep_counting_but_it_never_claims() -> None:
    state = scenario(3, ["{3,5} P1:TOWER, P0:WALL", "{1,2}", "{2,4}"], active=2)
    state, _ = GAME.resign(state, 1)
    assert prog(state, 0) == {1: 3, 0: 1}
    for seat in (2, 0, 2, 0):  # P1 is skipped and its lead blocks P0 for good
        assert state.active == seat
        state, events = draw(draw(state, seat)[0], seat)
        assert not [e for e in events if e.type in ("first_marker", "section_completed")]


def test_fewer_than_two_seats_in_play_ends_the_game() -> None:
    state = scenario(3, ["{3,5}", "{1,2}", "{2,4}"], scored={0: [8, 7], 2: [1, 2]})
    state, _ = GAME.resign(state, 0)
    state, events = GAME.resign(state, 2)
    assert [e.type for e in events] == ["resign", "game_over"] and GAME.is_over(state)
    result = GAME.result(state)
    assert result.reason == "resignation"
    assert result.ranking == (3, 1, 2)  # the earlier leaver ranks lower, whatever the scores
    assert result.breakdown[0]["resigned"] and not result.breakdown[1]["resigned"]


def test_resigned_seats_rank_below_tied_seats_still_in_play() -> None:
    state = scenario(4, ["{3,5}", "{1,2}", "{2,4}", "{3,4}"], scored={0: [8, 7], 1: [5, 2], 2: [5, 2]})
    state, _ = GAME.resign(state, 0)
    state, _ = GAME.resign(state, 3)
    state, _ = GAME.resign(state, 2)
    assert GAME.result(state).ranking == (4, 1, 2, 3)


def test_resigning_twice_or_after_the_end_is_illegal() -> None:
    state = scenario(3, ["{3,5}", "{1,2}", "{2,4}"])
    state, _ = GAME.resign(state, 1)
    with pytest.raises(IllegalAction, match="already left"):
        GAME.resign(state, 1)
    state, _ = GAME.resign(state, 2)
    with pytest.raises(IllegalAction, match="over"):
        GAME.resign(state, 0)


def test_resigning_during_the_last_turns_and_the_check_only_round() -> None:
    state = scenario(4, ["{3,5}", "{1,2}", "{2,4}", "{3,4}"], active=1, hands={1: "WALL"}, decks={1: 0})
    state, _ = play(state, 1, "WALL", 0)  # P1 declares: last turns P2, P3, P0
    assert state.active == 2 and state.owed == (3, 0)
    state, _ = GAME.resign(state, 3)
    assert state.owed == (0,)
    state, _ = GAME.resign(state, 2)  # active: P0 takes its last turn next
    assert state.active == 0 and state.owed == ()
    state, _ = GAME.resign(state, 1)  # the declarer leaves: only P0 remains in play
    assert GAME.is_over(state) and GAME.result(state).reason == "resignation"


def test_the_check_only_round_skips_resigned_seats() -> None:
    state = scenario(3, ["{3,5}", "{1,2}", "{2,4}"], active=1, hands={1: "WALL"}, decks={1: 0})
    state, _ = play(state, 1, "WALL", 0)  # P1 declares
    state, _ = GAME.resign(state, 1)
    state, _ = draw(draw(state, 2)[0], 2)
    state, events = draw(draw(state, 0)[0], 0)
    (round_start,) = [e for e in events if e.type == "check_round"]
    assert round_start.public["order"] == [2, 0] and GAME.is_over(state)


def test_a_pending_choice_lapses_when_its_seat_resigns() -> None:
    state, _ = check(scenario(3, ["{3,5} P0:WALL", "{1,2}", "{2,4}"]), 0)
    assert state.pending == 0
    state, _ = GAME.resign(state, 0)
    assert state.pending is None and state.active == 1 and state.sections[0].markers == (3, 5)


def test_timeout_action_is_blind_to_the_hand() -> None:
    """The timeout move draws while the deck lasts, whatever the hand holds; no safe move once it is empty."""
    import random

    from bot.games.great_wall import GAME

    rng = random.Random(4)
    state = GAME.new(3, 4)
    seen = 0
    while not GAME.is_over(state) and seen < 200:
        (seat,) = GAME.to_act(state)
        action = GAME.timeout_action(state, seat)
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, None)
        deck = view["players"][seat]["deck_count"]
        if view["pending_claim"] is not None:
            assert action is not None and action in legal and action["type"] == "claim"
        elif deck:
            assert action == {"type": "draw"}
        else:
            assert action is None
        state, _ = GAME.apply(state, seat, rng.choice(legal))
        seen += 1
