"""Setup (spec §3, R1, R25): colours, screens, events, armies, warlords and decks from the seed.

All randomness of a game is drawn here, in a fixed order, from ``random.Random(seed)``: the colour
draw, the screens, the event order, blue's deck, red's deck. Everything later is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.games.base import Event
from bot.games.sun_tzu import flow
from bot.games.sun_tzu.data import (
    BEGINNER_RESERVE,
    BEGINNER_SET_ASIDE,
    COLOURS,
    EVENT_IDS,
    FRAMED,
    PROVINCES,
    SCREENS,
    SCREENS_IN_PLAY,
    START_RESERVE,
    START_SET_ASIDE,
    WARLORDS,
    Colour,
    Options,
    all_instances,
    is_framed,
)
from bot.games.sun_tzu.state import Province, Side, Stage, State


def make_options(resolved: Mapping[str, Any]) -> Options:
    """The table options from resolved values (``SunTzu.resolve_options`` already turned warlords off)."""
    if resolved["beginner"] and resolved["warlords"]:
        raise ValueError("The beginner game is played without warlords: turn the warlords option off.")
    return Options(
        beginner=bool(resolved["beginner"]),
        warlords=bool(resolved["warlords"]),
        events=bool(resolved["events"]),
        plague_rounding=str(resolved["plague_rounding"]),
        cap_at_six_target=str(resolved["cap_at_six_target"]),
        adjacency=str(resolved["adjacency"]),
        colour_assignment=str(resolved["colour_assignment"]),
    )


def new_state(seed: int, options: Options) -> tuple[State, list[Event]]:
    rng = random.Random(seed)
    blue_seat = 0 if options.colour_assignment == "seat_order" else rng.randrange(2)
    screens = tuple(n + 1 for n in rng.sample(range(len(SCREENS)), SCREENS_IN_PLAY))
    event_order = list(EVENT_IDS)
    rng.shuffle(event_order)
    reserve, set_aside = (
        (BEGINNER_RESERVE, BEGINNER_SET_ASIDE) if options.beginner else (START_RESERVE, START_SET_ASIDE)
    )
    sides: list[Side] = []
    for colour in COLOURS:
        deck = [c for c in all_instances(options.beginner) if not is_framed(c)]
        rng.shuffle(deck)
        sides.append(
            Side(
                seat=blue_seat if colour is Colour.BLUE else 1 - blue_seat,
                reserve=reserve,
                set_aside=set_aside,
                hand=FRAMED,
                deck=tuple(deck),
                # Before the choice all five are "unchosen"; the choice moves one to ``warlords_held``.
                warlords_unchosen=WARLORDS[colour] if options.warlords else (),
            )
        )
    state = State(
        options=options,
        seed=seed,
        sides=(sides[0], sides[1]),
        screens=screens,
        provinces=tuple(Province() for _ in PROVINCES),
        stage=Stage.CHOOSE_WARLORD if options.warlords else Stage.INITIAL_DRAW,
        event_deck=tuple(event_order[1:]) if options.events else (),
        active_event=event_order[0] if options.events else None,
    )
    events: list[Event] = [
        Event(
            "setup",
            {
                "blue": state.sides[0].seat,
                "red": state.sides[1].seat,
                "screens": list(screens),
                "event": state.active_event,
            },
        )
    ]
    return flow.proceed(state, events), events
