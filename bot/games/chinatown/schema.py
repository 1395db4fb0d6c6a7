"""The shape of a Chinatown view: the only thing renderers, cogs and the AI ever read.

Built by ``views.py``; everything is JSON-safe. Every key is always present; a field the viewer may not
see is None (never absent). Secret in this game [§9]: each player's cash (until the end), the Building
cards dealt in phase 1 and the keep choice, and the batch of a simultaneous placement. Everything else
(owners, tiles on the board, tiles in hand, ready flags, offers by default) is public.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from bot.games.base import ResultView

Phase = Literal["deal_buildings", "trades", "place_tiles", "game_over"]
ShopId = Literal[
    "photo",
    "tea_house",
    "seafood",
    "jewellery",
    "tropical_fish",
    "florist",
    "take_out",
    "laundry",
    "dim_sum",
    "antiques",
    "factory",
    "restaurant",
]
Colour = Literal["red", "yellow", "green", "white", "purple"]
OfferStatus = Literal["open", "executed", "rejected", "cancelled", "void"]


class LotView(TypedDict):
    lot: int  # 1..85
    district: int  # 1..6
    owner: int | None
    tile: ShopId | None


class BusinessView(TypedDict):
    tile: ShopId
    lots: list[int]  # the connected group, sorted
    parts: list[int]  # scored sizes after the oversize split, e.g. [3, 2] for 5 Photo [R25]
    complete: bool  # the first part is at the type's maximum


class PlayerView(TypedDict):
    seat: int
    colour: Colour
    cash: int | None  # own view, or everybody once the game is over; else None [R30]
    hand_tiles: dict[str, int]  # shop id -> count, non-zero only; public [R9]
    lots_owned: int
    tiles_on_board: int  # the tie-break [R28]
    businesses: list[BusinessView]  # derived from the public board
    income_now: int | None  # what the board pays this player at the next income; None if private [R27]
    income_history: list[int] | None  # per finished round; None for others when income is private
    cards_in_hand: int  # Building cards dealt and not yet resolved (phase 1); the count is public
    keep_submitted: bool  # phase 1: has chosen (what is chosen stays secret) [R7]
    ready: bool  # done trading [R17]
    turn_done: bool  # phase 4: has ended the turn / submitted the batch
    resigned: bool  # out of play (ranked last), whether it resigned or ran out of time
    timed_out: bool  # it left by running out of time on a forfeit clock (public: everybody saw it)


# "from" is a Python keyword, hence the functional form.
LegView = TypedDict(
    "LegView",
    {
        "from": int,
        "to": int,
        "kind": Literal["lot", "tiles", "money"],
        "lot": int | None,  # lot legs
        "lot_tile": ShopId | None,  # the shop standing on that lot, which goes with it
        "tile_type": ShopId | None,  # tile legs
        "count": int | None,  # tile legs
        "amount": int | None,  # money legs; None when R19 hides amounts from this viewer
    },
)


class OfferView(TypedDict):
    id: int
    version: int
    author: int
    status: OfferStatus
    legs: list[LegView]
    participants: list[int]
    accepted: list[int]  # seats that accepted the current version
    note: str  # non-binding [R12]
    void_reason: str | None  # e.g. "LOT_NOT_OWNED_BY_GIVER"; "MONEY_UNPAYABLE" unless it is the viewer's cash
    void_seat: int | None  # the player concerned; None when it would tell whose cash fell short


class PlacementView(TypedDict):
    lot: int
    tile: ShopId


LastMoveKind = Literal[
    "keep",  # chose which dealt lots to keep (what was kept stays secret until the reveal)
    "lots_revealed",  # the last keep: every kept lot is revealed (``lots``)
    "place",  # built ``tile`` on ``lots[0]`` (sequential placement; simultaneous batches are secret)
    "end_turn",
    "placements_revealed",  # the last simultaneous turn ended: every batch is built (``lots``)
    "ready",  # done trading
    "not_ready",  # trading again
    "offer_proposed",
    "offer_edited",
    "offer_accepted",
    "offer_rejected",
    "offer_cancelled",
    "trade",  # an offer was carried out; ``lots`` changed hands
    "resign",
]


class LastMoveView(TypedDict):
    """The last move with a public side, as everybody saw it."""

    seat: int  # who moved
    kind: LastMoveKind
    lots: list[int]  # the lots it changed on the board
    tile: ShopId | None  # kind "place"
    offer: int | None  # offer kinds and "trade"


class ChinatownView(TypedDict):
    key: Literal["chinatown"]
    viewer: int | None
    num_players: int
    options: dict[str, object]
    round: int  # 1..6
    year: int  # 1964 + round
    zodiac: str  # cosmetic [R31]
    phase: Phase
    first_player: int
    turn: int | None  # sequential placement: whose turn; else None
    to_act: list[int]
    deal: int  # this round's X (cards dealt), Y (kept) and T (tiles drawn)
    keep: int
    draw: int
    lots: list[LotView]  # 85 entries, lot n at index n - 1
    deck_count: int  # Building cards face down; never their order
    bag: dict[str, int]  # tiles left in the bag by type (derivable from the public draws)
    players: list[PlayerView]
    hand_cards: list[int] | None  # the viewer's dealt Building cards (phase 1); None in other views
    keep_choice: list[int] | None  # the viewer's submitted keep, until the reveal
    batch: list[PlacementView] | None  # the viewer's unrevealed simultaneous placements
    offers: list[OfferView]  # this round's offers the viewer may see [R19]
    last_move: LastMoveView | None  # the last move with a public side; None before the first
    result: ResultView | None  # Result.to_dict() once the game is over
