"""The shape of a China view: the only thing renderers, cogs and the AI ever read.

Built by ``views.py``; everything here is JSON-safe. Every key is always present; fields the viewer
may not see are None (never absent). Hidden in every view: the deck's order and composition, the
seed, other seats' hands. Region, space and alliance ids are those of ``china_board.json``.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from bot.games.base import ResultView

Colour = Literal["red", "yellow", "green", "orange", "purple"]
# "action": place, exchange or (forced) pass; "refill": the seat to act draws one card at a time.
Phase = Literal["action", "refill", "over"]
Side = Literal["3-4", "4-5"]


class SpaceView(TypedDict):
    id: str
    region: str
    house: int | None  # seat whose house stands here
    fortified: bool  # a fortification lies here (with or without a house on it)


class RegionView(TypedDict):
    id: str
    name: str
    color: Colour
    spaces: list[str]
    houses: list[int]  # per seat
    emissaries: list[int]  # per seat, on the dragon space
    cap: int  # the most houses any one seat has here: the emissary limit
    free_spaces: int  # spaces without a house
    open: bool  # holds some piece, so two pieces may go here this turn
    scored: bool


class AllianceView(TypedDict):
    number: int
    regions: list[str]  # the two region ids


class ScoreItemView(TypedDict):
    kind: Literal["region", "alliance", "road"]
    ref: str  # region id, alliance number, or "" for a road row
    points: int
    doubled: bool
    spaces: list[str]  # a road row in path order, else []


class PlayerView(TypedDict):
    seat: int
    score: int
    houses: int  # in supply
    emissaries: int  # in supply
    fortifications: int  # in supply (0 without the variant)
    supply: int  # pieces left: the tie-break
    hand_count: int
    resigned: bool  # out of play (ranked last), whether it resigned or ran out of time
    timed_out: bool  # it left by running out of time on a forfeit clock (public: everybody saw it)
    breakdown: list[ScoreItemView]


class LastPlacementView(TypedDict):
    seat: int
    region: str
    spaces: list[str]  # houses and fortifications just placed
    emissaries: int


class ChinaView(TypedDict):
    key: Literal["china"]
    viewer: int | None
    num_players: int
    options: dict[str, object]  # {"board_side": "3-4" | "4-5", "fortifications": bool}
    board_side: Side
    phase: Phase
    active: int | None  # seat to act (None when over)
    start_seat: int  # holds the Emperor marker
    last_seat: int  # closes every round (to the right of the start seat)
    draws_owed: int  # cards the active seat still draws in the refill (0 outside it)
    deck_count: int
    display: list[Colour]  # face-up cards, sorted
    discard: dict[str, int]  # counts per colour (every discard was shown)
    discard_top: Colour | None
    removed: dict[str, int]  # cards out of the game per colour (public, R5)
    exhaustions: int  # 0, 1 or 2
    final_round: bool  # the deck ran out twice; the round is being finished
    regions: list[RegionView]
    spaces: list[SpaceView]
    alliances: list[AllianceView]
    players: list[PlayerView]
    hand: list[Colour] | None  # the viewer's own hand; None in the public view
    last_placement: LastPlacementView | None
    result: ResultView | None  # Result.to_dict() once the game is over
