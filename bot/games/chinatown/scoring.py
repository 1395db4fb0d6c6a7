"""Businesses, income and the final ranking (§6.2, §6.3, §7, §8), always derived from the board [R24]."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from bot.games.base import Result, competition_ranking
from bot.games.chinatown.data import BOARD, SHOPS, Shop, State


@dataclass(frozen=True)
class Business:
    """A connected group of one owner's same-type tiles, with its split into scored parts [R25]."""

    owner: int
    shop: Shop
    lots: tuple[int, ...]
    parts: tuple[int, ...]  # sizes: n div m complete parts of m, then n mod m if > 0
    income: int

    @property
    def complete(self) -> bool:
        return self.parts[0] == BOARD.shops[self.shop].max_size


def split(size: int, max_size: int) -> tuple[int, ...]:
    """The oversize rule: ``n div m`` complete businesses plus one of ``n mod m`` (§6.3)."""
    parts = [max_size] * (size // max_size)
    if size % max_size:
        parts.append(size % max_size)
    return tuple(parts)


def part_income(size: int, max_size: int) -> int:
    table = BOARD.income_complete if size == max_size else BOARD.income_incomplete
    return table[size]


def group_income(size: int, max_size: int) -> int:
    return sum(part_income(part, max_size) for part in split(size, max_size))


def components(lots: Iterable[int]) -> list[tuple[int, ...]]:
    """Connected components of ``lots`` under orthogonal adjacency (never diagonal, never across streets)."""
    remaining = set(lots)
    groups: list[tuple[int, ...]] = []
    for start in sorted(remaining):
        if start not in remaining:
            continue
        remaining.discard(start)
        stack, group = [start], [start]
        while stack:
            for neighbour in BOARD.adjacency[stack.pop()]:
                if neighbour in remaining:
                    remaining.discard(neighbour)
                    stack.append(neighbour)
                    group.append(neighbour)
        groups.append(tuple(sorted(group)))
    return groups


def businesses_of(holdings: Mapping[int, Shop], owner: int) -> list[Business]:
    """The businesses formed by one owner's tiles, ``holdings`` mapping lot -> shop type."""
    return list(_businesses(tuple(sorted(holdings.items())), owner))


@lru_cache(maxsize=4096)
def _businesses(holdings: tuple[tuple[int, Shop], ...], owner: int) -> tuple[Business, ...]:
    # Remembered: every view asks for every seat's businesses, and the board changes far less often.
    result: list[Business] = []
    for shop in SHOPS:
        m = BOARD.shops[shop].max_size
        for group in components(lot for lot, s in holdings if s is shop):
            result.append(Business(owner, shop, group, split(len(group), m), group_income(len(group), m)))
    return tuple(result)


def holdings(state: State, seat: int) -> dict[int, Shop]:
    """Lot -> tile for every tile on a lot ``seat`` owns."""
    return every_holding(state)[seat]


def every_holding(state: State) -> list[dict[int, Shop]]:
    """``holdings`` of every seat, in one pass over the board (a view needs them all)."""
    held: list[dict[int, Shop]] = [{} for _ in range(state.num_players)]
    for lot, (owner, tile) in enumerate(zip(state.owners, state.tiles, strict=True), start=1):
        if owner is not None and tile is not None:
            held[owner][lot] = tile
    return held


def businesses(state: State, seat: int) -> list[Business]:
    return businesses_of(holdings(state, seat), seat)


def income(state: State, seat: int) -> int:
    """What ``seat`` earns in phase 5 from the board as it stands (§7.2)."""
    return sum(b.income for b in businesses(state, seat))


def tiles_on_board(state: State, seat: int) -> int:
    """The tie-break: tiles on lots the seat owns; tiles in hand never count [R28]."""
    return len(holdings(state, seat))


def ranking(state: State) -> tuple[int, ...]:
    """Cash, then tiles on the board; equal on both share the place [R28]. Resigned seats come last,
    the latest to leave above the earlier ones."""
    keys: list[tuple[int, int, int]] = []
    for seat, data in enumerate(state.seats):
        if data.resigned:
            keys.append((0, state.resigned_order.index(seat), 0))
        else:
            keys.append((1, data.cash, tiles_on_board(state, seat)))
    return competition_ranking(keys)


def final_result(state: State) -> Result:
    """Scores are final cash: total = start money + income + trade balance; tiles on board break ties."""
    breakdown = []
    for s, seat in enumerate(state.seats):
        earned = sum(seat.income)
        breakdown.append(
            {
                "total": seat.cash,
                "start_money": BOARD.start_money,
                "income": earned,
                "trades": seat.cash - BOARD.start_money - earned,
                "tiles_on_board": tiles_on_board(state, s),
                "resigned": seat.resigned,
                "timed_out": seat.timed_out,  # the final picture says "out of time" rather than "resigned"
            }
        )
    return Result(
        scores=tuple(seat.cash for seat in state.seats),
        ranking=ranking(state),
        breakdown=tuple(breakdown),
        reason="normal" if len(state.active) >= 2 else "resignation",
    )
