"""Lossless JSON round trip of a State, and the invariants of §4.5 that ``load`` re-checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from bot.games.base import check_format
from bot.games.base.literals import one_of
from bot.games.chinatown.actions import parse_leg
from bot.games.chinatown.data import (
    BOARD,
    LOTS,
    SHOP_INDEX,
    SHOPS,
    LastMove,
    Offer,
    OfferStatus,
    Options,
    Phase,
    SeatState,
    Shop,
    State,
    hand_dict,
)
from bot.games.chinatown.schema import LastMoveKind
from bot.games.chinatown.trading import check_offer
from bot.games.chinatown.views import offer_visible

FORMAT = 1


def _counts(data: Mapping[str, Any]) -> tuple[int, ...]:
    counts = [0] * len(SHOPS)
    for shop, n in data.items():
        counts[SHOP_INDEX[Shop(shop)]] = int(n)
    return tuple(counts)


def dump(state: State) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "num_players": state.num_players,
        "seed": state.seed,
        "options": state.options.to_dict(),
        "round": state.round,
        "phase": state.phase.value,
        "first_player": state.first_player,
        "owners": list(state.owners),
        "tiles": [tile.value if tile else None for tile in state.tiles],
        "deck": list(state.deck),
        "bag": hand_dict(state.bag),
        "seats": [
            {
                "cash": seat.cash,
                "hand": hand_dict(seat.hand),
                "dealt": list(seat.dealt),
                "keep": list(seat.keep) if seat.keep is not None else None,
                "ready": seat.ready,
                "turn_done": seat.turn_done,
                "batch": [[lot, shop.value] for lot, shop in seat.batch],
                "income": list(seat.income),
                "resigned": seat.resigned,
                # Only a seat that ran out of time has the key: older snapshots keep their form.
                **({"timed_out": True} if seat.timed_out else {}),
            }
            for seat in state.seats
        ],
        "offers": [
            {
                "id": offer.id,
                "version": offer.version,
                "author": offer.author,
                "status": offer.status.value,
                "legs": [leg.to_dict() for leg in offer.legs],
                "accepted": list(offer.accepted),
                "note": offer.note,
                "void_code": offer.void_code,
                "void_seat": offer.void_seat,
            }
            for offer in state.offers
        ],
        "next_offer_id": state.next_offer_id,
        "resigned_order": list(state.resigned_order),
        "last_move": _dump_last(state.last_move),
    }


def _dump_last(last: LastMove | None) -> dict[str, Any] | None:
    if last is None:
        return None
    tile = last.tile.value if last.tile else None
    return {"seat": last.seat, "kind": last.kind, "lots": list(last.lots), "tile": tile, "offer": last.offer}


def _load_last(data: Mapping[str, Any] | None) -> LastMove | None:
    if data is None:  # also snapshots written before the last move was kept
        return None
    tile = Shop(data["tile"]) if data["tile"] else None
    offer = int(data["offer"]) if data["offer"] is not None else None
    kind = one_of(data["kind"], get_args(LastMoveKind), "last move kind")
    return LastMove(int(data["seat"]), kind, tuple(int(x) for x in data["lots"]), tile, offer)


def load(data: Mapping[str, Any]) -> State:
    """Rebuild a state; raises ValueError naming the broken invariant."""
    try:
        check_format(data, FORMAT)
        seats = tuple(
            SeatState(
                cash=int(s["cash"]),
                hand=_counts(s["hand"]),
                dealt=tuple(int(x) for x in s["dealt"]),
                keep=tuple(int(x) for x in s["keep"]) if s["keep"] is not None else None,
                ready=bool(s["ready"]),
                turn_done=bool(s["turn_done"]),
                batch=tuple((int(lot), Shop(shop)) for lot, shop in s["batch"]),
                income=tuple(int(x) for x in s["income"]),
                resigned=bool(s["resigned"]),
                timed_out=bool(s.get("timed_out", False)),
            )
            for s in data["seats"]
        )
        offers = tuple(
            Offer(
                id=int(o["id"]),
                version=int(o["version"]),
                author=int(o["author"]),
                status=OfferStatus(o["status"]),
                legs=tuple(parse_leg(leg) for leg in o["legs"]),
                accepted=tuple(int(x) for x in o["accepted"]),
                note=str(o["note"]),
                void_code=o["void_code"],
                void_seat=o["void_seat"],
            )
            for o in data["offers"]
        )
        state = State(
            num_players=int(data["num_players"]),
            seed=int(data["seed"]),
            options=Options(**data["options"]),
            round=int(data["round"]),
            phase=Phase(data["phase"]),
            first_player=int(data["first_player"]),
            owners=tuple(None if o is None else int(o) for o in data["owners"]),
            tiles=tuple(None if t is None else Shop(t) for t in data["tiles"]),
            deck=tuple(int(x) for x in data["deck"]),
            bag=_counts(data["bag"]),
            seats=seats,
            offers=offers,
            next_offer_id=int(data["next_offer_id"]),
            resigned_order=tuple(int(x) for x in data["resigned_order"]),
            last_move=_load_last(data.get("last_move")),
        )
    except (KeyError, TypeError) as exc:
        raise ValueError(f"malformed Chinatown state: {exc!r}") from exc
    check(state)
    return state


def check(state: State) -> None:
    """The invariants of §4.5 and of the offer protocol; ValueError names the first one broken."""
    n = state.num_players

    def require(ok: bool, invariant: str) -> None:
        if not ok:
            raise ValueError(f"invariant broken: {invariant}")

    require(n in BOARD.rounds and len(state.seats) == n, "3-5 players, one seat state each")
    require(1 <= state.round <= 6, "round is 1..6")
    require(0 <= state.first_player < n, "first player is a seat")
    require(len(state.owners) == len(LOTS) == len(state.tiles), "85 lots")
    require(all(o is None or 0 <= o < n for o in state.owners), "lot owners are seats")
    require(
        all(t is None or o is not None for o, t in zip(state.owners, state.tiles, strict=True)),
        "a tile stands only on an owned lot",
    )
    require(list(state.deck) == sorted(set(state.deck)), "deck is a sorted set (its order is never stored)")
    dealt = [lot for seat in state.seats for lot in seat.dealt]
    owned = [lot for lot in LOTS if state.owner(lot) is not None]
    everything = sorted([*state.deck, *dealt, *owned])
    require(everything == list(LOTS), "deck, dealt cards and owned lots partition 1..85")
    for shop in SHOPS:
        i = SHOP_INDEX[shop]
        total = state.bag[i] + sum(seat.hand[i] for seat in state.seats) + state.tiles.count(shop)
        require(total == BOARD.shops[shop].tiles, f"{shop.value}: bag + hands + board = max + 3")
    require(
        all(c >= 0 for c in state.bag) and all(c >= 0 for s in state.seats for c in s.hand),
        "tile counts are not negative",
    )
    require(all(seat.cash >= 0 for seat in state.seats), "cash is never negative")
    paid = sum(sum(seat.income) for seat in state.seats)
    require(
        sum(seat.cash for seat in state.seats) == BOARD.start_money * n + paid,
        "total cash = start money + all income (trades only move money)",
    )
    finished = {len(seat.income) for seat in state.seats}
    over = state.phase is Phase.GAME_OVER
    require(
        finished in ({state.round - 1}, {state.round}) and (over or finished == {state.round - 1}),
        "every seat has one income entry per finished round",
    )
    resigned = {s for s, seat in enumerate(state.seats) if seat.resigned}
    require(
        sorted(state.resigned_order) == sorted(resigned) and len(set(state.resigned_order)) == len(resigned),
        "resigned_order lists exactly the resigned seats",
    )
    require(all(seat.resigned or not seat.timed_out for seat in state.seats), "a seat out of time has resigned")
    _check_phase(state, require)
    _check_offers(state, require)


def _check_phase(state: State, require: Any) -> None:
    spec = BOARD.round_spec(state.num_players, state.round)
    for s, seat in enumerate(state.seats):
        in_deal = state.phase is Phase.DEAL_BUILDINGS and not seat.resigned
        require(len(seat.dealt) == (spec.deal if in_deal else 0), f"seat {s} holds X dealt cards only in phase 1")
        require(
            seat.keep is None or (in_deal and len(seat.keep) == spec.keep and set(seat.keep) <= set(seat.dealt)),
            f"seat {s}: a keep choice is Y of the dealt cards",
        )
        require(not seat.ready or state.phase is Phase.TRADES, f"seat {s}: ready only while trading")
        require(
            not seat.turn_done or state.phase in (Phase.PLACE_TILES, Phase.GAME_OVER) or seat.resigned,
            f"seat {s}: turn_done only while placing",
        )
        lots = [lot for lot, _ in seat.batch]
        require(
            not seat.batch or (state.phase is Phase.PLACE_TILES and state.options.placement_mode == "simultaneous"),
            f"seat {s}: a hidden batch only in simultaneous placement",
        )
        require(
            len(lots) == len(set(lots)) and all(state.owner(x) == s and state.tile(x) is None for x in lots),
            f"seat {s}: batched lots are own, vacant and distinct",
        )
        for shop in SHOPS:
            batched = sum(1 for _, b in seat.batch if b is shop)
            require(batched <= seat.hand[SHOP_INDEX[shop]], f"seat {s}: batched tiles are in hand")


def _check_offers(state: State, require: Any) -> None:
    ids = [offer.id for offer in state.offers]
    require(len(ids) == len(set(ids)) and all(i > 0 for i in ids), "offer ids are unique")
    # Offers everybody sees take their ids from next_offer_id; hidden ones have ids of their own.
    numbered = [offer.id for offer in state.offers if offer_visible(state, offer, None)]
    require(all(i < state.next_offer_id for i in numbered), "offer ids are unique")
    for offer in state.offers:
        require(0 <= offer.author < state.num_players, f"offer {offer.id}: author is a seat")
        require(set(offer.accepted) <= set(offer.participants), f"offer {offer.id}: only participants accept")
        require((offer.void_code is not None) == (offer.status is OfferStatus.VOID), f"offer {offer.id}: void reason")
        if offer.status is OfferStatus.OPEN:
            require(state.phase is Phase.TRADES, f"offer {offer.id}: open offers only while trading")
            require(bool(offer.accepted), f"offer {offer.id}: an open offer is accepted by its author or editor")
            failure = check_offer(  # the live rules, not a copy of them
                state, offer.legs, actor=None, payers=offer.accepted
            )
            require(failure is None, f"offer {offer.id}: an open offer stays valid [R18]")
