"""The "normal" computer player: determinized Monte Carlo over its own view.

For a handful of candidate moves (the best few by the "easy" player's judgement, plus drawing), it
samples worlds consistent with its view (``ai_world``), makes the move in each, plays the game out with
the fast policy (``ai_rollout``) and keeps the move with the best average outcome
(``bot.games.base.search``). The number of playouts is a function of the position alone (cards left, the
number of candidates), never of the clock, so the same view and dice give the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.base import own_seat
from bot.games.base.search import best_candidate
from bot.games.great_wall.actions import parse
from bot.games.great_wall.ai_rollout import outcome, playout
from bot.games.great_wall.ai_world import sample_world
from bot.games.great_wall.data import State
from bot.games.great_wall.handlers import apply_move
from bot.games.great_wall.schema import GreatWallView

# Playout budget per decision, in simulated moves (each about 0.1 ms on the reference machine): the
# search costs about MOVE_BUDGET times that, except where MIN_WORLDS overrides it (long 4-5 player games).
MOVE_BUDGET = 1500
MIN_WORLDS = 4
MAX_WORLDS = 48
MAX_CANDIDATES = 5
CLAIM_CARDS_PER_MARKER = 2

# The easy player's judgement of one action; ``ai.py`` passes it in (it imports this module).
Score = Callable[[Mapping[str, Any], Mapping[str, Any]], float]


def choose(
    view: GreatWallView, legal: Sequence[Mapping[str, Any]], rng: random.Random, easy_score: Score
) -> dict[str, Any]:
    if len(legal) == 1:
        return dict(legal[0])
    candidates = _candidates(view, legal, easy_score)
    if len(candidates) == 1:
        return dict(candidates[0])
    me = own_seat(view["viewer"])
    parsed = [parse(action) for action in candidates]

    def score(world: State, index: int, dice: random.Random) -> float:
        after, _ = apply_move(world, me, parsed[index])
        return outcome(playout(after, me, dice), me)

    def sample(dice: random.Random) -> State:
        return sample_world(view, dice)

    # Candidates come best-first by the easy judgement, so a tie keeps the easy player's preference.
    best = best_candidate(len(candidates), worlds_for(view, len(candidates)), rng, sample, score)
    return dict(candidates[best])


def worlds_for(view: GreatWallView, candidates: int) -> int:
    """Playouts per candidate: the move budget shared out by the moves a playout still has to make."""
    cards_left = sum(player["hand_count"] + player["deck_count"] for player in view["players"])
    moves_left = max(10, cards_left)  # about one move per card still to play or draw
    return max(MIN_WORLDS, min(MAX_WORLDS, MOVE_BUDGET // (moves_left * candidates)))


def _candidates(
    view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], easy_score: Score
) -> list[Mapping[str, Any]]:
    """The moves worth simulating, best first by the easy judgement: each first-marker value on its
    best cards, or the top plays plus drawing and the best free Cavalry."""
    if legal[0]["type"] == "claim":
        section = view["sections"][legal[0]["section"]]
        values = {card["id"]: card["value"] for stack in section["row"] for card in stack}
        ranked = sorted(legal, key=lambda a: (a["marker"], -values.get(a["card"], 0), a["card"]))
        chosen: list[Mapping[str, Any]] = []
        for marker in sorted({a["marker"] for a in legal}):
            chosen += [a for a in ranked if a["marker"] == marker][:CLAIM_CARDS_PER_MARKER]
        return chosen
    ranked = sorted(legal, key=lambda a: -easy_score(view, a))
    chosen = ranked[:MAX_CANDIDATES]
    for extra in (
        next((a for a in ranked if a["type"] == "draw"), None),
        next((a for a in ranked if a.get("card") == "CAVALRY"), None),
    ):
        if extra is not None and extra not in chosen:
            chosen.append(extra)
    return chosen
