"""The optional event cards (spec §2.4, §4.11, R26-R31): conditions and effects.

Conditions are checked after each province against the state and the battle just resolved; an effect
either settles at once or leaves payments / answers pending, and the flow discards the card once
nothing is owed any more.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.base import Event
from bot.games.sun_tzu.armies import settle
from bot.games.sun_tzu.data import (
    CHAMPION,
    COLOURS,
    HEAD_START,
    HERO,
    LIGHT_INFANTRY,
    PANDEMIC,
    WAR_CHARIOT,
    Colour,
    card_id,
)
from bot.games.sun_tzu.state import Dest, PayKind, Payment, State

PLAGUES_IN_GAME = 4  # two per colour, also in the beginner game
CHARIOT_MARKS = 3
CHALLENGE_CARD = {CHAMPION: ("n9", 1), HERO: ("n10", 2)}


def marked_provinces(state: State, colour: Colour) -> int:
    """Distinct provinces this colour has marked with its 6 (a double mark counts once, R20)."""
    return sum(1 for p in state.provinces if p.marks_of(colour))


def chariot_qualifiers(state: State) -> tuple[Colour, ...]:
    return tuple(c for c in COLOURS if marked_provinces(state, c) >= CHARIOT_MARKS)


def challenged(state: State, event: str) -> tuple[Colour, ...]:
    """Colours that revealed the printed 9 (10) in the last battle and did not win it (R29, R30)."""
    battle = state.battle
    if battle is None or event not in CHALLENGE_CARD:
        return ()
    card = CHALLENGE_CARD[event][0]
    return tuple(c for c in COLOURS if card_id(battle.card_of(c)) == card and battle.outcome != c.value)


def behind(state: State) -> Colour | None:
    """The player the score marker is away from (R31); None when centred."""
    if state.score_marker > 0:
        return Colour.RED
    if state.score_marker < 0:
        return Colour.BLUE
    return None


def condition_met(state: State, event: str) -> bool:
    battle = state.battle
    if event == PANDEMIC:
        return len(state.plagues_revealed) >= PLAGUES_IN_GAME
    if event == WAR_CHARIOT:
        return bool(chariot_qualifiers(state))
    if event in CHALLENGE_CARD:
        return bool(challenged(state, event))
    if event == LIGHT_INFANTRY:
        return battle is not None and battle.blue == "n1" and battle.red == "n1"
    raise ValueError(f"unknown event {event!r}")


def chariot_choices(state: State, colour: Colour) -> tuple[str, ...]:
    return tuple(w for w in state.side(colour).warlords_unchosen if w != HEAD_START)


def apply_effect(state: State, event: str, events: list[Event]) -> State:
    """Start the effect of a met event; decisions it needs are left pending (payments or ``awaiting``)."""
    if event == PANDEMIC:
        for colour in COLOURS:
            state = settle(state, Payment(colour, PayKind.COST, Dest.SET_ASIDE, None, 1), events)
    elif event in CHALLENGE_CARD:
        count = CHALLENGE_CARD[event][1]
        for colour in challenged(state, event):
            state = settle(state, Payment(colour, PayKind.CHALLENGE, Dest.SET_ASIDE, None, count), events)
    elif event == WAR_CHARIOT:
        # Without warlords in play the card has no effect (R28).
        if state.options.warlords:
            who = chariot_qualifiers(state)
            state = replace(state, awaiting=(Colour.BLUE in who, Colour.RED in who))
    elif event == LIGHT_INFANTRY:
        player = behind(state)
        if player is not None:
            state = state.with_flag("awaiting", player, True)
    return state
