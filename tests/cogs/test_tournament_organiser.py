"""The organiser's side of a tournament from Discord: who may do what, check-in, drops, replacements,
pause / resume / cancel, refusals as private sentences, and sign-up buttons that survive a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.config import Config
from cogs.client import MiddleKingdomBot
from cogs.tournament import RoundPoster
from cogs.tournament_views import SignupButton
from tests.cogs.harness import FakeDiscord, Posted, labels, make_user, registered_items
from tests.cogs.tournament_flows import (
    allow_channel_threads,
    channel_posts,
    cog,
    create,
    play_round,
    quicken,
)

NOT_ORGANISER = "Only the organiser (or a member with Manage Server) can do that."


pytestmark = pytest.mark.usefixtures("plain_pictures")


async def _signed_up(fake: FakeDiscord, organiser: Any, *players: Any, **params: Any) -> tuple[int, Posted]:
    allow_channel_threads(fake)
    tid, signup = await create(fake, organiser, **params)
    for player in players:
        await fake.click(player, signup, label="Join")
    return tid, signup


async def fake_start_ok(fake: FakeDiscord, organiser: Any) -> None:
    await fake.command(cog(fake).start, organiser)
    assert _answer(fake).endswith("has started: round 1 is posted here.")


def _answer(fake: FakeDiscord) -> str:
    answer = fake.last()
    assert answer.private
    return answer.content


async def test_only_the_organiser_or_a_server_manager_runs_the_tournament(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    tid, signup = await _signed_up(fake, alice, alice, bob, check_in=True)
    commands = cog(fake)
    for command, params in (
        (commands.start, {}),
        (commands.checkin, {}),
        (commands.pause, {}),
        (commands.resume, {}),
        (commands.cancel, {}),
        (commands.drop, {"player": alice}),
        (commands.replace, {"old": alice, "new": carol}),
    ):
        await fake.command(command, bob, **params)
        assert _answer(fake) == NOT_ORGANISER, command.name
    row = await fake.bot.tournaments.get(tid)
    assert row.status == "signup" and {p.user_id for p in row.players} == {alice.id, bob.id}
    # A member with Manage Server may, although they did not create it.
    await fake.command(commands.checkin, carol, manage=True)
    assert _answer(fake) == "Check-in for Autumn Cup is open."
    assert labels(signup.view) == ["Join", "Leave", "Check in"] and "Check-in is open" in signup.content


async def test_check_in_drops_the_no_shows_at_the_start(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any, dai: Any
) -> None:
    tid, signup = await _signed_up(fake, alice, alice, bob, carol, check_in=True)
    check_in = f"mk:t:{tid}:checkin"  # no such button yet: a forged click
    await fake.dispatch(alice, signup, check_in, base=discord.ui.Button(custom_id=check_in))
    assert _answer(fake) == "Check-in is not open."
    await fake.command(cog(fake).checkin, alice)
    await fake.click(alice, signup, label="Check in")
    await fake.click(bob, signup, label="Check in")
    await fake.click(dai, signup, label="Check in")
    assert _answer(fake) == "You are not signed up."
    await fake.click(dai, signup, label="Join")  # joining during check-in counts as being here
    assert "Players (4): <@101> ✓, <@202> ✓, <@303>, <@404> ✓" in signup.content
    await fake.command(cog(fake).start, alice)
    row = await fake.bot.tournaments.get(tid)
    status = {p.user_id: p.status for p in row.players}
    assert status[carol.id] == "dropped"
    seated = [u for t in row.tables for u in t.players] + [u for _, u in row.byes]
    assert sorted(seated) == [alice.id, bob.id, dai.id]
    assert signup.view is None and "Players: 3" in signup.content
    (posted,) = channel_posts(fake, "round 1 of 3 has begun")
    assert "<@303>" not in posted.content
    join = f"mk:t:{tid}:join"  # an old copy of the sign-up message still has the button
    await fake.dispatch(carol, signup, join, base=discord.ui.Button(custom_id=join))
    assert _answer(fake) == "Sign-up for this tournament is closed."


async def test_drops_resign_the_running_game_and_a_replacement_takes_the_place(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any, dai: Any
) -> None:
    erin = make_user(505, "Eun")
    tid, signup = await _signed_up(fake, alice, alice, bob, carol, dai)
    await fake.command(cog(fake).replace, alice, old=dai, new=erin)
    assert _answer(fake) == "Eun takes Dai's place."
    assert "<@505>" in signup.content and "<@404>" not in signup.content
    await fake.command(cog(fake).start, alice)
    row = await fake.bot.tournaments.get(tid)
    game_of = {u: t.game_id for t in row.tables for u in t.players}
    await fake.command(cog(fake).drop, alice, player=bob)
    assert _answer(fake) == "Bob was dropped from Autumn Cup."
    game = await fake.bot.service.get(game_of[bob.id] or 0)
    dropped = channel_posts(fake, "was dropped from the tournament", where=f"thread:{game.thread_id}")
    assert game.status == "finished" and dropped
    await fake.command(cog(fake).drop, carol)  # players may drop out themselves
    assert _answer(fake) == "Carol was dropped from Autumn Cup."
    await fake.command(cog(fake).drop, carol)  # "not in the tournament" would puzzle someone who just left
    assert _answer(fake) == "You have already dropped out of this tournament."
    await fake.command(cog(fake).drop, alice, player=carol)
    assert _answer(fake) == "That player has already dropped out of the tournament."
    await fake.command(cog(fake).drop, alice, player=dai)
    assert _answer(fake) == "That player's place in the tournament has gone to Eun."
    await fake.command(cog(fake).drop, alice, player=make_user(606, "Fay"))
    assert _answer(fake) == "That player is not in the tournament."
    row = await fake.bot.tournaments.get(tid)
    assert {p.user_id: p.status for p in row.players}[bob.id] == "dropped"
    standings = await fake.bot.tournaments.standings(tid)
    # Results so far stay in the standings; the replacement is there, the replaced player is not.
    assert {bob.id, carol.id, erin.id} <= {s.player for s in standings} and dai.id not in {s.player for s in standings}


async def test_a_drop_is_said_as_a_drop_and_told_to_the_player_once(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any, dai: Any
) -> None:
    tid, _ = await _signed_up(fake, alice, alice, bob, carol, dai)
    await fake.command(cog(fake).start, alice)
    row = await fake.bot.tournaments.get(tid)
    game_of = {u: t.game_id or 0 for t in row.tables for u in t.players}
    # Seating is random: the second player dropped sits at the other table (Bob's game ends with his drop).
    quiet = next(p for p in (carol, dai) if game_of[p.id] != game_of[bob.id])
    await fake.command(fake.bot.get_cog("Me").dm, quiet, state="off")  # told in the thread
    for dropped in (bob, quiet):
        mark = len(fake.sent)
        await fake.command(cog(fake).drop, alice, player=dropped)
        game = await fake.bot.service.get(game_of[dropped.id])
        thread = f"thread:{game.thread_id}"
        said = [s for s in fake.since(mark) if s.where == thread]
        drop_line = f"<@{dropped.id}> was dropped from the tournament and leaves the game."
        assert any(drop_line in s.content for s in said) and not any("resigned" in s.content for s in said)
        told = [s for s in fake.posted_since(mark) if s.where == f"dm:{dropped.id}" or dropped.id in s.pinged]
        assert len(told) == 1, told  # once: by DM when they take DMs, else the thread's line mentions them
        if dropped is bob:
            assert told[0].where == f"dm:{bob.id}"
            assert told[0].content.startswith("You were dropped from the tournament and leave **")
        else:
            assert told[0].where == thread and drop_line in told[0].content
        # The game ends with the other player first; the move log keeps the resignation.
        seat = game.seat_of(dropped.id)
        result = game.result()
        assert game.status == "finished" and result is not None and seat is not None
        assert result.ranking[seat] == 2
        assert [m.kind for m in await fake.bot.service.move_log(game.id)][-1] == "resign"
        # The final ranking marks the drop (text and picture), not a resignation.
        final = next(s.message for s in reversed(fake.sent) if s.where == thread and "Final ranking" in s.content)
        assert f"2. <@{dropped.id}> (dropped): " in final.content, final.content
        (words,) = final.descriptions
        assert "dropped" in words and "resigned" not in words, words
    standings = await fake.bot.tournaments.standings(tid)
    points = {s.player: s.points for s in standings}
    assert points[bob.id] < max(points.values()) and points[quiet.id] < max(points.values())


async def test_pause_resume_and_cancel(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    tid, signup = await _signed_up(fake, alice, alice, bob)
    await fake.command(cog(fake).pause, alice)
    assert _answer(fake) == "Only a running tournament can be paused; this one is still taking sign-ups."
    await fake.command(cog(fake).start, alice)
    await fake.command(cog(fake).pause, alice)
    assert _answer(fake) == "Autumn Cup is paused; games already running go on."
    assert "The tournament is paused" in signup.content
    await fake.command(cog(fake).resume, alice)
    assert _answer(fake) == "Autumn Cup goes on." and "under way: round 1" in signup.content
    row = await fake.bot.tournaments.get(tid)
    game = await fake.bot.service.get(row.tables[0].game_id or 0)
    await fake.command(cog(fake).cancel, carol, manage=True)
    assert _answer(fake) == "Autumn Cup was cancelled."
    assert "This tournament was cancelled." in signup.content
    assert (await fake.bot.service.get(game.id)).status == "cancelled"
    assert channel_posts(fake, "was cancelled", where=f"thread:{game.thread_id}")


async def test_mistakes_get_a_private_sentence(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    commands = cog(fake)
    await fake.command(commands.create, alice, name="Cup", game="sun_tzu", format="swiss", table_size=3)
    assert _answer(fake) == "Sun Tzu is for 2 to 2 players, not 3."
    await fake.command(commands.start, alice)
    assert _answer(fake).startswith("Which tournament?")
    tid, signup = await _signed_up(fake, alice, alice, cap=2)
    await fake.command(commands.start, alice)
    assert _answer(fake) == "At least 2 players must be signed up (checked in) to start."
    await fake.click(bob, signup, label="Join")
    await fake.click(carol, signup, label="Join")
    assert _answer(fake) == "This tournament is full."
    await fake.click(carol, signup, label="Leave")
    assert _answer(fake) == "You are not signed up."
    await create(fake, bob, name="Second Cup")
    await fake.command(commands.start, alice)
    assert _answer(fake).startswith("Which tournament?")
    await fake.command(commands.list_tournaments, carol)
    assert "#1 **Autumn Cup**" in _answer(fake) and "#2 **Second Cup**" in _answer(fake)
    row = await fake.bot.tournaments.get(tid)
    assert [p.user_id for p in row.players] == [alice.id, bob.id]


async def test_sign_up_buttons_work_after_a_restart(tmp_path: Path, alice: Any, bob: Any) -> None:
    path = str(tmp_path / "bot.sqlite3")
    before = await FakeDiscord.start(path)
    tid, signup = await create(before, alice)
    join = next(i.item.custom_id for i in signup.view.walk_children() if i.item.label == "Join")  # type: ignore[union-attr]
    assert join == f"mk:t:{tid}:join"
    await before.stop()

    after = await FakeDiscord.start(path)
    try:
        message = Posted(signup.id, signup.where, False)  # as discord.py rebuilds it: the custom_id alone
        await after.dispatch(bob, message, join, base=discord.ui.Button(custom_id=join))
        assert "Players (1): <@202>" in message.content and labels(message.view) == ["Join", "Leave"]
    finally:
        await after.stop()


async def test_a_round_that_ends_after_a_restart_is_posted_by_the_new_bot(
    tmp_path: Path, alice: Any, bob: Any
) -> None:
    path = str(tmp_path / "bot.sqlite3")
    before = await FakeDiscord.start(path)
    tid, _ = await _signed_up(before, alice, alice, bob, rounds=2)
    await fake_start_ok(before, alice)
    threads = list(before.threads)
    await before.stop()

    after = await FakeDiscord.start(path)
    after.threads = threads
    allow_channel_threads(after)
    quicken(after, [alice, bob])
    try:
        await play_round(after, tid, seed=5)
        (over,) = channel_posts(after, "round 1 is over")
        assert over.files and channel_posts(after, "round 2 of 2 has begun")
    finally:
        await after.stop()


async def test_the_bot_loads_the_tournament_and_rating_commands(tmp_path: Path) -> None:
    bot = MiddleKingdomBot(Config(token="t", database_path=str(tmp_path / "db.sqlite3")))
    FakeDiscord(bot)
    await bot.setup_hook()  # cogs first, then the services: the tournament service gets the poster
    try:
        commands = {c.name: c for c in bot.tree.get_commands()}
        assert {"tournament", "leaderboard", "profile"} <= set(commands)
        group = commands["tournament"]
        assert isinstance(group, discord.app_commands.Group) and group.guild_only
        assert {c.name for c in group.commands} == {
            "create", "start", "checkin", "drop", "replace", "pause", "resume", "cancel", "list", "standings"
        }
        assert bot.tournaments.notifier is bot.tournament_notifier
        assert isinstance(bot.tournament_notifier, RoundPoster)
        assert SignupButton in registered_items(bot)
    finally:
        await bot.close()
