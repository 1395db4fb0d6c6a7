"""Swiss seating speed: rounds for a field of 40 players, each with a history of earlier rounds (the cost
grows with both). The round results are drawn at random, as the tests' tournaments do."""

from __future__ import annotations

import random
import time

from bot.tournaments import RoundPlan, swiss_round


def seconds_per_round(players: int = 40, size: int = 4, low: int = 3, high: int = 5, rounds: int = 5) -> float:
    """The slowest of ``rounds`` Swiss rounds, in seconds."""
    rng = random.Random(size)
    field = list(range(players))
    points = dict.fromkeys(field, 0.0)
    history: list[RoundPlan] = []
    slowest = 0.0
    for number in range(rounds):
        order = sorted(field, key=lambda p: -points[p])
        start = time.perf_counter()
        plan = swiss_round(order, points, history, size, low, high, random.Random(number))
        slowest = max(slowest, time.perf_counter() - start)
        history.append(plan)
        for table in plan.tables:
            winner = rng.choice(list(table))
            points[winner] += 1.0
    return slowest
