"""The action kinds of Sun Tzu (spec §7, D1-D14) and their JSON form, keyed on ``"type"``.

The dict is the wire and log format; these classes only parse and re-emit it. Parsing checks the
shape; whether the action is legal now is the rules' business.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.base import IllegalAction
from bot.games.sun_tzu.data import PROVINCES


def _only(data: Mapping[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed - {"type"})
    if extra:
        raise IllegalAction(f"The action has an unexpected field {extra[0]!r}.")


def _str(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise IllegalAction(f"The action needs a text value for {key!r}.")
    return value


def _opt_str(data: Mapping[str, Any], key: str) -> str | None:
    return None if data.get(key) is None else _str(data, key)


def _bool(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise IllegalAction(f"The action needs true or false for {key!r}.")
    return value


def _province(data: Mapping[str, Any], key: str) -> str:
    value = _str(data, key)
    if value not in PROVINCES:
        raise IllegalAction(f"{value!r} is not a province.")
    return value


def _opt_province(data: Mapping[str, Any], key: str) -> str | None:
    return None if data.get(key) is None else _province(data, key)


@dataclass(frozen=True)
class ChooseWarlord:
    """D1: keep one of the five warlords of one's colour."""

    warlord: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChooseWarlord:
        _only(data, {"warlord"})
        return cls(_str(data, "warlord"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "choose_warlord", "warlord": self.warlord}


@dataclass(frozen=True)
class Commit:
    """D2: one card per province, in board order. Replaces an earlier commitment until both are in.
    ``pass_windows``: the seat passes this round's warlord windows as they open (R15), without being asked."""

    cards: tuple[str, ...]
    pass_windows: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Commit:
        _only(data, {"cards", "pass_windows"})
        cards = data.get("cards")
        if not isinstance(cards, Mapping) or set(cards) != set(PROVINCES):
            raise IllegalAction("An assignment needs exactly one card for each of the five provinces.")
        if not all(isinstance(cards[p], str) for p in PROVINCES):
            raise IllegalAction("Each province needs a card id.")
        ahead = _bool(data, "pass_windows") if "pass_windows" in data else False
        return cls(tuple(str(cards[p]) for p in PROVINCES), ahead)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "commit", "cards": dict(zip(PROVINCES, self.cards, strict=True))}
        if self.pass_windows:  # only when chosen: the orders logged before keep their form
            data["pass_windows"] = True
        return data


@dataclass(frozen=True)
class Pass:
    """D3: nothing more to do in this warlord window."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Pass:
        _only(data, set())
        return cls()

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pass"}


@dataclass(frozen=True)
class UseWarlord:
    """D3: use a window warlord. ``province`` targets Remove an Army and Reinforcement; Forced March
    moves one army ``source`` -> ``target`` (JSON keys ``from`` and ``to``)."""

    warlord: str
    province: str | None = None
    source: str | None = None
    target: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UseWarlord:
        _only(data, {"warlord", "province", "from", "to"})
        return cls(
            _str(data, "warlord"),
            _opt_province(data, "province"),
            _opt_province(data, "from"),
            _opt_province(data, "to"),
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "use_warlord", "warlord": self.warlord}
        if self.province is not None:
            data["province"] = self.province
        if self.source is not None:
            data["from"] = self.source
        if self.target is not None:
            data["to"] = self.target
        return data


@dataclass(frozen=True)
class Support:
    """D14: discard a non-framed hand card to bring one set-aside army back to the reserve."""

    card: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Support:
        _only(data, {"card"})
        return cls(_str(data, "card"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "support", "card": self.card}


@dataclass(frozen=True)
class Reveal:
    """D4: the privilege holder picks the next province."""

    province: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reveal:
        _only(data, {"province"})
        return cls(_province(data, "province"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "reveal", "province": self.province}


@dataclass(frozen=True)
class React:
    """D5 / D6: use Counter Plague or Cap at Six now, or continue."""

    use: bool

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> React:
        _only(data, {"use"})
        return cls(_bool(data, "use"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "react", "use": self.use}


@dataclass(frozen=True)
class Source:
    """D7 / D8 / D9: where the next owed army comes from: "reserve", a province, or "none" (waive the rest)."""

    source: str

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Source:
        _only(data, {"from"})
        return cls(_str(data, "from"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "source", "from": self.source}


@dataclass(frozen=True)
class LightInfantry:
    """D10: take the win by 1, or decline."""

    take: bool

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LightInfantry:
        _only(data, {"take"})
        return cls(_bool(data, "take"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "light_infantry", "take": self.take}


@dataclass(frozen=True)
class Chariot:
    """D11: take an unchosen warlord (War Chariot), or decline with None."""

    warlord: str | None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Chariot:
        _only(data, {"warlord"})
        return cls(_opt_str(data, "warlord"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "chariot", "warlord": self.warlord}


@dataclass(frozen=True)
class Recycle:
    """D12: put a revealed Plague (red) or -1 (blue) under the deck, or decline with None."""

    card: str | None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Recycle:
        _only(data, {"card"})
        return cls(_opt_str(data, "card"))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "recycle", "card": self.card}


@dataclass(frozen=True)
class Keep:
    """D13: the drawn cards to keep (1 of 2, or 2 of 3); the other goes under the deck."""

    cards: tuple[str, ...]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Keep:
        _only(data, {"cards"})
        cards = data.get("cards")
        if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
            raise IllegalAction("Keep needs a list of card ids.")
        return cls(tuple(sorted(cards)))

    def to_dict(self) -> dict[str, Any]:
        return {"type": "keep", "cards": list(self.cards)}


GameAction = (
    ChooseWarlord
    | Commit
    | Pass
    | UseWarlord
    | Support
    | Reveal
    | React
    | Source
    | LightInfantry
    | Chariot
    | Recycle
    | Keep
)

KINDS: dict[str, Any] = {
    "choose_warlord": ChooseWarlord,
    "commit": Commit,
    "pass": Pass,
    "use_warlord": UseWarlord,
    "support": Support,
    "reveal": Reveal,
    "react": React,
    "source": Source,
    "light_infantry": LightInfantry,
    "chariot": Chariot,
    "recycle": Recycle,
    "keep": Keep,
}




def parse(data: Mapping[str, Any]) -> GameAction:
    """The action a dict stands for; a malformed dict raises IllegalAction."""
    if not isinstance(data, Mapping):
        raise IllegalAction("An action must be a JSON object.")
    kind = KINDS.get(str(data.get("type")))
    if kind is None:
        raise IllegalAction(f"{data.get('type')!r} is not a Sun Tzu action.")
    action: GameAction = kind.from_dict(data)
    return action
