"""The "normal" computer player for China: determinized Monte Carlo.

1. A shortlist (``ai_planner``): the few moves that look best by what the board they leave would score,
   and by the hand they leave.
2. Playouts (``bot.games.base.search``). For a number of worlds sampled from the view (``ai_world``), each
   shortlisted move is made in the compact model (``ai_sim``) and the game played out with the easy
   judgement for every seat. Every move meets the same worlds and dice; the best average outcome wins.

The number of worlds depends on the position alone (cards still to come, the shortlist's length), never
on the clock, so the same view and dice always give the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import own_seat
from bot.games.base.search import best_candidate
from bot.games.china.ai_eval import CARDS_PER_TURN, cards_to_draw
from bot.games.china.ai_planner import shortlist
from bot.games.china.ai_playout import playout
from bot.games.china.ai_sim import Sim, apply_action
from bot.games.china.ai_world import sample_world
from bot.games.china.schema import ChinaView

# Simulated turns per decision (a turn of a playout takes about 0.1 ms on the reference machine).
TURN_BUDGET = 1500
MIN_WORLDS = 4
MAX_WORLDS = 40
MAX_CANDIDATES = 5


def choose(view: ChinaView, legal: Sequence[Mapping[str, Any]], rng: random.Random) -> dict[str, Any]:
    if len(legal) == 1:
        return dict(legal[0])
    candidates = shortlist(view, legal, MAX_CANDIDATES)
    if len(candidates) == 1:
        return dict(candidates[0])
    me = own_seat(view["viewer"])

    def score(world: Sim, index: int, dice: random.Random) -> float:
        sim = world.copy()
        apply_action(sim, candidates[index])
        return outcome(playout(sim, dice), me)

    def sample(dice: random.Random) -> Sim:
        return Sim.of(sample_world(view, dice))

    best = best_candidate(len(candidates), worlds_for(view, len(candidates)), rng, sample, score)
    return dict(candidates[best])


def worlds_for(view: Mapping[str, Any], candidates: int) -> int:
    """Playouts per candidate: the turn budget shared out by the turns a playout still has to play."""
    turns = max(3.0, cards_to_draw(view) / CARDS_PER_TURN)
    return max(MIN_WORLDS, min(MAX_WORLDS, int(TURN_BUDGET / (turns * candidates))))


def outcome(sim: Sim, me: int) -> float:
    """The share of other seats beaten (points, then pieces left), plus a little for the margin."""
    totals = sim.final_points()
    supply = [h + e for h, e in zip(sim.house_supply, sim.emissary_supply, strict=True)]
    mine = (totals[me], supply[me])
    others = [seat for seat in range(sim.players) if seat != me and sim.in_play[seat]]
    if not others:
        return 1.0
    beaten = sum(1.0 if mine > (totals[s], supply[s]) else 0.5 if mine == (totals[s], supply[s]) else 0.0
                 for s in others)
    margin = totals[me] - sum(totals[s] for s in others) / len(others)
    return beaten / len(others) + 0.02 * max(-25.0, min(25.0, margin))
