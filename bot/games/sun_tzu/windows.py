"""Warlord windows W1 and W2 (spec §4.10, R3, R14, R16, R19, R21, R22, R24): what may be used and its effect."""

from __future__ import annotations

from dataclasses import replace

from bot.games.base import Event, IllegalAction
from bot.games.base.language import tr
from bot.games.sun_tzu.actions import UseWarlord
from bot.games.sun_tzu.data import (
    COLOURS,
    FORCED_MARCH,
    PROVINCE_NAMES,
    PROVINCES,
    REINFORCE,
    REMOVE_ARMY,
    TOTAL_PLAGUE,
    Colour,
    warlord_in_rounds,
)
from bot.games.sun_tzu.state import Stage, State
from bot.games.sun_tzu.turns import window_eligible


def pass_window(state: State, colour: Colour, events: list[Event]) -> State:
    """``colour`` passes in the open window (by hand, or ahead with its orders: told alike)."""
    events.append(Event("passed", {"seat": state.side(colour).seat, "window": 1 if state.stage is Stage.W1 else 2}))
    return state.with_flag("passed", colour, True)


def open_window(state: State, stage: Stage, events: list[Event]) -> State:
    """W1 or W2 opens with nobody passed; a seat that passed this round's windows with its orders passes at
    once (R15), in the same words as a pass by hand. The choice was offered on public facts only
    (``turns.windows_ahead``), so neither the offer nor this pass tells what warlord it holds."""
    state = replace(state, stage=stage, passed=(False, False))
    for colour in COLOURS:
        if state.side(colour).pass_windows and window_eligible(state, colour):
            state = pass_window(state, colour, events)
    return state


def close_windows(state: State) -> State:
    """The round's last window has closed: the passes chosen ahead are spent."""
    for colour in COLOURS:
        state = state.with_side(colour, pass_windows=False)
    return state


def uses(state: State, colour: Colour) -> list[UseWarlord]:
    """Every warlord use legal for ``colour`` in the current window, with its target."""
    out: list[UseWarlord] = []
    side = state.side(colour)
    for warlord in side.warlords_held:
        if warlord == TOTAL_PLAGUE:
            # R19: declared before any reveal of the round, so only in W1.
            if state.stage is Stage.W1:
                out.append(UseWarlord(warlord))
            continue
        if not warlord_in_rounds(warlord, state.round):
            continue
        if warlord == REMOVE_ARMY:
            out.extend(UseWarlord(warlord, province=p) for p in PROVINCES if state.province(p).armies)
        elif warlord == REINFORCE and side.reserve:
            out.extend(UseWarlord(warlord, province=p) for p in state.owned(Colour.BLUE))
        elif warlord == FORCED_MARCH:
            for src in state.owned(Colour.BLUE):
                for dst in state.options.neighbours(src):
                    if state.province(dst).owner in (None, Colour.BLUE):
                        out.append(UseWarlord(warlord, source=src, target=dst))
    return out


def use(state: State, colour: Colour, action: UseWarlord, events: list[Event]) -> State:
    """Apply a legal window warlord; it becomes public and used, and every earlier pass is cancelled."""
    side = state.side(colour)
    if action.warlord not in side.warlords_held:
        raise IllegalAction(tr("You do not hold that warlord, or it is already used."))
    if action not in uses(state, colour):
        raise IllegalAction(tr("That warlord cannot be used like that now."))
    public: dict[str, object] = {"seat": side.seat, "warlord": action.warlord}
    if action.warlord == REMOVE_ARMY:
        assert action.province is not None
        prov = state.province(action.province)
        owner = prov.owner
        assert owner is not None
        state = state.with_province(action.province, prov.add(owner, -1))
        state = state.with_side(owner, reserve=state.side(owner).reserve + 1)  # R16: back to its owner
        public |= {"province": action.province, "owner": state.side(owner).seat}
    elif action.warlord == TOTAL_PLAGUE:
        state = replace(state, total_plague=True)
    elif action.warlord == REINFORCE:
        assert action.province is not None
        state = state.with_province(action.province, state.province(action.province).add(Colour.BLUE, 1))
        state = state.with_side(Colour.BLUE, reserve=state.side(Colour.BLUE).reserve - 1)
        public |= {"province": action.province}
    elif action.warlord == FORCED_MARCH:
        assert action.source is not None and action.target is not None
        state = state.with_province(action.source, state.province(action.source).add(Colour.BLUE, -1))
        state = state.with_province(action.target, state.province(action.target).add(Colour.BLUE, 1))
        public |= {"from": action.source, "to": action.target}
    side = state.side(colour)
    state = state.with_side(
        colour,
        warlords_held=tuple(w for w in side.warlords_held if w != action.warlord),
        warlords_used=(*side.warlords_used, action.warlord),
    )
    events.append(Event("warlord_used", public))
    # R14: a use re-opens the window for everybody still eligible.
    return replace(state, passed=(False, False))


def describe_target(action: UseWarlord) -> str:
    if action.source and action.target:
        return f"{PROVINCE_NAMES[action.source]} to {PROVINCE_NAMES[action.target]}"
    return PROVINCE_NAMES[action.province] if action.province else ""
