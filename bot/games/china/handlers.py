"""Applying actions: one handler per action kind, the kinds each phase accepts (§4), and resignation.

Each handler checks what ``placement`` and ``flow`` leave to it, appends its events and returns the new
state; error sentences name nothing hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from bot.games.base import JSON, Action, Event, HandlerTable, IllegalAction, accepts, dispatch, on
from bot.games.base.language import mark, tr
from bot.games.base.leaving import left_event
from bot.games.china.actions import Draw, Exchange, Pass, Place, parse, sort_key
from bot.games.china.cards import Cards
from bot.games.china.data import Colour, LastPlacement, Phase, Source, State, board, evolve, sort_cards
from bot.games.china.flow import (
    continue_refill,
    draw,
    end_turn,
    finish,
    pieces_can_be_placed,
    region_scoring,
    seats_with,
    with_seat,
)
from bot.games.china.placement import check_place, legal_placements

Outcome = tuple[State, list[Event]]


def apply(state: State, seat: int, action: Mapping[str, Any]) -> Outcome:
    if state.phase == "over":
        raise IllegalAction(tr("The game is over."))
    if seat != state.current:
        raise IllegalAction(tr("It is not your turn."))
    move = parse(action)
    if not accepts(ACCEPTS, state.phase, move):
        raise IllegalAction(tr(_WRONG_PHASE[state.phase]))
    return dispatch(HANDLERS, state, seat, move)


def resign(state: State, seat: int, *, timed_out: bool = False) -> Outcome:
    """The seat leaves play; ``timed_out``: its clock ran out (the same in every rule sense, told apart)."""
    if state.phase == "over":
        raise IllegalAction(tr("The game is over."))
    if not 0 <= seat < state.players or state.seats[seat].resigned:
        raise IllegalAction(tr("You are not playing in this game any more."))
    state = with_seat(state, seat, evolve(state.seats[seat], resigned=True, timed_out=timed_out))
    events = [left_event("resigned", seat, timed_out)]
    if len(state.active_seats()) < 2:
        state, more = finish(state, "resignation")
        return state, events + more
    if seat == state.current:
        # Its turn ends here: the round goes on (and may close) as after any turn.
        state, more = end_turn(state)
        return state, events + more
    if not pieces_can_be_placed(state):
        state, more = finish(state, "no_pieces")
        return state, events + more
    return state, events


def exchanges(state: State, seat: int) -> list[Exchange]:
    """Every exchange open now, in the order of ``action_sort_key`` of their dicts: give any colour held,
    take from the deck or any face-up colour."""
    return list(_exchanges(frozenset(state.seats[seat].hand), bool(state.deck), frozenset(state.display))[0])


def exchange_actions(state: State, seat: int) -> list[Action]:
    """The dicts of ``exchanges``, each built afresh (callers own what they are given)."""
    found = _exchanges(frozenset(state.seats[seat].hand), bool(state.deck), frozenset(state.display))
    return [*map(dict.copy, found[1])]


@lru_cache(maxsize=1024)
def _exchanges(
    hand: frozenset[Colour], deck: bool, display: frozenset[Colour]
) -> tuple[tuple[Exchange, ...], tuple[Action, ...]]:
    """The exchanges and their dicts (callers copy the dicts) for the colours held and face up."""
    gives = sort_cards(hand)
    takes: list[tuple[Source, Colour | None]] = [("deck", None)] if deck else []
    takes += [("display", c) for c in sort_cards(display)]
    found = tuple(sorted((Exchange(g, src, colour) for g in gives for src, colour in takes), key=sort_key))
    return found, tuple(e.to_dict() for e in found)


def _apply_place(state: State, seat: int, move: Place, events: list[Event]) -> State:
    work = check_place(state, seat, move)
    region = board().regions[work.region]
    me = state.seats[seat]
    events.append(
        Event(
            "played",
            {
                "seat": seat,
                "region": region.id,
                "cards": [c._value_ for c in move.cards],
                "pieces": [p.to_dict() for p in move.pieces],
            },
        )
    )
    hand = list(me.hand)
    for card in move.cards:
        hand.remove(card)
    me = evolve(
        me,
        hand=sort_cards(hand),
        houses=me.houses - work.houses_used,
        emissaries=me.emissaries - work.emissaries_used,
        fortifications=me.fortifications - work.fortification_used,
    )
    state = with_seat(state, seat, me)
    scored = list(state.scored)
    for n, piece in enumerate(move.pieces, start=1):
        events.append(Event("placed", {"seat": seat, "region": region.id, **piece.to_dict()}))
        if work.filled_after == n:
            # P11: the turn stops for the region's scoring before any second piece.
            seats, event = region_scoring(state, work.region, work.houses, work.fortified)
            state = evolve(state, seats=seats)
            scored[work.region] = True
            events.append(event)
    dragon = list(state.dragon)
    dragon[work.region] = tuple(work.dragon)
    state = evolve(
        state,
        houses=tuple(work.houses),
        fortified=tuple(work.fortified),
        dragon=tuple(dragon),
        scored=tuple(scored),
        discard=(*state.discard, *move.cards),
        phase="refill",
        last_placement=LastPlacement(
            seat,
            region.id,
            tuple(p.space for p in move.pieces if p.space is not None),
            sum(1 for p in move.pieces if p.kind == "emissary"),
        ),
    )
    state, more = continue_refill(state)
    events += more
    return state


def _apply_draw(state: State, seat: int, move: Draw, events: list[Event]) -> State:
    if move.source == "deck" and not state.deck:
        raise IllegalAction(tr("The deck is empty; take a face-up card."))
    if move.source == "display" and move.colour not in state.display:
        raise IllegalAction(tr("There is no face-up card of that colour."))
    state, drawn = draw(state, move.source, move.colour)
    state, more = continue_refill(state)
    events += drawn + more
    return state


def _apply_exchange(state: State, seat: int, move: Exchange, events: list[Event]) -> State:
    me = state.seats[seat]
    if move.give not in me.hand:
        raise IllegalAction(tr("You don't hold that card."))
    if move.take == "deck" and not state.deck:
        raise IllegalAction(tr("The deck is empty; take a face-up card."))
    if move.take == "display" and move.colour not in state.display:
        raise IllegalAction(tr("There is no face-up card of that colour."))
    hand = list(me.hand)
    hand.remove(move.give)
    # R15: give up first (face up), then take; no refill.
    cards = Cards.of(state)
    cards.discard.append(move.give)
    public: JSON = {"seat": seat, "give": move.give._value_, "take": move.take}
    private: dict[int, JSON] = {}
    if move.take == "deck":
        taken = cards.take_top()
        private[seat] = {"color": taken._value_}
    else:
        assert move.colour is not None
        taken = move.colour
        cards.take_face_up(taken)
        public["color"] = taken._value_
    events += [Event("exchanged", public, private), *cards.drain()]
    if move.take == "display":
        cards.restock()
        events += cards.drain()
    state = cards.commit(state, seats=seats_with(state, seat, evolve(me, hand=sort_cards((*hand, taken)))))
    state, more = end_turn(state)
    events += more
    return state


def _apply_pass(state: State, seat: int, move: Pass, events: list[Event]) -> State:
    if legal_placements(state, seat) or exchanges(state, seat):
        raise IllegalAction(tr("You can still place pieces or exchange a card, so you may not pass."))
    state, more = end_turn(state)
    events += [Event("passed", {"seat": seat}), *more]
    return state


HANDLERS: HandlerTable[State] = dict(
    [on(Place, _apply_place), on(Exchange, _apply_exchange), on(Pass, _apply_pass), on(Draw, _apply_draw)]
)
# The kinds each resting phase accepts ("over" none: ``apply`` refuses it first).
ACCEPTS: dict[Phase, frozenset[type]] = {"action": frozenset({Place, Exchange, Pass}), "refill": frozenset({Draw})}
_WRONG_PHASE = {
    "action": mark("You draw cards only after placing pieces."),
    "refill": mark("Refill your hand first: draw from the deck or take a face-up card."),
}
