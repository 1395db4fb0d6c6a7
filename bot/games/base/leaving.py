"""A seat leaving play early, the same way in every game: by resigning, or by running out of time on a table
that forfeits it. The two are the same in every rule; only the words differ."""

from __future__ import annotations

from bot.games.base.contract import Event
from bot.games.base.language import tr


def left_event(kind: str, seat: int, timed_out: bool) -> Event:
    """The event of ``seat`` leaving; ``timed_out`` is in it only when true, so an ordinary resignation's event
    stays as it always was."""
    return Event(kind, {"seat": seat, "timed_out": True} if timed_out else {"seat": seat})


def ran_out_of_time(player: str) -> str:
    """The sentence of a seat whose time ran out (its own game words an ordinary resignation)."""
    return tr("{player} ran out of time and leaves the game.", player=player)
