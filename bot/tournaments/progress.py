"""How far each player went: an elimination tournament's bracket (rounds played, under way and to come) and a
finished tournament's podium. Pure functions of the rounds, results and standings the tournament service reads;
the pictures draw what they return (``bot/tournaments/bracket.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.tournaments.bracket import Bracket, BracketRound, BracketSeat, BracketTable, Podium, PodiumStep
from bot.tournaments.seating import RoundPlan, advance_per_table, advancers, elimination_rounds
from bot.tournaments.standings import PlayerId, StandingRow, TableResult

PODIUM = 3  # ranks on the podium


def elimination_bracket(
    plans: Sequence[RoundPlan],
    results: Mapping[tuple[int, int], TableResult],
    *,
    seeds: Sequence[PlayerId],
    size: int,
    min_size: int,
    max_size: int,
    over: bool,
    holders: Mapping[PlayerId, PlayerId] | None = None,
    entrants: int = 0,
) -> Bracket:
    """The bracket of the rounds seated so far (``plans[i]`` is round i + 1, its tables numbered from 1) and the
    rounds to come. ``results[(round, table)]`` is a finished table's result by the players seated there;
    ``seeds`` the field in seed order (ties between advancers go to the better seed, as the service decides);
    ``holders`` maps a replaced player to whoever holds their place now. Who went through a round is who plays
    the next one; in the round under way, the top of each finished table (in the final: its winners). Before
    round 1 is seated, the rounds to come are those of ``entrants`` players."""
    holder = holders or {}
    rounds: list[BracketRound] = []
    for index, plan in enumerate(plans):
        number = index + 1
        following = plans[index + 1].players if index + 1 < len(plans) else None
        final = len(plan.tables) == 1 and not plan.byes
        field = len(plan.players)
        advance = advance_per_table(field, size, min_size, max_size) if field >= min_size else 1
        tables = []
        for table_no, players in enumerate(plan.tables, start=1):
            result = results.get((number, table_no))
            places = dict(zip(result.players, result.places, strict=True)) if result is not None else {}
            if following is not None:
                through = {p for p in players if holder.get(p, p) in following}
            elif result is None:
                through = set()
            elif final:
                through = {p for p, place in places.items() if place == 1}
            else:
                through = set(advancers(result, advance, seeds))
            seats = tuple(BracketSeat(p, places.get(p), p in through) for p in players)
            tables.append(BracketTable(table_no, seats, result is not None))
        byes = tuple(BracketSeat(p, None, True) for p in plan.byes)
        rounds.append(BracketRound(number, tuple(tables), byes))
    last = rounds[-1] if rounds else None
    champions: tuple[PlayerId, ...] = ()
    if last is not None and last.final and last.tables[0].over:
        champions = tuple(s.player for s in last.tables[0].seats if s.through and s.player is not None)
    elif not over:
        going_on = advance * len(last.tables) + len(last.byes) if last is not None else entrants
        for sizes, byes_count in elimination_rounds(going_on, size, min_size, max_size):
            rounds.append(BracketRound(
                len(rounds) + 1,
                tuple(BracketTable(n, (BracketSeat(None),) * seated) for n, seated in enumerate(sizes, start=1)),
                (BracketSeat(None, through=True),) * byes_count,
            ))
    return Bracket(tuple(rounds), champions)


def elimination_podium(bracket: Bracket) -> Podium:
    """The first three ranks by how far each player went: the last round's table by place (or, when the
    tournament stopped before a final, those who went through first), then whoever went out a round earlier,
    sharing a rank, and so on."""
    played = [r for r in bracket.rounds if any(t.over for t in r.tables)]
    steps: list[PodiumStep] = []
    placed = 0
    for depth, round_ in enumerate(reversed(played)):
        groups: list[tuple[int, tuple[PlayerId, ...]]] = []
        if depth == 0 and len(round_.tables) == 1:
            seats = [s for s in round_.tables[0].seats if s.player is not None and s.place is not None]
            for place in sorted({s.place for s in seats if s.place is not None}):
                groups.append((place, tuple(s.player for s in seats if s.place == place and s.player is not None)))
        else:
            seats = [s for t in round_.tables if t.over for s in t.seats if s.player is not None]
            if depth == 0:
                groups.append((1, tuple(s.player for s in seats if s.through and s.player is not None)))
            out = tuple(s.player for s in seats if not s.through and s.player is not None)
            groups.append((1 + sum(len(g) for _, g in groups), out))
        for offset, players in groups:
            if players and placed + offset <= PODIUM:
                steps.append(PodiumStep(placed + offset, players))
        placed += sum(len(players) for _, players in groups)
        if placed >= PODIUM:
            break
    return Podium(tuple(steps))


def standings_podium(rows: Sequence[StandingRow]) -> Podium:
    """The first three ranks of the final standings (Swiss, round robin), with their tournament points."""
    steps = []
    for rank in sorted({row.rank for row in rows if row.rank <= PODIUM}):
        holders = [row for row in rows if row.rank == rank]
        steps.append(PodiumStep(rank, tuple(row.player for row in holders), holders[0].points))
    return Podium(tuple(steps))
