"""The computer player, from its own view and the legal actions only.

"normal" plans (ai_normal.py: expected final money, Monte Carlo keeps, trading).

"easy": keeps the cards that best touch its lots, answers offers by a rough value (money at face value,
tiles and lots by what they can earn in the rounds left), builds where a tile adds the most income, and
never proposes trades itself. Each choice takes a few milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import check_choice, own_seat
from bot.games.chinatown import ai_normal
from bot.games.chinatown.data import BOARD, ROUNDS, Shop
from bot.games.chinatown.schema import ChinatownView, OfferView
from bot.games.chinatown.scoring import businesses_of

TILE_VALUE_PER_ROUND = 6_000  # a tile in hand will earn at least 10,000 a round once built, later
LOT_VALUE_PER_ROUND = 5_000  # a vacant lot is a place to build
JOIN_BONUS = 3_000  # building next to an own shop of the same type
ROOM_BONUS = 500  # building next to an own vacant lot


def choose_action(
    view: ChinatownView, legal: Sequence[Mapping[str, Any]], rng: random.Random, level: str = "easy"
) -> dict[str, Any]:
    check_choice(level, legal)
    if level == "normal":
        return ai_normal.choose(view, legal, rng)
    kinds = {action["type"] for action in legal}
    if "keep" in kinds:
        return _keep(view, legal, rng)
    if "end_turn" in kinds:
        return _build(view, legal, rng)
    return _trade(view, legal)


def _holdings(view: Mapping[str, Any], seat: int) -> dict[int, Shop]:
    return {lot["lot"]: Shop(lot["tile"]) for lot in view["lots"] if lot["owner"] == seat and lot["tile"]}


def _keep(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Cards whose lots touch each other and the lots already owned."""
    me = view["viewer"]
    mine = {lot["lot"] for lot in view["lots"] if lot["owner"] == me}
    free = {lot["lot"] for lot in view["lots"] if lot["owner"] is None}

    def score(lots: Sequence[int]) -> float:
        chosen = set(lots)
        total = 0.0
        for lot in lots:
            for neighbour in BOARD.adjacency[lot]:
                total += 2.0 if neighbour in mine else 1.0 if neighbour in chosen else 0.2 * (neighbour in free)
        return total + rng.random() * 0.01

    return dict(max(legal, key=lambda action: score(action["lots"])))


def _build(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The placement that adds the most income now; end the turn when nothing is left to build."""
    me = view["viewer"]
    holdings = _holdings(view, me)
    for placed in view["batch"] or ():  # simultaneous mode: own placements not yet on the board
        holdings[placed["lot"]] = Shop(placed["tile"])
    base = _income_by_shop(holdings, me)
    vacant_own = {lot["lot"] for lot in view["lots"] if lot["owner"] == me and not lot["tile"]} - set(holdings)
    best: tuple[float, Mapping[str, Any]] | None = None
    for action in legal:
        if action["type"] != "place":
            continue
        shop = Shop(action["tile"])
        gain = _income_by_shop({**holdings, action["lot"]: shop}, me)[shop] - base[shop]
        # Two lone shops pay as much as a pair, but only a group can grow: prefer joining one.
        neighbours = BOARD.adjacency[action["lot"]]
        growth = sum(JOIN_BONUS for n in neighbours if holdings.get(n) is shop)
        growth += sum(ROOM_BONUS for n in neighbours if n in vacant_own)
        key = gain + growth + rng.random()
        if best is None or key > best[0]:
            best = (key, action)
    if best is None:
        return {"type": "end_turn"}
    return dict(best[1])


def _income_by_shop(holdings: Mapping[int, Shop], seat: int) -> dict[Shop, int]:
    income = dict.fromkeys(Shop, 0)
    for business in businesses_of(holdings, seat):
        income[business.shop] += business.income
    return income


def _trade(view: ChinatownView, legal: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Take offers worth more than they cost, decline the others, then be done trading."""
    me = own_seat(view["viewer"])
    offers = {offer["id"]: offer for offer in view["offers"]}
    for action in legal:
        if action["type"] == "accept" and _worth(view, offers[action["offer"]], me) > 0:
            return dict(action)
    for action in legal:
        if action["type"] == "reject" and me not in offers[action["offer"]]["accepted"]:
            return dict(action)
    for action in legal:
        if action["type"] == "ready" and action["ready"]:
            return dict(action)
    return dict(legal[0])


def _worth(view: ChinatownView, offer: OfferView, me: int) -> float:
    rounds_left = ROUNDS - view["round"] + 1
    holdings = _holdings(view, me)
    after = dict(holdings)
    value = 0.0
    for leg in offer["legs"]:
        sign = 1 if leg["to"] == me else -1 if leg["from"] == me else 0
        if sign == 0:
            continue
        if leg["kind"] == "money":
            value += sign * (leg["amount"] or 0)
        elif leg["kind"] == "tiles":
            value += sign * (leg["count"] or 0) * TILE_VALUE_PER_ROUND * rounds_left
        else:
            value += sign * LOT_VALUE_PER_ROUND * rounds_left
            lot = leg["lot"]  # never None on a lot leg
            if leg["lot_tile"] and lot is not None:
                if sign > 0:
                    after[lot] = Shop(leg["lot_tile"])
                else:
                    after.pop(lot, None)
    income_change = sum(_income_by_shop(after, me).values()) - sum(_income_by_shop(holdings, me).values())
    return value + income_change * rounds_left
