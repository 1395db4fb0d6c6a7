"""Random full games per second, in the pure engine."""

from __future__ import annotations

import random
import time

from bot import games


def random_game(key: str, players: int, seed: int) -> int:
    """Play one game with uniformly random legal actions; return its number of moves."""
    game = games.get(key)
    rng = random.Random(seed)
    state = game.new(players, seed)
    moves = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        moves += 1
    return moves


def games_per_second(key: str, players: int, seconds: float = 2.0) -> tuple[float, float]:
    """(games per second, mean moves per game) over about ``seconds`` of play."""
    started = time.perf_counter()
    count = moves = 0
    while time.perf_counter() - started < seconds or count < 3:
        moves += random_game(key, players, seed=count)
        count += 1
    elapsed = time.perf_counter() - started
    return count / elapsed, moves / count
