"""Time controls, timeout policies and reminder times: pure values and arithmetic, no I/O.

A "turn" here is the time a seat continuously must act (in The Great Wall that spans several moves);
limits and banks are counted per turn, which is what players of asynchronous games mean by "per move".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.games.base.language import mark, tr, trn

HOUR = 3600.0
DAY = 24 * HOUR

#: What happens when a seat's time runs out (translated where shown: ``tr(TIMEOUT_POLICIES[policy])``).
TIMEOUT_POLICIES: dict[str, str] = {
    "ai": mark("the computer plays the turn for the player"),
    "skip": mark(
        "a safe automatic move that does not depend on the player's hidden cards (else the computer plays)"
    ),
    "forfeit": mark("the player forfeits: ranked last, the game goes on for the others"),
}

#: Reminder points by default: at half the time, and one hour before the deadline.
DEFAULT_REMINDERS: tuple[float, ...] = (0.5, -HOUR)
MAX_REMINDERS_PER_TURN = 3


@dataclass(frozen=True)
class TimeControl:
    """kind "none"; "move": ``limit`` seconds per turn; "bank": ``bank`` seconds in all, ``bonus`` added per turn.
    ``reminders``: a fraction of the time (0 < f < 1) or a negative number of seconds before the deadline."""

    kind: str = "none"
    limit: float = 0.0
    bank: float = 0.0
    bonus: float = 0.0
    reminders: tuple[float, ...] = field(default=DEFAULT_REMINDERS)

    def __post_init__(self) -> None:
        if self.kind not in ("none", "move", "bank"):
            raise ValueError(f"unknown time control {self.kind!r}")
        if self.kind == "move" and self.limit <= 0:
            raise ValueError("a move limit must be positive")
        if self.kind == "bank" and (self.bank <= 0 or self.bonus < 0):
            raise ValueError("a time bank must be positive and its bonus not negative")
        if len(self.reminders) > MAX_REMINDERS_PER_TURN:
            raise ValueError(f"at most {MAX_REMINDERS_PER_TURN} reminders per turn")

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "limit": self.limit, "bank": self.bank, "bonus": self.bonus,
                "reminders": list(self.reminders)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TimeControl:
        return cls(
            kind=str(data.get("kind", "none")),
            limit=float(data.get("limit", 0.0)),
            bank=float(data.get("bank", 0.0)),
            bonus=float(data.get("bonus", 0.0)),
            reminders=tuple(float(r) for r in data.get("reminders", DEFAULT_REMINDERS)),
        )

    def describe(self) -> str:
        """One name per clock, in the language in force: a preset is called by its label everywhere (panel,
        lobby, board)."""
        for label, preset in PRESETS.items():
            if preset == self:
                return tr(label) if self.timed else tr("no time limit")
        if self.kind == "move":
            return tr("{time} per move", time=duration(self.limit))
        if self.kind == "bank":  # as the presets say it
            return tr("{bank} bank + {bonus} per move", bank=duration(self.bank), bonus=duration(self.bonus))
        return tr("no time limit")

    def turn_allowance(self, bank_left: float | None) -> float:
        """Seconds a seat has for the turn it starts now."""
        if self.kind == "move":
            return self.limit
        if self.kind == "bank":
            return max(0.0, bank_left if bank_left is not None else self.bank)
        raise ValueError("no time control")

    def reminder_offsets(self, allowance: float) -> list[float]:
        """Seconds after the turn start at which to remind, in order, each once, none at or after the end.
        Relative to the time this turn really has: "an hour before" the end of a turn that has little more
        than an hour (a nearly spent bank) would come minutes into it, so it is dropped when it falls in the
        first half of the turn (the half-time reminder covers that turn)."""
        offsets = set()
        for point in self.reminders:
            at = allowance * point if 0 < point < 1 else allowance + point if point < 0 else -1.0
            if point < 0 and at < allowance / 2:
                continue
            if 0 < at < allowance:
                offsets.add(round(at, 3))
        return sorted(offsets)

    def bank_after_turn(self, bank_left: float | None, used: float) -> float | None:
        if self.kind != "bank":
            return None
        start = bank_left if bank_left is not None else self.bank
        return max(0.0, start - used) + self.bonus


#: Choices offered in /game new, label -> time control (the label is also the preset's stored name; shown
#: with ``tr(label)``).
PRESETS: dict[str, TimeControl] = {
    "none": TimeControl(),
    mark("5 minutes per move"): TimeControl("move", limit=5 * 60),
    mark("1 hour per move"): TimeControl("move", limit=HOUR),
    mark("24 hours per move"): TimeControl("move", limit=DAY),
    mark("72 hours per move"): TimeControl("move", limit=3 * DAY),
    mark("3-day bank + 12 hours per move"): TimeControl("bank", bank=3 * DAY, bonus=12 * HOUR),
    mark("1-hour bank + 5 minutes per move"): TimeControl("bank", bank=HOUR, bonus=5 * 60),
}


def duration(seconds: float) -> str:
    """'5 minutes', '1 hour', '3 days' (in the language in force)."""
    if seconds >= DAY and seconds % DAY == 0:
        return trn("{n} day", "{n} days", int(seconds // DAY))
    if seconds >= HOUR and seconds % HOUR == 0:
        return trn("{n} hour", "{n} hours", int(seconds // HOUR))
    if seconds >= 60 and seconds % 60 == 0:
        return trn("{n} minute", "{n} minutes", int(seconds // 60))
    if seconds >= HOUR:
        hours = f"{seconds / HOUR:.1f}"
        return tr("{hours} hours", hours=hours)
    return trn("{n} minute", "{n} minutes", max(1, round(seconds / 60)))


def vacation_overlap(start: float, end: float, vacations: Sequence[tuple[float, float]]) -> float:
    """Seconds of [start, end) spent on vacation: those do not count against the clock."""
    total = 0.0
    for v_start, v_end in vacations:
        total += max(0.0, min(end, v_end) - max(start, v_start))
    return total


def quiet_until(now: float, time_zone: str, start: int | None, end: int | None) -> float | None:
    """If ``now`` falls in the quiet hours [start, end) (minutes of the day in ``time_zone``, possibly across
    midnight), the timestamp when they end; else None."""
    if start is None or end is None or start == end:
        return None
    zone = ZoneInfo(time_zone)
    local = datetime.fromtimestamp(now, zone)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else minute >= start or minute < end
    if not inside:
        return None
    ends = local.replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
    if ends <= local:
        ends += timedelta(days=1)
    return ends.timestamp()


def valid_time_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True
