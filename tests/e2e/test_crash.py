"""The bot process is killed (SIGKILL) at chosen and at random moments of a game and started again, many
times. Afterwards no move the players saw confirmed is missing, no move was applied twice or without a click
for it, every position's board was posted (again, after a restart), and the game was played to its end.

Kill points: while acknowledging a click (the move is not made), before the board post reaches Discord
(the move is committed, the board is not out), right after it (Discord has it, the bot never learns), before
the mover's DM, before the confirmation to the clicker, and at a random instant of a click.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from tests.e2e.double import DiscordDouble
from tests.e2e.double.model import walk
from tests.e2e.play import CONTROL, Click, Game, assert_told_stale, board_version, start_game, take_turn
from tests.e2e.process import BotProcess
from tests.e2e.records import check_log, read_game
from tests.e2e.users import InteractionFailed, SimUser

MESSAGES = r"POST /channels/\{id\}/messages"
EDIT = r"PATCH /channels/\{id\}/messages/\{id\}"
CALLBACK = r"POST /interactions/\{id\}/\{token\}/callback"
CONFIRMATION = r"PATCH /webhooks/\{id\}/\{token\}/messages/@original"
KILL_POINTS = ("acknowledging", "before the board", "after the board", "before the DM", "before the answer", "random")


def arm(
    double: DiscordDouble, bot: BotProcess, game: Game, point: str, rng: random.Random
) -> asyncio.TimerHandle | None:
    def kill(_path: str) -> None:
        if bot.alive():  # once: two hooks may be armed for one kill point
            bot.kill()

    in_thread: Callable[[str], bool] = lambda path: f"/channels/{game.thread_id}/" in path  # noqa: E731
    faults = double.faults
    if point == "acknowledging":
        faults.on("POST", CALLBACK.split(" ", 1)[1], kill, drop=True)
    elif point in ("before the board", "after the board"):  # the board: a new turn's post, or its edit
        for method, route in (("POST", MESSAGES), ("PATCH", EDIT)):
            faults.on(method, route.split(" ", 1)[1], kill, when=in_thread, drop=point == "before the board")
    elif point == "before the DM":
        faults.on("POST", MESSAGES.split(" ", 1)[1], kill, when=lambda path: not in_thread(path), drop=True)
    elif point == "before the answer":
        faults.on("PATCH", CONFIRMATION.split(" ", 1)[1], kill, drop=True)
    else:
        return asyncio.get_running_loop().call_later(rng.uniform(0.0, 0.4), bot.kill)
    return None


# A whole game played at test speed, through a double that enforces Discord's limits (a thread takes 5 new messages
# and 5 edits every 5 seconds; a restarted bot has forgotten its buckets and meets their 429s), plus a dozen
# restarts: minutes on a busy machine, of Discord's pacing, not of waiting for anything to happen.
@pytest.mark.timeout(900)
async def test_killed_many_times_no_move_lost_or_doubled(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser
) -> None:
    double.world.unanswered_expected = True  # clicks made while the bot was dead
    game = await start_game(double, "great_wall", alice, bob)
    rng = random.Random(1234)
    points = [*KILL_POINTS, *KILL_POINTS]
    rng.shuffle(points)
    turn = retried = 0
    while not game.over():
        turn += 1
        # Every turn while kill points are left: a point a click does not reach (no DM due, a move faster than
        # the random instant, more often since a move no longer replays the log) is tried again later, and the
        # game must last until every point has had its kill.
        armed = points.pop() if points else None
        timer = arm(double, bot, game, armed, rng) if armed else None
        try:
            await take_turn(game, rng.choice(game.movers()), rng)
        except InteractionFailed as failure:
            if not armed:
                await asyncio.sleep(0.5)  # the exit status, when the bot died
                exit_code = bot.proc.returncode if bot.proc else None
                history = (exit_code, double.gateway.history[-6:], bot.kill_log[-2:], bot.log_tail(15))
                raise AssertionError(f"only a killed bot leaves a click unanswered: {history}") from failure
        if timer is not None:
            timer.cancel()
        double.faults.disarm()
        if bot.alive():
            if armed:  # that click never reached the kill point (no DM due, say): try it again later
                points.insert(0, armed)
            continue
        failed = game.clicks[-1]
        await bot.wait_dead()
        await bot.start()
        recorded = read_game(bot.database, game.id)
        # The board of the position the database holds is out (posted again if the kill came before it).
        shown = game.board()
        assert (board_version(shown, game.id) == recorded.version) or (recorded.status == "finished")
        # Half of the controls that got no answer are clicked again, and always the first: the retry is tested
        # in every run (a coin for each alone left it untested in one run of ten).
        if CONTROL.match(failed.custom_id) and (not retried or rng.random() < 0.5):
            retried += await retry(game, bot, failed)
    assert bot.kills >= 2 * len(KILL_POINTS) - 2 and bot.starts == bot.kills + 1, (turn, bot.kills, points)
    check_log(game, read_game(bot.database, game.id))
    assert retried >= 1


async def retry(game: Game, bot: BotProcess, click: Click) -> int:
    """The person clicks the very control that got no answer, again: if the position moved on since (its
    move was made after all, or another), they are told so and nothing changes."""
    user = game.players[click.user_id]
    message = next((m for m in reversed(user.private()) if click.custom_id in m.custom_ids()), None)
    if message is None:
        return 0
    values = next(
        ([c["options"][0]["value"]] for c in walk(message.components)
         if c.get("custom_id") == click.custom_id and c["type"] == 3),
        None,
    )
    before = read_game(bot.database, game.id).version
    answer = await (await user.click(message, custom_id=click.custom_id, values=values)).settled()
    if click.version != before:
        assert_told_stale(game, answer.text())
        assert read_game(bot.database, game.id).version == before
    return 1
