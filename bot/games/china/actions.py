"""China's actions: one frozen dataclass per kind. The dict form (keyed on "type") is the wire and log format.

Parsing checks shape only (known keys, known colours and kinds); whether an action is legal here is
the rules' business. Malformed input raises IllegalAction like an illegal move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.base import Action, IllegalAction, action_sort_key
from bot.games.base.language import tr
from bot.games.china.data import Colour, PieceKind, Source, sort_cards

_KIND_ORDER: dict[str, int] = {"fortification": 0, "house": 1, "emissary": 2}


def _colour(value: Any) -> Colour:
    try:
        return _BY_VALUE[value]  # what ``Colour(value)`` finds, without the enum call's cost
    except (KeyError, TypeError):  # TypeError: an unhashable value
        raise IllegalAction(tr("{value} is not a card colour.", value=repr(value))) from None


_BY_VALUE: dict[Any, Colour] = {c.value: c for c in Colour}


def _cards(value: Any) -> tuple[Colour, ...]:
    if not isinstance(value, list | tuple):
        raise IllegalAction(tr("Name the cards as a list of colours."))
    return sort_cards(_colour(c) for c in value)


@dataclass(frozen=True, order=True)
class Piece:
    kind: PieceKind
    space: str | None = None  # house and fortification only

    @staticmethod
    def from_dict(data: Any) -> Piece:
        if not isinstance(data, Mapping):
            raise IllegalAction(tr("Each piece must name its kind."))
        kind = data.get("kind")
        if kind == "emissary":
            return Piece("emissary")
        if kind in ("house", "fortification"):
            space = data.get("space")
            if not isinstance(space, str):
                raise IllegalAction(
                    tr("Say which house space the house goes on.") if kind == "house"
                    else tr("Say which house space the fortification goes on.")
                )
            return Piece(kind, space)
        raise IllegalAction(tr("{kind} is not a piece (house, emissary or fortification).", kind=repr(kind)))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind} if self.space is None else {"kind": self.kind, "space": self.space}

    def sort_key(self) -> tuple[int, str]:
        return (_KIND_ORDER[self.kind], self.space or "")


def canonical_pieces(pieces: tuple[Piece, ...] | list[Piece]) -> tuple[Piece, ...]:
    """Fortification first, then houses, then emissaries: the order the engine places them (R7)."""
    return tuple(sorted(pieces, key=Piece.sort_key))


@dataclass(frozen=True)
class Place:
    region: str
    cards: tuple[Colour, ...]  # sorted
    pieces: tuple[Piece, ...]  # canonical order

    def to_dict(self) -> Action:
        return {
            "type": "place",
            "region": self.region,
            "cards": [c._value_ for c in self.cards],  # the plain str, without the slower ``value`` property
            "pieces": [p.to_dict() for p in self.pieces],
        }


@dataclass(frozen=True)
class Draw:
    source: Source
    colour: Colour | None = None  # display only

    def to_dict(self) -> Action:
        if self.source == "deck":
            return {"type": "draw", "source": "deck"}
        assert self.colour is not None
        return {"type": "draw", "source": "display", "color": self.colour.value}


@dataclass(frozen=True)
class Exchange:
    give: Colour
    take: Source
    colour: Colour | None = None  # the face-up card taken, display only

    def to_dict(self) -> Action:
        if self.take == "deck":
            return {"type": "exchange", "give": self.give.value, "take": "deck"}
        assert self.colour is not None
        return {"type": "exchange", "give": self.give.value, "take": "display", "color": self.colour.value}


@dataclass(frozen=True)
class Pass:
    def to_dict(self) -> Action:
        return {"type": "pass"}


ChinaAction = Place | Draw | Exchange | Pass


_SORT_KEYS: dict[ChinaAction, tuple[tuple[str, tuple[int, int, str]], ...]] = {}


def sort_key(action: ChinaAction) -> tuple[tuple[str, tuple[int, int, str]], ...]:
    """``action_sort_key`` of the action's dict form, remembered: draws and exchanges are listed every turn,
    and there are only a few hundred of them (``placement.legal_placements`` orders placements)."""
    key = _SORT_KEYS.get(action)
    if key is None:
        key = _SORT_KEYS[action] = action_sort_key(action.to_dict())
    return key


def _source(data: Mapping[str, Any], key: str) -> tuple[Source, Colour | None]:
    source = data.get(key)
    if source == "deck":
        return "deck", None
    if source == "display":
        return "display", _colour(data.get("color"))
    raise IllegalAction(tr("Take the card from the deck or from the face-up display."))


def parse(data: Mapping[str, Any]) -> ChinaAction:
    """The dataclass for a wire dict; raises IllegalAction when the dict is malformed."""
    if not isinstance(data, Mapping):
        raise IllegalAction(tr("That is not an action."))
    kind = data.get("type")
    if kind == "place":
        region = data.get("region")
        if not isinstance(region, str):
            raise IllegalAction(tr("Say which region the pieces go to."))
        raw_pieces = data.get("pieces")
        if not isinstance(raw_pieces, list | tuple):
            raise IllegalAction(tr("List the pieces to place."))
        pieces = canonical_pieces([Piece.from_dict(p) for p in raw_pieces])
        return Place(region, _cards(data.get("cards")), pieces)
    if kind == "draw":
        source, colour = _source(data, "source")
        return Draw(source, colour)
    if kind == "exchange":
        give = _colour(data.get("give"))
        take, colour = _source(data, "take")
        return Exchange(give, take, colour)
    if kind == "pass":
        return Pass()
    raise IllegalAction(tr("{kind} is not a China action.", kind=repr(kind)))


