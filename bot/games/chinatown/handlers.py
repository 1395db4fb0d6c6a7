"""Applying actions: the handler of each action kind (in ``rounds``, ``trading`` and ``placement``), the kinds
each phase accepts, resignation, and ``settle``, which runs every engine step that waits for
nobody (reveal, tile draw, income, new year) after each of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.games.base import Event, HandlerTable, IllegalAction, accepts, dispatch, on
from bot.games.base.language import tr
from bot.games.base.leaving import left_event
from bot.games.chinatown import placement, rounds, trading
from bot.games.chinatown.actions import (
    TRADE_KINDS,
    Accept,
    Cancel,
    Edit,
    EndTurn,
    Keep,
    Place,
    Propose,
    Ready,
    Reject,
    from_dict,
)
from bot.games.chinatown.data import OfferStatus, Phase, State
from bot.games.chinatown.errors import refuse
from bot.games.chinatown.views import remember_move

Outcome = tuple[State, list[Event]]

HANDLERS: HandlerTable[State] = dict(
    [
        on(Keep, rounds.apply_keep),
        on(Propose, trading.apply_propose),
        on(Edit, trading.apply_edit),
        on(Accept, trading.apply_accept),
        on(Reject, trading.apply_reject),
        on(Cancel, trading.apply_cancel),
        on(Ready, trading.apply_ready),
        on(Place, placement.apply_place),
        on(EndTurn, placement.apply_end_turn),
    ]
)
# The action kinds each phase accepts (none once the game is over).
ACCEPTS: dict[Phase, frozenset[type]] = {
    Phase.DEAL_BUILDINGS: frozenset({Keep}),
    Phase.TRADES: TRADE_KINDS,
    Phase.PLACE_TILES: frozenset({Place, EndTurn}),
}


def apply(state: State, seat: int, action: Mapping[str, Any]) -> Outcome:
    _check_playing(state, seat)
    parsed = from_dict(action)
    if not accepts(ACCEPTS, state.phase, parsed):
        detail = tr("Trading is only possible in the trading phase.") if type(parsed) in TRADE_KINDS else None
        raise refuse("WRONG_PHASE", detail)  # e.g. no trade during the deal or placement [R10]
    new, events = dispatch(HANDLERS, state, seat, parsed)
    return remember_move(settle(new, events), seat, events), events


def resign(state: State, seat: int, *, timed_out: bool = False) -> Outcome:
    """The seat leaves play; ``timed_out``: its clock ran out (the same in every rule sense, told apart)."""
    _check_playing(state, seat)
    me = state.seats[seat]
    events = [left_event("resigned", seat, timed_out)]
    seats = list(state.seats)
    # Unresolved cards go back to the deck unseen; placed tiles and owned lots stay on the board.
    seats[seat] = replace(
        me, resigned=True, timed_out=timed_out, dealt=(), keep=None, ready=False, turn_done=False, batch=()
    )
    state = replace(
        state,
        seats=tuple(seats),
        deck=tuple(sorted({*state.deck, *me.dealt})),
        resigned_order=(*state.resigned_order, seat),
    )
    if state.first_player == seat and state.active:
        state = replace(state, first_player=state.clockwise_from(seat)[0])
    for offer in state.offers:
        if offer.status is OfferStatus.OPEN and seat in offer.participants:
            state = trading.void(state, offer, trading.Failure("PLAYER_LEFT", seat), events)
    return remember_move(settle(state, events), seat, events), events


def end_trades(state: State) -> Outcome:
    """Close trading now: the host's force-end or an expired ``trade_time_limit`` [R17]."""
    if state.phase is not Phase.TRADES:
        raise refuse("WRONG_PHASE")
    events: list[Event] = []
    state = settle(trading.end_trades(state, events), events)
    return state, events


def settle(state: State, events: list[Event]) -> State:
    """Run every engine step that waits for nobody, until a phase waits for a player or the game ends."""
    while state.phase is not Phase.GAME_OVER:
        if len(state.active) < 2:
            return rounds.end_game(state, events)
        if state.phase is Phase.DEAL_BUILDINGS and rounds.all_kept(state):
            state = rounds.reveal_and_draw(state, events)
        elif state.phase is Phase.TRADES and trading.all_ready(state):
            state = trading.end_trades(state, events)
        elif state.phase is Phase.PLACE_TILES and placement.all_done(state):
            if placement.simultaneous(state):
                state = placement.reveal_batches(state, events)
            state = rounds.pay_income_and_advance(state, events)
        else:
            break
    return state


def _check_playing(state: State, seat: int) -> None:
    if state.phase is Phase.GAME_OVER:
        raise refuse("GAME_OVER")
    if not isinstance(seat, int) or not 0 <= seat < state.num_players:
        raise IllegalAction(tr("There is no such seat in this game."))
    if state.seats[seat].resigned:
        raise refuse("RESIGNED")
