"""The computer player. It reads only its own view (plus the public board data) and picks from the
legal actions it is given.

"normal" (``ai_search``): determinized Monte Carlo. It shortlists moves by a planner's judgement,
samples the cards it cannot see, and plays each game out in a compact model with the easy judgement.

"easy": a one-move look-ahead on a hand-tuned value: houses that take or keep a majority and link
to its own houses, emissaries that lead a region next to regions it already leads (more so once the
deck has run out), no wasted cards; exchange only when nothing sensible can be placed. Ties are
broken by the caller's rng.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import Action, check_choice
from bot.games.china import ai_search
from bot.games.china.data import board
from bot.games.china.schema import ChinaView
from bot.games.china.scoring import score_region


def choose_action(view: ChinaView, legal: Sequence[Action], rng: random.Random, level: str = "easy") -> Action:
    check_choice(level, legal)
    if level == "normal":
        return ai_search.choose(view, legal, rng)
    values = [_value(view, a) for a in legal]
    best = max(values)
    return rng.choice([a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9])


def _value(view: Mapping[str, Any], action: Mapping[str, Any]) -> float:
    kind = action["type"]
    if kind == "place":
        return _place_value(view, action)
    hand: list[str] = view["hand"] or []
    if kind == "draw":
        # A card matching the hand makes a pair (a wild card) or a second own-colour payment.
        if action["source"] == "display":
            return 2.0 if action["color"] in hand else 1.0
        return 1.5
    if kind == "exchange":
        value = 0.5
        if hand.count(action["give"]) == 1:
            value += 0.3  # give up a lone card, keep pairs
        if action["take"] == "display" and action["color"] in hand and action["color"] != action["give"]:
            value += 0.5
        return value
    return 0.0


def _place_value(view: Mapping[str, Any], action: Mapping[str, Any]) -> float:
    me: int = view["viewer"]
    region = next(r for r in view["regions"] if r["id"] == action["region"])
    houses = list(region["houses"])
    emissaries = list(region["emissaries"])
    owner = {s["id"]: s["house"] for s in view["spaces"]}
    adjacency = board().neighbours(view["board_side"])
    value = -0.6 * (len(action["cards"]) - len(action["pieces"]))  # a wild pair costs a card more
    for piece in action["pieces"]:
        if piece["kind"] == "house":
            houses[me] += 1
            owner[piece["space"]] = me
            value += 3.0
            value += 0.8 * sum(1 for n in adjacency[piece["space"]] if owner.get(n) == me)
            others = max((h for s, h in enumerate(houses) if s != me), default=0)
            if houses[me] >= others:
                value += 1.5
        elif piece["kind"] == "emissary":
            emissaries[me] += 1
            value += 2.0 + (1.0 if view["exhaustions"] else 0.0)  # alliances pay at the end
            others = max((e for s, e in enumerate(emissaries) if s != me), default=0)
            if emissaries[me] >= others:
                value += 2.0 + 0.8 * _allied_leads(view, region["id"], me)
        else:
            value += 0.5  # a lone fortification; with its house it also earns the house's value
    if any(p["kind"] == "fortification" for p in action["pieces"]) and any(
        p["kind"] == "house" for p in action["pieces"]
    ):
        value += 4.5  # a fortified house doubles its region's scoring and its row
    if houses and sum(houses) == len(region["spaces"]) and not region["scored"]:
        points = score_region(houses)
        value += 0.5 * (points[me] - max(p for s, p in enumerate(points) if s != me))
    return value


def _allied_leads(view: Mapping[str, Any], region_id: str, me: int) -> int:
    """Neighbouring regions (through an alliance) where ``me`` already tops the emissaries."""
    emissaries = {r["id"]: r["emissaries"] for r in view["regions"]}
    count = 0
    for alliance in view["alliances"]:
        if region_id in alliance["regions"]:
            (other,) = [r for r in alliance["regions"] if r != region_id] or [region_id]
            there = emissaries[other]
            count += there[me] > 0 and there[me] == max(there)
    return count
