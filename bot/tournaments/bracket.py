"""What the bracket and podium pictures draw (``render/bracket.py``, ``render/podium.py``): plain data, built by
``bot/tournaments/progress.py`` from a tournament's rounds and results.

Kept apart from the building so that the pictures, which may import only views, import this module alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.tournaments.standings import PlayerId


@dataclass(frozen=True)
class BracketSeat:
    """A seat of a bracket's table (or a bye): its player (None in a round still to come), their place once
    the table is over, and whether they went through to the next round (in the final: won it)."""

    player: PlayerId | None
    place: int | None = None
    through: bool = False


@dataclass(frozen=True)
class BracketTable:
    """A table of an elimination round, seats in seat order. ``over``: its game has ended."""

    number: int
    seats: tuple[BracketSeat, ...]
    over: bool = False

    @property
    def planned(self) -> bool:
        """A table of a round to come: its players are not known yet."""
        return all(seat.player is None for seat in self.seats)


@dataclass(frozen=True)
class BracketRound:
    """One round: its tables and the players with a bye (who go through without a game)."""

    number: int
    tables: tuple[BracketTable, ...]
    byes: tuple[BracketSeat, ...] = ()

    @property
    def final(self) -> bool:
        return len(self.tables) == 1 and not self.byes


@dataclass(frozen=True)
class Bracket:
    """Every round of a single elimination, those played, under way and to come (their shape follows from the
    number of players going through), and the champions once the final is over."""

    rounds: tuple[BracketRound, ...]
    champions: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class PodiumStep:
    """A place on the podium: its rank (shared ranks share a step), its players and, where the format counts
    them, their tournament points."""

    rank: int
    players: tuple[PlayerId, ...]
    points: float | None = None


@dataclass(frozen=True)
class Podium:
    """The first three ranks of a finished tournament, best first (a rank shared by two leaves the next out)."""

    steps: tuple[PodiumStep, ...]
