"""Chinatown's vocabulary: shop types, phases, the board data, and the immutable game state.

The board (districts, adjacency, income table, per-round numbers) is read once from the package file
``chinatown_board.json`` (the verified data set of the rules spec); nothing here is computed from pixels.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from types import MappingProxyType
from typing import Any

from bot.games.base.language import mark, tr
from bot.games.chinatown.schema import Colour, LastMoveKind

LOT_COUNT = 85
ROUNDS = 6
FIRST_YEAR = 1965
ZODIAC = ("Snake", "Horse", "Goat", "Monkey", "Rooster", "Dog")  # 1965..1970 [R31]
COLOURS: tuple[Colour, ...] = ("red", "yellow", "green", "white", "purple")


class Shop(StrEnum):
    """The twelve shop types, in the board file's order (by maximum size)."""

    PHOTO = "photo"
    TEA_HOUSE = "tea_house"
    SEAFOOD = "seafood"
    JEWELLERY = "jewellery"
    TROPICAL_FISH = "tropical_fish"
    FLORIST = "florist"
    TAKE_OUT = "take_out"
    LAUNDRY = "laundry"
    DIM_SUM = "dim_sum"
    ANTIQUES = "antiques"
    FACTORY = "factory"
    RESTAURANT = "restaurant"


SHOPS: tuple[Shop, ...] = tuple(Shop)
# The shop types' names as the board file spells them (checked when it is read), for the catalogs.
SHOP_NAMES: tuple[str, ...] = (
    mark("Photo"), mark("Tea House"), mark("Sea Food"), mark("Jewellery"), mark("Tropical Fish"), mark("Florist"),
    mark("Take Out"), mark("Laundry"), mark("Dim Sum"), mark("Antiques"), mark("Factory"), mark("Restaurant"),
)
SHOP_INDEX: MappingProxyType[Shop, int] = MappingProxyType({shop: i for i, shop in enumerate(SHOPS)})


class Phase(StrEnum):
    """The phases that wait for players. Drawing tiles, income and the new year are engine steps."""

    DEAL_BUILDINGS = "deal_buildings"  # phase 1: secret, simultaneous keep choice
    TRADES = "trades"  # phase 3
    PLACE_TILES = "place_tiles"  # phase 4
    GAME_OVER = "game_over"


class OfferStatus(StrEnum):
    OPEN = "open"
    EXECUTED = "executed"
    REJECTED = "rejected"
    CANCELLED = "cancelled"
    VOID = "void"


class LegKind(StrEnum):
    LOT = "lot"
    TILES = "tiles"
    MONEY = "money"


# -- board data ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShopSpec:
    shop: Shop
    name: str
    max_size: int
    tiles: int  # always max_size + 3


@dataclass(frozen=True)
class RoundSpec:
    deal: int  # X: Building cards dealt to each player
    keep: int  # Y: cards each player keeps
    tiles: int  # T: shop tiles each player draws


@dataclass(frozen=True)
class Board:
    districts: tuple[tuple[tuple[int | None, ...], ...], ...]
    district_of: MappingProxyType[int, int]
    adjacency: MappingProxyType[int, tuple[int, ...]]
    positions: MappingProxyType[int, tuple[int, int]]  # drawing only, never for adjacency
    size: tuple[int, int]
    shops: MappingProxyType[Shop, ShopSpec]
    income_incomplete: MappingProxyType[int, int]
    income_complete: MappingProxyType[int, int]
    rounds: MappingProxyType[int, tuple[RoundSpec, ...]]  # by player count
    start_money: int

    def round_spec(self, players: int, round_no: int) -> RoundSpec:
        return self.rounds[players][round_no - 1]


def _load_board() -> Board:
    raw: dict[str, Any] = json.loads(
        resources.files("bot.games.chinatown").joinpath("chinatown_board.json").read_text("utf-8")
    )
    districts = tuple(tuple(tuple(row) for row in d["lots"]) for d in raw["districts"])
    district_of = {lot: d["id"] for d in raw["districts"] for row in d["lots"] for lot in row if lot}
    specs = {
        Shop(t["id"]): ShopSpec(Shop(t["id"]), t["name"], int(t["max"]), int(t["tiles"])) for t in raw["shop_types"]
    }
    if tuple(specs) != SHOPS:
        raise ValueError("chinatown_board.json: shop types differ from the Shop enum")
    if tuple(spec.name for spec in specs.values()) != SHOP_NAMES:
        raise ValueError("chinatown_board.json: shop names differ from SHOP_NAMES")
    return Board(
        districts=districts,
        district_of=MappingProxyType(district_of),
        adjacency=MappingProxyType({int(k): tuple(v) for k, v in raw["adjacency"].items()}),
        positions=MappingProxyType({int(k): (v[0], v[1]) for k, v in raw["layout"]["lots"].items()}),
        size=(int(raw["layout"]["width"]), int(raw["layout"]["height"])),
        shops=MappingProxyType(specs),
        income_incomplete=MappingProxyType({int(k): v for k, v in raw["income"]["incomplete"].items()}),
        income_complete=MappingProxyType({int(k): v for k, v in raw["income"]["complete"].items()}),
        rounds=MappingProxyType(
            {
                int(n): tuple(RoundSpec(r["deal"], r["keep"], r["tiles"]) for r in rows)
                for n, rows in raw["rounds"].items()
            }
        ),
        start_money=int(raw["start_money"]),
    )


BOARD = _load_board()
LOTS: tuple[int, ...] = tuple(range(1, LOT_COUNT + 1))


def shop_name(shop: Shop) -> str:
    """The shop type's name in the language in force."""
    return tr(BOARD.shops[shop].name)


# -- options ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """The table options the engine acts on (see rules.OPTIONS for labels and choices)."""

    first_player_initial: str | int = "random"  # "random" or a seat [R4]
    first_player_rotation: str = "rotate"  # rotate | fixed [R5]
    money_unit: int = 10_000  # [R13]
    ready_reset_scope: str = "all"  # all | participants [R17]
    offer_visibility: str = "public"  # public | participants [R19]
    announce_trade_money: bool = True  # [R19]
    placement_mode: str = "sequential"  # sequential | simultaneous [R21]
    announce_income: str = "public"  # public | private [R27]

    def to_dict(self) -> dict[str, Any]:
        return {
            "first_player_initial": self.first_player_initial,
            "first_player_rotation": self.first_player_rotation,
            "money_unit": self.money_unit,
            "ready_reset_scope": self.ready_reset_scope,
            "offer_visibility": self.offer_visibility,
            "announce_trade_money": self.announce_trade_money,
            "placement_mode": self.placement_mode,
            "announce_income": self.announce_income,
        }


# -- state -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Leg:
    """One transfer of an offer: a lot (with its tile, if any), tiles from hand, or money."""

    giver: int
    receiver: int
    kind: LegKind
    lot: int | None = None
    shop: Shop | None = None
    count: int | None = None
    amount: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"from": self.giver, "to": self.receiver, "kind": self.kind.value}
        if self.kind is LegKind.LOT:
            data["lot"] = self.lot
        elif self.kind is LegKind.TILES:
            data["tile_type"] = self.shop.value if self.shop else None
            data["count"] = self.count
        else:
            data["amount"] = self.amount
        return data


@dataclass(frozen=True)
class Offer:
    id: int
    version: int
    author: int
    status: OfferStatus
    legs: tuple[Leg, ...]
    accepted: tuple[int, ...]  # seats that accepted the current version (an edit clears the others)
    note: str = ""
    void_code: str | None = None  # why it became VOID
    void_seat: int | None = None  # the player concerned (an INSUFFICIENT_CASH seat is told privately)

    @property
    def participants(self) -> tuple[int, ...]:
        return tuple(sorted({leg.giver for leg in self.legs} | {leg.receiver for leg in self.legs}))


@dataclass(frozen=True)
class SeatState:
    cash: int  # secret until the end [R30]
    hand: tuple[int, ...]  # tiles in hand per shop type (SHOPS order); public [R9]
    dealt: tuple[int, ...]  # Building cards dealt this round, phase 1 only; private
    keep: tuple[int, ...] | None  # the secret keep submission; None until submitted
    ready: bool  # done trading
    turn_done: bool  # ended this round's placement turn
    batch: tuple[tuple[int, Shop], ...]  # simultaneous placement: private until all have ended [R21]
    income: tuple[int, ...]  # income received in each finished round
    resigned: bool = False
    timed_out: bool = False  # resigned by running out of time (a forfeit clock): only the words differ


@dataclass(frozen=True)
class LastMove:
    """The last move as everybody saw it: built from its events' public parts only (views.public_move), so
    a secret keep's lots or a hidden batch never get here."""

    seat: int
    kind: LastMoveKind
    lots: tuple[int, ...] = ()  # the lots it changed, for the board's highlight
    tile: Shop | None = None  # what was built (kind "place")
    offer: int | None = None  # the offer concerned (offer kinds and "trade")


@dataclass(frozen=True)
class State:
    num_players: int
    seed: int
    options: Options
    round: int
    phase: Phase
    first_player: int
    owners: tuple[int | None, ...]  # per lot (index lot - 1)
    tiles: tuple[Shop | None, ...]  # per lot
    deck: tuple[int, ...]  # sorted: the order is never stored, the deck is shuffled before each deal [R6]
    bag: tuple[int, ...]  # tiles per shop type
    seats: tuple[SeatState, ...]
    offers: tuple[Offer, ...]  # this round's offers (the round's trade log)
    next_offer_id: int
    resigned_order: tuple[int, ...]  # seats in the order they resigned
    last_move: LastMove | None = None  # the last move with a public side; None before the first

    def owner(self, lot: int) -> int | None:
        return self.owners[lot - 1]

    def tile(self, lot: int) -> Shop | None:
        return self.tiles[lot - 1]

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s, seat in enumerate(self.seats) if not seat.resigned)

    def clockwise_from(self, start: int) -> tuple[int, ...]:
        """Seats still in play, clockwise starting at ``start`` (next seat index, modulo n) [R3]."""
        n = self.num_players
        return tuple(s for s in ((start + i) % n for i in range(n)) if not self.seats[s].resigned)

    def year(self) -> int:
        return FIRST_YEAR + self.round - 1


def hand_dict(counts: tuple[int, ...]) -> dict[str, int]:
    """Non-zero tile counts keyed by shop id, in SHOPS order."""
    return {shop.value: c for shop, c in zip(SHOPS, counts, strict=True) if c}


def with_count(counts: tuple[int, ...], shop: Shop, delta: int) -> tuple[int, ...]:
    i = SHOP_INDEX[shop]
    return (*counts[:i], counts[i] + delta, *counts[i + 1 :])
