"""Discord misbehaving: rate limits (429 with retry_after) and server errors (500) are retried without a
duplicate message; a dropped gateway is resumed without losing a click; closed DMs leave the game to the
thread. Each fault is injected by the double, and each must have been served."""

from __future__ import annotations

import asyncio
import random
from collections import Counter

from tests.e2e.double import DiscordDouble, Message
from tests.e2e.play import Game, board_version, start_game, take_turn
from tests.e2e.process import BotProcess
from tests.e2e.records import read_game
from tests.e2e.users import SimUser

MESSAGES = r"/channels/\{id\}/messages"
CALLBACK = r"/interactions/\{id\}/\{token\}/callback"
ORIGINAL = r"/webhooks/\{id\}/\{token\}/messages/@original"
FOLLOWUP = r"/webhooks/\{id\}/\{token\}"
FAULTS = [
    ("POST", MESSAGES, 429),  # the board, or the DM
    ("POST", MESSAGES, 500),
    ("POST", CALLBACK, 429),  # the first answer, within its 3 seconds
    ("POST", CALLBACK, 500),
    ("PATCH", ORIGINAL, 429),  # the mover's confirmation
    ("PATCH", ORIGINAL, 500),
    ("POST", FOLLOWUP, 429),  # "Play"'s private answer
    ("POST", FOLLOWUP, 500),
]


def posts_by_version(game: Game) -> Counter[int | None]:
    """How often a board message was posted (not edited) for each version."""
    found: Counter[int | None] = Counter()
    for revision in game.double.world.revisions:
        if revision.channel_id == game.thread_id and revision.audience is None and not revision.edit:
            message = Message(revision.message_id, revision.channel_id, 0, revision.content, list(revision.components))
            if board_version(message, game.id) is not None:
                found[board_version(message, game.id)] += 1
    return found


async def test_429_and_500_are_retried_without_duplicates(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    game = await start_game(double, "great_wall", alice, bob)
    rng = random.Random(429)
    for method, route, status in FAULTS:
        double.faults.fail(method, route, status, retry_after=0.3)
        for _ in range(4):  # until the fault was served (a route may not come up in every move)
            await take_turn(game, rng.choice(game.movers()), rng, via_play=0.5)
            if not double.faults.pending():
                break
        assert not double.faults.pending(), f"{status} on {method} {route} never came up"
    assert Counter(status for status, _ in double.faults.injected) == {429: 4, 500: 4}
    recorded = read_game(bot.database, game.id)
    counts = posts_by_version(game)
    assert set(counts.values()) == {1}, "no board posted twice"
    assert set(range(recorded.version + 1)) <= game.shown_versions(), "every position shown"
    # Each DM went out once, each interaction was answered once (a second answer would get Discord's 40060).
    for user in (alice, bob):
        dms = [(m.content, *(a.filename for a in m.attachments)) for m in user.private() if m.interaction_id is None]
        assert len(dms) == len(set(dms)), f"a DM to {user.name} was sent twice"
    assert not [c for c in double.world.calls if c.status == 400], "no interaction answered twice"
    assert all(i.answered and not i.late for i in double.world.interactions.values())


async def test_dropped_gateway_is_resumed_and_no_click_is_lost(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    game = await start_game(double, "great_wall", alice, bob)
    rng = random.Random(1)
    for abrupt in (False, True, False):
        await double.gateway.drop(abrupt=abrupt)  # a close frame from Discord, or a cut connection
        # The click is made at once, while the bot reconnects: Discord keeps it for the RESUME.
        before = game.version()
        await take_turn(game, rng.choice(game.movers()), rng, via_play=0.0)
        assert game.version() != before
    assert double.gateway.identifies == 1, "resumed, never identified again"
    assert double.gateway.heartbeats >= 4, "the bot heartbeats on each connection"
    assert double.gateway.resumes == 3
    assert any("kept for a resume" in what for _, what in double.gateway.history), "a click waited for the resume"
    assert read_game(bot.database, game.id).version == game.version()


async def test_closed_dms_leave_the_game_to_the_thread(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    double.faults.closed_dms.add(bob.id)
    game = await start_game(double, "great_wall", alice, bob)
    rng = random.Random(50007)
    bob_moves = 0
    while bob_moves < 3:
        mover = rng.choice(game.movers())
        await take_turn(game, mover, rng, via_play=0.0)  # from the DM when there is one, else "Play"
        bob_moves += mover is bob
    dm = bob.dm_channel_id()
    tried = [c for c in double.world.calls if c.method == "POST" and c.path.endswith(f"/channels/{dm}/messages")]
    assert [c.status for c in tried] == [403], "tried once; the bot remembers closed DMs"
    assert not [m for m in bob.private() if m.channel_id == dm]
    assert any(m.channel_id == alice.dm_channel_id() for m in alice.private()), "Alice still gets her DMs"
    recorded = read_game(bot.database, game.id)
    seat = recorded.seat_of(bob.id)
    assert sum(m.seat == seat for m in recorded.moves) >= 3


async def test_what_discord_gave_up_on_is_sent_again_in_order(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    """discord.py gives up on a request after five 429s in a row (a busy channel). The bot keeps that turn's
    notification and sends it again a little later by itself, not at the game's next move: a board post in
    the thread, then a turn DM. Each comes once, in order, and nobody is told their DMs are closed."""
    game = await start_game(double, "great_wall", alice, bob)
    rng = random.Random(1429)
    while alice.dm_channel_id() is None or bob.dm_channel_id() is None:
        await take_turn(game, rng.choice(game.movers()), rng, via_play=0.5)
    thread, dms = game.thread_id, (alice.dm_channel_id(), bob.dm_channel_id())
    targets = [
        lambda path: f"/channels/{thread}/" in path,  # a turn's new board
        lambda path: any(f"/channels/{dm}/" in path for dm in dms),  # a turn DM
    ]
    for target in targets:
        double.faults.fail("POST", MESSAGES, 429, times=5, retry_after=0.05, when=target)
        for _ in range(6):
            await take_turn(game, rng.choice(game.movers()), rng, via_play=0.5)
            if not double.faults.pending():
                break
        assert not double.faults.pending(), "the request was made five times"
    await take_turn(game, rng.choice(game.movers()), rng, via_play=0.5)
    assert Counter(status for status, _ in double.faults.injected) == {429: 10}
    for _ in range(100):  # the last move's DMs come after its board and answer
        recorded = read_game(bot.database, game.id)
        if all(delivered for *_, delivered in recorded.outbox):
            break
        await asyncio.sleep(0.1)
    counts = posts_by_version(game)
    assert set(counts.values()) == {1}, "no board posted twice"
    posted = [version for version in counts if version is not None]
    assert posted == sorted(posted), "boards posted in the order of the moves"
    assert set(range(recorded.version + 1)) <= game.shown_versions(), "every position shown"
    assert all(delivered for *_, delivered in recorded.outbox), "every notification sent"
    for user in (alice, bob):
        dms_seen = [(m.content, *(a.filename for a in m.attachments)) for m in user.private()
                    if m.interaction_id is None]
        assert len(dms_seen) == len(set(dms_seen)), f"a DM to {user.name} was sent twice"
    assert not [m for m in double.world.messages.values() if "DMs are closed" in m.content]
    assert bot.log_text().count("will retry") >= 2
