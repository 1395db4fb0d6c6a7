"""Determinized Monte Carlo, the search of the "normal" computer players.

Each candidate move is tried in worlds sampled from the player's view and scored by a playout. Every
candidate meets the same worlds and the same playout dice (common random numbers), so the comparison is
between moves, not between lucky draws. The number of worlds is the caller's, a function of the position
alone (never of the clock), so the same view and dice always give the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

W = TypeVar("W")


def best_candidate(
    candidates: int,
    worlds: int,
    rng: random.Random,
    sample: Callable[[random.Random], W],
    score: Callable[[W, int, random.Random], float],
) -> int:
    """The index of the candidate with the best total ``score(world, index, dice)`` over ``worlds`` sampled
    worlds; a tie goes to the earlier candidate (callers list them best first by a cheaper judgement)."""
    totals = [0.0] * candidates
    for _ in range(worlds):
        seed = rng.getrandbits(64)
        world = sample(random.Random(seed))
        for index in range(candidates):
            totals[index] += score(world, index, random.Random(seed + 1))
    return max(range(candidates), key=lambda i: (totals[i], -i))
