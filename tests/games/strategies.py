"""Hypothesis strategies shared by every game: whole games played from legal actions.

``played_games(key)`` draws a player count, a seed and options, then one legal action after another
until the game ends, and records every state on the way so properties can look at each step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from bot.games import Game, get


@dataclass(frozen=True)
class Move:
    seat: int
    action: Mapping[str, Any] | None  # None: the seat resigns
    timed_out: bool = False  # a resignation because the seat ran out of time (a forfeit table)


@dataclass
class PlayedGame:
    key: str
    players: int
    seed: int
    options: dict[str, Any]
    moves: list[Move] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)  # states[i] is the state before moves[i]; last = final

    @property
    def game(self) -> Game:
        return get(self.key)

    @property
    def final(self) -> Any:
        return self.states[-1]


def step(game: Game, state: Any, move: Move) -> Any:
    if move.action is None:
        return game.resign(state, move.seat, timed_out=move.timed_out)[0]
    return game.apply(state, move.seat, move.action)[0]


def replay(game: Game, players: int, seed: int, options: Mapping[str, Any], moves: Sequence[Move]) -> Any:
    """The state reached from a fresh game by ``moves``: a game is a function of these inputs."""
    state = game.new(players, seed, options)
    for move in moves:
        state = step(game, state, move)
    return state


def action_key(action: Mapping[str, Any]) -> tuple[tuple[str, tuple[int, int, str]], ...]:
    """The order legal_actions must follow: fields by name, numbers numerically, None first."""

    def norm(value: Any) -> tuple[int, int, str]:
        if value is None:
            return (0, 0, "")
        if isinstance(value, int):
            return (1, int(value), "")
        return (2, 0, str(value))

    return tuple(sorted((key, norm(value)) for key, value in action.items()))


@st.composite
def played_games(
    draw: st.DrawFn,
    key: str,
    players: int | None = None,
    resignations: bool = False,
    max_moves: int = 5000,
) -> PlayedGame:
    game = get(key)
    count = players if players is not None else draw(st.integers(game.min_players, game.max_players))
    seed = draw(st.integers(0, 2**32 - 1))
    options = {option.key: draw(st.sampled_from(option.choices)) for option in game.options}
    try:
        state = game.new(count, seed, options)
    except ValueError:  # e.g. a start seat beyond this player count: fall back to the defaults
        options = {}
        state = game.new(count, seed, options)
    played = PlayedGame(key, count, seed, game.resolve_options(options), states=[state])
    while not game.is_over(state) and len(played.moves) < max_moves:
        seats = sorted(game.to_act(state))
        seat = seats[0] if len(seats) == 1 else draw(st.sampled_from(seats))
        # Not 0 or 99: hypothesis favours simple and extreme values, and every game would end at once.
        if resignations and draw(st.integers(0, 99)) == 57:
            move = Move(seat, None, timed_out=draw(st.booleans()))
        else:
            move = Move(seat, draw(st.sampled_from(game.legal_actions(state, seat))))
        state = step(game, state, move)
        played.moves.append(move)
        played.states.append(state)
    return played
