"""Computer-player strength and speed: ``python -m bench ai``.

One seat plays the level under test, every other seat the opponent level ("random" picks uniformly among
legal actions). Seats are normalised: the tested seat takes every seat position in turn, over the same
seeds. A game counts, for each opponent, 1 if the tested seat finished ahead of it, 0.5 on a shared place,
0 behind; the win rate is the mean over all (game, opponent) pairs, which for two players is the plain
seats-normalised win rate. The interval is Wilson's 95% score interval over those pairs.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass

from bot import games
from bot.games.base import Game

RANDOM = "random"


@dataclass(frozen=True)
class Match:
    key: str
    level: str
    opponent: str
    players: int
    pairs: int
    score: float  # win rate over (game, opponent) pairs
    low: float
    high: float
    decision_p50_ms: float
    decision_p95_ms: float


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _choose(game: Game, state: object, seat: int, level: str, rng: random.Random) -> dict[str, object]:
    legal = game.legal_actions(state, seat)
    if level == RANDOM:
        return rng.choice(legal)
    return game.choose_action(game.view(state, seat), legal, rng, level)


def play(game: Game, players: int, seed: int, levels: list[str], timings: dict[str, list[float]]) -> tuple[int, ...]:
    """One game; ``levels[seat]``; returns the ranking. Decision times are collected per level."""
    state = game.new(players, seed)
    rng = random.Random(seed * 7919 + 1)
    moves = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        started = time.perf_counter()
        action = _choose(game, state, seat, levels[seat], rng)
        timings.setdefault(levels[seat], []).append(time.perf_counter() - started)
        state, _ = game.apply(state, seat, action)
        moves += 1
        if moves > 20_000:
            raise RuntimeError(f"{game.key} seed {seed} does not finish")
    return game.result(state).ranking


def match(key: str, level: str, opponent: str, players: int, games_per_seat: int, seed: int = 1) -> Match:
    game = games.get(key)
    points = 0.0
    pairs = 0
    timings: dict[str, list[float]] = {}
    for index in range(games_per_seat):
        for tested in range(players):
            levels = [opponent] * players
            levels[tested] = level
            ranking = play(game, players, seed + index, levels, timings)
            for other in range(players):
                if other != tested:
                    pairs += 1
                    ahead, level_with = ranking[tested] < ranking[other], ranking[tested] == ranking[other]
                    points += 1.0 if ahead else 0.5 if level_with else 0.0
    low, high = wilson(points, pairs)
    times = sorted(timings.get(level, [0.0]))
    return Match(
        key, level, opponent, players, pairs, points / pairs, low, high,
        1000 * statistics.median(times), 1000 * times[int(0.95 * (len(times) - 1))],
    )
