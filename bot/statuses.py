"""The statuses a table, a tournament and a tournament's player go through.

``StrEnum``s: the database keeps the same words, and a member compares equal to its word.
"""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """A game table: lobby -> running -> finished, or cancelled from the lobby or while running."""

    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


# Tables still in play: listed by /game list and /me games, closed by a cancelled tournament.
OPEN_TABLES = (TableStatus.LOBBY, TableStatus.RUNNING)


class TournamentStatus(StrEnum):
    """signup -> (checkin ->) running <-> paused -> finished, or cancelled before it is over."""

    SIGNUP = "signup"
    CHECKIN = "checkin"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"


# Tournaments not over yet, and those that still take (or check) entrants.
LIVE_TOURNAMENTS = (
    TournamentStatus.SIGNUP, TournamentStatus.CHECKIN, TournamentStatus.RUNNING, TournamentStatus.PAUSED
)
ENTERING = (TournamentStatus.SIGNUP, TournamentStatus.CHECKIN)


class EntrantStatus(StrEnum):
    """A tournament's player: registered (checked in when check-in is on), then dropped or eliminated."""

    REGISTERED = "registered"
    CHECKED_IN = "checked_in"
    DROPPED = "dropped"
    ELIMINATED = "eliminated"


# Entrants who play the next round.
ACTIVE_ENTRANTS = (EntrantStatus.REGISTERED, EntrantStatus.CHECKED_IN)
