"""China's vocabulary: colours, the board (read from package data) and the immutable game state.

All geometry lives in ``china_board.json``; this module only names the facts the rules need
(regions, their colours and house spaces, alliances, the roads of each side, the card counts).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any, Literal, TypedDict, TypeVar, get_args

from bot.games.china.schema import Side


class Colour(StrEnum):
    """A region card is only a colour (ruling R5)."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    ORANGE = "orange"
    PURPLE = "purple"


COLOURS: tuple[Colour, ...] = tuple(Colour)
_COLOUR_RANK = {c: i for i, c in enumerate(COLOURS)}

SIDES: tuple[Side, ...] = get_args(Side)
HOUSES_PER_SEAT = 20
EMISSARIES_PER_SEAT = 8  # the 9th emissary is the score marker; the engine keeps the score as a number
HAND_SIZE = 3
DISPLAY_SIZE = 4
ROW_MIN = 4  # a road row needs at least 4 houses

Phase = Literal["action", "refill", "over"]
# "normal": the deck ran out twice and the round was finished; "no_pieces": §4.9 step 1.
OverReason = Literal["normal", "no_pieces", "resignation"]
PieceKind = Literal["house", "emissary", "fortification"]
Source = Literal["deck", "display"]  # where a drawn or exchanged card comes from


def sort_cards(cards: Iterable[Colour]) -> tuple[Colour, ...]:
    """A hand or display as a canonical multiset: colours in the fixed order red..purple."""
    return tuple(sorted(cards, key=_COLOUR_RANK.__getitem__))


def colour_counts(cards: Iterable[Colour]) -> dict[str, int]:
    """Counts per colour, every colour present (JSON-safe keys)."""
    counted = Counter(cards)
    return {c.value: counted.get(c, 0) for c in COLOURS}


# ------------------------------------------------------------------------------------------- board


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    colour: Colour
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class Alliance:
    number: int
    regions: tuple[str, str]


@dataclass(frozen=True, eq=False)
class Board:
    """The fixed facts of the board; one instance, shared (never mutated)."""

    regions: tuple[Region, ...]
    spaces: tuple[str, ...]  # every house space, region by region in data order
    alliances: tuple[Alliance, ...]  # numbers 1..15 in order
    roads: Mapping[Side, tuple[tuple[str, str], ...]]  # side -> road edges
    cards: Mapping[Colour, int]  # cards per colour with 5 players (57 in all)

    def region_index(self, region_id: str) -> int:
        return _region_index(self)[region_id]

    def space_index(self, space: str) -> int:
        return _space_index(self)[space]

    def region_of_space(self, space: str) -> int:
        """Index of the region holding ``space``."""
        return _space_region(self)[space]

    def neighbours(self, side: Side) -> Mapping[str, frozenset[str]]:
        """Road adjacency of a board side."""
        return _adjacency(self, side)

    def region_space_indices(self, region: int) -> tuple[int, ...]:
        """Indices (into ``spaces``) of a region's house spaces, in data order."""
        return _region_space_indices(self)[region]

    def region_bounds(self) -> tuple[tuple[int, int], ...]:
        """Per region, where its house spaces start and end in ``spaces`` (they are listed region by
        region, so a region's slice of ``State.houses`` is ``houses[start:end]``)."""
        return _region_bounds(self)


@cache
def _region_index(board: Board) -> dict[str, int]:
    return {r.id: i for i, r in enumerate(board.regions)}


@cache
def _space_index(board: Board) -> dict[str, int]:
    return {s: i for i, s in enumerate(board.spaces)}


@cache
def _region_space_indices(board: Board) -> tuple[tuple[int, ...], ...]:
    index = _space_index(board)
    return tuple(tuple(index[s] for s in r.spaces) for r in board.regions)


@cache
def _region_bounds(board: Board) -> tuple[tuple[int, int], ...]:
    return tuple((indices[0], indices[-1] + 1) for indices in _region_space_indices(board))


@cache
def _space_region(board: Board) -> dict[str, int]:
    return {s: i for i, r in enumerate(board.regions) for s in r.spaces}


@cache
def _adjacency(board: Board, side: Side) -> dict[str, frozenset[str]]:
    adj: dict[str, set[str]] = {s: set() for s in board.spaces}
    for a, b in board.roads[side]:
        adj[a].add(b)
        adj[b].add(a)
    return {s: frozenset(n) for s, n in adj.items()}


def parse_board(raw: Mapping[str, object]) -> Board:
    """Build a Board from the JSON document (only the rule facts; geometry stays in the JSON)."""
    regions = tuple(
        Region(id=str(r["id"]), name=str(r["name"]), colour=Colour(r["color"]), spaces=tuple(r["house_spaces"]))
        for r in raw["regions"]  # type: ignore[attr-defined]
    )
    alliances = tuple(
        sorted(
            (Alliance(int(a["number"]), (str(a["regions"][0]), str(a["regions"][1])))
             for a in raw["alliances"]),  # type: ignore[attr-defined]
            key=lambda a: a.number,
        )
    )
    roads_raw: Mapping[str, list[list[str]]] = raw["roads"]  # type: ignore[assignment]
    roads = {side: tuple((str(a), str(b)) for a, b in roads_raw[side]) for side in SIDES}
    cards_raw: Mapping[str, int] = raw["cards"]  # type: ignore[assignment]
    cards = {Colour(c): int(n) for c, n in cards_raw.items()}
    return Board(
        regions=regions,
        spaces=tuple(s for r in regions for s in r.spaces),
        alliances=alliances,
        roads=roads,
        cards=cards,
    )


class BoardDocument(TypedDict):
    """``china_board.json`` as read: the rule facts :func:`parse_board` takes and the geometry the map draws."""

    source_note: str
    coordinate_system: dict[str, Any]
    regions: list[dict[str, Any]]
    house_spaces: dict[str, dict[str, Any]]
    alliances: list[dict[str, Any]]
    alliance_numbering: dict[str, Any]
    roads: dict[str, list[list[str]]]
    cards: dict[str, int]
    color_regions: dict[str, list[str]]
    map_outline: list[list[int]]
    features: list[dict[str, Any]]
    score_track: dict[str, Any]
    rulebook_examples: dict[str, Any]


@cache
def board_json() -> BoardDocument:
    """The raw board document (geometry included) for renderers; treat as read-only."""
    text = resources.files("bot.games.china").joinpath("china_board.json").read_text(encoding="utf-8")
    data: BoardDocument = json.loads(text)
    return data


@cache
def board() -> Board:
    return parse_board(board_json())


# ------------------------------------------------------------------------------------------- state

_Frozen = TypeVar("_Frozen", "State", "SeatState")


def evolve(obj: _Frozen, **changes: Any) -> _Frozen:
    """``dataclasses.replace`` for a State or SeatState, at a fraction of its cost (a move makes several,
    the computer player's playouts thousands). Neither has ``__post_init__``, ``InitVar`` or fields left
    out of ``__init__``, so a copy of the fields with the changed ones set is the object ``replace`` builds."""
    new = object.__new__(type(obj))
    values = vars(new)
    values.update(vars(obj), **changes)
    fields = type(obj).__dataclass_fields__
    if len(values) != len(fields):  # a change named no field (checked by count: it is cheaper than by name)
        unknown = changes.keys() - fields.keys()
        raise TypeError(f"{type(obj).__name__} has no field {sorted(unknown)[0]!r}")
    return new



@dataclass(frozen=True)
class ScoreEntry:
    """One line of a seat's score breakdown."""

    kind: Literal["region", "alliance", "road"]
    ref: str  # region id, alliance number, or "" for a road row
    points: int
    doubled: bool = False  # a fortified house doubled these points (§7 F6)
    spaces: tuple[str, ...] = ()  # a road row, in path order


@dataclass(frozen=True)
class SeatState:
    houses: int  # in supply
    emissaries: int  # in supply
    fortifications: int  # in supply: 1 or 0 with the variant, always 0 without
    hand: tuple[Colour, ...]  # sorted multiset, hidden from the others
    breakdown: tuple[ScoreEntry, ...] = ()
    resigned: bool = False
    timed_out: bool = False  # resigned by running out of time (a forfeit clock): only the words differ

    @property
    def score(self) -> int:
        return sum(e.points for e in self.breakdown)

    @property
    def supply(self) -> int:
        """Pieces left, the tie-break of §8 (the fortification is 0 without the variant)."""
        return self.houses + self.emissaries + self.fortifications


@dataclass(frozen=True)
class LastPlacement:
    """What the last placement put down, for highlighting on the board."""

    seat: int
    region: str
    spaces: tuple[str, ...]  # houses and fortifications placed
    emissaries: int


@dataclass(frozen=True)
class State:
    players: int
    seed: int
    board_side: Side
    fortifications: bool
    start_seat: int
    houses: tuple[int | None, ...]  # per board space: the seat whose house stands there
    fortified: tuple[int | None, ...]  # per board space: the seat that placed a fortification there
    dragon: tuple[tuple[int, ...], ...]  # per region: emissaries of each seat on its dragon space
    scored: tuple[bool, ...]  # per region
    seats: tuple[SeatState, ...]
    deck: tuple[Colour, ...]  # top card first; hidden from everyone
    display: tuple[Colour, ...]  # sorted
    discard: tuple[Colour, ...]  # oldest first, top card last
    removed: tuple[Colour, ...]
    exhaustions: int
    current: int  # seat to act (the last one to act once the game is over)
    phase: Phase
    over_reason: OverReason | None = None
    last_placement: LastPlacement | None = None

    @property
    def final_round(self) -> bool:
        """The deck ran out twice: the round is being finished (§4.8)."""
        return self.exhaustions == 2

    @property
    def last_seat(self) -> int:
        """The seat to the right of the start player, who closes every round."""
        return (self.start_seat - 1) % self.players

    def active_seats(self) -> list[int]:
        return [s for s, st in enumerate(self.seats) if not st.resigned]


# --------------------------------------------------------------------------------- board queries


def region_houses(state: State, region: int) -> list[int]:
    """Houses of each seat in a region."""
    counts = [0] * state.players
    houses = state.houses
    for i in board().region_space_indices(region):
        owner = houses[i]
        if owner is not None:
            counts[owner] += 1
    return counts


def emissary_cap(house_counts: Iterable[int]) -> int:
    """The fundamental rule: the largest number of houses any single seat has in the region (R9)."""
    return max(house_counts, default=0)


def region_is_full(state: State, region: int) -> bool:
    houses = state.houses
    return all(houses[i] is not None for i in board().region_space_indices(region))


def region_has_piece(state: State, region: int) -> bool:
    """Any house, emissary or fortification of anyone (R8)."""
    if any(state.dragon[region]):
        return True
    houses, fortified = state.houses, state.fortified
    return any(houses[i] is not None or fortified[i] is not None for i in board().region_space_indices(region))
