"""Whole games through the double: people open a table, join, start and play to the final ranking with only
the controls the bot shows them, against the real bot process. Then what each person saw is checked for
hidden information, the database for the truth of the log, and the thread for what it cost the players'
attention: posts, pictures and notifications per own turn (a quiet table: one post and one notification
per turn)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence

import pytest

from bot import games
from tests.e2e.attention import count_attention
from tests.e2e.counted import RequestCount, edited_after_closing, most_in_a_second
from tests.e2e.double import DiscordDouble
from tests.e2e.double.model import Call
from tests.e2e.hidden import check_hidden_information
from tests.e2e.play import Game, play_to_end, start_game
from tests.e2e.process import BotProcess
from tests.e2e.records import Recorded, read_game
from tests.e2e.users import SimUser

NOTIFICATIONS_PER_TURN = 1.2
DISCORD_LIMIT = 50  # counted requests a second per bot token
# Counted requests a move at most, for the game the bot's cost was first measured on: a whole game of The Great
# Wall of China cost 2.37 to 2.40 a move while the prompt a click is answered in was also closed by an edit of
# its own; 2.08 to 2.16 since. (Other games vary more with their moves a turn: see edited_after_closing.)
PER_MOVE = {"great_wall": 2.3}


async def settled(game: Game, bot: BotProcess) -> Recorded:
    """The game as the database holds it once the bot has finished telling it (the last prompts are closed
    after the final board is out, and only then is the notification marked sent)."""
    for _ in range(100):
        recorded = read_game(bot.database, game.id)
        if all(delivered for *_, delivered in recorded.outbox):
            return recorded
        await asyncio.sleep(0.1)
    return recorded


async def check_finished(game: Game, bot: BotProcess, moves: int) -> None:
    final = game.board()
    assert "Final ranking" in final.content and len(final.attachments) == 1
    assert [c.rsplit(":", 1)[1] for c in final.custom_ids()] == ["rematch", "newtable", "story"]  # and nothing else
    recorded = await settled(game, bot)
    # Every move is a person's click, or a pass the service applied because it was the only choice.
    forced = sum(1 for _, kind, payload, _ in recorded.outbox if kind == "moved" and payload.get("forced"))
    assert recorded.status == "finished" and recorded.version == len(recorded.moves) == moves + forced, game.clicks[-6:]
    assert recorded.replays_to_snapshot()
    assert all(delivered for *_, delivered in recorded.outbox), "every notification went out"
    # Every position somebody moved from was on the board (forced passes follow their turn's move at once).
    chosen = {version - 1 for version, kind, payload, _ in recorded.outbox if kind == "moved" and
              not payload.get("forced")}
    assert chosen <= game.shown_versions(), "every position was on the board, none lost"
    report = check_hidden_information(game.double, recorded)
    assert report.rendered >= 10 and report.pictures > 0
    attention = count_attention(game.double, recorded, game.thread_id)
    names = {u.id: u.name for u in game.players.values()}
    print(f"\n{game.key} {len(names)}p, {moves} moves, table seed {recorded.seed}: {attention.summary(names)}")
    assert attention.quiet, attention.summary(names)
    for user_id in names:
        assert attention.per_turn(user_id) <= NOTIFICATIONS_PER_TURN, attention.summary(names)
    # The bot asks Discord only for interactions and its servers' channels: no event for each message posted.
    sent = {frame["t"] for session in game.double.gateway.sessions.values() for frame in session.frames}
    assert "INTERACTION_CREATE" in sent and not [t for t in sent if t.startswith("MESSAGE_")], sent
    # At the end no private message of the game keeps a usable control, and every player was told of the end.
    live = live_private_controls(game)
    print(f"{game.key}: private messages with live controls at the end: {sum(live.values())} {dict(live)}")
    assert sum(live.values()) == 0, live
    pinged = set(final.pinged)
    for user in game.players.values():
        said = f"#{game.id}** has ended"  # a new DM (edited prompts say it too, and notify nobody)
        told = [m for m in user.private() if said in m.content and not m.ephemeral and m.edited_at is None]
        assert len(told) == 1 or (not told and user.id in pinged), f"{user.name} was not told of the end once"
    # Only the newest board message has buttons (the final one, Rematch and New table): older ones lost theirs.
    assert [b for b in game.boards()[:-1] if b.custom_ids()] == []


def check_requests(game: Game, bot: BotProcess, calls: Sequence[Call]) -> None:
    """What the game cost in requests Discord counts against the bot's global limit: within Discord's limit in
    every second (the bot paces itself below it); no prompt closed by an edit that a click's answer replaced
    anyway; and, for the games measured before that, fewer a move than then."""
    requests = RequestCount.of(calls, read_game(bot.database, game.id).version, game.double.world)
    busiest = most_in_a_second(calls)
    print(f"{game.key}: {requests.summary()}; at most {busiest} in any second")
    assert busiest <= DISCORD_LIMIT
    assert edited_after_closing(game.double.world, calls) == [], requests.summary()
    assert requests.per_move <= PER_MOVE.get(game.key, float("inf")), requests.summary()


def live_private_controls(game: Game) -> dict[str, int]:
    """Per person, their private messages (DMs and ephemeral answers) still holding a control of the game."""
    prefix = f"mk:{game.id}:"
    return {user.name: sum(1 for m in user.private() if any(c.startswith(prefix) for c in m.custom_ids()))
            for user in game.players.values()}


PEOPLE = ("Alice", "Bob", "Carol", "Dave")


# People here click as fast as the bot answers, and the double enforces Discord's limits: a game's thread takes 5
# new messages and 5 edits every 5 seconds, so Discord, not the bot, sets the pace (a few minutes for a long game
# on a busy machine).
@pytest.mark.timeout(900)
@pytest.mark.parametrize("key", games.GAMES)
async def test_a_whole_game_of_each(double: DiscordDouble, bot: BotProcess, key: str) -> None:
    """Every game the bot hosts, at as many players as it takes up to four, played to its final ranking."""
    engine = games.get(key)
    people = [SimUser(double, double.person(name)) for name in PEOPLE[: min(engine.max_players, len(PEOPLE))]]
    before = len(double.world.calls)
    game = await start_game(double, key, *people)
    moves = await play_to_end(game, random.Random(key))
    await check_finished(game, bot, moves)
    check_requests(game, bot, double.world.calls[before:])
    assert all(not c.failed for c in game.clicks), [c for c in game.clicks if c.failed][:3]
