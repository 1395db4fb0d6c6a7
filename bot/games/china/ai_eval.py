"""How good a board is for each seat: the points it would score if the game ended now.

Every region counts its ladder (a scored region's points were exactly that ladder when it filled, and a
full region never changes), every alliance its current majority, every seat its best rows. So the value
is a function of the board alone (houses, fortifications, emissaries), which lets the search compare
boards without caring whether a region has been scored yet. A little credit for roads of two and three
houses (rows in the making) keeps the computer building towards rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from bot.games.china.data import State, board
from bot.games.china.schema import Side
from bot.games.china.scoring import road_score, score_alliance, score_region

# Credit for a connected group of own houses too short to be a row yet, by its size.
ROW_IN_THE_MAKING = {1: 0.0, 2: 0.5, 3: 1.5}


# A turn spends about two cards and places about 1.2 houses (the rest are emissaries).
CARDS_PER_TURN = 2.2
HOUSES_PER_TURN = 1.2
# Credit for topping one region of an alliance, as a share of what the alliance would pay, divided by
# one more than the emissaries it would take to top the other region too.
HALF_ALLIANCE = 0.35


def board_values(state: State, fill: float = 0.0) -> list[float]:
    """Each seat's points if the game ended on this board (plus the credits for what is in the making)."""
    return values(state.players, state.board_side, state.houses, state.fortified, state.dragon, fill)


def values(
    players: int,
    side: Side,
    houses: Sequence[int | None],
    fortified: Sequence[int | None],
    dragon: Sequence[Sequence[int]],
    fill: float = 0.0,
) -> list[float]:
    """``fill`` is the share of the free house spaces expected to be built on before the end: the region
    leaders are credited with that share of the region's growth (their ladder grows with every house)."""
    return _count(players, side, houses, fortified, dragon, fill, credits=True)


def points(
    players: int,
    side: Side,
    houses: Sequence[int | None],
    fortified: Sequence[int | None],
    dragon: Sequence[Sequence[int]],
) -> list[int]:
    """The exact points of each seat if the game ended on this board (the engine's scoring rules)."""
    return [int(v) for v in _count(players, side, houses, fortified, dragon, 0.0, credits=False)]


def _count(
    players: int,
    side: Side,
    houses: Sequence[int | None],
    fortified: Sequence[int | None],
    dragon: Sequence[Sequence[int]],
    fill: float,
    credits: bool,
) -> list[float]:
    b = board()
    totals = [0.0] * players
    for region in b.regions:
        counts = [0] * players
        doubled = [False] * players
        for space in region.spaces:
            i = b.space_index(space)
            owner = houses[i]
            if owner is not None:
                counts[owner] += 1
                doubled[owner] = doubled[owner] or fortified[i] is not None
        if any(counts):
            for seat, points in enumerate(score_region(counts, doubled)):
                totals[seat] += points
            free = len(region.spaces) - sum(counts)
            if credits and free and fill:
                _credit_growth(totals, counts, free * fill)
    for alliance in b.alliances:
        first, second = (dragon[b.region_index(r)] for r in alliance.regions)
        for seat, points in enumerate(score_alliance(first, second)):
            totals[seat] += points
            if credits and not points:
                totals[seat] += _half_alliance(first, second, seat) + _half_alliance(second, first, seat)
    forts = frozenset(s for s, f in zip(b.spaces, fortified, strict=True) if f is not None)
    for seat in range(players):
        own = frozenset(s for s, h in zip(b.spaces, houses, strict=True) if h == seat)
        totals[seat] += rows(own, side, forts & own) + (rows_in_the_making(own, side) if credits else 0.0)
    return totals


def cards_to_draw(view: Mapping[str, Any]) -> int:
    """Cards still to come out of the deck: after the first exhaustion the discard pile comes back as a
    second deck, which by then holds about every card not in a hand or the display."""
    to_draw: int = view["deck_count"]
    if view["exhaustions"] == 0:
        in_play = sum(board().cards.values()) - sum(view["removed"].values())
        hands = sum(player["hand_count"] for player in view["players"])
        to_draw += in_play - hands - len(view["display"])
    return to_draw


def expected_fill(view: Mapping[str, Any]) -> float:
    """The share of today's free house spaces likely to be built on before the end."""
    houses_to_come = cards_to_draw(view) / CARDS_PER_TURN * HOUSES_PER_TURN
    free = sum(1 for space in view["spaces"] if space["house"] is None)
    return min(1.0, houses_to_come / free) if free else 0.0


def _credit_growth(totals: list[float], counts: Sequence[int], growth: float) -> None:
    """The top of the ladder scores every house of the region: a safe lead takes most of the growth."""
    top = max(counts)
    leaders = [seat for seat, count in enumerate(counts) if count == top]
    second = max((count for count in counts if count < top), default=0)
    share = 0.3 if len(leaders) > 1 else min(0.8, 0.4 + 0.2 * (top - second))
    for seat in leaders:
        totals[seat] += share * growth


def _half_alliance(mine: Sequence[int], other: Sequence[int], seat: int) -> float:
    """Credit for topping ``mine`` (at least one emissary) while not yet topping ``other``."""
    if not mine[seat] or mine[seat] < max(mine):
        return 0.0
    if other[seat] and other[seat] == max(other):
        return 0.0  # tops both: the alliance itself scores (counted elsewhere)
    short = max(1, max(other) - other[seat])
    return HALF_ALLIANCE * (sum(mine) + sum(other) + short) / (1 + short)


@lru_cache(maxsize=8192)
def rows(own: frozenset[str], side: Side, fortified: frozenset[str]) -> int:
    """The road score of a seat's houses (cached: most boards compared leave most seats' houses alone)."""
    total, _ = road_score(own, board().neighbours(side), fortified)
    return total


@lru_cache(maxsize=8192)
def rows_in_the_making(own: frozenset[str], side: Side) -> float:
    """Credit for groups of houses too short to be rows yet."""
    adjacency = board().neighbours(side)
    total = 0.0
    seen: set[str] = set()
    for start in sorted(own):
        if start in seen:
            continue
        group = {start}
        stack = [start]
        while stack:
            for nxt in adjacency[stack.pop()]:
                if nxt in own and nxt not in group:
                    group.add(nxt)
                    stack.append(nxt)
        seen |= group
        total += ROW_IN_THE_MAKING.get(len(group), 0.0)
    return total
