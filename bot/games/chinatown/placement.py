"""Phase 4, placing shop tiles (§6.1): one turn each in turn order, or private batches revealed
together (option ``placement_mode = simultaneous`` [R21]). A committed placement is permanent [R20].
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.base import Event
from bot.games.chinatown.actions import EndTurn, Place
from bot.games.chinatown.data import SHOP_INDEX, Shop, State, with_count
from bot.games.chinatown.errors import refuse


def simultaneous(state: State) -> bool:
    return state.options.placement_mode == "simultaneous"


def turn(state: State) -> int | None:
    """Sequential mode: the first seat in turn order (from the first player, clockwise) still to play.
    Derived, not stored: the seats that have played always form a prefix of that order."""
    for seat in state.clockwise_from(state.first_player):
        if not state.seats[seat].turn_done:
            return seat
    return None


def can_place(state: State, seat: int, lot: int, shop: Shop) -> str | None:
    """The error code for placing ``shop`` on ``lot`` now, or None when it is legal."""
    me = state.seats[seat]
    if simultaneous(state):
        if me.turn_done:
            return "ALREADY_DONE"
    elif turn(state) != seat:
        return "NOT_YOUR_TURN"
    if state.owner(lot) != seat:
        return "NOT_LOT_OWNER"
    if state.tile(lot) is not None or any(b_lot == lot for b_lot, _ in me.batch):
        return "LOT_OCCUPIED"
    batched = sum(1 for _, b_shop in me.batch if b_shop is shop)
    if me.hand[SHOP_INDEX[shop]] - batched < 1:
        return "TILE_NOT_IN_HAND"
    return None


def build(state: State, seat: int, lot: int, shop: Shop) -> State:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], hand=with_count(seats[seat].hand, shop, -1))
    tiles = (*state.tiles[: lot - 1], shop, *state.tiles[lot:])
    return replace(state, tiles=tiles, seats=tuple(seats))


def apply_place(state: State, seat: int, action: Place, events: list[Event]) -> State:
    code = can_place(state, seat, action.lot, action.shop)
    if code:
        raise refuse(code)
    placed = {"seat": seat, "lot": action.lot, "tile": action.shop.value}
    if simultaneous(state):  # kept private until every batch is in [R21]
        seats = list(state.seats)
        seats[seat] = replace(seats[seat], batch=(*seats[seat].batch, (action.lot, action.shop)))
        events.append(Event("batched", private={seat: placed}))
        return replace(state, seats=tuple(seats))
    events.append(Event("placed", public=placed))
    return build(state, seat, action.lot, action.shop)


def apply_end_turn(state: State, seat: int, action: EndTurn, events: list[Event]) -> State:
    if not simultaneous(state) and turn(state) != seat:
        raise refuse("NOT_YOUR_TURN")
    if state.seats[seat].turn_done:
        raise refuse("ALREADY_DONE")
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], turn_done=True)
    state = replace(state, seats=tuple(seats))
    events.append(Event("turn_ended", public={"seat": seat, "next": None if simultaneous(state) else turn(state)}))
    return state


def all_done(state: State) -> bool:
    return all(state.seats[s].turn_done for s in state.active)


def reveal_batches(state: State, events: list[Event]) -> State:
    """Simultaneous mode: build every batch at once. Batches never clash: each seat builds on its own lots."""
    placements: list[list[object]] = []
    for seat in state.active:
        for lot, shop in state.seats[seat].batch:
            state = build(state, seat, lot, shop)
            placements.append([seat, lot, shop.value])
    seats = tuple(replace(s, batch=()) for s in state.seats)
    events.append(Event("placements_revealed", public={"placements": placements}))
    return replace(state, seats=seats)
