"""The legal actions of a seat (spec §4), sorted in the one order of ``action_sort_key``."""

from __future__ import annotations

from typing import Any

from bot.games.base import action_sort_key
from bot.games.great_wall.actions import Claim, Draw, GameAction, Play
from bot.games.great_wall.data import MAX_CAVALRY_PER_PLAY, CardType, Phase, State, card_type
from bot.games.great_wall.flow import claim_options
from bot.games.great_wall.progress import cover_targets


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """The wire dicts of :func:`legal_moves`, in the same order."""
    return [move.to_dict() for move in legal_moves(state, seat)]


def legal_moves(state: State, seat: int) -> list[GameAction]:
    """The legal actions as parsed moves (the computer player's playouts apply them without a dict round trip),
    in the order of ``action_sort_key`` of their dicts."""
    if state.phase is Phase.OVER or seat != state.active:
        return []
    if state.pending is not None:
        slot = state.pending
        moves: list[GameAction] = [Claim(slot, value, card) for value, card in claim_options(state, slot)]
    else:
        moves = _card_moves(state, seat)
    return sorted(moves, key=lambda move: action_sort_key(move.to_dict()))


def _card_moves(state: State, seat: int) -> list[GameAction]:
    mine = state.seats[seat]
    in_hand: dict[CardType, int] = {}
    for card in mine.hand:
        in_hand[card_type(card)] = in_hand.get(card_type(card), 0) + 1
    moves: list[GameAction] = [Draw()] if mine.deck else []
    for slot in state.open_slots():
        for kind, held in in_hand.items():
            most = min(held, MAX_CAVALRY_PER_PLAY) if kind is CardType.CAVALRY else held
            moves.extend(Play(kind, count, slot) for count in range(1, most + 1))
            if kind is CardType.DRAGON:
                moves.extend(Play(kind, 1, slot, target) for target in cover_targets(state.sections[slot]))
    return moves
