"""Reshuffle everything a seat may not know (spec §6): the no-leak property's other half.

Named by the game's spec (cogs/controls/sun_tzu), which tests/games/test_contract.py reads.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.sun_tzu.data import COLOURS, PROVINCES, card_sort_key, is_framed
from bot.games.sun_tzu.state import Side, State


def _hide_other(state: State, side: Side, rng: random.Random) -> Side:
    """Another colour's hand, deck, drawn cards, face-down table cards, face-down removals and unused
    warlords, mixed among themselves; every count and every framed card's hand-or-table place kept public."""
    revealed = {b.province for b in state.battles}
    slots = [] if side.assignment is None else [i for i, p in enumerate(PROVINCES) if p not in revealed]
    table = list(side.assignment or ())
    front = [*side.hand, *(table[i] for i in slots)]  # cards in hand or face down on the table
    back = [*side.deck, *side.drawn, *side.out_secret]  # never framed
    framed = [c for c in front if is_framed(c)]
    loose = [c for c in front + back if not is_framed(c)]
    rng.shuffle(framed)
    rng.shuffle(loose)
    cut = len(front) - len(framed)
    front_new = framed + loose[:cut]
    rng.shuffle(front_new)
    back_new = loose[cut:]
    hand = tuple(front_new[: len(side.hand)])
    for i, card in zip(slots, front_new[len(side.hand) :], strict=True):
        table[i] = card
    deck = tuple(back_new[: len(side.deck)])
    drawn = tuple(back_new[len(side.deck) : len(side.deck) + len(side.drawn)])
    secret = tuple(back_new[len(side.deck) + len(side.drawn) :])
    warlords = [*side.warlords_held, *side.warlords_unchosen]
    rng.shuffle(warlords)
    held = len(side.warlords_held)
    return replace(
        side,
        hand=tuple(sorted(hand, key=card_sort_key)),
        deck=deck,
        drawn=drawn,
        out_secret=secret,
        assignment=None if side.assignment is None else tuple(table),
        warlords_held=tuple(warlords[:held]),
        warlords_unchosen=tuple(warlords[held:]),
        known_bottom=0,
        pass_windows=rng.random() < 0.5,  # whether its orders pass the windows ahead is its own secret
    )


def _hide_own_deck(side: Side, rng: random.Random) -> Side:
    """The owner knows only the cards it put under its deck (R37)."""
    cut = len(side.deck) - side.known_bottom
    unknown = list(side.deck[:cut])
    rng.shuffle(unknown)
    return replace(side, deck=(*unknown, *side.deck[cut:]))


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    sides = []
    for colour in COLOURS:
        side = state.side(colour)
        sides.append(_hide_own_deck(side, rng) if side.seat == seat else _hide_other(state, side, rng))
    events = list(state.event_deck)
    rng.shuffle(events)
    return replace(
        state,
        sides=(sides[0], sides[1]),
        event_deck=tuple(events),
        seed=rng.randrange(2**32),  # the seed would tell the decks: no view may depend on it
    )
