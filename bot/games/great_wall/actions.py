"""The three action kinds and their JSON form (spec §4.5). The dict is the wire and log format."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.base import IllegalAction
from bot.games.great_wall.data import CardType


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    # bool is an int subclass; True is never a meaningful section or card.
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction(f"The action needs a whole number for {key!r}.")
    return value


def _only(data: Mapping[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise IllegalAction(f"The action has an unexpected field {extra[0]!r}.")


@dataclass(frozen=True)
class Play:
    """Play ``count`` cards of one type to a section; a Dragon may instead cover the card ``cover``."""

    card: CardType
    count: int
    section: int
    cover: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Play:
        _only(data, {"type", "card", "count", "section", "cover"})
        name = data.get("card")
        try:
            card = CardType(str(name))
        except ValueError:
            raise IllegalAction(f"{name!r} is not a card type.") from None
        cover = data.get("cover")
        return cls(
            card=card,
            count=_int(data, "count"),
            section=_int(data, "section"),
            cover=None if cover is None else _int(data, "cover"),
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "play", "card": self.card.value, "count": self.count, "section": self.section}
        if self.cover is not None:
            data["cover"] = self.cover
        return data


@dataclass(frozen=True)
class Draw:
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Draw:
        _only(data, {"type"})
        return cls()

    def to_dict(self) -> dict[str, Any]:
        return {"type": "draw"}


@dataclass(frozen=True)
class Claim:
    """The first-marker choice: which unclaimed marker value goes on which of the claimant's cards."""

    section: int
    marker: int
    card: int

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Claim:
        _only(data, {"type", "section", "marker", "card"})
        return cls(section=_int(data, "section"), marker=_int(data, "marker"), card=_int(data, "card"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "claim", "section": self.section, "marker": self.marker, "card": self.card}


GameAction = Play | Draw | Claim

_KINDS: dict[str, type[Play] | type[Draw] | type[Claim]] = {"play": Play, "draw": Draw, "claim": Claim}


def parse(data: Mapping[str, Any]) -> GameAction:
    """The action a dict stands for; a malformed dict raises IllegalAction."""
    if not isinstance(data, Mapping):
        raise IllegalAction("An action must be a JSON object.")
    kind = _KINDS.get(str(data.get("type")))
    if kind is None:
        raise IllegalAction(f"{data.get('type')!r} is not an action; use play, draw or claim.")
    return kind.from_dict(data)


