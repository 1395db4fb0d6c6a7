"""What the record charts draw (``render/stats.py``): plain data, built by ``bot/stats.py``.

Kept apart from the records' computation so that the pictures, which may import only views, import this module
alone. A game's line is told apart by ``order``, its place in the games' menu: each game wears the same colour
and marker shape in every chart.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RatingPoint:
    """A player's conservative rating (mu - 3 sigma) at a moment (seconds since the epoch, UTC)."""

    at: float
    rating: float


@dataclass(frozen=True)
class RatingLine:
    """A player's rating in one game over time: after each rated game."""

    key: str
    order: int
    points: tuple[RatingPoint, ...]


@dataclass(frozen=True)
class MonthCounts:
    """One game's finished games in each month of ``MonthlyGames.months``."""

    key: str
    order: int
    counts: tuple[int, ...]


@dataclass(frozen=True)
class MonthlyGames:
    """A server's finished games per month (``"2026-11"``, oldest first) and per game."""

    months: tuple[str, ...]
    games: tuple[MonthCounts, ...]

    @property
    def total(self) -> int:
        return sum(sum(line.counts) for line in self.games)
