"""What a seat cannot see of High Lantern: the other hands (their cards pooled and dealt again)."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.toy.rules import State


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    others = [s for s in range(state.players) if s != seat]
    pool = [card for s in others for card in state.hands[s]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    return replace(state, hands=tuple(hands))
