"""Trading for the "normal" computer player (issue 8): answer offers, and propose offers that build businesses.

Every trade is judged by how it changes each participant's expected final money (ai_value.worth):
- An offer made to it is accepted when it raises its own expected final money and does not raise the
  partners' by more than it gains against the rest of the table; otherwise it is declined, with a short
  reason in the action's ``note``.
- It proposes at most a few offers a year, never the same one twice: buying a lot or tiles that join or
  complete one of its businesses, selling what it cannot use to someone who can, or swapping tiles. The
  price gives the partner a share of the gain and at least a market floor for what it gives up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base.language import tr
from bot.games.chinatown.ai_sample import estimated_cash
from bot.games.chinatown.ai_value import Groups, Position, incomes_left, owned_by, plan, worth
from bot.games.chinatown.data import BOARD, SHOP_INDEX, SHOPS, Shop, shop_name

MAX_PROPOSALS = 3  # offers of its own a year: enough to build, never a flood
MIN_GAIN = 4_000  # what a proposal must earn it, after the price
ACCEPT_MIN = 1_000  # an offer must raise its expected money by at least this
PARTNER_SHARE = 0.35  # the partner's share of what a proposed trade adds for both
MARKET_PER_ROUND = 5_500  # the going price of a tile or a lot, per income still to come


@dataclass(frozen=True)
class Transfer:
    """A trade without its money: lots and tiles moving between seats."""

    lots: tuple[tuple[int, int, int], ...] = ()  # (giver, receiver, lot)
    tiles: tuple[tuple[int, int, Shop, int], ...] = ()  # (giver, receiver, shop, count)

    def legs(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"from": g, "to": r, "kind": "lot", "lot": lot} for g, r, lot in self.lots]
        out += [
            {"from": g, "to": r, "kind": "tiles", "tile_type": shop.value, "count": n} for g, r, shop, n in self.tiles
        ]
        return out


def _after(
    position: Position, lots: Sequence[tuple[int, int, int]], tiles: Sequence[tuple[int, int, Shop, int]]
) -> Position:
    moved = position.copy()
    for _giver, receiver, lot in lots:
        moved.owners[lot] = receiver
    for giver, receiver, shop, count in tiles:
        moved.hands[giver][SHOP_INDEX[shop]] -= count
        moved.hands[receiver][SHOP_INDEX[shop]] += count
    return moved


def gains(
    position: Position, transfer: Transfer, seats: Sequence[int], base: Mapping[int, float] | None = None
) -> dict[int, float]:
    """Change of each seat's expected final money from the lots and tiles alone (``base``: worth before)."""
    after = _after(position, transfer.lots, transfer.tiles)
    return {s: worth(after, s) - (base[s] if base is not None else worth(position, s)) for s in seats}


# -- answering --------------------------------------------------------------------------------------------
def parse(offer: Mapping[str, Any]) -> tuple[Transfer, dict[int, int]]:
    """An offer (as a view shows it) as lots and tiles moving, and each seat's money balance."""
    lots: list[tuple[int, int, int]] = []
    tiles: list[tuple[int, int, Shop, int]] = []
    money: dict[int, int] = {}
    for leg in offer["legs"]:
        if leg["kind"] == "lot":
            lots.append((leg["from"], leg["to"], leg["lot"]))
        elif leg["kind"] == "tiles":
            tiles.append((leg["from"], leg["to"], Shop(leg["tile_type"]), leg["count"]))
        else:
            amount = leg["amount"] or 0
            money[leg["from"]] = money.get(leg["from"], 0) - amount
            money[leg["to"]] = money.get(leg["to"], 0) + amount
    return Transfer(tuple(lots), tuple(tiles)), money


def judge(position: Position, offer: Mapping[str, Any], me: int) -> tuple[bool, str]:
    """(accept?, reason) for an offer ``me`` takes part in."""
    transfer, money = parse(offer)
    seats = list(offer["participants"])
    change = gains(position, transfer, seats)
    for seat, amount in money.items():
        change[seat] = change.get(seat, 0.0) + amount
    mine = change.get(me, 0.0)
    theirs = sum(v for s, v in change.items() if s != me)
    table = max(1, len(position.to_build | set(seats)) - 1)
    if mine < ACCEPT_MIN:
        loss = -mine
        if loss >= 1_000:
            cost = f"${round(loss, -3):,.0f}"
            return False, tr("It would cost me about {money} of my expected final money.", money=cost)
        return False, tr("It would not raise my expected final money.")
    if table * mine < theirs:
        return False, tr("It would help you far more than it helps me.")
    gain = f"${round(mine, -3):,.0f}"
    return True, tr("It raises my expected final money by about {money}.", money=gain)


@dataclass
class Pending:
    """The open offers ``me`` has accepted: a new proposal must not count on what is already promised."""

    expected: Position  # as if they all went through
    secure: Position  # what each seat surely still holds: promised items gone, promised receipts not yet in
    paid: dict[int, int]  # money each seat would pay in them

    def holds(self, transfer: Transfer) -> bool:
        """Every giver surely holds what it would give (the engine checks pre-trade holdings)."""
        if any(self.secure.owners.get(lot) != giver for giver, _, lot in transfer.lots):
            return False
        return all(self.secure.hands[g][SHOP_INDEX[shop]] >= n for g, _, shop, n in transfer.tiles)


def pending(view: Mapping[str, Any], position: Position, me: int) -> Pending:
    expected, secure = position, position.copy()
    paid: dict[int, int] = {}
    for offer in view["offers"]:
        if offer["status"] == "open" and me in offer["accepted"]:
            transfer, balance = parse(offer)
            expected = _after(expected, transfer.lots, transfer.tiles)
            for _giver, _, lot in transfer.lots:
                secure.owners.pop(lot, None)
            for giver, _, shop, count in transfer.tiles:
                secure.hands[giver][SHOP_INDEX[shop]] -= count
            for seat, amount in balance.items():
                paid[seat] = paid.get(seat, 0) + max(0, -amount)
    return Pending(expected, secure, paid)


# -- proposing --------------------------------------------------------------------------------------------
def join_gains(position: Position, seat: int) -> dict[Shop, int]:
    """Per type, the most a tile of it would earn a round above a lone shop on one of the seat's vacant lots."""
    holdings, vacant = owned_by(position, seat)
    groups = Groups(holdings)
    best: dict[Shop, int] = {}
    for lot in vacant:
        for n in BOARD.adjacency[lot]:
            shop = groups.shop.get(n)
            if shop is not None:
                best[shop] = max(best.get(shop, 0), groups.gain(lot, shop) - 10_000)
    return {shop: g for shop, g in best.items() if g > 0}


def candidates(position: Position, me: int, partners: Sequence[int]) -> list[Transfer]:
    """Trades worth pricing: lots next to its lots, tiles that join its businesses (bought or swapped),
    and its tiles and lots that would join someone else's."""
    holdings, vacant = owned_by(position, me)
    mine = set(holdings) | set(vacant)
    near = {n for lot in mine for n in BOARD.adjacency[lot]} - mine
    want = join_gains(position, me)
    spare = [SHOPS[i] for i, n in enumerate(position.hands[me]) if n and want.get(SHOPS[i], 0) == 0]
    surplus = plan(position, me).surplus_tiles > 0
    found: list[Transfer] = []
    for other in partners:
        theirs = join_gains(position, other)
        hand = position.hands[other]
        for lot in sorted(near):
            if position.owners.get(lot) == other:
                found.append(Transfer(lots=((other, me, lot),)))
        for shop in sorted(want, key=SHOP_INDEX.__getitem__):
            held = hand[SHOP_INDEX[shop]]
            for count in range(1, min(held, 2) + 1):
                found.append(Transfer(tiles=((other, me, shop, count),)))
            if held:
                for give in spare:
                    found.append(Transfer(tiles=((other, me, shop, 1), (me, other, give, 1))))
        for give in spare:
            if give in theirs or surplus:
                found.append(Transfer(tiles=((me, other, give, 1),)))
        their_lots = {lot for lot, owner in position.owners.items() if owner == other}
        for lot in vacant:
            if any(n in their_lots for n in BOARD.adjacency[lot]):
                found.append(Transfer(lots=((me, other, lot),)))
    return found


def _items_to(transfer: Transfer, seat: int) -> int:
    """Lots and tiles ``seat`` receives, net of what it gives."""
    got = sum(1 for _, r, _ in transfer.lots if r == seat) + sum(n for _, r, _, n in transfer.tiles if r == seat)
    given = sum(1 for g, _, _ in transfer.lots if g == seat) + sum(n for g, _, _, n in transfer.tiles if g == seat)
    return got - given


def price(position: Position, transfer: Transfer, change: Mapping[int, float], other: int, unit: int) -> int:
    """Money ``me`` pays ``other`` (negative: ``other`` pays). A buyer pays at least the market price and the
    seller's loss plus a share of the gain; a seller asks the market price. Rounded in the partner's favour."""
    me = next(s for s in change if s != other)
    market = MARKET_PER_ROUND * incomes_left(position) * -_items_to(transfer, other)  # > 0 when it sells to me
    surplus = change[me] + change[other]
    if market > 0:
        amount = max(market + unit / 2, -change[other] + PARTNER_SHARE * surplus)
    elif market < 0:
        amount = market
    else:
        amount = -change[other] + PARTNER_SHARE * surplus
    return int(-(-amount // unit) * unit)  # rounded up: more for them, or less asked of them


def _describe(transfer: Transfer, me: int) -> str:
    """The offer's non-binding note: why it is offered."""
    wants = [tr("lot {lot}", lot=lot) for g, _, lot in transfer.lots if g != me]
    wants += [tr("a {shop} tile", shop=shop_name(shop)) for g, _, shop, _ in transfer.tiles if g != me]
    if wants:
        return tr("{items} would grow one of my businesses.", items=tr(" and ").join(wants).capitalize())
    gives = [tr("lot {lot}", lot=lot) for g, _, lot in transfer.lots if g == me]
    gives += [tr("a {shop} tile", shop=shop_name(shop)) for g, _, shop, _ in transfer.tiles if g == me]
    return tr("I have no good use for {items}.", items=tr(" and ").join(gives))


def proposal(view: Mapping[str, Any], position: Position, me: int) -> dict[str, Any] | None:
    """The best new offer to make now, or None."""
    offers = view["offers"]
    if sum(1 for o in offers if o["author"] == me) >= MAX_PROPOSALS:
        return None
    partners = [p["seat"] for p in view["players"] if p["seat"] != me and not p["resigned"]]
    unit = int(view["options"]["money_unit"])
    players = view["players"]
    history = players[me]["income_history"] or []
    fallback = sum(history) // max(1, len(history))
    my_cash = int(players[me]["cash"] or 0)
    tried = {_legs_key(o["legs"]) for o in offers if me in o["participants"]}
    promised = pending(view, position, me)
    position = promised.expected
    my_cash -= promised.paid.get(me, 0)
    base = {s: worth(position, s) for s in (me, *partners)}
    best: tuple[float, dict[str, Any]] | None = None
    for transfer in candidates(position, me, partners):
        if not promised.holds(transfer):
            continue
        other = next(s for s in _seats(transfer) if s != me)
        change = gains(position, transfer, (me, other), base)
        pay = price(position, transfer, change, other, unit)
        their_cash = estimated_cash(players[other], view["round"], fallback) - promised.paid.get(other, 0)
        if pay > my_cash or -pay > their_cash:
            continue
        net = change[me] - pay
        if net < MIN_GAIN:
            continue
        legs = transfer.legs()
        if pay > 0:
            legs.append({"from": me, "to": other, "kind": "money", "amount": pay})
        elif pay < 0:
            legs.append({"from": other, "to": me, "kind": "money", "amount": -pay})
        if _legs_key(legs) in tried:
            continue
        score = net * max(1, len(partners)) - (change[other] + pay)
        if best is None or score > best[0]:
            best = (score, {"type": "propose", "legs": legs, "note": _describe(transfer, me)})
    return None if best is None else best[1]


def _seats(transfer: Transfer) -> list[int]:
    seats = {g for g, _, _ in transfer.lots} | {r for _, r, _ in transfer.lots}
    seats |= {g for g, _, _, _ in transfer.tiles} | {r for _, r, _, _ in transfer.tiles}
    return sorted(seats)


def _legs_key(legs: Sequence[Mapping[str, Any]]) -> tuple[tuple[Any, ...], ...]:
    return tuple(
        sorted(
            (leg["from"], leg["to"], leg["kind"], leg.get("lot"), leg.get("tile_type"), leg.get("count"))
            for leg in legs
        )
    )
