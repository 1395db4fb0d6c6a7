"""The legal actions of a seat (spec §4), sorted in the one order of ``action_sort_key``."""

from __future__ import annotations

from typing import Any

from bot.games.base import action_sort_key
from bot.games.great_wall.actions import Claim, Draw, Play
from bot.games.great_wall.data import MAX_CAVALRY_PER_PLAY, CardType, Phase, State, card_type
from bot.games.great_wall.flow import claim_options
from bot.games.great_wall.progress import cover_targets


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    if state.phase is Phase.OVER or seat != state.active:
        return []
    if state.pending is not None:
        actions = [Claim(state.pending, value, card).to_dict() for value, card in claim_options(state, state.pending)]
    else:
        actions = _card_actions(state, seat)
    return sorted(actions, key=action_sort_key)


def _card_actions(state: State, seat: int) -> list[dict[str, Any]]:
    mine = state.seats[seat]
    in_hand: dict[CardType, int] = {}
    for card in mine.hand:
        in_hand[card_type(card)] = in_hand.get(card_type(card), 0) + 1
    actions = [Draw().to_dict()] if mine.deck else []
    for slot in state.open_slots():
        for kind, held in in_hand.items():
            most = min(held, MAX_CAVALRY_PER_PLAY) if kind is CardType.CAVALRY else held
            actions.extend(Play(kind, count, slot).to_dict() for count in range(1, most + 1))
            if kind is CardType.DRAGON:
                actions.extend(Play(kind, 1, slot, target).to_dict() for target in cover_targets(state.sections[slot]))
    return actions
