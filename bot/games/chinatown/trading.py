"""Phase 3, trades (§5): offers with legs, versions and acceptances; atomic execution; the ready flags.

Cash is secret [R30]: a giver's money is checked only once that giver has accepted the current version
(V9), so no refusal or void notice ever tells a player anything about somebody else's cash.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from bot.games.base import Event
from bot.games.chinatown import placement
from bot.games.chinatown.actions import Accept, Cancel, Edit, Propose, Ready, Reject
from bot.games.chinatown.data import SHOP_INDEX, Leg, LegKind, Offer, OfferStatus, Phase, State, with_count
from bot.games.chinatown.errors import refuse
from bot.games.chinatown.views import offer_dict, offer_visible


@dataclass(frozen=True)
class Failure:
    code: str
    seat: int | None = None  # the player concerned, if any


def check_offer(state: State, legs: tuple[Leg, ...], actor: int | None, payers: Iterable[int]) -> Failure | None:
    """V1-V9 of §5.4 against the current (pre-trade) holdings [R15]; V10 is decided when parsing.

    ``actor`` must be a participant (None in the sweep); only ``payers`` are checked for cash (V9).
    """
    if state.phase is not Phase.TRADES:
        return Failure("WRONG_PHASE")
    if not legs:
        return Failure("EMPTY_OFFER")
    for leg in legs:
        for seat in (leg.giver, leg.receiver):
            if not 0 <= seat < state.num_players:
                return Failure("UNKNOWN_PLAYER")
            if state.seats[seat].resigned:
                return Failure("PLAYER_LEFT", seat)
    if any(leg.giver == leg.receiver for leg in legs):
        return Failure("SELF_TRANSFER")
    participants = {leg.giver for leg in legs} | {leg.receiver for leg in legs}
    if len(participants) < 2:
        return Failure("EMPTY_OFFER")
    if actor is not None and actor not in participants:
        return Failure("NOT_PARTICIPANT", actor)
    lots = [leg.lot for leg in legs if leg.kind is LegKind.LOT]
    if len(lots) != len(set(lots)):
        return Failure("LOT_LISTED_TWICE")
    for leg in legs:
        if leg.kind is LegKind.LOT and leg.lot is not None and state.owner(leg.lot) != leg.giver:
            return Failure("LOT_NOT_OWNED_BY_GIVER", leg.giver)
    tiles: dict[tuple[int, int], int] = {}
    for leg in legs:
        if leg.kind is LegKind.TILES and leg.shop is not None:
            key = (leg.giver, SHOP_INDEX[leg.shop])
            tiles[key] = tiles.get(key, 0) + (leg.count or 0)
    for (giver, i), count in sorted(tiles.items()):
        if count > state.seats[giver].hand[i]:
            return Failure("TILES_NOT_IN_HAND", giver)
    unit = state.options.money_unit
    money: dict[int, int] = {}
    for leg in legs:
        if leg.kind is LegKind.MONEY:
            amount = leg.amount or 0
            if amount <= 0 or amount % unit:
                return Failure("BAD_AMOUNT")
            money[leg.giver] = money.get(leg.giver, 0) + amount
    for giver in sorted(set(payers)):
        if money.get(giver, 0) > state.seats[giver].cash:
            return Failure("INSUFFICIENT_CASH", giver)
    return None


def normalise(legs: tuple[Leg, ...]) -> tuple[Leg, ...]:
    """Merge identical tile and money legs and sort, so equal offers look equal (§5.4)."""
    merged: dict[tuple[int, int, int, int], Leg] = {}
    for leg in legs:
        if leg.kind is LegKind.LOT:
            merged[(leg.giver, leg.receiver, 0, leg.lot or 0)] = leg
            continue
        if leg.kind is LegKind.TILES and leg.shop is not None:
            key = (leg.giver, leg.receiver, 1, SHOP_INDEX[leg.shop])
        else:
            key = (leg.giver, leg.receiver, 2, 0)
        old = merged.get(key)
        if old is None:
            merged[key] = leg
        elif leg.kind is LegKind.TILES:
            merged[key] = replace(old, count=(old.count or 0) + (leg.count or 0))
        else:
            merged[key] = replace(old, amount=(old.amount or 0) + (leg.amount or 0))
    return tuple(merged[key] for key in sorted(merged))


def _raise(failure: Failure) -> None:
    raise refuse(failure.code)


def find_offer(state: State, offer_id: int) -> Offer:
    for offer in state.offers:
        if offer.id == offer_id:
            return offer
    raise refuse("UNKNOWN_OFFER")


def _put(state: State, offer: Offer) -> State:
    return replace(state, offers=tuple(offer if o.id == offer.id else o for o in state.offers))


def _set_ready(state: State, seats: Iterable[int], ready: bool) -> State:
    chosen = set(seats)
    return replace(
        state,
        seats=tuple(replace(seat, ready=ready) if s in chosen else seat for s, seat in enumerate(state.seats)),
    )


def offer_event(kind: str, state: State, offer: Offer, force_public: bool = False, **extra: object) -> Event:
    """The event for an offer: public as R19 allows, and each participant's full version privately."""
    public: dict[str, object] = {}
    if force_public or offer_visible(state, offer, None):
        public = {"offer": offer_dict(state, offer, None, force_visible=True), **extra}
    private = {p: {"offer": offer_dict(state, offer, p), **extra} for p in offer.participants}
    return Event(kind, public=public, private=private)


PRIVATE_IDS = range(1000, 10_000)  # four digits: what the trade builder's custom_ids hold


def _private_id(state: State, offer: Offer) -> int:
    """An id for an offer the table cannot see. A shared counter would show the gaps of hidden offers, so
    the id is drawn from the secret seed and what every viewer of the offer knows (the round, the author,
    the participants, and how many offers the author made to exactly them this round). Other hidden
    offers change it only when they already took the id drawn (1 in 9,000), which nobody can tell."""
    made = sum(1 for o in state.offers if o.author == offer.author and o.participants == offer.participants)
    players = "-".join(map(str, offer.participants))
    rng = random.Random(f"chinatown/{state.seed}/offer/{state.round}/{offer.author}/{players}/{made}")
    taken = {o.id for o in state.offers}
    for _ in range(100):
        candidate = rng.randrange(PRIVATE_IDS.start, PRIVATE_IDS.stop)
        if candidate not in taken:
            return candidate
    # Only after thousands of offers in one round; any free id will do.
    return next(i for i in itertools.count(PRIVATE_IDS.start) if i not in taken)


def _unready(state: State, seat: int, offer: Offer, events: list[Event]) -> State:
    """Proposing, editing or accepting clears the actor's ready flag [R17]. The flags are public, so for an
    offer the table cannot see the change is told as a plain "trading again": exactly what the table
    sees when the seat presses Back to trading, which says nothing of any offer."""
    if state.seats[seat].ready and not offer_visible(state, offer, None):
        events.append(Event("ready", public={"seat": seat, "ready": False}))
    return _set_ready(state, (seat,), False)


def apply_propose(state: State, seat: int, action: Propose, events: list[Event]) -> State:
    failure = check_offer(state, action.legs, actor=seat, payers=(seat,))
    if failure:
        _raise(failure)
    offer = Offer(
        id=0,  # numbered below, once it is known who may see it
        version=1,
        author=seat,
        status=OfferStatus.OPEN,
        legs=normalise(action.legs),
        accepted=(seat,),  # proposing counts as accepting v1 [R16]
        note=action.note,
    )
    # Offers everybody sees are numbered 1, 2, 3, ...; the others do not use up a number [R19].
    if offer_visible(state, offer, None):
        offer = replace(offer, id=state.next_offer_id)
        state = replace(state, next_offer_id=state.next_offer_id + 1)
    else:
        offer = replace(offer, id=_private_id(state, offer))
    state = _unready(replace(state, offers=(*state.offers, offer)), seat, offer, events)
    events.append(offer_event("offer_proposed", state, offer, by=seat))
    return state


def _open_offer_of(state: State, seat: int, offer_id: int) -> Offer:
    offer = find_offer(state, offer_id)
    if offer.status is not OfferStatus.OPEN:
        raise refuse("OFFER_CLOSED")
    if seat not in offer.participants:
        raise refuse("NOT_PARTICIPANT")
    return offer


def apply_edit(state: State, seat: int, action: Edit, events: list[Event]) -> State:
    old = _open_offer_of(state, seat, action.offer)
    failure = check_offer(state, action.legs, actor=seat, payers=(seat,))
    if failure:
        _raise(failure)
    # A new version: every earlier acceptance is gone; editing accepts it [R16].
    offer = replace(old, version=old.version + 1, legs=normalise(action.legs), accepted=(seat,), note=action.note)
    state = _unready(_put(state, offer), seat, offer, events)
    event = offer_event("offer_edited", state, offer, by=seat)
    # Participants dropped by the edit are told too, so their old buttons make sense.
    dropped = {gone: {"offer": None, "by": seat, "removed": old.id} for gone in old.participants}
    events.append(replace(event, private={**dropped, **event.private}))
    return state


def apply_accept(state: State, seat: int, action: Accept, events: list[Event]) -> State:
    offer = _open_offer_of(state, seat, action.offer)
    if action.version != offer.version:
        raise refuse("STALE_VERSION")
    if seat in offer.accepted:
        raise refuse("ALREADY_ACCEPTED")
    failure = check_offer(state, offer.legs, actor=None, payers=(seat,))
    if failure:  # told to the acceptor only; the offer stays open
        _raise(failure)
    offer = replace(offer, accepted=tuple(sorted((*offer.accepted, seat))))
    complete = set(offer.accepted) == set(offer.participants)
    if complete:  # the trade is announced and clears the flags itself; no separate "trading again"
        state = _set_ready(_put(state, offer), (seat,), False)
    else:
        state = _unready(_put(state, offer), seat, offer, events)
    events.append(offer_event("offer_accepted", state, offer, by=seat))
    if complete:
        state = execute(state, offer, events)
    return state


def apply_reject(state: State, seat: int, action: Reject, events: list[Event]) -> State:
    offer = replace(_open_offer_of(state, seat, action.offer), status=OfferStatus.REJECTED)
    if action.note:
        events.append(offer_event("offer_rejected", state, offer, by=seat, note=action.note))
    else:
        events.append(offer_event("offer_rejected", state, offer, by=seat))
    return _put(state, offer)


def apply_cancel(state: State, seat: int, action: Cancel, events: list[Event]) -> State:
    offer = find_offer(state, action.offer)
    if offer.status is not OfferStatus.OPEN:
        raise refuse("OFFER_CLOSED")
    if offer.author != seat:
        raise refuse("NOT_AUTHOR")
    if seat not in offer.participants:
        raise refuse("NOT_PARTICIPANT")
    offer = replace(offer, status=OfferStatus.CANCELLED)
    events.append(offer_event("offer_cancelled", state, offer, by=seat))
    return _put(state, offer)


def apply_ready(state: State, seat: int, action: Ready, events: list[Event]) -> State:
    if state.seats[seat].ready == action.ready:
        raise refuse("ALREADY_READY" if action.ready else "NOT_READY")
    events.append(Event("ready", public={"seat": seat, "ready": action.ready}))
    return _set_ready(state, (seat,), action.ready)


def void(state: State, offer: Offer, failure: Failure, events: list[Event]) -> State:
    offer = replace(offer, status=OfferStatus.VOID, void_code=failure.code, void_seat=failure.seat)
    events.append(offer_event("offer_void", state, offer))
    return _put(state, offer)


def execute(state: State, offer: Offer, events: list[Event]) -> State:
    """All legs at once, or nothing (§5.5); then the ready flags and the sweep of other offers."""
    failure = check_offer(state, offer.legs, actor=None, payers=offer.participants)
    if failure:
        return void(state, offer, failure, events)
    owners = list(state.owners)
    seats = list(state.seats)
    for leg in offer.legs:
        giver, receiver = seats[leg.giver], seats[leg.receiver]
        if leg.kind is LegKind.LOT and leg.lot is not None:
            owners[leg.lot - 1] = leg.receiver  # a tile on the lot never moves; it changes owner [R11]
        elif leg.kind is LegKind.TILES and leg.shop is not None:
            count = leg.count or 0
            seats[leg.giver] = replace(giver, hand=with_count(giver.hand, leg.shop, -count))
            seats[leg.receiver] = replace(receiver, hand=with_count(receiver.hand, leg.shop, count))
        else:
            amount = leg.amount or 0
            seats[leg.giver] = replace(giver, cash=giver.cash - amount)
            seats[leg.receiver] = replace(receiver, cash=receiver.cash + amount)
    offer = replace(offer, status=OfferStatus.EXECUTED)
    state = _put(replace(state, owners=tuple(owners), seats=tuple(seats)), offer)
    events.append(offer_event("offer_executed", state, offer, force_public=True))
    scope = offer.participants if state.options.ready_reset_scope == "participants" else state.active
    state = _set_ready(state, scope, False)  # [R17]
    return sweep(state, events)


def sweep(state: State, events: list[Event]) -> State:
    """Void every open offer that the last change made invalid [R18]."""
    for offer in state.offers:
        if offer.status is OfferStatus.OPEN:
            failure = check_offer(state, offer.legs, actor=None, payers=offer.accepted)
            if failure:
                state = void(state, offer, failure, events)
    return state


def all_ready(state: State) -> bool:
    return all(state.seats[s].ready for s in state.active)


def awaiting(state: State, seat: int) -> list[Offer]:
    """Open offers that wait for ``seat``'s answer."""
    return [
        o for o in state.offers if o.status is OfferStatus.OPEN and seat in o.participants and seat not in o.accepted
    ]


def waited_for(state: State, seat: int) -> bool:
    """Whether the table waits for ``seat``: not done yet, or owing an answer to an offer everybody sees.
    An answer owed to a hidden offer does not count: "waiting for Ben" would tell the table that Ben has
    one. Ben may still answer it (``can_act``); the phase ends on the ready flags alone anyway [R17]."""
    if not state.seats[seat].ready:
        return True
    return any(offer_visible(state, offer, None) for offer in awaiting(state, seat))


def told_of_trades(
    before: State, after: State, seat: int, newly: frozenset[int], waited: frozenset[int]
) -> frozenset[int]:
    """Of the seats ``newly`` waited for after ``seat``'s move, those to tell when the move completed
    trades: the trades' parties other than ``seat`` (still waited for), and seats owing an answer to an
    offer everybody sees that they did not owe before. The ready flags a trade clears elsewhere [R17] ask
    nothing new of their seats."""
    was_open = {o.id for o in before.offers if o.status is OfferStatus.OPEN}
    done = [o for o in after.offers if o.status is OfferStatus.EXECUTED and o.id in was_open]
    if not done:
        return newly
    parties = {s for offer in done for s in offer.participants if s != seat and s in waited}
    owed = {
        s for s in newly
        if {o.id for o in awaiting(after, s) if offer_visible(after, o, None)}
        - {o.id for o in awaiting(before, s)}
    }
    return frozenset(parties | owed)


def end_trades(state: State, events: list[Event]) -> State:
    """§5.6: open offers become VOID ("phase ended") and the placement phase begins."""
    for offer in state.offers:
        if offer.status is OfferStatus.OPEN:
            state = void(state, offer, Failure("PHASE_ENDED"), events)
    seats = tuple(replace(seat, ready=False, turn_done=False, batch=()) for seat in state.seats)
    state = replace(state, phase=Phase.PLACE_TILES, seats=seats)
    turn = None if placement.simultaneous(state) else placement.turn(state)
    events.append(Event("phase", public={"phase": Phase.PLACE_TILES.value, "round": state.round, "turn": turn}))
    return state
