"""The sentences of game messages: events, whose turn it is, the clock and the final ranking.

Public words (``describe(event, names, None)``) unless a seat is given: its private part then goes only into
that seat's DM or ephemeral message (the callers decide which).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bot.games.base import Event
from bot.games.base.contract import said
from bot.games.base.language import mark, tr
from bot.games.base.words import join
from bot.names import public_names, title
from bot.statuses import TableStatus
from render import leaving

if TYPE_CHECKING:
    from bot.tables import ClockNews, Position, Table


def event_lines(table: Table, events: Iterable[Event], seat: int | None = None) -> list[str]:
    """One sentence per event; ``seat`` adds that seat's private part (only for its DM or ephemeral)."""
    names = public_names(table)
    lines = (said(table.game, event, names, seat) for event in events)
    return [line for line in lines if line]


def relative_time(when: float) -> str:
    """A Discord timestamp: each reader sees it in their own words and time zone ("in 3 hours")."""
    return f"<t:{int(when)}:R>"


def due_text(table: Table, seats: Iterable[int]) -> str:
    """ " (due <t:..:R>)": when the first of these seats runs out of time; "" off the clock."""
    due = [table.deadlines[s] for s in seats if s in table.deadlines]
    return tr(" (due {when})", when=relative_time(min(due))) if due else ""


def first_movers(table: Table) -> list[int]:
    """The seats to act in the game's opening position (the rules may give the first move to any seat)."""
    engine = table.game
    return sorted(engine.to_act(engine.new(len(table.players), table.seed, table.options)))


def play_order(table: Table) -> list[int]:
    """The seats as play goes: from the one that moves first, onward in seat order (all seats in seat order
    when several begin at once)."""
    first = first_movers(table)
    start = first[0] if len(first) == 1 else 0
    count = len(table.players)
    return [(start + n) % count for n in range(count)]


def turn_line(table: Table) -> str:
    """Whose turn it is, with mentions (the only people a board message pings) and, on a clock, when due."""
    seats = sorted(table.to_act())
    if not seats:
        return ""
    names = public_names(table)
    if len(seats) == 1:
        return tr("It is {player}'s turn{due}.", player=names[seats[0]], due=due_text(table, seats))
    names = [name + due_text(table, [seat]) for seat, name in enumerate(names)]
    return tr("Waiting for {players}.", players=join([names[s] for s in seats]))


# What happens to a seat out of time, in a few words (the lobby, the board) and as a sentence's end.
# Translated where shown (``tr(POLICY_LABELS[policy])``).
POLICY_LABELS = {
    "ai": mark("the computer plays"),
    "skip": mark("an automatic safe move"),
    "forfeit": mark("forfeit (ranked last)"),
}
_TIMED_OUT = {
    "ai": mark("{player} ran out of time: the computer played for them."),
    "skip": mark("{player} ran out of time: an automatic move was made for them."),
    "forfeit": mark("{player} ran out of time and forfeits (ranked last)."),
}
_RAN_OUT = mark("{player} ran out of time.")


def clock_line(table: Table) -> str:
    """The table's time control and timeout policy, for running timed games; "" otherwise."""
    if not table.time_control.timed or table.status != TableStatus.RUNNING:
        return ""
    policy = tr(POLICY_LABELS[table.timeout_policy]) if table.timeout_policy in POLICY_LABELS else table.timeout_policy
    return tr("Clock: {clock}; out of time, {policy}.", clock=table.time_control.describe(), policy=policy)


def timeout_line_for(table: Table, seat: int | None, timeout: str | None) -> str:
    """ "Ana ran out of time and forfeits (ranked last)." for a move the table's policy made; else ""."""
    if timeout is None or seat is None:
        return ""
    return tr(_TIMED_OUT.get(timeout, _RAN_OUT), player=public_names(table)[seat])


def ranking_lines(table: Table) -> list[str]:
    """The final ranking, each player who left play marked as the final picture marks them (resigned, out of
    time, dropped)."""
    result = table.result()
    if result is None:
        return []
    names = public_names(table)
    view = table.view(None)
    marked = [leaving.ranked_name(names[s], leaving.seat_part(view, s)) for s in range(len(names))]
    order = sorted(range(len(names)), key=lambda s: (result.ranking[s], s))
    score = table.game.score_text
    return [tr("**Final ranking**")] + [f"{result.ranking[s]}. {marked[s]}: {score(result.scores[s])}" for s in order]


def position_lines(table: Table, row: Position, *, timeout_said: bool = False) -> list[str]:
    """The sentences of one position, as the thread tells it: its opening, who ran out of time (unless
    ``timeout_said`` already for an earlier move of the same timed-out turn), and its events (public words)."""
    if row.kind == "started":
        return [opening_line(table, live=at_opening(table))]
    if row.clock is not None and row.seat is not None:
        return [clock_news(table, row.seat, row.clock)]
    events = list(row.events)
    if row.timeout == "forfeit":  # said once, as time running out, not as a resignation
        events = without_resignation(events)
    timed_out = "" if timeout_said else timeout_line_for(table, row.seat, row.timeout)
    return [line for line in [timed_out, *drop_lines(table, row, events)] if line]


def drop_lines(table: Table, row: Position, events: Sequence[Event], seat: int | None = None) -> list[str]:
    """The sentences of a position's ``events`` (public words, or ``seat``'s own), a tournament organiser's drop
    said as a drop rather than as the resignation the engine made of it."""
    if not row.dropped or row.seat is None:
        return event_lines(table, events, seat)
    said = tr("{player} was dropped from the tournament and leaves the game.", player=public_names(table)[row.seat])
    return [said, *event_lines(table, without_resignation(events), seat)]


def without_resignation(events: Sequence[Event]) -> list[Event]:
    """The events but a seat's resignation, when the position says why the seat left in its own words."""
    return [e for e in events if e.type not in ("resigned", "resign")]


def at_opening(table: Table) -> bool:
    """Whether the table still waits for its first move: the opening line then says whose turn it is, with
    when it is due, and the footer does not say it again (each person is mentioned once in a post)."""
    return table.status == TableStatus.RUNNING and table.version == 0 and sorted(table.to_act()) == first_movers(table)


def opening_line(table: Table, *, live: bool = False) -> str:
    """"**China #3** begins. @alice moves first, then @bob and @carol.": the seats as play goes, from the
    first mover; ``live`` (the first board while nobody has moved) adds when the first move is due."""
    names = public_names(table)
    first = first_movers(table)
    due = due_text(table, first) if live else ""
    if len(first) == 1:
        rest = [names[s] for s in play_order(table)[1:]]
        return tr("**{game}** begins. {player} moves first{due}, then {players}.", game=title(table),
                  player=names[first[0]], due=due, players=join(rest))
    if len(first) == len(names):
        return tr("**{game}** begins. {players} make their first choices at once{due}.", game=title(table),
                  players=join(names), due=due)
    seats = tr(", ").join(names)
    return tr("**{game}** begins. Seats in turn order: {seats}.", game=title(table), seats=seats)


def clock_news(table: Table, seat: int, news: ClockNews) -> str:
    """A vacation begun or ended, said where the table waits for that player, with the deadline now."""
    who = public_names(table)[seat]
    due = relative_time(news.due)
    if news.away_until:
        return tr("{player} is on vacation until {until}: the clock is paused; their move is due {due}.",
                  player=who, until=relative_time(news.away_until), due=due)
    return tr("{player} is back: the clock runs again; their move is due {due}.", player=who, due=due)
