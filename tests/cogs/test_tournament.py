"""Whole tournaments from Discord: create -> join with the buttons -> start -> a game per table in its own
thread, players pinged -> games played -> standings pictures -> the winner announced."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from bot import games
from bot.games.base import competition_ranking
from bot.tournaments.bracket import Podium, PodiumStep
from bot.tournaments.standings import StandingRow
from render.podium import podium as podium_png
from render.standings import standings as standings_png
from tests.cogs.harness import FakeDiscord, Posted, labels
from tests.cogs.tournament_flows import (
    allow_channel_threads,
    capture_mentions,
    channel_posts,
    create,
    pinged,
    play_round,
    quicken,
)

pytestmark = pytest.mark.usefixtures("plain_pictures")


@pytest.fixture
def people(alice: Any, bob: Any, carol: Any, dai: Any, eun: Any) -> list[Any]:
    return [alice, bob, carol, dai, eun]


def _position(fake: FakeDiscord, message: Posted) -> int:
    return next(n for n, sent in enumerate(fake.sent) if sent.message is message)


async def _hand_standings(fake: FakeDiscord, tournament_id: int, through: int) -> list[StandingRow]:
    """Standings of rounds 1..``through`` worked out here from the games' results: 1 point for a 2-player
    win, 0.5 each for a draw, 0.5 for a bye; then opponents' points (the sum of each opponent's total) and
    total game score."""
    row = await fake.bot.tournaments.get(tournament_id)
    points: dict[int, float] = defaultdict(float)
    score: dict[int, float] = defaultdict(float)
    opponents: dict[int, list[int]] = defaultdict(list)
    games_played: dict[int, int] = defaultdict(int)
    byes: dict[int, int] = defaultdict(int)
    for table in [t for t in row.tables if t.round <= through]:
        game = await fake.bot.service.get(table.game_id or 0)
        result = game.result()
        if result is None:
            continue
        seat = {p.user_id: p.seat for p in game.players}
        a, b = table.players
        place_a, place_b = result.ranking[seat[a]], result.ranking[seat[b]]  # type: ignore[index]
        points[a] += 1.0 if place_a < place_b else 0.5 if place_a == place_b else 0.0
        points[b] += 1.0 if place_b < place_a else 0.5 if place_a == place_b else 0.0
        for user in (a, b):
            score[user] += result.scores[seat[user]]  # type: ignore[index]
            games_played[user] += 1
        opponents[a].append(b)
        opponents[b].append(a)
    for _, user in [(r, u) for r, u in row.byes if r <= through]:
        points[user] += 0.5
        byes[user] += 1
    everybody = [p.user_id for p in row.players]
    buchholz = {u: sum(points[o] for o in opponents[u]) for u in everybody}
    order = sorted(everybody, key=lambda u: (-points[u], -buchholz[u], -score[u], u))
    ranks = competition_ranking([(points[u], buchholz[u], score[u]) for u in order])
    return [
        StandingRow(rank, u, points[u], buchholz[u], score[u], games_played[u], byes[u])
        for rank, u in zip(ranks, order, strict=True)
    ]


async def test_a_swiss_tournament_from_sign_up_to_winner(fake: FakeDiscord, people: list[Any]) -> None:
    allow_channel_threads(fake)
    quicken(fake, people)
    mentions = capture_mentions(fake)
    alice = people[0]
    tid, signup = await create(fake, alice, name="Autumn Cup", game="sun_tzu", table_size=2, rounds=2)
    assert fake.last().private and f"Tournament #{tid} is open" in fake.last().content
    assert "**Autumn Cup**: tournament #1 of **Sun Tzu**" in signup.content
    assert "Swiss, 2 rounds, tables of 2" in signup.content and labels(signup.view) == ["Join", "Leave"]

    for person in people:
        await fake.click(person, signup, label="Join")
    assert "Players (5): <@101>, <@202>, <@303>, <@404>, <@505>" in signup.content
    await fake.click(people[4], signup, label="Leave")
    assert "Players (4)" in signup.content and "<@505>" not in signup.content
    await fake.click(people[4], signup, label="Join")
    await fake.click(people[4], signup, label="Join")
    assert fake.last().private and fake.last().content == "You are already signed up."

    await fake.command(fake.bot.get_cog("TournamentCommands").start, alice)  # type: ignore[union-attr]
    assert fake.last().private and fake.last().content == "Autumn Cup has started: round 1 is posted here."
    assert signup.view is None and "under way: round 1" in signup.content

    # Round 1: two games, each in its own new thread that opened with its board; one bye; all pinged.
    row = await fake.bot.tournaments.get(tid)
    first = channel_posts(fake, "round 1 of 2 has begun")
    assert len(first) == 1
    for table in [t for t in row.tables if t.round == 1]:
        game = await fake.bot.service.get(table.game_id or 0)
        assert game.thread_id in fake.threads
        line = f"Table {table.table_no}: <@{table.players[0]}>, <@{table.players[1]}>"
        assert line in first[0].content and f"https://discord.com/channels/1000/{game.thread_id}" in first[0].content
        assert channel_posts(fake, "begins", where=f"thread:{game.thread_id}")
    (bye,) = [u for r, u in row.byes if r == 1]
    assert f"Bye in round 1 (0.5 points): <@{bye}>" in first[0].content
    assert pinged(mentions[first[0].id]) == {p.id for p in people}

    await play_round(fake, tid, seed=1)
    over = channel_posts(fake, "round 1 is over")
    assert len(over) == 1 and mentions[over[0].id] is not None and not pinged(mentions[over[0].id])
    expected = await _hand_standings(fake, tid, through=1)
    # Asked now, the standings already count round 2's bye: a bye's points are certain once it is given.
    assert await fake.bot.tournaments.standings(tid) == await _hand_standings(fake, tid, through=2)
    names = {p.id: p.display_name for p in people}
    assert over[0].files == [standings_png(expected, names, "Autumn Cup: after round 1")]
    row = await fake.bot.tournaments.get(tid)
    (next_bye,) = [u for r, u in row.byes if r == 2]
    assert next_bye != bye and f"Bye in round 2 (0.5 points): <@{next_bye}>" in over[0].content
    (second,) = channel_posts(fake, "round 2 of 2 has begun")
    assert _position(fake, over[0]) < _position(fake, second)  # the standings first, then the new round

    await play_round(fake, tid, seed=2)
    assert (await fake.bot.tournaments.get(tid)).status == "finished"
    assert not channel_posts(fake, "round 2 is over")  # the final standings stand for it
    (final,) = channel_posts(fake, "is over. Winner")
    expected = await _hand_standings(fake, tid, through=2)
    assert await fake.bot.tournaments.standings(tid) == expected
    top = [r.player for r in expected if r.rank == 1]
    who = f"Winner: <@{top[0]}>" if len(top) == 1 else "Winners: " + ", ".join(f"<@{u}>" for u in top)
    assert final.content == f"**Autumn Cup** is over. {who}! Final standings:"
    assert pinged(mentions[final.id]) == set(top)
    # One closing post: the podium (the first three ranks of the final standings, with their points), then the
    # final standings.
    podium = Podium(tuple(PodiumStep(rank, tuple(r.player for r in expected if r.rank == rank),
                                     next(r.points for r in expected if r.rank == rank))
                          for rank in sorted({r.rank for r in expected if r.rank <= 3})))
    assert final.files == [podium_png(podium, names, "Autumn Cup: podium"),
                           standings_png(expected, names, "Autumn Cup: final standings")]
    assert final.descriptions[0].startswith("Podium: Autumn Cup: podium. 1st: ")
    assert final.descriptions[1].startswith("Standings: Autumn Cup: final standings. Rank 1")
    assert "The tournament is over." in signup.content and signup.view is None


async def test_single_elimination_names_the_winner_of_the_final(fake: FakeDiscord, people: list[Any]) -> None:
    allow_channel_threads(fake)
    quicken(fake, people)
    four = people[:4]
    tid, signup = await create(fake, four[0], name="Knockout", game="great_wall", format="elimination")
    for person in four:
        await fake.click(person, signup, label="Join")
    await fake.command(fake.bot.get_cog("TournamentCommands").start, four[0])  # type: ignore[union-attr]
    assert channel_posts(fake, "**Knockout**: round 1 has begun")
    await play_round(fake, tid, seed=3)
    (final_round,) = channel_posts(fake, "**Knockout**: the final has begun")
    row = await fake.bot.tournaments.get(tid)
    (final_table,) = [t for t in row.tables if t.round == 2]
    assert all(f"<@{u}>" in final_round.content for u in final_table.players)
    await play_round(fake, tid, seed=4)
    game = await fake.bot.service.get(final_table.game_id or 0)
    result = game.result()
    assert result is not None
    champions = [p.user_id for p in game.seated if result.ranking[p.seat or 0] == 1]
    (final,) = channel_posts(fake, "**Knockout** is over.")
    assert ("Winner: " if len(champions) == 1 else "Winners: ") + ", ".join(f"<@{u}>" for u in champions) in (
        final.content
    )
    # The podium, the whole bracket and the standings in the one closing post; the round before showed the
    # bracket as it stood, beside the standings.
    assert final.filenames == [f"podium-{tid}.png", f"bracket-{tid}-2.png", f"standings-{tid}-2.png"]
    assert final.descriptions[0].startswith("Podium: Knockout: podium. 1st: ")
    who = " and ".join(p.display_name for p in people if p.id in champions)
    assert final.descriptions[1].startswith(f"Bracket: Knockout: bracket. Champion{'s' * (len(champions) > 1)}: {who}.")
    (over,) = channel_posts(fake, "round 1 is over")
    assert over.filenames == [f"bracket-{tid}-2.png", f"standings-{tid}-2.png"]
    assert "Final: " in over.descriptions[0] and "playing." in over.descriptions[0]


async def test_standings_are_posted_on_request_and_listed(fake: FakeDiscord, people: list[Any]) -> None:
    allow_channel_threads(fake)
    quicken(fake, people)
    alice, bob, carol = people[:3]
    tid, signup = await create(fake, alice, name="Spring Open", game="great_wall", table_size=3, rounds=1)
    tournaments = fake.bot.get_cog("TournamentCommands")
    await fake.command(tournaments.list_tournaments, carol)  # type: ignore[union-attr]
    listing = fake.last()
    assert listing.private and listing.content.startswith(f"#{tid} **Spring Open**: The Great Wall of China")
    assert "sign-up open, 0 players" in listing.content and f"/2000/{signup.id}" in listing.content
    for person in (alice, bob, carol):
        await fake.click(person, signup, label="Join")
    await fake.command(tournaments.start, alice)  # type: ignore[union-attr]
    rows = await fake.bot.tournaments.standings(tid)
    names = {p.id: p.display_name for p in (alice, bob, carol)}
    text = "**Spring Open: round 1 under way**\nRound 1 is under way: its byes and the games already over count."
    mark = len(fake.sent)
    await fake.command(tournaments.standings, carol)  # type: ignore[union-attr]
    (seen,) = [s.message for s in fake.since(mark)]  # a player sees them privately: nothing posted
    assert seen.private and seen.content == text
    assert list(seen.files) == [standings_png(rows, names, "Spring Open: round 1 under way")]
    mark = len(fake.sent)
    await fake.command(tournaments.standings, alice)  # type: ignore[union-attr]
    ack, posted = fake.since(mark)  # the organiser posts them for everyone
    assert ack.private and ack.content == "Here are the standings of Spring Open."
    assert not posted.private and posted.content == text
    assert posted.files == (standings_png(rows, names, "Spring Open: round 1 under way"),)
    await fake.command(tournaments.standings, carol, tournament=99)  # type: ignore[union-attr]
    assert fake.last().private and fake.last().content == "There is no tournament #99."


@pytest.mark.parametrize("key", sorted(games.GAMES))
async def test_every_game_plays_a_tournament_to_its_winner(fake: FakeDiscord, people: list[Any], key: str) -> None:
    allow_channel_threads(fake)
    quicken(fake, people)
    size = games.get(key).min_players
    tid, signup = await create(fake, people[0], name="Cup", game=key, table_size=size, rounds=1)
    for person in people[:size]:
        await fake.click(person, signup, label="Join")
    await fake.command(fake.bot.get_cog("TournamentCommands").start, people[0])  # type: ignore[union-attr]
    (table,) = (await fake.bot.tournaments.get(tid)).tables
    assert channel_posts(fake, "**Cup**: round 1 of 1 has begun") and table.game_id is not None
    await play_round(fake, tid, seed=11)
    assert (await fake.bot.tournaments.get(tid)).status == "finished"
    (final,) = channel_posts(fake, "**Cup** is over.")
    assert "Winner" in final.content and final.files and "The tournament is over." in signup.content
