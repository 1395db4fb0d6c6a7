"""Sourcing armies (spec §4.8, R11, R12, R15): placement after a win, costs, challenge costs.

A :class:`Payment` is settled army by army. Whatever the rules force is applied at once; the engine
pauses for the owner only on public conditions (set-aside armies, a real choice of province), so a
pause never reveals a hand.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.base import Event
from bot.games.sun_tzu.data import PROVINCES, Colour
from bot.games.sun_tzu.state import Dest, PayKind, Payment, State

RESERVE = "reserve"
NONE = "none"  # waive what is still owed (only when nothing but exceptional support could pay it)


def _armies_in(state: State, colour: Colour, provinces: tuple[str, ...]) -> int:
    return sum(state.province(p).armies_of(colour) for p in provinces)


def board_sources(state: State, pay: Payment) -> tuple[str, ...]:
    """Own provinces the next army may come from (board order)."""
    own = state.owned(pay.colour)
    if pay.kind is not PayKind.PLACE:
        return own  # costs and challenges: any own province, no adjacency (§4.8 B, C)
    assert pay.province is not None
    own = tuple(p for p in own if p != pay.province)  # the armies already in P stay there
    near = tuple(p for p in own if p in state.options.neighbours(pay.province))
    return near or own  # adjacent provinces first; only then any other (R11)


def choices(state: State, pay: Payment) -> tuple[str, ...]:
    """The sources the owner may pick for the next army when the engine asks."""
    side = state.side(pay.colour)
    provinces = board_sources(state, pay)
    if pay.kind is PayKind.CHALLENGE:
        opts = ((RESERVE,) if side.reserve else ()) + provinces
    elif side.reserve:
        return (RESERVE,)  # placement and costs always draw on the reserve first
    else:
        opts = provinces
    return opts or (NONE,)


def forced(state: State, pay: Payment) -> str | None:
    """The source of the next army when the rules leave no choice, else None (the owner is asked)."""
    side = state.side(pay.colour)
    provinces = board_sources(state, pay)
    total = _armies_in(state, pay.colour, provinces)
    # Splitting over provinces is no choice when one province is left or every army there must go.
    split_forced = len(provinces) == 1 or total <= pay.count
    if pay.kind is PayKind.CHALLENGE:
        if not provinces:
            if side.reserve:
                return RESERVE
            return NONE if not side.set_aside else None
        if not side.reserve and not side.set_aside and split_forced:
            return provinces[0]
        return None
    if side.reserve:
        return RESERVE
    if not provinces:
        return NONE if not side.set_aside else None
    if not side.set_aside and split_forced:
        return provinces[0]
    return None


def pay_one(state: State, pay: Payment, source: str, moved: dict[str, int]) -> tuple[State, Payment]:
    """Take one army from ``source`` (or waive the rest with NONE) and put it where the payment goes."""
    colour = pay.colour
    if source == NONE:
        moved[NONE] = moved.get(NONE, 0) + pay.count
        return state, replace(pay, count=0)
    if source == RESERVE:
        state = state.with_side(colour, reserve=state.side(colour).reserve - 1)
    else:
        state = state.with_province(source, state.province(source).add(colour, -1))
    moved[source] = moved.get(source, 0) + 1
    if pay.dest is Dest.PROVINCE:
        assert pay.province is not None
        state = state.with_province(pay.province, state.province(pay.province).add(colour, 1))
    elif pay.dest is Dest.MARK:
        state = state.with_side(colour, marks_total=state.side(colour).marks_total + 1)
    else:
        state = state.with_side(colour, set_aside=state.side(colour).set_aside + 1)
    return state, replace(pay, count=pay.count - 1)


def settle(state: State, pay: Payment, events: list[Event], first: str | None = None) -> State:
    """Pay ``first`` (a chosen source), then everything forced; store what is still owed as pending."""
    moved: dict[str, int] = {}
    if first is not None:
        state, pay = pay_one(state, pay, first, moved)
    while pay.count > 0:
        source = forced(state, pay)
        if source is None:
            break
        state, pay = pay_one(state, pay, source, moved)
    others = tuple(p for p in state.payments if p.colour is not pay.colour)
    pending = (pay,) if pay.count else ()
    # Keep blue's payment first so the pending tuple has one canonical order.
    state = replace(state, payments=tuple(sorted(others + pending, key=lambda p: p.colour.slot)))
    if moved:
        events.append(
            Event(
                "armies_paid",
                {
                    "seat": state.side(pay.colour).seat,
                    "kind": pay.kind.value,
                    "dest": pay.dest.value,
                    "province": pay.province,
                    "sources": {k: moved[k] for k in (RESERVE, *PROVINCES, NONE) if k in moved},
                    "owed": pay.count,
                },
            )
        )
    return state
