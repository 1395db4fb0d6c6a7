"""Records of players and servers (bot/stats.py) against fixtures worked out by hand: results written through
the store, and games played, resigned, timed out and replaced through the table and tournament services."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot import stats
from bot.clock import TimerDispatcher
from bot.players import PlayerService
from bot.servers import ServerService
from bot.stats import Completion, HeadToHead, Streaks
from bot.stats_view import RatingPoint
from bot.store import ratings as rating_sql
from bot.store.db import Database
from bot.tables import TableService
from bot.timecontrol import TimeControl
from bot.tournaments.service import TournamentService
from tests.toy import KEY as TOY

pytestmark = pytest.mark.backends

GUILD = 7
OTHER_GUILD = 8
ANA, BEN, CY, DEE, EVE, FAY = 1, 2, 3, 4, 5, 6
ORGANISER = 99


def moment(year: int, month: int, day: int = 1, hour: int = 12) -> float:
    return datetime(year, month, day, hour, tzinfo=UTC).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def tables(db: Database) -> AsyncIterator[TableService]:
    service = TableService(db, clock=Clock(moment(2026, 1)))
    yield service
    await service.computers.idle()


async def _table(tables: TableService, *people: int, guild: int = GUILD, **options: object) -> int:
    table = await tables.create(key=TOY, creator_id=people[0], creator_name=f"P{people[0]}", seat_count=len(people),
                                guild_id=guild, seed=5, **options)  # type: ignore[arg-type]
    for user in people[1:]:
        await tables.join(table.id, user, f"P{user}")
    await tables.start(table.id, people[0])
    return table.id


async def _play_out(tables: TableService, game_id: int) -> None:
    """Everybody still in plays their first legal card until the game ends."""
    while (table := await tables.get(game_id)).status == "running":
        seat = min(table.to_act())
        user = table.player_at(seat).user_id
        assert user is not None
        await tables.act(game_id, user, table.game.legal_actions(table.state, seat)[0])


async def _result(db: Database, user: int, game_id: int, place: int, score: int, at: float, *,
                  players: int = 2, key: str = TOY, rated: tuple[float, float] | None = None) -> None:
    """One finished game's result for ``user``, as the table service writes it when a game ends."""
    row = rating_sql.ResultRow(
        game_id=game_id, key=key, guild_id=GUILD, place=place, players=players, score=score, rated=rated is not None,
        rating_before=rated[0] if rated else None, rating_after=rated[1] if rated else None, finished_at=at,
    )
    async with db.tx() as conn:
        await rating_sql.add_result(conn, user, row)


# -- a player's results ---------------------------------------------------------------------------------
async def _ana_and_ben(db: Database) -> None:
    """Ana's eight results, oldest first (game ids are only labels here; a result needs its game's row)."""
    async with db.tx() as conn:
        for game_id in range(1, 9):
            await conn.execute(
                "INSERT INTO games (id, key, creator_id, status, seat_count, options, seed, created_at, updated_at) "
                "VALUES (?, ?, 1, 'finished', 2, '{}', 1, 0, 0)", (game_id, TOY if game_id <= 6 else "china"),
            )
    # game: (Ana's place, score, Ben's place or None when Ben was not there), toy unless said
    await _result(db, ANA, 1, 1, 5, moment(2026, 1, 1), rated=(0.0, 2.0))
    await _result(db, BEN, 1, 2, 3, moment(2026, 1, 1), rated=(0.0, -1.0))
    await _result(db, ANA, 2, 1, 7, moment(2026, 1, 2), rated=(2.0, 3.5))
    await _result(db, BEN, 2, 2, 1, moment(2026, 1, 2), rated=(-1.0, -2.0))
    await _result(db, ANA, 3, 2, 4, moment(2026, 1, 3), rated=(3.5, 3.0))
    await _result(db, BEN, 3, 1, 6, moment(2026, 1, 3), rated=(-2.0, 0.5))
    await _result(db, ANA, 4, 1, 6, moment(2026, 1, 4), players=3)  # with a computer: unrated
    await _result(db, ANA, 5, 1, 8, moment(2026, 1, 5), players=3)  # Ben shares first place
    await _result(db, BEN, 5, 1, 8, moment(2026, 1, 5), players=3)
    await _result(db, ANA, 6, 1, 2, moment(2026, 1, 6))
    await _result(db, ANA, 7, 3, 20, moment(2026, 1, 7), players=3, key="china")
    await _result(db, ANA, 8, 1, 50, moment(2026, 1, 8), players=3, key="china")


async def test_a_players_record_per_game_with_streaks_and_ratings(db: Database) -> None:
    await _ana_and_ben(db)
    record = await stats.player_record(db, ANA)
    # Places 1 1 2 1 1 1 3 1: six wins of eight, places summing to 11.
    assert (record.games, record.wins, record.average_place) == (8, 6, 11 / 8)
    # Won games 1-2, lost 3, won 4-6 (three), lost 7, won 8: the longest run is three, one going on now.
    assert record.streaks == Streaks(current=1, longest=3)
    china, toy = sorted(record.per_game, key=lambda g: g.key)
    assert (toy.key, toy.games, toy.wins, toy.average_place) == (TOY, 6, 5, 7 / 6)
    assert (toy.best_score, toy.average_score, toy.rating) == (8, 32 / 6, 3.0)
    assert (china.games, china.wins, china.average_place, china.best_score, china.average_score, china.rating) == (
        2, 1, 2.0, 50, 35.0, None)
    [line] = record.ratings  # rated toy games only: the rating after each
    assert line.key == TOY
    assert line.points == (RatingPoint(moment(2026, 1, 1), 2.0), RatingPoint(moment(2026, 1, 2), 3.5),
                           RatingPoint(moment(2026, 1, 3), 3.0))
    assert record.head_to_head is None

    china_only = await stats.player_record(db, ANA, key="china")
    assert (china_only.games, china_only.wins, china_only.streaks) == (2, 1, Streaks(1, 1))
    assert [g.key for g in china_only.per_game] == ["china"] and china_only.ratings == ()


async def test_head_to_head_counts_only_games_both_finished(db: Database) -> None:
    await _ana_and_ben(db)
    # Together in games 1, 2, 3 and 5: Ana ahead twice, behind once, level once (a shared first place).
    record = await stats.player_record(db, ANA, vs=BEN)
    assert record.head_to_head == HeadToHead(BEN, games=4, ahead=2, behind=1, level=1, wins=3, opponent_wins=2)
    mirrored = await stats.player_record(db, BEN, vs=ANA)
    assert mirrored.head_to_head == HeadToHead(ANA, games=4, ahead=1, behind=2, level=1, wins=2, opponent_wins=3)
    assert (await stats.player_record(db, ANA, key="china", vs=BEN)).head_to_head == HeadToHead(BEN, 0, 0, 0, 0, 0, 0)
    assert (await stats.player_record(db, ANA, vs=ANA)).head_to_head is None  # nobody plays against themselves


async def test_streaks_by_hand() -> None:
    def results(places: str) -> list[rating_sql.ResultRow]:
        return [rating_sql.ResultRow(n, TOY, None, int(p), 3, 0, False, None, None, float(n))
                for n, p in enumerate(places)]

    assert stats.streaks([]) == Streaks(0, 0)
    assert stats.streaks(results("111")) == Streaks(3, 3)
    assert stats.streaks(results("1121112")) == Streaks(0, 3)
    assert stats.streaks(results("2111211")) == Streaks(2, 3)


async def test_a_player_with_no_game_has_an_empty_record(db: Database) -> None:
    record = await stats.player_record(db, EVE)
    assert (record.games, record.wins, record.average_place, record.per_game) == (0, 0, None, ())
    assert record.completion == Completion() and record.completion.rate is None


# -- completion -------------------------------------------------------------------------------------------
async def test_completion_counts_finishes_timeouts_resignations_and_replacements(db: Database) -> None:
    clock = Clock(moment(2026, 1))
    tables = TableService(db, clock=clock)
    timers = TimerDispatcher(db, tables.fire_timer, clock=clock)
    tables.on_timers_changed = timers.wake
    tournaments = TournamentService(db, tables, clock=clock)

    played = await _table(tables, ANA, BEN)  # Ana and Ben play it to the end
    await _play_out(tables, played)
    resigned = await _table(tables, ANA, CY)  # Ana resigns: Cy has finished it
    await tables.resign(resigned, ANA)
    timed = await _table(tables, ANA, BEN, time_control=TimeControl("move", limit=300), timeout_policy="forfeit")
    table = await tables.get(timed)
    late = table.player_at(min(table.to_act())).user_id  # whoever is to move lets the clock run out
    clock.now += 301
    await timers.run_due()
    assert (await tables.get(timed)).status == "finished"
    left_running = await _table(tables, ANA, BEN, CY)  # Cy leaves; Ana and Ben play on
    await tables.resign(left_running, CY)
    assert (await tables.get(left_running)).status == "running"
    cancelled = await _table(tables, ANA, DEE)  # cancelled with both still in: counts for nobody
    await tables.cancel(cancelled, ANA)

    # A tournament of four: Dee is replaced by Fay while her round-1 game runs (she has not resigned it); Eve
    # resigns her round-1 game and is then replaced by a newcomer (user 7).
    cup = await tournaments.create(organiser_id=ORGANISER, name="Cup", key=TOY, format="swiss", table_size=2,
                                   rounds=1, guild_id=GUILD, seed=1)
    for user in (DEE, EVE, 10, 11):
        await tournaments.join(cup.id, user, f"P{user}")
    await tournaments.start(cup.id, ORGANISER)
    row = await tournaments.get(cup.id)
    eve_game = next(t.game_id for t in row.tables if EVE in t.players)
    assert eve_game is not None
    await tables.resign(eve_game, EVE)
    await tournaments.replace(cup.id, ORGANISER, DEE, FAY, "Fay")
    await tournaments.replace(cup.id, ORGANISER, EVE, 7, "Newcomer")

    found = await stats.completions(db, [ANA, BEN, CY, DEE, EVE, FAY])
    ana_late, ben_late = (1, 0) if late == ANA else (0, 1)
    # Ana: finished `played` (and `timed` unless she ran out of time), resigned `resigned`; still in
    # `left_running`, cancelled `cancelled`.
    assert found[ANA] == Completion(finished=2 - ana_late, out_of_time=ana_late, resigned=1)
    # Ben: finished `played` and `timed` (unless out of time); still in `left_running`.
    assert found[BEN] == Completion(finished=2 - ben_late, out_of_time=ben_late)
    # Cy: finished `resigned` (Ana left it), left `left_running`.
    assert found[CY] == Completion(finished=1, resigned=1)
    # Dee: still seated in a running game, but her tournament place went to Fay: replaced once.
    assert found[DEE] == Completion(replaced=1)
    # Eve: resigned her game, then was replaced: counted once, as the resignation.
    assert found[EVE] == Completion(resigned=1)
    assert found[FAY] == Completion()
    assert found[CY].rate == 0.5 and found[DEE].rate == 0.0 and found[FAY].rate is None

    # One game alone: Ana's completion in the toy game is her whole completion (every game here is the toy).
    assert (await stats.player_record(db, ANA, key=TOY)).completion == found[ANA]
    assert (await stats.player_record(db, ANA, key="china")).completion == Completion()
    # Through the services the cogs use.
    players = PlayerService(db, tables)
    assert (await players.completions([CY]))[CY] == found[CY]
    assert (await players.profile(CY, recent=3)).completion == found[CY]
    await tables.computers.idle()


# -- a server's record ------------------------------------------------------------------------------------
async def test_a_servers_record(db: Database) -> None:
    clock = Clock(moment(2026, 3, 10))
    tables = TableService(db, clock=clock)
    # March: Ana and Ben play a whole game in 2 days (16 moves: 8 cards each); Cy resigns one at once (1 move).
    whole = await _table(tables, ANA, BEN)
    clock.now += 2 * 86_400
    await _play_out(tables, whole)
    quick = await _table(tables, ANA, CY)
    clock.now += 86_400
    await tables.resign(quick, CY)
    # May: Ben resigns against Ana after 4 days. Elsewhere, a game that does not count here.
    clock.now = moment(2026, 5, 3)
    late = await _table(tables, BEN, ANA)
    clock.now += 4 * 86_400
    await tables.resign(late, BEN)
    elsewhere = await _table(tables, DEE, EVE, guild=OTHER_GUILD)
    await tables.resign(elsewhere, DEE)
    # Still running: counted in no month, no length; its players are still in.
    await _table(tables, ANA, DEE)

    clock.now = moment(2026, 6, 20)
    record = await ServerService(db, clock=clock).record(GUILD)
    assert record.games == 3 and record.per_game == ((TOY, 3),)
    assert record.monthly.months == ("2026-03", "2026-04", "2026-05", "2026-06")  # from the first game's month
    [toy] = record.monthly.games
    assert (toy.key, toy.counts) == (TOY, (2, 0, 1, 0)) and record.monthly.total == 3
    assert record.average_moves == (16 + 1 + 1) / 3
    assert record.average_days == pytest.approx((2 + 1 + 4) / 3)
    # Ana: 3 games, won 2 by resignations and the whole game if she took first place; Ben: 2 games, the whole
    # game at most; Cy: 1 game, lost. Seats: 6, of which 4 finished, 2 resigned.
    result = (await tables.get(whole)).result()
    assert result is not None
    places = {p.user_id: result.ranking[p.seat] for p in (await tables.get(whole)).seated if p.seat is not None}
    ana_wins, ben_wins = 2 + (places[ANA] == 1), int(places[BEN] == 1)
    assert [(a.user_id, a.games, a.wins) for a in record.most_active] == [(ANA, 3, ana_wins), (BEN, 2, ben_wins),
                                                                          (CY, 1, 0)]
    assert record.completion == Completion(finished=4, resigned=2)

    empty = await ServerService(db, clock=clock).record(12345)
    assert (empty.games, empty.average_moves, empty.average_days, empty.most_active) == (0, None, None, ())
    assert empty.monthly.months == ("2026-06",) and empty.monthly.games == ()


def test_the_chart_spans_the_last_twelve_months_at_most() -> None:
    assert stats.last_months(moment(2026, 2, 15), 3) == ["2025-12", "2026-01", "2026-02"]
    assert len(stats.monthly([], moment(2026, 2, 15)).months) == 1
