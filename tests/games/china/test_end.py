"""§4.9 end of the game, §8 winner and tie-break, and resignation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games.base import IllegalAction
from bot.games.china import GAME
from bot.games.china.data import ScoreEntry, State
from tests.games.china.scenario import A, B, C, D, act, place, position, saturated


def exchange(state: State) -> dict[str, object]:
    return next(a for a in GAME.legal_actions(state, state.current) if a["type"] == "exchange")


def test_the_game_is_not_over_before_the_end() -> None:
    state = GAME.new(4, 1)
    assert not GAME.is_over(state)
    with pytest.raises(ValueError):
        GAME.result(state)


def test_final_round_with_the_start_seat_elsewhere() -> None:
    # Start seat C: the round closes with B. The deck ran out in D's turn: A and B still play.
    state = position(start_seat=C, current=D, display="ppor", deck="", exhaustions=2)
    seen = []
    while not GAME.is_over(state):
        seen.append(state.current)
        state, _ = act(state, exchange(state))
    assert seen == [D, A, B]
    assert GAME.result(state).reason == "normal"


def test_tie_break_through_result() -> None:
    state = saturated(fortifications=True)
    seats = list(state.seats)
    seats[A] = replace(seats[A], breakdown=(ScoreEntry("region", "wei", 60),), houses=3, emissaries=1,
                       fortifications=0)
    seats[B] = replace(seats[B], breakdown=(ScoreEntry("region", "qi", 60),), houses=2, emissaries=0)
    ended = replace(state, seats=tuple(seats), phase="over", over_reason="normal")
    result = GAME.result(ended)
    assert result.scores == (60, 60, 0, 0)
    assert result.ranking == (1, 2, 3, 3)  # 4 pieces beat 3 (the fortification counts); C, D share
    assert result.breakdown[A]["tiebreak"] == {"supply": 4}


def test_resign_on_turn_passes_the_turn() -> None:
    state = GAME.new(4, 2)
    seat = state.current
    after, events = GAME.resign(state, seat)
    assert events[0].type == "resigned"
    assert after.current == (seat + 1) % 4 and after.seats[seat].resigned
    # The resigned seat is skipped from now on.
    while after.current != (seat - 1) % 4:
        after, _ = act(after, exchange(after))
    after, _ = act(after, exchange(after))
    assert after.current == (seat + 1) % 4
    assert GAME.legal_actions(after, seat) == []


def test_resign_during_a_refill_restocks_and_moves_on() -> None:
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B})
    state, _ = act(state, place("wei", "rr", "house@wei2", "house@wei3"))
    state, _ = act(state, {"type": "draw", "source": "display", "color": state.display[0].value})
    assert state.phase == "refill" and len(state.display) == 3
    after, events = GAME.resign(state, A)
    assert after.current == B and after.phase == "action" and len(after.display) == 4
    assert "restocked" in [e.type for e in events]
    assert GAME.load(GAME.dump(after)) == after


def test_resign_out_of_turn_and_the_last_seat_of_the_final_round() -> None:
    state = position(current=B, display="ppor", deck="", exhaustions=2)
    state, _ = GAME.resign(state, D)  # D closes the round but has left
    assert state.current == B
    state, _ = act(state, exchange(state))
    state, _ = act(state, exchange(state))  # C: the round closes on the way past D
    assert GAME.is_over(state)


def test_resign_until_one_is_left_ends_the_game() -> None:
    state = position(players=3, current=A)
    state, _ = GAME.resign(state, B)
    assert not GAME.is_over(state)
    state, events = GAME.resign(state, A)
    assert GAME.is_over(state) and events[-1].type == "game_over"
    result = GAME.result(state)
    assert result.reason == "resignation"
    assert result.ranking[C] == 1 and result.ranking[A] > 1 and result.ranking[B] > 1
    assert events[-1].public["winners"] == [C]


def test_resigned_seats_rank_last_even_with_more_points() -> None:
    state = position()
    seats = list(state.seats)
    seats[A] = replace(seats[A], breakdown=(ScoreEntry("region", "wei", 90),), resigned=True)
    ended = replace(state, seats=tuple(seats), phase="over", over_reason="normal")
    assert GAME.result(ended).ranking[A] == 4


def test_resign_errors() -> None:
    state = GAME.new(4, 1)
    state, _ = GAME.resign(state, 2)
    before = GAME.dump(state)
    with pytest.raises(IllegalAction):
        GAME.resign(state, 2)
    with pytest.raises(IllegalAction):
        GAME.resign(state, 7)
    assert GAME.dump(state) == before
    over = replace(saturated(), phase="over", over_reason="normal")
    with pytest.raises(IllegalAction, match="over"):
        GAME.resign(over, 1)


def test_no_moves_after_the_end() -> None:
    state = saturated(missing="wei", current=B, hands={B: "rgp"})
    state, _ = act(state, place("wei", "r", "emissary"))
    state, _ = act(state, GAME.legal_actions(state, B)[0])
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()
    assert all(GAME.legal_actions(state, s) == [] for s in range(4))
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, B, {"type": "pass"})
