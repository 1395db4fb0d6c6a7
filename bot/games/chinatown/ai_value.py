"""What a position is worth to a seat, for the "normal" computer player: its expected final money.

A position holds only public facts (owners, tiles on the board, tiles in hand, the round; cash is added by
the caller, as only the seat's own is known), so it can be built from a view (``from_view``) or from a
determinized state (``from_state``).

The worth is cash + the income still to come: the board's income after the seat builds its hand as well
as it can (a greedy plan that joins groups first), paid for every round left, plus a small worth for
what cannot be built yet (surplus tiles or vacant lots), more for a vacant lot that a business could grow
into. Every number is in dollars, so trades can be priced with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.chinatown.data import BOARD, ROUNDS, SHOP_INDEX, SHOPS, Phase, Shop, State
from bot.games.chinatown.scoring import group_income

# A surplus tile or lot will earn only once it finds a partner (a lot or a tile) in a later year.
SURPLUS_TILE_PER_ROUND = 4_000
SURPLUS_LOT_PER_ROUND = 4_000
# A vacant lot next to a business of the seat can take a matching tile later (bought or drawn).
GROWTH_CHANCE = 0.35
# A vacant lot next to another own lot can become part of a business later.
NEIGHBOUR_LOT_PER_ROUND = 1_000
JOIN_BONUS = 3_000  # building next to a shop of the same type: worth it even when today's income is equal

MAX_SIZE: dict[Shop, int] = {shop: BOARD.shops[shop].max_size for shop in SHOPS}


@dataclass
class Position:
    """The public board plus what the valuing seat knows; mutable only while a plan is being built."""

    round: int
    owners: dict[int, int]  # lot -> seat, owned lots only
    tiles: dict[int, Shop]  # lot -> shop on the board
    hands: list[list[int]]  # per seat, tiles in hand per shop type (SHOPS order)
    to_build: set[int]  # seats that still build this round (their income this year can still grow)

    def copy(self) -> Position:
        return Position(
            self.round, dict(self.owners), dict(self.tiles), [list(h) for h in self.hands], set(self.to_build)
        )


def from_view(view: Mapping[str, Any]) -> Position:
    """The position a seat's view shows; the seat's own unrevealed batch counts as built."""
    lots = view["lots"]
    players = view["players"]
    owners = {lot["lot"]: lot["owner"] for lot in lots if lot["owner"] is not None}
    tiles = {lot["lot"]: Shop(lot["tile"]) for lot in lots if lot["tile"]}
    hands = [[p["hand_tiles"].get(shop.value, 0) for shop in SHOPS] for p in players]
    viewer = view["viewer"]
    for placed in view["batch"] or []:
        tiles[placed["lot"]] = Shop(placed["tile"])
        if isinstance(viewer, int):
            hands[viewer][SHOP_INDEX[Shop(placed["tile"])]] -= 1
    to_build = {p["seat"] for p in players if not p["resigned"] and _builds(view["phase"], p["turn_done"])}
    return Position(view["round"], owners, tiles, hands, to_build)


def from_state(state: State) -> Position:
    owners = {lot: o for lot, o in enumerate(state.owners, start=1) if o is not None}
    tiles = {lot: t for lot, t in enumerate(state.tiles, start=1) if t is not None}
    hands = [list(seat.hand) for seat in state.seats]
    for s, seat in enumerate(state.seats):
        for lot, shop in seat.batch:
            tiles[lot] = shop
            hands[s][SHOP_INDEX[shop]] -= 1
    to_build = {
        s for s, seat in enumerate(state.seats) if not seat.resigned and _builds(state.phase.value, seat.turn_done)
    }
    return Position(state.round, owners, tiles, hands, to_build)


def _builds(phase: str, turn_done: bool) -> bool:
    if phase == Phase.GAME_OVER.value:
        return False
    return phase != Phase.PLACE_TILES.value or not turn_done


# -- groups ------------------------------------------------------------------------------------------------
class Groups:
    """One seat's businesses as a union-find over its tiles, so a placement's gain is a lookup."""

    def __init__(self, holdings: Mapping[int, Shop]) -> None:
        self.shop: dict[int, Shop] = dict(holdings)
        self.parent: dict[int, int] = {lot: lot for lot in holdings}
        self.size: dict[int, int] = dict.fromkeys(holdings, 1)
        for lot, shop in holdings.items():
            for n in BOARD.adjacency[lot]:
                if n < lot and self.shop.get(n) is shop:
                    self._union(lot, n)

    def root(self, lot: int) -> int:
        while self.parent[lot] != lot:
            self.parent[lot] = self.parent[self.parent[lot]]
            lot = self.parent[lot]
        return lot

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.root(a), self.root(b)
        if ra != rb:
            self.parent[rb] = ra
            self.size[ra] += self.size.pop(rb)

    def joined(self, lot: int, shop: Shop) -> list[int]:
        """Sizes of the seat's groups of ``shop`` that a tile on ``lot`` would join."""
        roots = {self.root(n) for n in BOARD.adjacency[lot] if self.shop.get(n) is shop}
        return [self.size[r] for r in roots]

    def gain(self, lot: int, shop: Shop) -> int:
        """Extra income a round from a ``shop`` tile on ``lot``."""
        sizes = self.joined(lot, shop)
        m = MAX_SIZE[shop]
        return group_income(1 + sum(sizes), m) - sum(group_income(s, m) for s in sizes)

    def add(self, lot: int, shop: Shop) -> None:
        self.shop[lot] = shop
        self.parent[lot] = lot
        self.size[lot] = 1
        for n in BOARD.adjacency[lot]:
            if self.shop.get(n) is shop:
                self._union(lot, n)

    def income(self) -> int:
        return sum(group_income(size, MAX_SIZE[self.shop[root]]) for root, size in self.size.items())


# -- the plan ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    placements: tuple[tuple[int, Shop], ...]  # in the order to build them
    income_before: int
    income_after: int
    surplus_tiles: int
    vacant: tuple[int, ...]  # own lots left vacant
    groups: Groups


def owned_by(position: Position, seat: int) -> tuple[dict[int, Shop], list[int]]:
    """The seat's tiles on the board and its vacant lots."""
    holdings = {lot: shop for lot, shop in position.tiles.items() if position.owners.get(lot) == seat}
    vacant = sorted(lot for lot, owner in position.owners.items() if owner == seat and lot not in position.tiles)
    return holdings, vacant


def plan(position: Position, seat: int) -> Plan:
    """Build greedily: the placement with the largest gain first; joining a group, and leaving room for it
    to grow, break ties. Every placement gains at least 10,000 a round, so every tile that has a lot is built."""
    holdings, vacant_list = owned_by(position, seat)
    groups = Groups(holdings)
    before = groups.income()
    vacant = set(vacant_list)
    hand = list(position.hands[seat])
    placements: list[tuple[int, Shop]] = []
    while vacant and any(hand):
        best: tuple[float, int, int] | None = None
        for lot in sorted(vacant):
            room = sum(1 for n in BOARD.adjacency[lot] if n in vacant)
            for i, count in enumerate(hand):
                if not count:
                    continue
                shop = SHOPS[i]
                # Equal gains: join a group (a pair today is a business tomorrow), leave room to grow.
                joins = bool(groups.joined(lot, shop))
                score = groups.gain(lot, shop) + JOIN_BONUS * joins + 500 * room * min(count - 1, 1) + 200 * room
                if best is None or score > best[0]:
                    best = (score, lot, i)
        assert best is not None
        _, lot, i = best
        groups.add(lot, SHOPS[i])
        hand[i] -= 1
        vacant.discard(lot)
        placements.append((lot, SHOPS[i]))
    return Plan(tuple(placements), before, groups.income(), sum(hand), tuple(sorted(vacant)), groups)


def incomes_left(position: Position) -> int:
    """Income payments still to come, this year's included (every phase that waits comes before income)."""
    return ROUNDS - position.round + 1


def worth(position: Position, seat: int, cash: int = 0) -> float:
    """Expected final money of ``seat`` (cash given separately, as others' cash is secret)."""
    left = incomes_left(position)
    if left <= 0:
        return float(cash)
    built = plan(position, seat)
    later = left - 1  # years after this one
    if seat in position.to_build:
        income = built.income_after * left
    else:
        income = built.income_before + built.income_after * later
    value = float(cash + income)
    value += SURPLUS_TILE_PER_ROUND * later * built.surplus_tiles
    value += sum(_lot_potential(position, seat, built.groups, lot, later) for lot in built.vacant)
    return value


def _lot_potential(position: Position, seat: int, groups: Groups, lot: int, later: int) -> float:
    """A vacant lot: a place for a later tile, worth more next to a business it could grow."""
    growth = 0.0
    for n in BOARD.adjacency[lot]:
        shop = groups.shop.get(n)
        if shop is not None:
            growth = max(growth, step_value(sum(groups.joined(lot, shop)), MAX_SIZE[shop]))
    neighbours = sum(1 for n in BOARD.adjacency[lot] if position.owners.get(n) == seat and n not in groups.shop)
    per_round = SURPLUS_LOT_PER_ROUND + GROWTH_CHANCE * growth + NEIGHBOUR_LOT_PER_ROUND * neighbours
    return per_round * later


def step_value(size: int, max_size: int) -> float:
    """What growing a business of ``size`` by one tile (and half of a second) earns a round above lone shops."""
    one = group_income(size + 1, max_size) - group_income(size, max_size) - 10_000
    two = group_income(size + 2, max_size) - group_income(size + 1, max_size) - 10_000
    return max(0.0, one + 0.5 * max(0, two))
