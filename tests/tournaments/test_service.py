"""The tournament service end to end: sign-up, rounds of real games through the table service, standings,
ratings, restarts, drops and the organiser's controls."""

from __future__ import annotations

import itertools
import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot import ratings as rating_model
from bot.errors import NotAllowed, UserError, WrongStatus
from bot.store import ratings as rating_sql
from bot.store.db import Database, migrations
from bot.tables import TableService
from bot.tournaments import RoundPlan, place_scale, tournament_points
from bot.tournaments.service import RoundEvent, TournamentService
from tests.tournaments.helpers import play_round_by_computer, repeats

ORGANISER = 1000


class Events:
    def __init__(self) -> None:
        self.events: list[RoundEvent] = []

    async def tournament_event(self, event: RoundEvent) -> None:
        self.events.append(event)


async def _services(path: Path) -> tuple[Database, TableService, TournamentService]:
    """The database at ``path`` opened, with the table and tournament services over it (as at a bot's start)."""
    db = await Database.open(path)
    return (db, *_over(db))


def _over(db: Database, events: Events | None = None) -> tuple[TableService, TournamentService]:
    """The table and tournament services over ``db``, telling ``events`` of rounds when given."""
    tables = TableService(db)
    return tables, TournamentService(db, tables, events)


async def _field(tournaments: TournamentService, players: int, **kwargs: object) -> int:
    row = await tournaments.create(organiser_id=ORGANISER, name="Autumn Cup", key="great_wall", seed=42, **kwargs)  # type: ignore[arg-type]
    for user in range(1, players + 1):
        await tournaments.join(row.id, user, f"Player {user}")
    return row.id


async def test_three_round_swiss_of_nine_at_three_player_tables(db: Database) -> None:
    events = Events()
    tables, tournaments = _over(db, events)
    tid = await _field(tournaments, 9, format="swiss", table_size=3, rounds=3)
    await tournaments.start(tid, ORGANISER)
    for number in (1, 2, 3):
        row = await tournaments.get(tid)
        assert row.status == "running" and row.current_round == number
        this_round = [t for t in row.tables if t.round == number]
        assert len(this_round) == 3 and sorted(u for t in this_round for u in t.players) == list(range(1, 10))
        await play_round_by_computer(tables, tournaments, tid, seed=number)
    row = await tournaments.get(tid)
    assert row.status == "finished"
    assert [e.kind for e in events.events] == ["round", "round_over", "round", "round_over", "round",
                                               "round_over", "finished"]

    # Nobody met anybody twice: 9 players at tables of 3 can avoid repeats for three rounds.
    met: dict[frozenset[int], int] = defaultdict(int)
    for table in row.tables:
        for a in table.players:
            for b in table.players:
                if a < b:
                    met[frozenset((a, b))] += 1
    assert max(met.values()) == 1

    # Standings by hand: 2/1/0 points by place (ties share), opponents' points, then game score.
    points: dict[int, float] = defaultdict(float)
    score: dict[int, float] = defaultdict(float)
    opponents: dict[int, list[int]] = defaultdict(list)
    finished = []
    for table in row.tables:
        game_table = await tables.get(table.game_id or 0)
        result = game_table.result()
        assert result is not None
        finished.append((game_table.updated_at, game_table))
        seats = {p.user_id: p.seat for p in game_table.players}
        places = [result.ranking[seats[u]] for u in table.players]  # type: ignore[index]
        for user, place in zip(table.players, places, strict=True):
            shared = [i for i, p in enumerate(places) if p == place]
            points[user] += sum(2 - i for i in range(place - 1, place - 1 + len(shared))) / len(shared)
            score[user] += result.scores[seats[user]]  # type: ignore[index]
            opponents[user] += [u for u in table.players if u != user]
    buchholz = {u: sum(points[o] for o in opponents[u]) for u in points}
    expected = sorted(points, key=lambda u: (-points[u], -buchholz[u], -score[u], u))
    standings = await tournaments.standings(tid)
    assert [s.player for s in standings] == expected
    assert [s.points for s in standings] == [points[u] for u in expected]
    assert [s.opponents_points for s in standings] == [buchholz[u] for u in expected]
    assert events.events[-1].standings == tuple(standings)

    # Ratings: three rated games each, equal to replaying the games in the order they finished.
    replay = {u: rating_model.new_rating() for u in range(1, 10)}
    for _, game_table in sorted(finished, key=lambda pair: pair[1].id):
        result = game_table.result()
        assert result is not None
        people = [p for p in game_table.players if p.user_id is not None and p.seat is not None]
        new = rating_model.rate([replay[p.user_id] for p in people], [result.ranking[p.seat] for p in people])  # type: ignore[index,misc]
        for person, rating in zip(people, new, strict=True):
            replay[person.user_id] = rating  # type: ignore[index]
    board = await rating_sql.leaderboard(db, "great_wall", guild_id=None, min_games=3)
    assert {r.user_id for r in board} == set(range(1, 10))
    for r in board:
        assert r.games == 3
        assert r.mu == pytest.approx(replay[r.user_id].mu) and r.sigma == pytest.approx(replay[r.user_id].sigma)


async def test_restart_in_the_middle_of_a_round_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "mk.sqlite3"
    db, tables, tournaments = await _services(path)
    tid = await _field(tournaments, 6, format="swiss", table_size=3, rounds=2)
    await tournaments.start(tid, ORGANISER)
    before = await tournaments.get(tid)
    await db.close()

    db, tables, tournaments = await _services(path)
    await tables.resume()
    await tournaments.resume()
    assert await tournaments.get(tid) == before
    await play_round_by_computer(tables, tournaments, tid, seed=5)
    assert (await tournaments.get(tid)).current_round == 2
    await db.close()


async def test_round_finished_while_down_is_advanced_at_start(tmp_path: Path) -> None:
    path = tmp_path / "mk.sqlite3"
    db, tables, tournaments = await _services(path)
    tid = await _field(tournaments, 4, format="swiss", table_size=2, rounds=2)
    await tournaments.start(tid, ORGANISER)
    tables.delivery.finish_listeners.clear()  # as if the bot died right after the games ended
    await play_round_by_computer(tables, tournaments, tid, seed=1)
    assert (await tournaments.get(tid)).current_round == 1
    await db.close()
    db = await Database.open(path)
    tournaments = TournamentService(db, TableService(db))
    await tournaments.resume()
    assert (await tournaments.get(tid)).current_round == 2
    await db.close()


@pytest.mark.backends
async def test_signup_cap_check_in_and_permissions(db: Database) -> None:
    _, tournaments = _over(db)
    row = await tournaments.create(
        organiser_id=ORGANISER, name="Cup", key="great_wall", format="swiss", table_size=2, rounds=1, cap=3,
        check_in=True,
    )
    for user in (1, 2, 3):
        await tournaments.join(row.id, user, f"P{user}")
    with pytest.raises(UserError, match="full"):
        await tournaments.join(row.id, 4, "P4")
    with pytest.raises(UserError, match="already"):
        await tournaments.join(row.id, 1, "P1")
    await tournaments.leave(row.id, 3)
    with pytest.raises(NotAllowed):
        await tournaments.start(row.id, 1)
    with pytest.raises(UserError, match="not open"):
        await tournaments.check_in(row.id, 1)
    await tournaments.open_check_in(row.id, ORGANISER)
    await tournaments.check_in(row.id, 1)
    await tournaments.join(row.id, 4, "P4")  # joining during check-in checks in
    started = await tournaments.start(row.id, 1, can_manage=True)
    status = {p.user_id: p.status for p in started.players}
    assert status == {1: "checked_in", 2: "dropped", 4: "checked_in"}  # 2 never checked in
    assert [p.left_round for p in started.players if p.user_id == 2] == [0]  # before round 1
    assert [t.players for t in started.tables] in ([(1, 4)], [(4, 1)])
    with pytest.raises(WrongStatus):
        await tournaments.join(row.id, 5, "P5")


async def test_drop_resigns_the_running_game_and_is_not_seated_again(db: Database) -> None:
    tables, tournaments = _over(db)
    tid = await _field(tournaments, 4, format="swiss", table_size=2, rounds=2)
    await tournaments.start(tid, ORGANISER)
    row = await tournaments.get(tid)
    leaver = row.tables[0].players[0]
    with pytest.raises(NotAllowed):
        await tournaments.drop(tid, 3 if leaver != 3 else 2, leaver)
    row = await tournaments.drop(tid, leaver, leaver)  # players may drop themselves
    game = await tables.get(row.tables[0].game_id or 0)
    assert game.status == "finished"
    await play_round_by_computer(tables, tournaments, tid, seed=2)
    row = await tournaments.get(tid)
    second = [u for t in row.tables if t.round == 2 for u in t.players] + [u for r, u in row.byes if r == 2]
    assert leaver not in second and len(second) == 3


async def test_pause_holds_the_next_round_and_cancel_stops_games(db: Database) -> None:
    tables, tournaments = _over(db)
    tid = await _field(tournaments, 4, format="swiss", table_size=2, rounds=2)
    await tournaments.start(tid, ORGANISER)
    await tournaments.pause(tid, ORGANISER)
    await play_round_by_computer(tables, tournaments, tid, seed=3)
    assert (await tournaments.get(tid)).current_round == 1
    await tournaments.unpause(tid, ORGANISER)
    row = await tournaments.get(tid)
    assert row.current_round == 2
    row = await tournaments.cancel(tid, ORGANISER)
    assert row.status == "cancelled"
    for table in row.tables:
        if table.round == 2:
            assert (await tables.get(table.game_id or 0)).status == "cancelled"


async def test_single_elimination_down_to_a_final(db: Database) -> None:
    events = Events()
    tables, tournaments = _over(db, events)
    tid = await _field(tournaments, 8, format="elimination", table_size=2)
    await tournaments.start(tid, ORGANISER)
    sizes = []
    for number in range(1, 10):
        row = await tournaments.get(tid)
        if row.status == "finished":
            break
        sizes.append(len([t for t in row.tables if t.round == number]))
        await play_round_by_computer(tables, tournaments, tid, seed=number)
    assert sizes == [4, 2, 1]
    row = await tournaments.get(tid)
    assert row.status == "finished"
    assert sum(p.status == "eliminated" for p in row.players) == 6
    assert events.events[-1].kind == "finished"


async def test_round_robin_of_two_player_tables(db: Database) -> None:
    tables, tournaments = _over(db)
    tid = await _field(tournaments, 5, format="round_robin", table_size=2)
    await tournaments.start(tid, ORGANISER)
    row = await tournaments.get(tid)
    assert row.rounds == 5
    for number in range(1, 6):
        await play_round_by_computer(tables, tournaments, tid, seed=number)
    row = await tournaments.get(tid)
    assert row.status == "finished"
    pairs = sorted(tuple(sorted(t.players)) for t in row.tables)
    assert pairs == sorted((a, b) for a in range(1, 6) for b in range(a + 1, 6))


def _fewest_repeats(plan: RoundPlan, earlier: Sequence[RoundPlan]) -> int:
    """The fewest repeat meetings any seating of the same players at tables of the same sizes could have."""
    seated = [p for table in plan.tables for p in table]
    sizes = [len(t) for t in plan.tables]
    best = None
    for order in itertools.permutations(seated):
        tables, start = [], 0
        for n in sizes:
            tables.append(order[start : start + n])
            start += n
        count = repeats(RoundPlan(tables=tuple(tables)), earlier)
        best = count if best is None else min(best, count)
    assert best is not None
    return best


@pytest.mark.parametrize("uneven", ["byes", "larger"])
async def test_five_at_tables_of_two_expect_the_same_points_wherever_they_sit(db: Database, uneven: str) -> None:
    """The Great Wall seats 2 to 5: five players at "tables of 2" get a bye or a 3-player table each round, as
    the organiser chose. Either way a seat pays 0.5 points a round on average, as a bye does: a table's points
    add up to 0.5 per player whatever its size, and the 3-player table pays 1 / 0.5 / 0, not 2 / 1 / 0."""
    tables, tournaments = _over(db)
    tid = await _field(tournaments, 5, format="swiss", table_size=2, rounds=4, uneven=uneven)
    await tournaments.start(tid, ORGANISER)
    for number in range(1, 5):
        row = await tournaments.get(tid)
        sizes = sorted(len(t.players) for t in row.tables if t.round == number)
        byes = [u for r, u in row.byes if r == number]
        assert (sizes, len(byes)) == (([2, 2], 1) if uneven == "byes" else ([2, 3], 0))
        await play_round_by_computer(tables, tournaments, tid, seed=number)
    row = await tournaments.get(tid)
    assert row.status == "finished" and row.uneven == uneven

    scale = place_scale(2)
    points: dict[int, float] = defaultdict(float)
    for table in row.tables:
        game = await tables.get(table.game_id or 0)
        result = game.result()
        assert result is not None
        seat = {p.user_id: p.seat for p in game.players}
        places = tuple(result.ranking[seat[u]] for u in table.players)  # type: ignore[index]
        earned = tournament_points(places, scale)
        assert sum(earned) / len(earned) == pytest.approx(0.5)  # any seat of any table: 0.5 expected
        if len(set(places)) == len(places):  # no tie: the places' points of that table, 1 down to 0
            assert sorted(earned) == sorted(scale[len(places)]) and max(earned) == 1.0
        for user, value in zip(table.players, earned, strict=True):
            points[user] += value
    for _, user in row.byes:
        points[user] += 0.5
    assert {s.player: s.points for s in await tournaments.standings(tid)} == pytest.approx(dict(points))

    plans = [
        RoundPlan(tables=tuple(t.players for t in row.tables if t.round == n),
                  byes=tuple(u for r, u in row.byes if r == n))
        for n in range(1, 5)
    ]
    for n, plan in enumerate(plans):  # repeat opponents only where no seating avoids them
        assert repeats(plan, plans[:n]) == _fewest_repeats(plan, plans[:n])
    if uneven == "byes":
        assert repeats(plans[1], plans[:1]) == 0
        had = [u for plan in plans for u in plan.byes]
        assert len(had) == len(set(had)) == 4  # byes rotate: four rounds, four different players


async def test_a_replacement_takes_over_the_leavers_results_and_seat(db: Database) -> None:
    tables, tournaments = _over(db)
    tid = await _field(tournaments, 4, format="swiss", table_size=2, rounds=2)
    await tournaments.start(tid, ORGANISER)
    await play_round_by_computer(tables, tournaments, tid, seed=4)
    before = {s.player: s for s in await tournaments.standings(tid)}
    leaver = max(before, key=lambda u: (before[u].points, u))  # someone with something to take over
    row = await tournaments.get(tid)
    assert row.current_round == 2
    # Round 2 is seated and its games started: the leaver plays it out (or resigns); it counts for the newcomer.
    row = await tournaments.replace(tid, ORGANISER, leaver, 99, "Newcomer")
    with pytest.raises(UserError, match="already in"):
        await tournaments.replace(tid, ORGANISER, 2 if leaver != 2 else 3, 99, "Newcomer")
    with pytest.raises(UserError, match="already played"):
        await tournaments.replace(tid, ORGANISER, 2 if leaver != 2 else 3, leaver, "Back again")
    after = {s.player: s for s in await tournaments.standings(tid)}
    assert leaver not in after
    taken = after[99]
    assert (taken.points, taken.opponents_points, taken.game_score, taken.games) == (
        before[leaver].points, before[leaver].opponents_points, before[leaver].game_score, before[leaver].games
    )
    await play_round_by_computer(tables, tournaments, tid, seed=5)
    row = await tournaments.get(tid)
    assert row.status == "finished"
    final = {s.player: s for s in await tournaments.standings(tid)}
    assert leaver not in final and final[99].games == 2
    assert sum(s.points for s in final.values()) == pytest.approx(4 * 0.5 * 2)  # nothing lost, nothing doubled
    (left,) = [p for p in row.players if p.user_id == leaver]
    assert (left.status, left.left_round, left.replaced_by) == ("dropped", 2, 99)


async def test_a_round_that_ends_while_paused_is_told_once(db: Database) -> None:
    events = Events()
    tables, tournaments = _over(db, events)
    tid = await _field(tournaments, 4, format="swiss", table_size=2, rounds=2)
    await tournaments.start(tid, ORGANISER)
    await tournaments.pause(tid, ORGANISER)
    await play_round_by_computer(tables, tournaments, tid, seed=6)
    await tournaments.advance(tid)
    await tournaments.resume()  # a restart looks again
    assert [(e.kind, e.round, e.tournament.status) for e in events.events] == [
        ("round", 1, "running"), ("round_over", 1, "paused")
    ]
    assert await tournaments.rounds_complete(tid) == 1
    await tournaments.unpause(tid, ORGANISER)
    assert [e.kind for e in events.events][2:] == ["round"]  # round 2 seated; round 1 not told again
    assert await tournaments.rounds_complete(tid) == 1
    await tournaments.pause(tid, ORGANISER)
    await play_round_by_computer(tables, tournaments, tid, seed=7)  # the last round over while paused: the end is told
    assert [e.kind for e in events.events][3:] == ["round_over", "finished"]
    assert (await tournaments.get(tid)).status == "finished"


async def test_a_tournament_stored_before_the_fairer_rules_keeps_working(tmp_path: Path) -> None:
    """A database from before the migration that added the choice for uneven numbers: its tournaments load,
    keep seating larger tables as they did, and a player dropped back then is still marked (without a round)."""
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    fair = next(n for n, name, _ in migrations() if name.endswith("_fair_tournaments.sql"))
    for number, _, sql in migrations():
        if number < fair:
            old.executescript(sql)
    old.execute(f"PRAGMA user_version = {fair - 1}")
    old.execute(
        "INSERT INTO tournaments (organiser_id, name, key, format, table_size, rounds, status, seed, created_at, "
        "updated_at) VALUES (?, 'Old Cup', 'great_wall', 'swiss', 2, 2, 'signup', 7, 0, 0)",
        (ORGANISER,),
    )
    for user in range(1, 7):
        old.execute(
            "INSERT INTO tournament_players (tournament_id, user_id, name, status, joined_at) VALUES (1, ?, ?, ?, ?)",
            (user, f"Player {user}", "dropped" if user == 6 else "registered", float(user)),
        )
    old.commit()
    old.close()

    db = await Database.open(path)
    tournaments = TournamentService(db, TableService(db))
    row = await tournaments.get(1)
    assert (row.uneven, row.announced_round) == ("larger", 0)
    assert [(p.left_round, p.replaced_by) for p in row.players] == [(None, None)] * 6
    row = await tournaments.start(1, ORGANISER)
    assert sorted(len(t.players) for t in row.tables) == [2, 3] and not row.byes  # as it was created to
    await db.close()
