"""The elimination bracket and the podium (bot/tournaments/progress.py), worked out by hand for 5, 8 and 13
players, byes included, and through the tournament service; the tie-breaks the standings apply, by name."""

from __future__ import annotations

from pathlib import Path

from bot.store.db import Database
from bot.tables import TableService
from bot.tournaments import Bye, RoundPlan, TableResult, standings
from bot.tournaments.bracket import BracketSeat, Podium, PodiumStep
from bot.tournaments.progress import elimination_bracket, elimination_podium, standings_podium
from bot.tournaments.seating import elimination_round, elimination_rounds
from bot.tournaments.service import TournamentService
from bot.tournaments.standings import TIE_BREAKS
from tests.tournaments.helpers import play_round_by_computer
from tests.toy import KEY as TOY

TWO = {"size": 2, "min_size": 2, "max_size": 2}


def _won(players: tuple[int, ...], winner: int) -> TableResult:
    """A two-player table ``winner`` won, 1 point to 0."""
    return TableResult(players, tuple(1 if p == winner else 2 for p in players),
                       tuple(1.0 if p == winner else 0.0 for p in players))


def test_the_shape_of_every_round_for_5_8_and_13_players() -> None:
    # 5: two tables and the top seed's bye; three left: one table and a bye; then the final.
    assert elimination_rounds(5, 2, 2, 2) == [((2, 2), 1), ((2,), 1), ((2,), 0)]
    assert elimination_rounds(8, 2, 2, 2) == [((2, 2, 2, 2), 0), ((2, 2), 0), ((2,), 0)]
    # 13: six tables and a bye (7 go on), three tables and a bye (4), two tables, the final.
    assert elimination_rounds(13, 2, 2, 2) == [((2,) * 6, 1), ((2, 2, 2), 1), ((2, 2), 0), ((2,), 0)]
    # Tables of four (two to five allowed): one of four and three of three, their winners make the final.
    assert elimination_rounds(13, 4, 2, 5) == [((4, 3, 3, 3), 0), ((4,), 0)]
    assert elimination_rounds(1, 2, 2, 2) == []


def test_the_bracket_of_five_played_to_the_end() -> None:
    seeds = [1, 2, 3, 4, 5]
    first = elimination_round(seeds, 2, 1, 2, 2)
    # By hand: the top seed has the bye; seeds 2-5 snake over two tables: (2, 5) and (3, 4).
    assert first == RoundPlan(tables=((2, 5), (3, 4)), byes=(1,))
    second = RoundPlan(tables=((3, 5),), byes=(1,))  # 5 and 3 won; with seed 1 that is three: a table and a bye
    final = RoundPlan(tables=((1, 3),))
    results = {(1, 1): _won((2, 5), 5), (1, 2): _won((3, 4), 3), (2, 1): _won((3, 5), 3), (3, 1): _won((1, 3), 1)}
    bracket = elimination_bracket([first, second, final], results, seeds=seeds, over=True, **TWO)
    one, two, three = bracket.rounds
    assert [t.seats for t in one.tables] == [
        (BracketSeat(2, 2, False), BracketSeat(5, 1, True)), (BracketSeat(3, 1, True), BracketSeat(4, 2, False)),
    ]
    assert one.byes == (BracketSeat(1, None, True),) and not one.final
    assert two.tables[0].seats == (BracketSeat(3, 1, True), BracketSeat(5, 2, False)) and two.byes
    assert three.final and three.tables[0].seats == (BracketSeat(1, 1, True), BracketSeat(3, 2, False))
    assert bracket.champions == (1,)
    # The podium by how far each went: the final's two, then 5, out in round 2 (2 and 4 went out before).
    assert elimination_podium(bracket) == Podium((PodiumStep(1, (1,)), PodiumStep(2, (3,)), PodiumStep(3, (5,))))


def test_the_bracket_of_eight_in_round_two_shows_the_final_to_come() -> None:
    seeds = list(range(1, 9))
    first = elimination_round(seeds, 2, 1, 2, 2)
    assert first.tables == ((1, 8), (2, 7), (3, 6), (4, 5)) and not first.byes
    second = RoundPlan(tables=((1, 4), (6, 7)))
    results = {(1, 1): _won((1, 8), 1), (1, 2): _won((2, 7), 7), (1, 3): _won((3, 6), 6), (1, 4): _won((4, 5), 4),
               (2, 2): _won((6, 7), 6)}
    bracket = elimination_bracket([first, second], results, seeds=seeds, over=False, **TWO)
    one, two, final = bracket.rounds
    assert [[s.player for s in t.seats if s.through] for t in one.tables] == [[1], [7], [6], [4]]
    # Round 2: table 1 still playing (nobody through yet), table 2 over: 6 goes on.
    assert not two.tables[0].over and two.tables[0].seats == (BracketSeat(1), BracketSeat(4))
    assert two.tables[1].over and [s.player for s in two.tables[1].seats if s.through] == [6]
    # The final to come: one table of two players not known yet.
    assert final.number == 3 and final.final and final.tables[0].planned and len(final.tables[0].seats) == 2
    assert bracket.champions == ()


def test_the_bracket_of_thirteen_in_round_one_shows_every_round_to_come() -> None:
    seeds = list(range(1, 14))
    first = elimination_round(seeds, 2, 1, 2, 2)
    assert first.byes == (1,) and len(first.tables) == 6
    results = {(1, 1): _won(first.tables[0], first.tables[0][1])}
    bracket = elimination_bracket([first], results, seeds=seeds, over=False, **TWO)
    assert [len(r.tables) for r in bracket.rounds] == [6, 3, 2, 1]
    assert [len(r.byes) for r in bracket.rounds] == [1, 1, 0, 0]
    one = bracket.rounds[0]
    assert [s.through for s in one.tables[0].seats] == [False, True]
    assert not any(s.through for t in one.tables[1:] for s in t.seats)  # their games are still being played
    assert all(t.planned for r in bracket.rounds[1:] for t in r.tables)
    assert bracket.rounds[1].byes == (BracketSeat(None, through=True),)


def test_a_replaced_player_goes_through_as_their_successor() -> None:
    seeds = [1, 2, 3, 4]
    first = RoundPlan(tables=((1, 4), (2, 3)))
    final = RoundPlan(tables=((1, 9),))  # 9 took 2's place after round 1
    results = {(1, 1): _won((1, 4), 1), (1, 2): _won((2, 3), 2)}
    bracket = elimination_bracket([first, final], results, seeds=seeds, over=False, holders={2: 9}, **TWO)
    assert [s.through for s in bracket.rounds[0].tables[1].seats] == [True, False]


def test_the_podium_of_standings_shares_ranks() -> None:
    rows = standings([TableResult((1, 2), (1, 2), (5.0, 3.0)), TableResult((3, 4), (1, 2), (5.0, 3.0))],
                     [Bye(5, 0.5)])
    # 1 and 3 won with the same score against losers of the same points: they share first; then 5 (bye).
    assert standings_podium(rows) == Podium((PodiumStep(1, (1, 3), 1.0), PodiumStep(3, (5,), 0.5)))


def test_the_tie_breaks_are_named_in_the_order_they_apply() -> None:
    assert [(t.column, t.name) for t in TIE_BREAKS] == [("Opp", "opponents' points (Buchholz)"),
                                                         ("Score", "total game score")]
    # 1 and 2 both have 1 point; 1 met the stronger opponent (Opp 2 against 1); 3 and 4 tie on points and
    # Opp, and 4's game score breaks it.
    results = [TableResult((1, 5), (1, 2), (1.0, 0.0)), TableResult((5, 6), (1, 2), (1.0, 0.0)),
               TableResult((2, 6), (1, 2), (1.0, 0.0)), TableResult((3, 7), (1, 1), (1.0, 1.0)),
               TableResult((4, 8), (1, 1), (9.0, 9.0))]
    order = [row.player for row in standings(results, [])]
    assert order.index(1) < order.index(2) and order.index(4) < order.index(3)


async def test_a_tournament_of_five_through_the_service(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "mk.sqlite3")
    tables = TableService(db)
    tournaments = TournamentService(db, tables)
    row = await tournaments.create(organiser_id=99, name="Five", key=TOY, format="elimination", table_size=2,
                                   seed=3)
    for user in range(1, 6):
        await tournaments.join(row.id, user, f"P{user}")
    before = await tournaments.bracket(row.id)  # the shape of five, players not drawn yet
    assert [(len(r.tables), len(r.byes)) for r in before.rounds] == [(2, 1), (1, 1), (1, 0)]
    assert all(t.planned for r in before.rounds for t in r.tables)
    await tournaments.start(row.id, 99)
    bracket = await tournaments.bracket(row.id)
    assert [(len(r.tables), len(r.byes)) for r in bracket.rounds] == [(2, 1), (1, 1), (1, 0)]
    for number in (1, 2, 3):
        await play_round_by_computer(tables, tournaments, row.id, seed=number)
    row = await tournaments.get(row.id)
    assert row.status == "finished"
    bracket = await tournaments.bracket(row.id)
    final = bracket.rounds[-1].tables[0]
    winner = next(s.player for s in final.seats if s.place == 1)
    assert bracket.champions == (winner,)
    podium = await tournaments.podium(row.id)
    assert podium.steps[0] == PodiumStep(1, (winner,))
    # Whoever played round 2's table and lost it is third.
    second = bracket.rounds[1].tables[0]
    assert podium.steps[-1] == PodiumStep(3, tuple(s.player for s in second.seats if not s.through))
    await tables.computers.idle()
    await db.close()
