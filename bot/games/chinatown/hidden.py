"""Reshuffle everything a seat may not know: the no-leak property's other half (spec §9).

Named by the game's spec (cogs/controls/chinatown), which tests/games/test_contract.py reads.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.chinatown.data import Phase, State
from bot.games.chinatown.views import offer_visible


def resample(state: State, viewer: int | None, rng: random.Random) -> State:
    """Reshuffle everything ``viewer`` cannot see: others' dealt cards (with the deck), their keep choices,
    cash (until the end), hidden batches, the seed, and whether each offer hidden from the viewer (option
    ``offer_visibility = participants``) was ever made: a state without it must look the same."""
    seats = list(state.seats)
    others = [s for s in range(state.num_players) if s != viewer]
    if state.phase is Phase.DEAL_BUILDINGS:
        pool = list(state.deck) + [lot for s in others for lot in seats[s].dealt]
        rng.shuffle(pool)
        for s in others:
            size = len(seats[s].dealt)
            dealt, pool = tuple(sorted(pool[:size])), pool[size:]
            keep = None if seats[s].keep is None else tuple(sorted(rng.sample(dealt, len(seats[s].keep or ()))))
            seats[s] = replace(seats[s], dealt=dealt, keep=keep)
        state = replace(state, deck=tuple(sorted(pool)))
    for s in others:
        cash = seats[s].cash if state.phase is Phase.GAME_OVER else rng.randint(0, 10**6)
        seats[s] = replace(seats[s], cash=cash, batch=())
    offers = tuple(o for o in state.offers if offer_visible(state, o, viewer) or rng.random() < 0.5)
    return replace(state, seats=tuple(seats), offers=offers, seed=rng.randint(0, 2**32))
