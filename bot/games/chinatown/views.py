"""Views (schema.py), built up from public fields plus the viewer's own, never copied and pared down.

Never in a view: the seed, another player's cash (until the end), dealt cards or keep choice, or batch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.games.base import Event
from bot.games.base.language import tr
from bot.games.chinatown import scoring
from bot.games.chinatown.data import (
    BOARD,
    COLOURS,
    LOTS,
    SHOPS,
    ZODIAC,
    LastMove,
    Leg,
    LegKind,
    Offer,
    Phase,
    Shop,
    State,
    hand_dict,
)
from bot.games.chinatown.errors import MONEY_UNPAYABLE
from bot.games.chinatown.schema import (
    BusinessView,
    ChinatownView,
    LastMoveKind,
    LastMoveView,
    LegView,
    LotView,
    OfferView,
    PlacementView,
    PlayerView,
    ShopId,
)
from bot.games.chinatown.text import money, tile


def _shop_id(shop: Shop | None) -> ShopId | None:
    return None if shop is None else shop.value


def offer_visible(state: State, offer: Offer, viewer: int | None) -> bool:
    """Open offers are public by default; option ``offer_visibility = participants`` [R19]."""
    return state.options.offer_visibility == "public" or viewer in offer.participants


def _leg(state: State, leg: Leg, show_money: bool) -> LegView:
    return {
        "from": leg.giver,
        "to": leg.receiver,
        "kind": leg.kind.value,
        "lot": leg.lot,
        "lot_tile": _shop_id(state.tile(leg.lot)) if leg.lot is not None else None,
        "tile_type": _shop_id(leg.shop),
        "count": leg.count,
        "amount": leg.amount if show_money or leg.kind is not LegKind.MONEY else None,
    }


def offer_dict(state: State, offer: Offer, viewer: int | None, force_visible: bool = False) -> OfferView | None:
    """The offer as ``viewer`` may see it, or None. Money amounts follow ``announce_trade_money`` [R19];
    a cash shortfall is named only to the player concerned [R30]."""
    if not (force_visible or offer_visible(state, offer, viewer)):
        return None
    insider = viewer in offer.participants
    reason, concerned = offer.void_code, offer.void_seat
    if reason == "INSUFFICIENT_CASH" and viewer != concerned:
        reason, concerned = MONEY_UNPAYABLE, None
    return {
        "id": offer.id,
        "version": offer.version,
        "author": offer.author,
        "status": offer.status.value,
        "legs": [_leg(state, leg, state.options.announce_trade_money or insider) for leg in offer.legs],
        "participants": list(offer.participants),
        "accepted": list(offer.accepted),
        "note": offer.note,
        "void_reason": reason,
        "void_seat": concerned,
    }


def _player(state: State, seat: int, viewer: int | None, held: dict[int, Shop], lots: int) -> PlayerView:
    """Seat ``seat`` as ``viewer`` sees it; ``held`` is its tiles on the board (lot -> shop), ``lots`` the
    number of lots it owns (worked out for every seat in one pass)."""
    data = state.seats[seat]
    over = state.phase is Phase.GAME_OVER
    own = viewer == seat
    income_public = state.options.announce_income == "public" or own or over
    formed = scoring.businesses_of(held, seat)
    businesses: list[BusinessView] = [
        {"tile": b.shop.value, "lots": list(b.lots), "parts": list(b.parts), "complete": b.complete}
        for b in formed
    ]
    return {
        "seat": seat,
        "colour": COLOURS[seat],
        "cash": data.cash if own or over else None,
        "hand_tiles": hand_dict(data.hand),
        "lots_owned": lots,
        "tiles_on_board": len(held),  # the tie-break [R28]
        "businesses": businesses,
        "income_now": sum(b.income for b in formed) if income_public else None,
        "income_history": list(data.income) if income_public else None,
        "cards_in_hand": len(data.dealt),
        "keep_submitted": data.keep is not None,
        "ready": data.ready,
        "turn_done": data.turn_done,
        "resigned": data.resigned,
        "timed_out": data.timed_out,
    }


# The actor's own event, by its type: the kind of move it names in a LastMove.
_OWN_KINDS: dict[str, LastMoveKind] = {
    "kept": "keep",
    "placed": "place",
    "turn_ended": "end_turn",
    "offer_proposed": "offer_proposed",
    "offer_edited": "offer_edited",
    "offer_accepted": "offer_accepted",
    "offer_rejected": "offer_rejected",
    "offer_cancelled": "offer_cancelled",
    "resigned": "resign",
}


def public_move(seat: int, events: Sequence[Event]) -> LastMove | None:
    """What everybody saw of ``seat``'s move, from the events' public parts alone (so a keep's lots, a
    hidden batch or an offer only its participants see never get in); None when nothing of it was public.
    A reveal or a trade the move set off outranks the move itself: those are what changed on the board."""
    shown = [(event.type, event.public) for event in events if event.public]
    for kind, data in shown:
        if kind == "offer_executed":
            lots = tuple(leg["lot"] for leg in data["offer"]["legs"] if leg["kind"] == "lot")
            return LastMove(seat, "trade", lots, offer=int(data["offer"]["id"]))
        if kind == "placements_revealed":
            return LastMove(seat, "placements_revealed", tuple(sorted(lot for _, lot, _ in data["placements"])))
        if kind == "lots_kept":
            kept: list[list[int] | None] = data["kept"]
            return LastMove(seat, "lots_revealed", tuple(sorted(lot for lots in kept if lots for lot in lots)))
    for kind, data in shown:
        if kind == "ready":
            return LastMove(seat, "ready" if data["ready"] else "not_ready")
        if kind in _OWN_KINDS:
            offer = data.get("offer")
            lots = (int(data["lot"]),) if kind == "placed" else ()
            tile = Shop(data["tile"]) if kind == "placed" else None
            return LastMove(seat, _OWN_KINDS[kind], lots, tile, int(offer["id"]) if offer else None)
    return None


def remember_move(state: State, seat: int, events: Sequence[Event]) -> State:
    """``state`` keeping ``seat``'s move as everybody saw it; unchanged when none of it was public."""
    last = public_move(seat, events)
    return state if last is None else replace(state, last_move=last)


def last_move_of(view: LastMoveView | None) -> LastMove | None:
    """The LastMove a view shows: states rebuilt from a view (the computer player's samples) keep it."""
    if view is None:
        return None
    tile = Shop(view["tile"]) if view["tile"] else None
    return LastMove(view["seat"], view["kind"], tuple(view["lots"]), tile, view["offer"])


def _last_move(last: LastMove | None) -> LastMoveView | None:
    if last is None:
        return None
    kind = last.kind
    return {"seat": last.seat, "kind": kind, "lots": list(last.lots), "tile": _shop_id(last.tile), "offer": last.offer}


def build_view(state: State, viewer: int | None, to_act: list[int], turn: int | None) -> ChinatownView:
    spec = BOARD.round_spec(state.num_players, state.round)
    me = state.seats[viewer] if viewer is not None else None
    lots: list[LotView] = [
        {"lot": lot, "district": BOARD.district_of[lot], "owner": state.owner(lot), "tile": _shop_id(state.tile(lot))}
        for lot in LOTS
    ]
    offers = [view for o in state.offers if (view := offer_dict(state, o, viewer)) is not None]
    held = scoring.every_holding(state)
    owned = Counter(owner for owner in state.owners if owner is not None)
    batch: list[PlacementView] | None = None
    if me is not None and state.options.placement_mode == "simultaneous":
        batch = [{"lot": lot, "tile": shop.value} for lot, shop in me.batch]
    return {
        "key": "chinatown",
        "viewer": viewer,
        "num_players": state.num_players,
        "options": state.options.to_dict(),
        "round": state.round,
        "year": state.year(),
        "zodiac": ZODIAC[state.round - 1],
        "phase": state.phase.value,
        "first_player": state.first_player,
        "turn": turn,
        "to_act": to_act,
        "deal": spec.deal,
        "keep": spec.keep,
        "draw": spec.tiles,
        "lots": lots,
        "deck_count": len(state.deck),
        "bag": {shop.value: n for shop, n in zip(SHOPS, state.bag, strict=True)},
        "players": [_player(state, s, viewer, held[s], owned[s]) for s in range(state.num_players)],
        "hand_cards": list(me.dealt) if me is not None and state.phase is Phase.DEAL_BUILDINGS else None,
        "keep_choice": list(me.keep) if me is not None and me.keep is not None else None,
        "batch": batch,
        "offers": offers,
        "last_move": _last_move(state.last_move),
        "result": scoring.final_result(state).to_dict() if state.phase is Phase.GAME_OVER else None,
    }


def _own_shops(view: ChinatownView) -> dict[int, Shop]:
    """Lot -> shop for the viewer's own shops in ``view``, its secret shops of this turn included."""
    me = view["viewer"]
    held = {lot["lot"]: Shop(lot["tile"]) for lot in view["lots"] if lot["owner"] == me and lot["tile"]}
    for placed in view["batch"] or ():  # simultaneous building: own shops not revealed yet
        held[placed["lot"]] = Shop(placed["tile"])
    return held


def placement_gain(view: ChinatownView, lot: int, shop_id: str) -> tuple[int, list[int]]:
    """What a shop of type ``shop_id`` on ``lot`` would add to the viewer's yearly income, and the viewer's lots of
    that shop it would join: the preview of a Build step, read from the seat's own view."""
    held, me, shop = _own_shops(view), view["viewer"], Shop(shop_id)
    if me is None:
        raise ValueError("a placement preview needs a seat's own view")
    before = sum(b.income for b in scoring.businesses_of(held, me))
    after = sum(b.income for b in scoring.businesses_of({**held, lot: shop}, me))
    return after - before, sorted(n for n in BOARD.adjacency[lot] if held.get(n) is shop)


def business_text(business: Mapping[str, Any]) -> str:
    """ "Photo ×5 (3 complete + 2): $70,000" from a view's business."""
    shop = Shop(business["tile"])
    top = BOARD.shops[shop].max_size
    parts = business["parts"]
    size = sum(parts)
    income = sum(scoring.part_income(part, top) for part in parts)
    name, paid = tile(shop.value), money(income)
    if len(parts) > 1:
        shape = " + ".join(tr("{size} complete", size=p) if p == top else str(p) for p in parts)
        return tr("{shop} ×{size} ({parts}): {money}", shop=name, size=size, parts=shape, money=paid)
    if parts[0] == top:
        return tr("{shop} ×{size} complete: {money}", shop=name, size=size, money=paid)
    return tr("{shop} ×{size} of {most}: {money}", shop=name, size=size, most=top, money=paid)
