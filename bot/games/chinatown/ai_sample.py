"""Determinization for the "normal" computer player: a full engine State built from one seat's view.

Everything the view shows is copied; everything it hides is sampled so that it agrees with the view:
other players' dealt Building cards and keep choices (from the lots nobody owns, minus the viewer's own
cards), their cash (start money plus the income the board has paid them, never below what an open offer
they accepted asks of them), the seed (so later tile draws are a fresh random future). The viewer's view
of the sampled state equals the view it was built from; offers hidden from the viewer (option
``offer_visibility``) are left out, and nothing in the view (``to_act`` included) depends on them. Nothing
here reads a real state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.chinatown.data import (
    BOARD,
    LOTS,
    SHOP_INDEX,
    SHOPS,
    Leg,
    LegKind,
    Offer,
    OfferStatus,
    Options,
    Phase,
    SeatState,
    Shop,
    State,
)
from bot.games.chinatown.views import last_move_of


def _counts(tiles: Mapping[str, int]) -> tuple[int, ...]:
    counts = [0] * len(SHOPS)
    for shop, n in tiles.items():
        counts[SHOP_INDEX[Shop(shop)]] = int(n)
    return tuple(counts)


def _leg(data: Mapping[str, Any], unit: int) -> Leg:
    kind = LegKind(data["kind"])
    if kind is LegKind.LOT:
        return Leg(data["from"], data["to"], kind, lot=data["lot"])
    if kind is LegKind.TILES:
        return Leg(data["from"], data["to"], kind, shop=Shop(data["tile_type"]), count=data["count"])
    # A hidden amount (R19) is not the viewer's business: any valid amount will do.
    return Leg(data["from"], data["to"], kind, amount=data["amount"] if data["amount"] is not None else unit)


def _offers(view: Mapping[str, Any], unit: int) -> tuple[Offer, ...]:
    return tuple(
        Offer(
            id=o["id"],
            version=o["version"],
            author=o["author"],
            status=OfferStatus(o["status"]),
            legs=tuple(_leg(leg, unit) for leg in o["legs"]),
            accepted=tuple(o["accepted"]),
            note=o["note"],
            void_code=o["void_reason"],
            void_seat=o["void_seat"],
        )
        for o in view["offers"]
    )


def estimated_cash(player: Mapping[str, Any], round_no: int, fallback_income: int) -> int:
    """Start money plus the income paid so far (public by default; else a guess from the viewer's own)."""
    history = player["income_history"]
    paid = sum(history) if history is not None else fallback_income * (round_no - 1)
    return BOARD.start_money + max(0, paid)


def _promised(offers: Sequence[Offer], seat: int) -> int:
    """The most money ``seat`` has agreed to give in one open offer: its cash is at least that."""
    most = 0
    for offer in offers:
        if offer.status is OfferStatus.OPEN and seat in offer.accepted:
            given = sum(leg.amount or 0 for leg in offer.legs if leg.kind is LegKind.MONEY and leg.giver == seat)
            most = max(most, given)
    return most


def _cash(view: Mapping[str, Any], offers: Sequence[Offer], fallback: int) -> dict[int, int]:
    """Others' cash: start money plus income, and the viewer's own trade balance shared out among them, so
    that all cash adds up to the start money plus all income (trades only move money); never below what an
    open offer they accepted asks of them."""
    players = view["players"]
    me = view["viewer"]
    others = [p["seat"] for p in players if p["seat"] != me]
    guess = {p["seat"]: estimated_cash(p, view["round"], fallback) for p in players if p["seat"] != me}
    mine = players[me]
    my_paid = sum(mine["income_history"] or [])
    balance = int(mine["cash"]) - BOARD.start_money - my_paid  # what trades moved to the viewer
    share, rest = divmod(-balance, max(1, len(others)))
    cash = {s: guess[s] + share + (rest if i == 0 else 0) for i, s in enumerate(others)}
    for s in others:  # keep every balance payable, moving the difference to the richest
        floor = max(0, _promised(offers, s))
        if cash[s] < floor:
            richest = max(others, key=lambda o: cash[o])
            cash[richest] -= floor - cash[s]
            cash[s] = floor
    return cash


def determinize(view: Mapping[str, Any], rng: random.Random) -> State:
    """A state consistent with ``view`` (a seat's own view), the hidden parts drawn with ``rng``."""
    me = view["viewer"]
    if not isinstance(me, int):
        raise ValueError("determinization needs a seat's own view")
    options = Options(**view["options"])
    phase = Phase(view["phase"])
    players = view["players"]
    owners = tuple(view["lots"][lot - 1]["owner"] for lot in LOTS)
    tiles = tuple(Shop(view["lots"][lot - 1]["tile"]) if view["lots"][lot - 1]["tile"] else None for lot in LOTS)
    offers = _offers(view, options.money_unit)
    mine = list(view["hand_cards"] or [])
    # Lots nobody owns and the viewer was not dealt: the deck, and in phase 1 the others' dealt cards.
    pool = [lot for lot in LOTS if owners[lot - 1] is None and lot not in mine]
    rng.shuffle(pool)
    own_history = players[me]["income_history"] or []
    fallback = sum(own_history) // max(1, len(own_history))
    cash_of = _cash(view, offers, fallback)
    seats: list[SeatState] = []
    for p in players:
        seat = p["seat"]
        if seat == me:
            dealt = tuple(mine)
            keep = tuple(view["keep_choice"]) if view["keep_choice"] is not None else None
            cash = int(p["cash"])
            batch = tuple((b["lot"], Shop(b["tile"])) for b in view["batch"] or [])
        else:
            dealt = tuple(sorted(pool[: p["cards_in_hand"]]))
            pool = pool[p["cards_in_hand"] :]
            keep = tuple(sorted(rng.sample(dealt, view["keep"]))) if p["keep_submitted"] and dealt else None
            cash = cash_of[seat]
            batch = ()
        history = p["income_history"]
        if history is None:  # private income: the guess the cash estimate used
            history = [fallback] * (view["round"] - 1)
        seats.append(
            SeatState(
                cash=cash,
                hand=_counts(p["hand_tiles"]),
                dealt=dealt,
                keep=keep,
                ready=p["ready"],
                turn_done=p["turn_done"],
                batch=batch,
                income=tuple(history),
                resigned=p["resigned"],
                timed_out=p["timed_out"],
            )
        )
    return State(
        num_players=view["num_players"],
        seed=rng.getrandbits(63),
        options=options,
        round=view["round"],
        phase=phase,
        first_player=view["first_player"],
        owners=owners,
        tiles=tiles,
        deck=tuple(sorted(pool)),
        bag=tuple(view["bag"][shop.value] for shop in SHOPS),
        seats=tuple(seats),
        offers=offers,
        next_offer_id=1 + max((o.id for o in offers), default=0),
        resigned_order=tuple(p["seat"] for p in players if p["resigned"]),
        last_move=last_move_of(view["last_move"]),
    )
