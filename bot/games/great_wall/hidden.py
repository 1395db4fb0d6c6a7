"""Reshuffle everything a seat may not know: the no-leak property's other half (spec §8)."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.great_wall.data import Phase, SeatState, State


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    """A state that differs from ``state`` only in what ``seat`` (None: a spectator) cannot see:
    other seats' hands and decks (their union keeps its composition, which public play reveals), the
    viewer's own deck order, the supply order, and other seats' marker values while they lie face down."""
    seats: list[SeatState] = []
    for index, mine in enumerate(state.seats):
        if index == seat:
            deck = list(mine.deck)
            rng.shuffle(deck)
            seats.append(replace(mine, deck=tuple(deck)))
            continue
        pool = [*mine.deck, *mine.hand]
        rng.shuffle(pool)
        size = len(mine.hand)
        seats.append(replace(mine, hand=tuple(sorted(pool[:size])), deck=tuple(pool[size:])))
    if not (state.options.open_scores or state.phase is Phase.OVER):
        others = [index for index in range(state.num_players) if index != seat]
        values = [value for index in others for value in seats[index].scored]
        rng.shuffle(values)
        for index in others:
            count = len(seats[index].scored)
            seats[index] = replace(seats[index], scored=tuple(values[:count]))
            values = values[count:]
    supply = list(state.supply)
    rng.shuffle(supply)
    return replace(state, seats=tuple(seats), supply=tuple(supply))
