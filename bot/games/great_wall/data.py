"""Fixed facts of The Great Wall of China and the immutable state (spec §2, §3 and the engine checklist).

Cards are plain ints: ``seat*20 + index`` (spec §2.1), so owner and type follow from the id alone and a
state never has to carry card objects. Markers are modelled by their value: equal values are
interchangeable (spec §2.2).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from bot.games.great_wall.schema import LastMoveKind

T = TypeVar("T")


class CardType(StrEnum):
    WALL = "WALL"
    GATE = "GATE"
    TOWER = "TOWER"
    INFANTRY = "INFANTRY"
    CAVALRY = "CAVALRY"
    NOBLE = "NOBLE"
    DRAGON = "DRAGON"


class Colour(StrEnum):
    BLUE = "BLUE"
    GREEN = "GREEN"
    RED = "RED"
    GREY = "GREY"
    YELLOW = "YELLOW"


class Phase(StrEnum):
    """Where the game rests between moves. A check that needs no choice never rests, so CHECK and
    FINAL_CHECK always come with a pending first-marker choice."""

    CHECK = "check"  # a normal or last turn's check, waiting for a first-marker choice
    ACTIONS = "actions"  # actions 2 and 3, with free Cavalry
    FINAL_CHECK = "final_check"  # the check-only round, waiting for a first-marker choice
    OVER = "over"


#: Index within a deck -> card type (spec §2.1: 0-6 Wall, 7-9 Gate, 10 Tower, 11-15 Infantry, ...).
DECK_LAYOUT: tuple[CardType, ...] = (
    (CardType.WALL,) * 7
    + (CardType.GATE,) * 3
    + (CardType.TOWER,)
    + (CardType.INFANTRY,) * 5
    + (CardType.CAVALRY,) * 2
    + (CardType.NOBLE,)
    + (CardType.DRAGON,)
)
CARDS_PER_DECK = len(DECK_LAYOUT)
DECK_COUNTS: dict[CardType, int] = dict(Counter(DECK_LAYOUT))

#: Printed progress value; Infantry's real value is its rank (spec §5.2), 1 for the first one.
BASE_VALUE: dict[CardType, int] = {
    CardType.WALL: 1,
    CardType.GATE: 2,
    CardType.TOWER: 3,
    CardType.INFANTRY: 1,
    CardType.CAVALRY: 2,
    CardType.NOBLE: 1,
    CardType.DRAGON: 1,
}

#: The 36 scoring markers (spec §2.2): there is no 6.
MARKERS: tuple[int, ...] = (1,) * 2 + (2,) * 6 + (3,) * 7 + (4,) * 7 + (5,) * 8 + (7,) * 4 + (8,) * 2
MARKER_VALUES: tuple[int, ...] = tuple(sorted(set(MARKERS)))

COLOURS: tuple[Colour, ...] = tuple(Colour)
SECTIONS_FOR_PLAYERS: dict[int, int] = {2: 2, 3: 3, 4: 4, 5: 4}
HAND_SIZE = 5
ACTIONS_PER_TURN = 2  # actions 2 and 3; action 1 is the check
MAX_CAVALRY_PER_PLAY = 2

KEEP_RANK = "keep_rank"
RENUMBER = "renumber"


def card_type(card: int) -> CardType:
    return DECK_LAYOUT[card % CARDS_PER_DECK]


def card_owner(card: int) -> int:
    return card // CARDS_PER_DECK


def put(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """A copy of ``items`` with ``items[index]`` replaced: states are tuples, never changed in place."""
    return (*items[:index], item, *items[index + 1 :])


def deck_of(seat: int) -> range:
    """The ids of the 20 cards of ``seat``'s colour."""
    return range(seat * CARDS_PER_DECK, (seat + 1) * CARDS_PER_DECK)


@dataclass(frozen=True)
class Options:
    first_seat: int | None = None
    infantry_covered: str = KEEP_RANK
    open_scores: bool = False

    @property
    def renumber(self) -> bool:
        return self.infantry_covered == RENUMBER


@dataclass(frozen=True)
class FirstMarker:
    """The first marker of a section: its value and the uncovered card it lies on (owned by its claimant)."""

    value: int
    card: int


@dataclass(frozen=True)
class Section:
    """One slot of the wall. ``row`` is positions left to right, each a stack of card ids bottom -> top.

    Only Dragons ever cover, so every non-Dragon card is the bottom of its stack and the bottoms are in
    placement order: that is all Infantry ranks need, so no separate ``seq`` is stored.
    """

    open: bool
    markers: tuple[int, ...] = ()  # unclaimed, face up, ascending
    first_marker: FirstMarker | None = None
    row: tuple[tuple[int, ...], ...] = ()

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(card for stack in self.row for card in stack)

    @property
    def uncovered(self) -> tuple[int, ...]:
        return tuple(stack[-1] for stack in self.row)


@dataclass(frozen=True)
class SeatState:
    deck: tuple[int, ...]  # top first; order secret even from the owner
    hand: tuple[int, ...]  # kept sorted: hand order carries no meaning
    scored: tuple[int, ...] = ()  # marker values face down in front of the player, in order received


@dataclass(frozen=True)
class LastMove:
    seat: int
    kind: LastMoveKind
    section: int | None = None
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    num_players: int
    seed: int
    options: Options
    start_seat: int
    seats: tuple[SeatState, ...]
    supply: tuple[int, ...]  # top first; order secret
    removed_pairs: tuple[int, ...]  # 2 players: equal pairs taken out, public
    removed_cards: tuple[int, ...]  # cards that left with completed sections, public
    sections: tuple[Section, ...]
    phase: Phase
    active: int | None
    actions_left: int = 0
    pending: int | None = None  # slot whose first-marker choice the active seat owes
    declarer: int | None = None
    owed: tuple[int, ...] = ()  # seats still owed a last turn / final check after the active one
    resigned: tuple[int, ...] = ()  # in the order they left
    timed_out: tuple[int, ...] = ()  # the resigned seats that left by running out of time, in that order
    last_move: LastMove | None = None
    end_reason: str | None = None  # "normal" or "resignation" once over

    def in_play(self, seat: int) -> bool:
        return seat not in self.resigned

    def open_slots(self) -> tuple[int, ...]:
        return tuple(slot for slot, section in enumerate(self.sections) if section.open)
