"""Progress in a section (spec §5): derived from the row, never stored.

Works on a :class:`Section` alone (card ids carry owner and type), so views and the AI can call it too.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from bot.games.great_wall.data import BASE_VALUE, CardType, Section, card_owner, card_type


def noble_active(section: Section) -> bool:
    return any(card_type(card) is CardType.NOBLE for card in section.uncovered)


def card_values(section: Section, renumber: bool = False) -> dict[int, int]:
    """What each card in the section counts for its owner right now (spec §5.2 ``value(c)``)."""
    return dict(_card_values(section, renumber))


@lru_cache(maxsize=4096)
def _card_values(section: Section, renumber: bool) -> tuple[tuple[int, int], ...]:
    # Remembered: a section changes once a turn at most, and every view of every seat asks for its values.
    noble = noble_active(section)
    ranks: dict[int, int] = {}  # owner -> Infantry counted so far
    values: dict[int, int] = {}
    # Stacks in row order: Infantry is never a covering card, so this is their placement order.
    for stack in section.row:
        for depth, card in enumerate(stack):
            covered = depth < len(stack) - 1
            kind = card_type(card)
            base = BASE_VALUE[kind]
            if kind is CardType.INFANTRY and not (covered and renumber):
                owner = card_owner(card)
                ranks[owner] = ranks.get(owner, 0) + 1
                base = ranks[owner]  # keep_rank: a covered Infantry still takes its place [R20]
            if covered:
                values[card] = 0  # a Noble never lifts a covered card [R21, R23]
            elif noble:
                values[card] = 1
            else:
                values[card] = base
    return tuple(values.items())


def section_progress(section: Section, renumber: bool = False) -> dict[int, int]:
    """Progress of every participant (owners of any card, covered ones included [R5])."""
    progress: dict[int, int] = {}
    for card, value in card_values(section, renumber).items():
        owner = card_owner(card)
        progress[owner] = progress.get(owner, 0) + value
    marker = section.first_marker
    if marker is not None:
        # The printed value counts against its holder, Noble or not [R11].
        owner = card_owner(marker.card)
        progress[owner] = progress.get(owner, 0) - marker.value
    return progress


def leader(progress: Mapping[int, int]) -> int | None:
    """The participant strictly ahead of every other one, if any; a sole participant always leads [R6]."""
    if not progress:
        return None
    best = max(progress.values())
    top = [seat for seat, value in progress.items() if value == best]
    return top[0] if len(top) == 1 else None


def claim_cards(section: Section, seat: int) -> tuple[int, ...]:
    """The seat's own uncovered cards: where a first marker may go [R10]."""
    return tuple(sorted(card for card in section.uncovered if card_owner(card) == seat))


def cover_targets(section: Section) -> tuple[int, ...]:
    """Cards a Dragon may cover: uncovered and not bearing the first marker [R12, R22]."""
    marked = section.first_marker.card if section.first_marker else None
    return tuple(sorted(card for card in section.uncovered if card != marked))
