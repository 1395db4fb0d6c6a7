"""The immutable game state (spec §2.7 and the engine checklist).

Control, legality, the privilege count and who must act are derived from these fields, never stored.
Per-colour data sits in ``sides`` indexed by ``Colour.slot`` (blue 0, red 1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from bot.games.sun_tzu.data import PROVINCES, Colour, Options
from bot.games.sun_tzu.schema import Outcome


class Stage(StrEnum):
    """Where the game is. Resting stages wait for a decision; the others are passed through at once."""

    CHOOSE_WARLORD = "choose_warlord"  # D1, both at once
    INITIAL_DRAW = "initial_draw"
    ASSIGN = "assign"  # D2, both at once
    W1 = "w1"  # D3, before the battles
    PRIVILEGE = "privilege"
    PICK = "pick"  # D4
    COUNTER = "counter"  # D5
    CAP = "cap"  # D6
    COSTS_START = "costs_start"
    COSTS = "costs"  # D7
    OUTCOME = "outcome"
    PLACEMENT = "placement"  # D8
    EVENTS = "events"
    EVENT_EFFECT = "event_effect"  # D7/D8/D9 payments, D10, D11
    W2 = "w2"  # D3, after the battles
    SCORING = "scoring"
    CLEANUP = "cleanup"
    RECYCLE = "recycle"  # D12
    DRAW = "draw"
    KEEP = "keep"  # D13
    OVER = "over"


RESTING = frozenset(
    {
        Stage.CHOOSE_WARLORD,
        Stage.ASSIGN,
        Stage.W1,
        Stage.PICK,
        Stage.COUNTER,
        Stage.CAP,
        Stage.COSTS,
        Stage.PLACEMENT,
        Stage.EVENT_EFFECT,
        Stage.W2,
        Stage.RECYCLE,
        Stage.KEEP,
        Stage.OVER,
    }
)


@dataclass(frozen=True)
class Province:
    """Armies of each colour (never both non-zero) and each colour's 6-marks."""

    blue: int = 0
    red: int = 0
    marks_blue: int = 0
    marks_red: int = 0

    @property
    def owner(self) -> Colour | None:
        if self.blue:
            return Colour.BLUE
        if self.red:
            return Colour.RED
        return None

    @property
    def armies(self) -> int:
        return self.blue + self.red

    def armies_of(self, colour: Colour) -> int:
        return self.blue if colour is Colour.BLUE else self.red

    def marks_of(self, colour: Colour) -> int:
        return self.marks_blue if colour is Colour.BLUE else self.marks_red

    def add(self, colour: Colour, n: int) -> Province:
        if colour is Colour.BLUE:
            return replace(self, blue=self.blue + n)
        return replace(self, red=self.red + n)

    def add_mark(self, colour: Colour) -> Province:
        if colour is Colour.BLUE:
            return replace(self, marks_blue=self.marks_blue + 1)
        return replace(self, marks_red=self.marks_red + 1)


@dataclass(frozen=True)
class Side:
    """One colour's armies, cards and warlords."""

    seat: int
    reserve: int
    set_aside: int
    marks_total: int = 0  # armies in this colour's mark boxes (out of the game)
    hand: tuple[str, ...] = ()  # canonical order (card_sort_key)
    deck: tuple[str, ...] = ()  # top first; order hidden from everybody
    known_bottom: int = 0  # how many cards at the bottom of the deck the owner put there itself
    out: tuple[str, ...] = ()  # out of the game face up, in order
    out_secret: tuple[str, ...] = ()  # deck tops removed face down by a recycling warlord (owner only)
    warlords_held: tuple[str, ...] = ()  # chosen (or War Chariot picks), unused, hidden
    warlords_unchosen: tuple[str, ...] = ()  # hidden
    warlords_used: tuple[str, ...] = ()  # public, in order of use
    assignment: tuple[str, ...] | None = None  # one card per province in board order; None = not committed
    table: tuple[str, ...] = ()  # phase 5: played non-framed cards waiting to leave the game (or be recycled)
    drawn: tuple[str, ...] = ()  # phase 5: cards drawn and not yet sorted into kept / under
    pass_windows: bool = False  # chosen with its orders: it passes this round's warlord windows as they open

    @property
    def chose_warlord(self) -> bool:
        return bool(self.warlords_held or self.warlords_used)

    def card_at(self, province: str) -> str:
        assert self.assignment is not None
        return self.assignment[PROVINCES.index(province)]


@dataclass(frozen=True)
class Battle:
    """One province of this round's phase 3, in the order resolved; ``outcome`` is None until compared."""

    province: str
    blue: str  # blue's card (instance id)
    red: str
    countered: bool = False  # blue's Plague counts as a number 0 (Counter Plague)
    capped: Colour | None = None  # whose printed 7-10 counts as a 6 (Cap at Six)
    outcome: Outcome | None = None
    margin: int = 0

    def card_of(self, colour: Colour) -> str:
        return self.blue if colour is Colour.BLUE else self.red


class PayKind(StrEnum):
    PLACE = "place"  # §4.8 A: armies owed to a province after a win (or Light Infantry)
    COST = "cost"  # §4.8 B: a 6-marker, a +2/+3 cost, Pandemic
    CHALLENGE = "challenge"  # §4.8 C: Champion and Hero Challenge


class Dest(StrEnum):
    PROVINCE = "province"
    MARK = "mark"
    SET_ASIDE = "set_aside"


@dataclass(frozen=True)
class Payment:
    """Armies a colour still owes and must source by choice (the forced part is settled at once)."""

    colour: Colour
    kind: PayKind
    dest: Dest
    province: str | None  # the province placed into, or marked
    count: int


@dataclass(frozen=True)
class Scoring:
    round: int
    blue: int
    red: int
    marker_before: int
    marker_after: int


@dataclass(frozen=True)
class State:
    options: Options
    seed: int
    sides: tuple[Side, Side]  # blue, red
    screens: tuple[int, ...]  # 1-based screen numbers in province order
    provinces: tuple[Province, ...]
    stage: Stage
    round: int = 1
    score_marker: int = 0
    privilege_holder: Colour | None = None
    battles: tuple[Battle, ...] = ()
    total_plague: bool = False
    payments: tuple[Payment, ...] = ()  # at most one per colour
    passed: tuple[bool, bool] = (False, False)  # in W1 / W2, per colour
    awaiting: tuple[bool, bool] = (False, False)  # recycle, Light Infantry or War Chariot answer owed
    plagues_revealed: tuple[str, ...] = ()  # "colour:instance", sorted
    event_deck: tuple[str, ...] = ()  # face down, top first; order hidden
    active_event: str | None = None
    events_done: tuple[str, ...] = ()
    scorings: tuple[Scoring, ...] = ()
    end_reason: str | None = None
    resigned: Colour | None = None
    timed_out: bool = False  # the resigned colour ran out of time (a forfeit clock): only the words differ

    # -- lookups -----------------------------------------------------------------------------------
    def side(self, colour: Colour) -> Side:
        return self.sides[colour.slot]

    def colour_of(self, seat: int) -> Colour:
        for side, colour in zip(self.sides, (Colour.BLUE, Colour.RED), strict=True):
            if side.seat == seat:
                return colour
        raise ValueError(f"there is no seat {seat!r} in this game")

    def province(self, pid: str) -> Province:
        return self.provinces[PROVINCES.index(pid)]

    def board_armies(self, colour: Colour) -> int:
        return sum(p.armies_of(colour) for p in self.provinces)

    def owned(self, colour: Colour) -> tuple[str, ...]:
        return tuple(pid for pid, p in zip(PROVINCES, self.provinces, strict=True) if p.owner is colour)

    def payment_of(self, colour: Colour) -> Payment | None:
        return next((p for p in self.payments if p.colour is colour), None)

    @property
    def battle(self) -> Battle | None:
        """The battle being resolved or resolved last."""
        return self.battles[-1] if self.battles else None

    def revealed_one(self, colour: Colour) -> bool:
        return any(b.card_of(colour) == "n1" for b in self.battles)

    # -- functional updates --------------------------------------------------------------------------
    def with_side(self, colour: Colour, **changes: object) -> State:
        sides = list(self.sides)
        sides[colour.slot] = replace(sides[colour.slot], **changes)  # type: ignore[arg-type]
        return replace(self, sides=(sides[0], sides[1]))

    def with_province(self, pid: str, prov: Province) -> State:
        provs = list(self.provinces)
        provs[PROVINCES.index(pid)] = prov
        return replace(self, provinces=tuple(provs))

    def with_flag(self, field: str, colour: Colour, value: bool) -> State:
        flags = list(getattr(self, field))
        flags[colour.slot] = value
        return replace(self, **{field: (flags[0], flags[1])})  # type: ignore[arg-type]
