"""Reshuffle everything a seat may not know: the no-leak property's other half (spec §10)."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.china.data import COLOURS, State


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    """A state that differs from ``state`` only in what ``seat`` (None: a spectator) cannot see: the
    deck's order and composition and the other seats' hands (their union is redealt, sizes kept), and
    the seed."""
    hidden_seats = [s for s in range(state.players) if s != seat]
    pool = list(state.deck) + [c for s in hidden_seats for c in state.seats[s].hand]
    rng.shuffle(pool)
    seats = list(state.seats)
    for s in hidden_seats:
        k = len(seats[s].hand)
        seats[s] = replace(seats[s], hand=tuple(sorted(pool[:k], key=COLOURS.index)))
        pool = pool[k:]
    return replace(state, seats=tuple(seats), deck=tuple(pool), seed=rng.randrange(2**31))
