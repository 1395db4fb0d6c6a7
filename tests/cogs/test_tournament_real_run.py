"""What a real tournament run found (issue 16, item 6), from Discord: the sign-up link, the organiser's choice
for numbers that do not divide, standings titles, a round ending while paused, drops and replacements marked,
and the words of round posts and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from render.standings import standings as standings_png
from tests.cogs.harness import GUILD, FakeDiscord, make_user
from tests.cogs.tournament_flows import (
    allow_channel_threads,
    capture_mentions,
    channel_posts,
    cog,
    create,
    pinged,
    play_round,
    quicken,
)

pytestmark = pytest.mark.usefixtures("plain_pictures")


async def test_create_links_the_sign_up_in_this_server_and_shows_the_choice_for_uneven_numbers(
    fake: FakeDiscord, alice: Any
) -> None:
    allow_channel_threads(fake)
    tid, signup = await create(fake, alice)
    answer = fake.last()
    assert answer.private
    assert answer.content == f"Tournament #{tid} is open: https://discord.com/channels/{GUILD}/2000/{signup.id}"
    assert "Swiss, 3 rounds, tables of 2 (byes when numbers do not divide)" in signup.content
    larger, signup = await create(fake, alice, name="Wall Cup", uneven="larger")
    assert "tables of 2 (larger tables when numbers do not divide)" in signup.content
    assert (await fake.bot.tournaments.get(larger)).uneven == "larger"
    assert (await fake.bot.tournaments.get(tid)).uneven == "byes"


async def _running(fake: FakeDiscord, organiser: Any, players: list[Any], **params: Any) -> int:
    allow_channel_threads(fake)
    quicken(fake, players)
    tid, signup = await create(fake, organiser, **params)
    for player in players:
        await fake.click(player, signup, label="Join")
    await fake.command(cog(fake).start, organiser)
    return tid


async def test_the_round_post_lists_the_players_as_play_goes_each_once_and_words_a_single_bye(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    tid = await _running(fake, alice, [alice, bob, carol], game="great_wall", rounds=1)
    (post,) = channel_posts(fake, "round 1 of 1 has begun")
    assert "turn order" not in post.content
    row = await fake.bot.tournaments.get(tid)
    (table,) = row.tables
    game = await fake.bot.service.get(table.game_id or 0)
    opening = game.game.to_act(game.game.new(2, game.seed, game.options))
    (first,) = opening
    seated = [p.user_id for p in game.seated]
    line = f"Table 1: <@{seated[first]}> moves first, then <@{seated[1 - first]}> · "
    assert line in post.content
    assert all(post.content.count(f"<@{user}>") == 1 for user in seated)
    (bye,) = [u for _, u in row.byes]
    assert f"Bye in round 1 (0.5 points): <@{bye}>" in post.content  # one bye: no "each"


async def test_standings_in_the_middle_of_a_round_are_titled_by_the_rounds_complete(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    people = [alice, bob, carol, make_user(404, "Dai")]
    tid = await _running(fake, alice, people, game="great_wall", rounds=2)
    mark = len(fake.sent)
    await fake.command(cog(fake).standings, alice)
    _, posted = fake.since(mark)
    assert posted.content.startswith("**Autumn Cup: round 1 under way**\nRound 1 is under way")
    await play_round(fake, tid, seed=1)
    assert (await fake.bot.tournaments.get(tid)).current_round == 2  # round 2 has begun, none of it is over
    mark = len(fake.sent)
    await fake.command(cog(fake).standings, alice)
    _, posted = fake.since(mark)
    title = "Autumn Cup: after round 1"
    assert posted.content.split("\n")[0] == f"**{title}**"
    names = {p.id: p.display_name for p in people}
    assert posted.files == (standings_png(await fake.bot.tournaments.standings(tid), names, title),)
    # A game of round 2 over: the standings count it, and are titled by the round under way, not "after round 1".
    row = await fake.bot.tournaments.get(tid)
    game = await fake.bot.service.get(next(t.game_id for t in row.tables if t.round == 2 and t.game_id))
    await fake.bot.service.resign(game.id, game.seated[0].user_id or 0)
    assert await fake.bot.tournaments.rounds_complete(tid) == 1
    mark = len(fake.sent)
    await fake.command(cog(fake).standings, alice)
    _, posted = fake.since(mark)
    assert posted.content.split("\n")[:2] == [
        "**Autumn Cup: round 2 under way**", "Round 2 is under way: its byes and the games already over count."]


async def test_a_round_that_ends_while_paused_is_posted_and_the_organiser_told(
    fake: FakeDiscord, alice: Any, bob: Any
) -> None:
    mentions = capture_mentions(fake)
    tid = await _running(fake, alice, [alice, bob], game="great_wall", rounds=2)
    await fake.command(cog(fake).pause, alice)
    await play_round(fake, tid, seed=2)
    (over,) = channel_posts(fake, "round 1 is over")
    assert "The tournament is paused: round 2 starts when <@101> resumes it with `/tournament resume`." in (
        over.content
    )
    assert pinged(mentions[over.id]) == {alice.id} and over.files
    assert not channel_posts(fake, "round 2 of 2 has begun")
    await fake.bot.tournaments.advance(tid)  # told once, however often the tournament is looked at
    await fake.command(cog(fake).standings, bob)
    assert fake.last().content.split("\n")[0] == "**Autumn Cup: after round 1**"  # the round is over
    await fake.command(cog(fake).resume, alice)
    assert channel_posts(fake, "round 2 of 2 has begun") and len(channel_posts(fake, "round 1 is over")) == 1


async def test_dropped_and_replaced_players_are_marked_with_the_round_they_left_in(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    dai, eun = make_user(404, "Dai"), make_user(505, "Eun")
    people = [alice, bob, carol, dai]
    tid = await _running(fake, alice, people, game="great_wall", rounds=3)
    await play_round(fake, tid, seed=3)
    await fake.command(cog(fake).drop, alice, player=bob)  # his round-2 game ends: maybe Carol's win
    carol_points = {s.player: s.points for s in await fake.bot.tournaments.standings(tid)}[carol.id]
    await fake.command(cog(fake).replace, alice, old=carol, new=eun)
    mark = len(fake.sent)
    await fake.command(cog(fake).standings, alice)
    _, posted = fake.since(mark)
    assert "Bob dropped out in round 2; Eun took Carol's place in round 2, with their results." in posted.content
    rows = await fake.bot.tournaments.standings(tid)
    assert carol.id not in {r.player for r in rows}
    # Eun holds Carol's results; a round-2 game of Carol's still running will count for Eun too.
    assert {r.player: r.points for r in rows}[eun.id] == carol_points
    names = {p.id: p.display_name for p in [*people, eun]}
    marks = {bob.id: "dropped", eun.id: "replacement"}
    title = posted.content.split("\n")[0].strip("*")
    assert posted.files == (standings_png(rows, names, title, marks),)
    assert posted.files != (standings_png(rows, names, title),)  # the marks show in the picture
