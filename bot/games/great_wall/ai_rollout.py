"""A fast playout policy on full states, for the search of the "normal" computer player.

Playouts run on sampled worlds (``ai_world``), never on the real state. The policy is the "easy" player's
judgement (``ai.py``) computed on the state instead of a view: after a plain play a seat's progress is its
progress before plus the cards' values, so only Noble and Dragon plays need the section recounted, and no
view or list of legal actions is built. Simulated opponents now and then play at random instead, so the
search does not count on them playing exactly like the policy.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

from bot.games.great_wall.actions import Claim, Draw, GameAction, Play
from bot.games.great_wall.data import (
    BASE_VALUE,
    MAX_CAVALRY_PER_PLAY,
    CardType,
    Phase,
    State,
    card_owner,
    card_type,
)
from bot.games.great_wall.flow import claim_options
from bot.games.great_wall.handlers import apply_move
from bot.games.great_wall.legal import legal_moves
from bot.games.great_wall.progress import card_values, noble_active, section_progress
from bot.games.great_wall.scoring import scores

OPPONENT_NOISE = 0.2  # how often a simulated opponent plays at random
_CAVALRY_WORTH_IT = 0.25  # as the "easy" player: a free play must at least gain this much


def standing(progress: Mapping[int, int], me: int) -> float:
    """The "easy" player's measure of a section: 1 and up when strictly ahead (more for a safer margin),
    0.3 when tied, slightly negative behind, 0 when not in it."""
    mine = progress.get(me)
    if mine is None:
        return 0.0
    others = [value for seat, value in progress.items() if seat != me]
    if not others:
        return 1.0
    margin = mine - max(others)
    if margin > 0:
        return 1.0 + 0.1 * min(margin, 4)
    if margin == 0:
        return 0.3
    return -0.02 * min(-margin, 10)


def policy(state: State, rng: random.Random) -> GameAction:
    """The "easy" player's choice, computed on the state: progress after a plain play is the progress
    before plus the cards' values, so only Noble and Dragon plays need the section recounted."""
    seat = state.active
    assert seat is not None
    if state.pending is not None:
        return _claim(state, state.pending)
    mine = state.seats[seat]
    renumber = state.options.renumber
    held = Counter(card_type(card) for card in mine.hand)
    hand_size = len(mine.hand)
    best_paid: tuple[float, GameAction] | None = None
    if mine.deck:
        best_paid = (1.2 if hand_size <= 2 else 0.6 if hand_size < 5 else 0.35, Draw())
    best_free: tuple[float, GameAction] | None = None
    for slot in state.open_slots():
        section = state.sections[slot]
        progress = section_progress(section, renumber)
        before = standing(progress, seat)
        stake = max(section.markers, default=0)
        flat = noble_active(section)
        infantry = sum(
            1 for card in section.cards if card_owner(card) == seat and card_type(card) is CardType.INFANTRY
        )
        mine_now = progress.get(seat, 0)
        for kind, count in held.items():
            if kind in (CardType.NOBLE, CardType.DRAGON):
                special = _special(state, seat, slot, kind, before, stake, rng)
                if best_paid is None or special[0] > best_paid[0]:
                    best_paid = special
                continue
            most = min(count, MAX_CAVALRY_PER_PLAY) if kind is CardType.CAVALRY else count
            gained = 0
            for k in range(1, most + 1):
                gained += 1 if flat else (infantry + k if kind is CardType.INFANTRY else BASE_VALUE[kind])
                after = standing({**progress, seat: mine_now + gained}, seat)
                cost = k * (0.1 + 0.05 * BASE_VALUE[kind])
                value = stake * (after - before) - cost + 0.01 * rng.random()
                if kind is CardType.CAVALRY:
                    if best_free is None or value > best_free[0]:
                        best_free = (value, Play(kind, k, slot))
                elif best_paid is None or value > best_paid[0]:
                    best_paid = (value, Play(kind, k, slot))
    if best_free is not None and (best_paid is None or best_free[0] >= _CAVALRY_WORTH_IT):
        return best_free[1]
    assert best_paid is not None
    return best_paid[1]


def _special(
    state: State, seat: int, slot: int, kind: CardType, before: float, stake: int, rng: random.Random
) -> tuple[float, GameAction]:
    """A Noble or Dragon play, the section recounted with the card in it (a Dragon may cover instead)."""
    section = state.sections[slot]
    card = next(card for card in state.seats[seat].hand if card_type(card) is kind)
    cost = 0.1 + 0.05 * BASE_VALUE[kind]
    rows: list[tuple[int | None, tuple[tuple[int, ...], ...]]] = [(None, (*section.row, (card,)))]
    if kind is CardType.DRAGON:
        marked = section.first_marker.card if section.first_marker else None
        rows += [
            (stack[-1], tuple((*s, card) if s is stack else s for s in section.row))
            for stack in section.row
            if stack[-1] != marked
        ]
    best: tuple[float, GameAction] | None = None
    for cover, row in rows:
        after = standing(section_progress(replace(section, row=row), state.options.renumber), seat)
        value = stake * (after - before) - cost + 0.01 * rng.random()
        if best is None or value > best[0]:
            best = (value, Play(kind, 1, slot, cover))
    assert best is not None
    return best


def _claim(state: State, slot: int) -> Claim:
    """The smaller marker, on the card worth most (a marked card cannot be covered)."""
    options = claim_options(state, slot)
    values = card_values(state.sections[slot], state.options.renumber)
    smallest = min(value for value, _ in options)
    card = max((card for value, card in options if value == smallest), key=lambda c: (values.get(c, 0), -c))
    return Claim(slot, smallest, card)


def playout(state: State, me: int, rng: random.Random, max_moves: int = 2000) -> State:
    """Play ``state`` out to the end with :func:`policy` for every seat, ``me`` never at random."""
    for _ in range(max_moves):
        if state.phase is Phase.OVER:
            return state
        seat = state.active
        assert seat is not None
        if seat != me and rng.random() < OPPONENT_NOISE:
            action = rng.choice(legal_moves(state, seat))
        else:
            action = policy(state, rng)
        state, _ = apply_move(state, seat, action)
    return state


def outcome(state: State, seat: int) -> float:
    """The reward of a finished playout for ``seat``: the share of opponents beaten (ties half), the
    measure the benchmark uses, plus a little for the margin so that close calls still teach."""
    totals = scores(state)
    mine = totals[seat]
    others = [total for other, total in enumerate(totals) if other != seat and state.in_play(other)]
    if not others:
        return 1.0
    beaten = sum(1.0 if mine > other else 0.5 if mine == other else 0.0 for other in others) / len(others)
    margin = mine - max(others)
    return beaten + 0.01 * max(-20, min(20, margin))
