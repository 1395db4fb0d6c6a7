"""One frozen dataclass per action kind. The dict form (keyed on "type") is the wire and log format.

``from_dict`` turns a dict into an action or raises ChinatownError (a malformed command, an unknown lot or
shop, or an untradeable item); whether the action is legal *now* is for the rules modules to decide.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from bot.games.base.language import tr, trn
from bot.games.chinatown.data import LOT_COUNT, Leg, LegKind, Shop
from bot.games.chinatown.errors import refuse

MAX_NOTE = 300  # characters of the non-binding note [R12]
MAX_LEGS = 40


@dataclass(frozen=True)
class Keep:
    """Phase 1: the Building cards to keep (exactly Y of the dealt ones)."""

    TYPE: ClassVar[str] = "keep"
    lots: tuple[int, ...]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Keep:
        lots = data.get("lots")
        if not isinstance(lots, list | tuple):
            raise refuse("BAD_KEEP")
        return cls(tuple(_lot({"lot": lot}) for lot in lots))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "lots": list(self.lots)}


@dataclass(frozen=True)
class Propose:
    TYPE: ClassVar[str] = "propose"
    legs: tuple[Leg, ...]
    note: str = ""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Propose:
        return cls(_legs(data), _note(data))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "legs": [leg.to_dict() for leg in self.legs], "note": self.note}


@dataclass(frozen=True)
class Edit:
    TYPE: ClassVar[str] = "edit"
    offer: int
    legs: tuple[Leg, ...]
    note: str = ""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Edit:
        return cls(_int(data, "offer"), _legs(data), _note(data))

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.TYPE,
            "offer": self.offer,
            "legs": [leg.to_dict() for leg in self.legs],
            "note": self.note,
        }


@dataclass(frozen=True)
class Accept:
    TYPE: ClassVar[str] = "accept"
    offer: int
    version: int

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Accept:
        return cls(_int(data, "offer"), _int(data, "version"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "offer": self.offer, "version": self.version}


@dataclass(frozen=True)
class Reject:
    TYPE: ClassVar[str] = "reject"
    offer: int
    note: str = ""  # an optional short reason, shown with the refusal

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reject:
        return cls(_int(data, "offer"), _note(data))

    def to_dict(self) -> dict[str, Any]:
        # Without a reason the dict stays as legal_actions lists it.
        return {"type": self.TYPE, "offer": self.offer, **({"note": self.note} if self.note else {})}


@dataclass(frozen=True)
class Cancel:
    TYPE: ClassVar[str] = "cancel"
    offer: int

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Cancel:
        return cls(_int(data, "offer"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "offer": self.offer}


@dataclass(frozen=True)
class Ready:
    """Done trading (True), or back to trading (False)."""

    TYPE: ClassVar[str] = "ready"
    ready: bool = True

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ready:
        ready = data.get("ready", True)
        if not isinstance(ready, bool):
            raise refuse("BAD_ACTION", "'ready' must be true or false.")
        return cls(ready)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "ready": self.ready}


@dataclass(frozen=True)
class Place:
    TYPE: ClassVar[str] = "place"
    lot: int
    shop: Shop

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Place:
        return cls(_lot(data), _shop(data.get("tile")))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE, "lot": self.lot, "tile": self.shop.value}


@dataclass(frozen=True)
class EndTurn:
    TYPE: ClassVar[str] = "end_turn"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EndTurn:
        return cls()

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.TYPE}


ChinatownAction = Keep | Propose | Edit | Accept | Reject | Cancel | Ready | Place | EndTurn
ACTION_TYPES: dict[str, type[ChinatownAction]] = {
    kind.TYPE: kind for kind in (Keep, Propose, Edit, Accept, Reject, Cancel, Ready, Place, EndTurn)
}

# Trading commands any seat in play may send while trades are open, even one already done [§5.6].
TRADE_KINDS: frozenset[type] = frozenset({Propose, Edit, Accept, Reject, Cancel, Ready})




def _int(data: Mapping[str, Any], key: str, minimum: int | None = None) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise refuse("BAD_ACTION", tr("The command needs a whole number for {key}.", key=repr(key)))
    if minimum is not None and value < minimum:
        raise refuse("BAD_ACTION", tr("{key} must be at least {minimum}.", key=repr(key), minimum=minimum))
    return value


def _lot(data: Mapping[str, Any], key: str = "lot") -> int:
    lot = _int(data, key)
    if not 1 <= lot <= LOT_COUNT:
        raise refuse(
            "UNKNOWN_LOT", tr("There is no lot {lot}; lots are numbered 1 to {last}.", lot=lot, last=LOT_COUNT)
        )
    return lot


def _shop(value: Any) -> Shop:
    try:
        return Shop(value)
    except ValueError:
        raise refuse("UNKNOWN_SHOP") from None


def _note(data: Mapping[str, Any]) -> str:
    note = data.get("note", "")
    if note is None:
        return ""
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise refuse("BAD_ACTION", trn("The note must be text of at most {n} character.",
                                       "The note must be text of at most {n} characters.", MAX_NOTE))
    return note.strip()


def parse_leg(data: Any) -> Leg:
    """One leg from its dict; V10 (only lots, hand tiles and money) is decided here."""
    if not isinstance(data, Mapping):
        raise refuse("BAD_ACTION", tr("Each item of an offer must be described on its own."))
    giver, receiver = _int(data, "from"), _int(data, "to")
    kind = data.get("kind")
    if kind == LegKind.LOT:
        return Leg(giver, receiver, LegKind.LOT, lot=_lot(data))
    if kind == LegKind.TILES:
        if data.get("lot") is not None:  # "the Restaurant on 64" without lot 64 [R11]
            raise refuse("PLACED_TILE_NOT_TRADEABLE")
        return Leg(giver, receiver, LegKind.TILES, shop=_shop(data.get("tile_type")), count=_int(data, "count", 1))
    if kind == LegKind.MONEY:
        return Leg(giver, receiver, LegKind.MONEY, amount=_int(data, "amount"))
    if kind in ("tile", "placed_tile", "shop"):
        raise refuse("PLACED_TILE_NOT_TRADEABLE")
    raise refuse("UNTRADEABLE_ITEM")


def _legs(data: Mapping[str, Any]) -> tuple[Leg, ...]:
    legs = data.get("legs")
    if not isinstance(legs, list | tuple):
        raise refuse("BAD_ACTION", tr("An offer needs a list of items."))
    if len(legs) > MAX_LEGS:
        raise refuse("BAD_ACTION", trn("An offer can list at most {n} item.", "An offer can list at most {n} items.",
                                       MAX_LEGS))
    return tuple(parse_leg(leg) for leg in legs)


def from_dict(data: Mapping[str, Any]) -> ChinatownAction:
    """The action for a wire dict; raises ChinatownError when it is malformed."""
    if not isinstance(data, Mapping):
        raise refuse("BAD_ACTION")
    name = data.get("type")
    kind = ACTION_TYPES.get(name) if isinstance(name, str) else None
    if kind is None:
        raise refuse("BAD_ACTION", tr("Unknown command {command}.", command=repr(data.get("type"))))
    return kind.from_dict(data)
