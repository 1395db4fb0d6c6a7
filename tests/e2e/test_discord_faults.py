"""Discord misbehaving: rate limits (429 with retry_after) and server errors (500) are retried without a
duplicate message; a dropped gateway is resumed without losing a click; closed DMs leave the game to the
thread. Each fault is injected by the double, and each must have been served."""

from __future__ import annotations

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
