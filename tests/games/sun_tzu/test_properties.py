"""Properties of whole random games (hypothesis, modest counts): they finish, conserve armies and cards,
round-trip through JSON at every step, never mutate their input, replay exactly, and leak nothing."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.base import action_sort_key as sort_key
from bot.games.sun_tzu import GAME, legal
from bot.games.sun_tzu.data import ARMIES_PER_COLOUR, COLOURS, FRAMED, PROVINCES, card_id
from bot.games.sun_tzu.hidden import resample
from bot.games.sun_tzu.serial import check
from bot.games.sun_tzu.state import Stage, State
from tests.games.sun_tzu.helpers import play_random

SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@dataclass
class Played:
    seed: int
    options: dict[str, Any]
    moves: list[tuple[int, dict[str, Any] | None]] = field(default_factory=list)
    states: list[State] = field(default_factory=list)


def _random_commit(state: State, seat: int, rnd: random.Random) -> dict[str, Any]:
    """Any legal assignment, not only the listed sample: the whole hand gets played over a game, passing the
    round's warlord windows ahead or not."""
    colour = state.colour_of(seat)
    pool = list(legal.assignable(state, colour))
    ahead = {"pass_windows": True} if rnd.random() < 0.5 else {}
    while True:
        cards = rnd.sample(pool, 5)
        if all(
            card_id(c) != "n6" or legal.six_allowed(state, colour, p) for p, c in zip(PROVINCES, cards, strict=True)
        ):
            return {"type": "commit", "cards": dict(zip(PROVINCES, cards, strict=True)), **ahead}


@st.composite
def played_games(draw: st.DrawFn, resignations: bool = False) -> Played:
    seed = draw(st.integers(0, 2**32 - 1))
    options = {o.key: draw(st.sampled_from(o.choices)) for o in GAME.options}
    if options["beginner"]:
        options["warlords"] = False
    played = Played(seed, options)
    state = GAME.new(2, seed, options)
    played.states.append(state)
    rnd = random.Random(seed)
    while not GAME.is_over(state):
        seats = sorted(GAME.to_act(state))
        seat = seats[0] if len(seats) == 1 else draw(st.sampled_from(seats))
        moves = GAME.legal_actions(state, seat)
        if resignations and draw(st.integers(0, 199)) == 0:
            action = None
        elif moves[0]["type"] == "commit" and draw(st.booleans()):
            action = _random_commit(state, seat, rnd)
        else:
            action = draw(st.sampled_from(moves))
        state = GAME.resign(state, seat)[0] if action is None else GAME.apply(state, seat, action)[0]
        played.moves.append((seat, action))
        played.states.append(state)
    return played


def _replay(played: Played) -> State:
    state = GAME.new(2, played.seed, played.options)
    for seat, action in played.moves:
        state = GAME.resign(state, seat)[0] if action is None else GAME.apply(state, seat, action)[0]
    return state


def _conserved(state: State) -> None:
    for colour in COLOURS:
        side = state.side(colour)
        assert side.reserve + side.set_aside + side.marks_total + state.board_armies(colour) == ARMIES_PER_COLOUR
        if state.stage is Stage.ASSIGN:
            assert set(FRAMED) <= set(side.hand + (side.assignment or ()))  # R36: a legal assignment exists


@SETTINGS
@given(played=played_games())
def test_random_games_finish_conserve_round_trip_and_replay(played: Played) -> None:
    for index, state in enumerate(played.states):
        check(state)
        _conserved(state)
        text = json.dumps(GAME.dump(state))
        assert GAME.load(json.loads(text)) == state
        acting = GAME.to_act(state)
        for seat in (0, 1):
            moves = GAME.legal_actions(state, seat)
            assert (moves != []) == (seat in acting)
            assert moves == sorted(moves, key=sort_key)
            assert len({json.dumps(m, sort_keys=True) for m in moves}) == len(moves)
        if index < len(played.moves):
            seat, action = played.moves[index]
            if action is not None:
                GAME.apply(state, seat, action)
                assert json.dumps(GAME.dump(state)) == text, "apply must not mutate its input"
    final = played.states[-1]
    assert GAME.is_over(final) and GAME.to_act(final) == frozenset()
    result = GAME.result(final)
    for part, score in zip(result.breakdown, result.scores, strict=True):
        assert part["total"] == score == part["head_start"] + part["round_3"] + part["round_6"] + part["round_9"]
    assert sorted(result.ranking) in ([1, 2], [1, 1])
    assert GAME.dump(_replay(played)) == GAME.dump(final)


@SETTINGS
@given(played=played_games(), salt=st.integers(0, 1000))
def test_views_leak_nothing_a_seat_cannot_see(played: Played, salt: int) -> None:
    rng = random.Random(salt)
    for state in played.states[:: max(1, len(played.states) // 40)]:
        for seat in (None, 0, 1):
            view = GAME.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            assert "seed" not in json.dumps(view)
            assert GAME.view(resample(state, seat, rng), seat) == view, f"view of {seat} leaks"


@SETTINGS
@given(played=played_games(resignations=True))
def test_resignations_end_the_game_cleanly(played: Played) -> None:
    final = played.states[-1]
    assert GAME.is_over(final)
    if final.resigned is not None:
        result = GAME.result(final)
        assert result.reason == "resignation"
        assert result.ranking[final.side(final.resigned).seat] == 2
    assert GAME.dump(_replay(played)) == GAME.dump(final)


@pytest.mark.parametrize("seed", range(4))
def test_computer_games_finish(seed: int) -> None:
    states = play_random(2 * seed + 1, {"events": True})
    assert GAME.is_over(states[-1])
