"""The shape of a Great Wall view: the only thing renderers, cogs and the AI ever read.

Built by ``views.py``; everything here is JSON-safe. Hidden fields are None (not absent) in views
that may not see them, so consumers never need ``.get`` guesses.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from bot.games.base import ResultView

CardType = Literal["WALL", "GATE", "TOWER", "INFANTRY", "CAVALRY", "NOBLE", "DRAGON"]
Colour = Literal["BLUE", "GREEN", "RED", "GREY", "YELLOW"]
# "check": the active seat's check is waiting for a first-marker choice (pending_claim);
# "actions": actions 2/3 and free Cavalry; "final_check": the check-only round; "over".
Phase = Literal["check", "actions", "final_check", "over"]
# "resign" also when the seat ran out of time.
LastMoveKind = Literal["play", "draw", "claim", "resign"]


class CardView(TypedDict):
    id: int  # stable card id: seat*20 + index
    owner: int
    type: CardType
    value: int  # what the card counts for its owner right now (0 when covered, 1 under a Noble, Infantry rank)
    covered: bool
    marker: int | None  # value of the first marker lying on this card


class FirstMarkerView(TypedDict):
    value: int
    card: int  # card id it lies on
    owner: int  # seat that claimed it


class SectionView(TypedDict):
    slot: int  # 0-based; the UI shows slot + 1
    open: bool
    markers: list[int]  # unclaimed markers, face up (2, 1 or 0 when closed)
    first_marker: FirstMarkerView | None
    row: list[list[CardView]]  # positions left to right, each a stack bottom -> top
    progress: list[int | None]  # per seat; None for non-participants
    leader: int | None  # the seat strictly ahead of every other participant, if any
    noble_active: bool


class PendingClaimView(TypedDict):
    section: int
    markers: list[int]  # the distinct values to choose from
    cards: list[int]  # the claimant's own uncovered card ids in that section


class PlayerView(TypedDict):
    seat: int
    colour: Colour
    hand_count: int
    deck_count: int
    markers_count: int  # markers face down in front of the player
    markers: list[int] | None  # their values: own view, open_scores, or game over; else None
    score: int | None  # sum of ``markers`` when visible
    unplayed: dict[str, int]  # deck + hand by card type (derivable from public play)
    resigned: bool
    timed_out: bool  # resigned by running out of time (public: everybody saw the clock run out)


class LastMoveView(TypedDict):
    seat: int
    kind: LastMoveKind
    section: int | None
    cards: list[int]  # ids of the cards just played (for highlighting)


class LastRoundView(TypedDict):
    declarer: int
    stage: Literal["last_turns", "final_check"]
    remaining: list[int]  # seats still owed a last turn or a final check, in order


class GreatWallView(TypedDict):
    key: Literal["great_wall"]
    viewer: int | None
    num_players: int
    options: dict[str, object]
    phase: Phase
    active: int | None  # seat whose turn it is (None when over)
    actions_left: int  # of actions 2 and 3 (0 outside the actions phase)
    cavalry_allowed: bool
    pending_claim: PendingClaimView | None  # public: the fact and the (public) options
    last_round: LastRoundView | None
    sections: list[SectionView]
    supply_count: int
    supply_values: dict[str, int]  # remaining multiset by value (derivable; order never shown)
    removed_pairs: list[int]  # 2 players: equal pairs removed, public
    removed_cards: int  # cards that left the game with completed sections
    players: list[PlayerView]
    hand: list[CardView] | None  # the viewer's own hand (value = base value); None in the public view
    deck_composition: dict[str, int] | None  # the viewer's own remaining deck by type; never its order
    last_move: LastMoveView | None
    result: ResultView | None  # Result.to_dict() once the game is over
