"""Fixed facts of Sun Tzu (spec §1-§2, §8.2): colours, provinces, cards, warlords, events, screens, options.

Everything is read once from the package data ``sun_tzu.json`` (a copy of the shared board data).
Cards are plain instance ids (``n7``, ``plus1.2``); the owner colour is kept by whichever pile holds them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any


class Colour(StrEnum):
    BLUE = "blue"  # Sun Tzu
    RED = "red"  # the King of Chu

    @property
    def other(self) -> Colour:
        return Colour.RED if self is Colour.BLUE else Colour.BLUE

    @property
    def slot(self) -> int:
        return 0 if self is Colour.BLUE else 1


COLOURS: tuple[Colour, Colour] = (Colour.BLUE, Colour.RED)
ROLE_NAMES: dict[Colour, str] = {Colour.BLUE: "Sun Tzu", Colour.RED: "King of Chu"}


class Kind(StrEnum):
    NUMBER = "number"
    PLUS = "plus"
    MINUS = "minus"
    PLUS_COST = "plus_cost"
    PLAGUE = "plague"


def _raw() -> dict[str, Any]:
    text = resources.files("bot.games.sun_tzu").joinpath("sun_tzu.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_DATA = _raw()

# -- provinces and adjacency (spec §2.1, R13) ----------------------------------------------------
PROVINCES: tuple[str, ...] = tuple(p["id"] for p in sorted(_DATA["provinces"], key=lambda p: p["order"]))
PROVINCE_NAMES: dict[str, str] = {p["id"]: p["name"] for p in _DATA["provinces"]}


def _graph(pairs: list[list[str]]) -> dict[str, tuple[str, ...]]:
    nbrs: dict[str, set[str]] = {p: set() for p in PROVINCES}
    for a, b in pairs:
        nbrs[a].add(b)
        nbrs[b].add(a)
    # Neighbours in board order, so every enumeration over them is deterministic.
    return {p: tuple(q for q in PROVINCES if q in nbrs[p]) for p in PROVINCES}


ADJACENCY: dict[str, dict[str, tuple[str, ...]]] = {
    "geographic": _graph(_DATA["adjacency"]),
    **{name: _graph(pairs) for name, pairs in _DATA["adjacency_alternatives"].items()},
}


# -- action cards (spec §2.2) ----------------------------------------------------------------------
@dataclass(frozen=True)
class CardDef:
    id: str
    label: str
    kind: Kind
    value: int | None  # the number, or the offset of a relative card; None for the Plague
    framed: bool
    count: int
    beginner: bool
    cost: int  # armies set aside on reveal (+2: 1, +3: 2)


CARD_DEFS: dict[str, CardDef] = {
    c["id"]: CardDef(
        id=c["id"],
        label=c["label"],
        kind=Kind(c["kind"]),
        value=c["value"],
        framed=c["framed"],
        count=c["count"],
        beginner=c["beginner"],
        cost=c["cost"],
    )
    for c in _DATA["action_cards"]
}
_CARD_ORDER: dict[str, int] = {cid: i for i, cid in enumerate(CARD_DEFS)}
FRAMED: tuple[str, ...] = tuple(cid for cid, c in CARD_DEFS.items() if c.framed)


def card_id(instance: str) -> str:
    """The card kind of an instance: ``plus1.2`` -> ``plus1``."""
    return instance.split(".", 1)[0]


def card_def(instance: str) -> CardDef:
    return CARD_DEFS[card_id(instance)]


def is_framed(instance: str) -> bool:
    return card_def(instance).framed


def card_label(instance: str) -> str:
    return card_def(instance).label


def card_sort_key(instance: str) -> tuple[int, str]:
    """Printed order (1..10, +1, -1, +2, +3, P), then copy number: the canonical order of a hand."""
    return (_CARD_ORDER[card_id(instance)], instance)


def all_instances(beginner: bool) -> tuple[str, ...]:
    """The cards of one colour (20, or 18 without +2 and +3 in the beginner game)."""
    out: list[str] = []
    for c in CARD_DEFS.values():
        if beginner and not c.beginner:
            continue
        out.extend([c.id] if c.count == 1 else [f"{c.id}.{n}" for n in range(1, c.count + 1)])
    return tuple(out)


# -- warlords (spec §2.3) and events (§2.4) --------------------------------------------------------
@dataclass(frozen=True)
class WarlordDef:
    id: str
    colour: Colour
    name: str
    effect: str
    timing: str
    rounds: tuple[int, int] | None


WARLORDS: dict[Colour, tuple[str, ...]] = {
    colour: tuple(w["id"] for w in _DATA["warlords"][colour.value]) for colour in COLOURS
}
WARLORD_DEFS: dict[str, WarlordDef] = {
    w["id"]: WarlordDef(
        id=w["id"],
        colour=colour,
        name=w["name"],
        effect=w["effect"],
        timing=w["timing"],
        rounds=None if w["rounds"] is None else (w["rounds"][0], w["rounds"][1]),
    )
    for colour in COLOURS
    for w in _DATA["warlords"][colour.value]
}

REMOVE_ARMY = "chu_remove_army"
COUNTER_PLAGUE = "chu_counter_plague"
PLAGUE_RECYCLE = "chu_plague_recycle"
TOTAL_PLAGUE = "chu_total_plague"
DOUBLE_SIX = "chu_double_six"
REINFORCE = "wu_reinforce"
HEAD_START = "wu_head_start"
MINUS_RECYCLE = "wu_minus_recycle"
FORCED_MARCH = "wu_move_army"
CAP_AT_SIX = "wu_cap_at_six"

#: The warlords a player may use in a window (spec §4.10 table).
WINDOW_WARLORDS = frozenset({REMOVE_ARMY, TOTAL_PLAGUE, REINFORCE, FORCED_MARCH})


def warlord_in_rounds(warlord: str, round_no: int) -> bool:
    span = WARLORD_DEFS[warlord].rounds
    return span is not None and span[0] <= round_no <= span[1]


@dataclass(frozen=True)
class EventDef:
    id: str
    name: str
    trigger: str  # "state" or "battle"
    condition: str
    effect: str


EVENT_DEFS: dict[str, EventDef] = {
    e["id"]: EventDef(id=e["id"], name=e["name"], trigger=e["trigger"], condition=e["condition"], effect=e["effect"])
    for e in _DATA["events"]
}
EVENT_IDS: tuple[str, ...] = tuple(EVENT_DEFS)
PANDEMIC = "pandemic"
WAR_CHARIOT = "war_chariot"
CHAMPION = "champion_challenge"
HERO = "hero_challenge"
LIGHT_INFANTRY = "light_infantry"

# -- screens, armies, tracks (spec §2.5-§2.6) --------------------------------------------------------
SCREENS: tuple[tuple[int, int, int], ...] = tuple((s[0], s[1], s[2]) for s in _DATA["score_screens"])
SCREENS_IN_PLAY: int = _DATA["screens_in_play"]
ARMIES_PER_COLOUR: int = _DATA["armies"]["per_player"]
START_RESERVE: int = _DATA["armies"]["reserve"]
START_SET_ASIDE: int = _DATA["armies"]["set_aside"]
BEGINNER_RESERVE: int = _DATA["armies"]["beginner_reserve"]
BEGINNER_SET_ASIDE: int = _DATA["armies"]["beginner_set_aside"]
INITIAL_DRAW: int = _DATA["hand"]["initial_draw"]
DRAW: int = _DATA["hand"]["draw"]
KEEP: int = _DATA["hand"]["keep"]
DRAW_AFTER_ONE: int = _DATA["hand"]["draw_after_one"]
KEEP_AFTER_ONE: int = _DATA["hand"]["keep_after_one"]
TRACK: int = _DATA["score_track_half_length"]
ROUNDS: int = _DATA["rounds"]
SCORING_ROUNDS: tuple[int, ...] = tuple(_DATA["scoring_rounds"])


def face(round_no: int) -> int:
    """The screen face in use (spec §3.3): 0 in rounds 1-3, 1 in 4-6, 2 in 7-9."""
    return (round_no - 1) // 3


# -- table options (spec §8.2) ---------------------------------------------------------------------
@dataclass(frozen=True)
class Options:
    beginner: bool = False
    warlords: bool = True
    events: bool = False
    plague_rounding: str = "down_min1"
    cap_at_six_target: str = "opponent"
    adjacency: str = "geographic"
    colour_assignment: str = "random"

    def neighbours(self, province: str) -> tuple[str, ...]:
        return ADJACENCY[self.adjacency][province]

    def to_dict(self) -> dict[str, Any]:
        return {
            "beginner": self.beginner,
            "warlords": self.warlords,
            "events": self.events,
            "plague_rounding": self.plague_rounding,
            "cap_at_six_target": self.cap_at_six_target,
            "adjacency": self.adjacency,
            "colour_assignment": self.colour_assignment,
        }
