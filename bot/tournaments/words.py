"""The words of tournaments, wherever they are shown (the Discord posts, the web pages): formats, rounds,
standings titles and who dropped out. In the language in force."""

from __future__ import annotations

from collections.abc import Sequence

from bot import games
from bot.games.base.language import tr, trn, trp
from bot.statuses import EntrantStatus, TournamentStatus
from bot.timecontrol import TIMEOUT_POLICIES, TimeControl
from bot.tournaments.service import FORMATS, TournamentRow
from bot.tournaments.standings import StandingRow


def format_name(row: TournamentRow) -> str:
    return tr(FORMATS[row.format]) if row.format in FORMATS else row.format


def format_text(row: TournamentRow) -> str:
    if row.format == "swiss":
        return trn("{format}, {n} round, tables of {size} ({uneven})",
                   "{format}, {n} rounds, tables of {size} ({uneven})", row.rounds,
                   format=format_name(row), size=row.table_size, uneven=uneven_text(row))
    return tr("{format}, tables of {size} ({uneven})", format=format_name(row), size=row.table_size,
              uneven=uneven_text(row))


def uneven_text(row: TournamentRow) -> str:
    """What happens when the players do not divide into tables, as the organiser chose at creation."""
    circle = row.format == "round_robin" and row.table_size == 2  # its schedule always gives byes
    larger = row.uneven == "larger" and games.get(row.key).max_players > row.table_size and not circle
    return tr("larger tables when numbers do not divide") if larger else tr("byes when numbers do not divide")


def clock_text(row: TournamentRow) -> str:
    control = TimeControl.from_dict(row.time_control)
    if not control.timed:
        return control.describe()
    policy = TIMEOUT_POLICIES.get(row.timeout_policy, row.timeout_policy)
    return tr("{clock}; out of time, {policy}", clock=control.describe(), policy=tr(policy))


def round_name(row: TournamentRow, number_: int) -> str:
    """"round 2 of 3" (Swiss, round robin), "round 2" or "the final" (elimination)."""
    if row.format != "elimination":
        return tr("round {round} of {rounds}", round=number_, rounds=row.rounds)
    tables = [t for t in row.tables if t.round == number_]
    byes = [u for r, u in row.byes if r == number_]
    return tr("the final") if len(tables) == 1 and not byes else trp("round name", "round {round}", round=number_)


def standings_title(row: TournamentRow, complete: int, *, partly: bool = False) -> str:
    """Named by what they include: the rounds over (``complete``) and, when ``partly``, results of the round
    under way (a game of it already over, or a bye)."""
    if row.status == TournamentStatus.FINISHED:
        return tr("{name}: final standings", name=row.name)
    if row.current_round == 0:
        return tr("{name}: standings", name=row.name)
    if complete == 0:
        return tr("{name}: round 1 under way", name=row.name)
    if partly and complete < row.current_round:
        return tr("{name}: round {round} under way", name=row.name, round=row.current_round)
    return tr("{name}: after round {round}", name=row.name, round=complete)


def under_way_line(row: TournamentRow, complete: int) -> str:
    """Under standings asked for in the middle of a round: what of that round they already count."""
    if row.status == TournamentStatus.FINISHED or complete >= row.current_round:
        return ""
    return tr("Round {round} is under way: its byes and the games already over count.", round=row.current_round)


def departures(row: TournamentRow) -> dict[int, str]:
    """Marks for the standings picture: players who dropped, and newcomers who took over a place."""
    shown = {p.user_id for p in row.players}
    marks: dict[int, str] = {}
    for player in row.players:
        if player.status != EntrantStatus.DROPPED:
            continue
        if player.replaced_by is not None and player.replaced_by in shown:
            marks[player.replaced_by] = trp("standings mark", "replacement")
        else:
            marks[player.user_id] = trp("standings mark", "dropped")
    return marks


def _took_place(heir: str, player: str, left_round: int | None) -> str:
    if left_round is None:
        return tr("{heir} took {player}'s place, with their results", heir=heir, player=player)
    if left_round == 0:
        return tr("{heir} took {player}'s place before round 1, with their results", heir=heir, player=player)
    return tr("{heir} took {player}'s place in round {round}, with their results", heir=heir, player=player,
              round=left_round)


def _dropped_out(player: str, left_round: int | None) -> str:
    if left_round is None:
        return tr("{player} dropped out", player=player)
    if left_round == 0:
        return tr("{player} dropped out before round 1", player=player)
    return tr("{player} dropped out in round {round}", player=player, round=left_round)


def departures_line(row: TournamentRow, rows: Sequence[StandingRow]) -> str:
    """Who dropped and when, and who took whose place: players in the standings only (a no-show of the
    check-in, dropped before playing, is not news)."""
    listed = {r.player for r in rows}
    names = {p.user_id: p.name for p in row.players}
    parts = []
    for player in row.players:
        if player.status != EntrantStatus.DROPPED:
            continue
        if player.replaced_by is not None and player.replaced_by in listed:
            heir = names.get(player.replaced_by, str(player.replaced_by))
            parts.append(_took_place(heir, player.name, player.left_round))
        elif player.user_id in listed:
            parts.append(_dropped_out(player.name, player.left_round))
    return tr("{events}.", events=trp("between events", "; ").join(parts)) if parts else ""
