"""The computer player, over its own view only.

"normal" (``ai_search``): determinized Monte Carlo: the easy player's best few moves, each tried in
worlds sampled from the view and played out by a fast copy of the easy judgement.

"easy": a greedy one-move look-ahead. It values each section by the marker it can still win there and
each play by how much it improves its standing (lead, tie, deficit) in that section, minus a small price
for the cards spent. Cavalry is free, so it is played whenever it clearly helps; drawing is preferred
when the hand runs thin.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import check_choice
from bot.games.great_wall import ai_search
from bot.games.great_wall.ai_rollout import standing
from bot.games.great_wall.data import BASE_VALUE, CardType, FirstMarker, Section, card_type
from bot.games.great_wall.progress import section_progress
from bot.games.great_wall.schema import GreatWallView

_CAVALRY_WORTH_IT = 0.25  # a free play must at least gain this much to be made


def choose_action(
    view: GreatWallView, legal: Sequence[Mapping[str, Any]], rng: random.Random, level: str = "easy"
) -> dict[str, Any]:
    check_choice(level, legal)
    if level == "normal":
        return ai_search.choose(view, legal, rng, _score)
    if legal[0]["type"] == "claim":
        return dict(_choose_claim(view, legal))
    scored = [(_score(view, action), rng.random(), i) for i, action in enumerate(legal)]
    free = [entry for entry in scored if legal[entry[2]].get("card") == CardType.CAVALRY.value]
    paid = [entry for entry in scored if legal[entry[2]].get("card") != CardType.CAVALRY.value]
    best_free = max(free, default=None)
    if best_free is not None and (not paid or best_free[0] >= _CAVALRY_WORTH_IT):
        return dict(legal[best_free[2]])
    return dict(legal[max(paid)[2]])


def _choose_claim(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    """The smaller marker (it counts against us until the section completes) on our most valuable card,
    which the marker then protects from a Dragon."""
    section = view["sections"][legal[0]["section"]]
    values = {card["id"]: card["value"] for stack in section["row"] for card in stack}
    smallest = min(action["marker"] for action in legal)
    return max(
        (action for action in legal if action["marker"] == smallest),
        key=lambda action: (values.get(action["card"], 0), -action["card"]),
    )


def _as_section(section: Mapping[str, Any]) -> Section:
    first = section["first_marker"]
    return Section(
        open=section["open"],
        markers=tuple(section["markers"]),
        first_marker=FirstMarker(first["value"], first["card"]) if first else None,
        row=tuple(tuple(card["id"] for card in stack) for stack in section["row"]),
    )


def _score(view: Mapping[str, Any], action: Mapping[str, Any]) -> float:
    hand = view["hand"] or []
    if action["type"] == "draw":
        return 1.2 if len(hand) <= 2 else (0.6 if len(hand) < 5 else 0.35)
    me = view["viewer"]
    kind = CardType(action["card"])
    view_section = view["sections"][action["section"]]
    section = _as_section(view_section)
    renumber = view["options"]["infantry_covered"] == "renumber"
    cards = tuple(sorted(card["id"] for card in hand if card["type"] == kind.value))[: action["count"]]
    if action.get("cover") is None:
        row = section.row + tuple((card,) for card in cards)
    else:
        row = tuple(stack + cards if stack[-1] == action["cover"] else stack for stack in section.row)
    before = standing(section_progress(section, renumber), me)
    after = standing(section_progress(Section(True, section.markers, section.first_marker, row), renumber), me)
    stake = max(section.markers, default=0)
    cost = sum(0.1 + 0.05 * BASE_VALUE[card_type(card)] for card in cards)
    return stake * (after - before) - cost
