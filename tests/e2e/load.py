"""Load: many games in progress at once, their people moving concurrently through the double, against the
real bot: one process on SQLite, or several shard processes on one PostgreSQL database. Run ``python -m
tests.e2e.load`` (or ``pytest -m load tests/e2e``); it prints a report.

Each game has two people; after a think time they take a turn with the controls the bot shows them. The
latency of a move is the time from the click that makes it (its INTERACTION_CREATE) to the new board's post
reaching the double; an acknowledgement's, from the click to the interaction's first answer. Errors are
failed interactions, apologies, broken Discord rules, logged errors, notifications never sent, and moves lost,
doubled or never shown. The double enforces Discord's rate limits (tests/e2e/double/ratelimits.py), and the
report says what the bot asked of them: counted requests a move (while people moved), the most in any one
second, the 429 answers and the invalid requests (over the whole run, the tables' setup too).
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from cogs.errors import APOLOGY
from tests.e2e.double import DiscordDouble
from tests.e2e.double.model import walk
from tests.e2e.double.ratelimits import Usage
from tests.e2e.play import BOARD_BUTTON, Game, start_game, take_turn
from tests.e2e.process import BotProcess
from tests.e2e.records import check_moves, read_game, read_game_at
from tests.e2e.users import SimUser
from tests.postgres import PostgresServer

GAMES_PER_SERVER = 10
# Seconds a person waits for the new board after a move: past Discord's limit the bot's boards queue for their
# requests' slots, so a move's board may take longer than anybody would wait in a game of two; slow is then
# reported (the boards' percentiles), only a board that never comes is an error.
PATIENCE = 300.0
SETTLE_SECONDS = 300.0  # after the last move, how long the bot may take to send what it still has to


@dataclass(frozen=True)
class Plan:
    """The shape of a load run."""

    games: int = 200
    moves: int = 5  # per game
    think: float = 30.0  # mean seconds a person thinks before a move (uniform, 0 to twice this)
    processes: int = 1  # shard processes of the bot, one shard each; more than one share a PostgreSQL database
    postgres: bool = False  # implied by more than one process
    seed: int = 1
    opened_per_second: float = 5.0  # tables opened a second before people move
    rate_limits: bool = True  # the double enforces Discord's limits (it counts the requests either way)

    def __str__(self) -> str:
        where = "PostgreSQL" if self.postgres or self.processes > 1 else "SQLite"
        return (f"{self.games} games, {self.moves} moves each, think {self.think:g} s, {self.processes} "
                f"process{'es' if self.processes > 1 else ''} on {where}")


@dataclass
class LoadReport:
    games: int
    moves: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)  # click to board posted, per move
    acks: list[float] = field(default_factory=list)  # click to its first answer, per click while people moved
    shown_at: list[float] = field(default_factory=list)  # when each move's board was posted (monotonic)
    boards: list[tuple[int, float, float]] = field(default_factory=list)  # (game, clicked, board posted) a move
    errors: list[str] = field(default_factory=list)
    rss_mb: float = 0.0  # resident memory of the bot at the end of the run
    peak_rss_mb: float = 0.0
    pss_mb: float = 0.0  # the same with shared pages counted once
    peak_pss_mb: float = 0.0
    setup_seconds: float = 0.0
    bot_cpu_seconds: float = 0.0  # while people moved, with its picture workers
    driver_cpu_seconds: float = 0.0  # this process's (the double's and the people's) on the same machine
    stop_seconds: float = 0.0  # from SIGINT to the bot's exit
    settle_seconds: float = 0.0  # from the last move to the last notification sent
    discord: Usage = field(default_factory=lambda: Usage(0, 0, 0, 0))  # what the bot asked of Discord, whole run
    counted_while_moving: Counter[str] = field(default_factory=Counter)  # by route, while people moved
    counted_setting_up: Counter[str] = field(default_factory=Counter)  # by route, while the tables were opened
    refused_routes: Counter[str] = field(default_factory=Counter)  # 429s by route and scope, whole run

    def percentile(self, q: float, of: list[float] | None = None) -> float:
        """The ``q`` quantile of the move latencies (or of ``of``)."""
        values = self.latencies if of is None else of
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]

    def steady_rate(self) -> float:
        """Moves a second over the middle half of the moves: the rate while every game is under way, without
        the start (people thinking before their first move) and the tail (the last games' last moves)."""
        shown = sorted(self.shown_at)
        if len(shown) < 8:
            return float("nan")
        first, last = len(shown) // 4, 3 * len(shown) // 4
        return (last - first) / (shown[last] - shown[first]) if shown[last] > shown[first] else float("nan")

    def steady_board_p95(self) -> float:
        """The board's p95 over the middle half of the moves (as ``steady_rate``): not the start, when every
        game's first move comes within its first think, nor the tail."""
        moves = sorted(zip(self.shown_at, self.latencies, strict=True))
        first, last = len(moves) // 4, 3 * len(moves) // 4
        return self.percentile(0.95, [latency for _, latency in moves[first:last]])

    def cpu_per_move(self) -> float:
        return self.bot_cpu_seconds / self.moves if self.moves else 0.0

    def lines(self) -> list[str]:
        rate = self.moves / self.seconds if self.seconds else 0.0
        return [
            f"games in progress: {self.games} (set up in {self.setup_seconds:.0f} s)",
            f"moves: {self.moves} in {self.seconds:.0f} s ({rate:.1f} moves/s; {self.steady_rate():.1f} moves/s "
            "over the middle half of the moves)",
            f"click to new board posted: p50 {self.percentile(0.5) * 1000:.0f} ms, "
            f"p95 {self.percentile(0.95) * 1000:.0f} ms, max {max(self.latencies, default=0) * 1000:.0f} ms, "
            f"mean {statistics.fmean(self.latencies) * 1000 if self.latencies else 0:.0f} ms; "
            f"p95 over the middle half of the moves {self.steady_board_p95() * 1000:.0f} ms",
            f"click to acknowledgement: p50 {self.percentile(0.5, self.acks) * 1000:.0f} ms, "
            f"p95 {self.percentile(0.95, self.acks) * 1000:.0f} ms, max {max(self.acks, default=0) * 1000:.0f} ms",
            self.limits_line(),
            *self.routes_lines(),
            f"errors: {len(self.errors)}" + "".join(f"\n  {e}" for e in self.errors[:10]),
            f"bot CPU: {self.bot_cpu_seconds:.1f} s while moving, {self.cpu_per_move() * 1000:.0f} ms a move; "
            f"the double and the people: {self.driver_cpu_seconds:.1f} s",
            f"bot memory (with its picture workers): {self.rss_mb:.0f} MB resident at the end, "
            f"{self.peak_rss_mb:.0f} MB peak; shared pages counted once: {self.pss_mb:.0f} MB at the end, "
            f"{self.peak_pss_mb:.0f} MB peak",
            f"every notification sent {self.settle_seconds:.1f} s after the last move; "
            f"bot stopped {self.stop_seconds:.1f} s after SIGINT",
        ]


    def limits_line(self) -> str:
        per_move = self.counted_while_moving.total() / self.moves if self.moves else 0.0
        return (f"discord limits: {per_move:.2f} counted requests a move, at most {self.discord.busiest_second} in "
                f"any second, {self.discord.refused} responses 429, {self.discord.invalid} invalid requests")

    def routes_lines(self) -> list[str]:
        """Where the counted requests went while people moved (a move's share), and where the 429s came."""
        moves = max(1, self.moves)
        counted = ", ".join(f"{route} {n / moves:.2f}" for route, n in self.counted_while_moving.most_common())
        refused = ", ".join(f"{route} {n}" for route, n in self.refused_routes.most_common())
        games = max(1, self.games)
        setup = ", ".join(f"{route} {n / games:.2f}" for route, n in self.counted_setting_up.most_common())
        return [f"  counted a move, by route: {counted or 'none'}", f"  counted a table opened: {setup or 'none'}",
                f"  429 by route: {refused or 'none'}"]


async def _setup(
    double: DiscordDouble, channels: list[int], count: int, per_second: float, report: LoadReport
) -> list[Game]:
    """``count`` games, spread over the servers' channels, opened ``per_second`` (as people arrive, not all in
    one instant: a table's opening costs the bot about 4 requests counted against Discord's global limit). A
    table that does not start (its first board never comes) is an error, and is not played."""

    async def one(n: int) -> Game | None:
        await asyncio.sleep(n / per_second)
        host = SimUser(double, double.person(f"Host{n}"))
        guest = SimUser(double, double.person(f"Guest{n}"))
        try:
            game = await start_game(double, "great_wall", host, guest, channel_id=channels[n % len(channels)])
            game.patience = PATIENCE
            return game
        except AssertionError as error:
            report.errors.append(f"table {n} did not start: {str(error)[:200]}")
            return None

    return [game for game in await asyncio.gather(*(one(n) for n in range(count))) if game is not None]


async def _player(game: Game, rng: random.Random, moves: int, think: float, report: LoadReport) -> None:
    for _ in range(moves):
        await asyncio.sleep(rng.uniform(0, 2 * think))
        if game.over():
            return
        version = game.version()
        try:
            click = await take_turn(game, rng.choice(game.movers()), rng, via_play=0.1)
        except AssertionError as error:  # an InteractionFailed, an apology, a stuck person
            report.errors.append(f"game {game.id}: {str(error)[:200]}")
            return
        if click is None:  # no move after all: the game ended meanwhile, or the turn had passed
            continue
        user = game.players[click.user_id]
        sent = user.exchanges[-1].sent_at
        shown = _board_shown(game, sent, version)
        if shown is None:  # the click was answered but its board never came
            report.errors.append(f"game {game.id}: no new board after the click")
            return
        report.latencies.append(shown - sent)
        report.shown_at.append(shown)
        report.boards.append((game.id, sent, shown))
        report.moves += 1


def _board_shown(game: Game, sent: float, version: int | None) -> float | None:
    """When the thread first showed the position after ``version``: a new board message, or the turn's
    message edited (moves inside a turn edit it), whichever came first after the click."""
    revisions = game.double.world.revisions  # in the order they happened: only those since the click
    first = bisect.bisect_left(revisions, sent, key=lambda revision: revision.at)
    for revision in revisions[first:]:
        if revision.channel_id != game.thread_id or revision.audience is not None:
            continue
        if "Final ranking" in revision.content:
            return revision.at
        for custom_id in (c.get("custom_id", "") for c in walk(list(revision.components))):
            match = BOARD_BUTTON.fullmatch(str(custom_id))
            if match and int(match[1]) == game.id and int(match[2]) != version:
                return revision.at
    return None


async def _watch_memory(bots: list[BotProcess], stop: asyncio.Event) -> None:
    while not stop.is_set():
        for bot in bots:
            bot.sample_memory()
            bot.proportional_memory()  # the kernel walks every page for it: a costly read, so not too often
        await asyncio.sleep(2.0)


def _processes(double: DiscordDouble, plan: Plan, where: Path, database_url: str | None) -> list[BotProcess]:
    """The bot's processes: one unsharded on SQLite (or ``database_url``), or one per shard on
    ``database_url``. Their commands are synced globally, once (the games are spread over many servers)."""
    env = {"DEV_GUILD_ID": "", **({"DATABASE_URL": database_url} if database_url else {})}
    if plan.processes == 1:
        return [BotProcess(double, where / "load.sqlite3", where / "load.log", extra_env=env)]
    assert database_url, "shard processes share a PostgreSQL database"
    return [
        BotProcess(double, where / "unused.sqlite3", where / f"load{n}.log", shards=(plan.processes, (n,)),
                   extra_env=env)
        for n in range(plan.processes)
    ]


def _channels(double: DiscordDouble, plan: Plan) -> list[int]:
    """Where games are opened: a server for every ``GAMES_PER_SERVER`` (a channel takes 5 new messages every 5
    seconds: hundreds of tables opened at once in one channel would wait minutes for Discord), spread evenly
    over the shards."""
    world = double.world
    count = max(1, -(-plan.games // GAMES_PER_SERVER))
    shard = (lambda n: (n % plan.processes, plan.processes)) if plan.processes > 1 else (lambda n: None)
    return [world.add_guild(f"Load server {n}", shard=shard(n)).channel_id for n in range(count)]


async def run_load(plan: Plan, folder: Path | None = None, database_url: str | None = None) -> LoadReport:
    """``database_url``: the PostgreSQL database the bot's processes share (needed for more than one)."""
    report = LoadReport(plan.games)
    with tempfile.TemporaryDirectory() as tmp:
        where = folder or Path(tmp)
        double = DiscordDouble(shards=plan.processes, rate_limits=plan.rate_limits)
        await double.start()
        bots = _processes(double, plan, where, database_url)
        channels = _channels(double, plan)
        tables: list[Game] = []
        try:
            await bots[0].sync_commands()
            for bot in bots:
                await bot.start()
            started = time.monotonic()
            tables = await _setup(double, channels, plan.games, plan.opened_per_second, report)
            report.setup_seconds = time.monotonic() - started
            report.counted_setting_up = Counter(c.route for c in double.world.calls if c.counted and c.at >= started)
            stop = asyncio.Event()
            watcher = asyncio.create_task(_watch_memory(bots, stop))
            rng = random.Random(plan.seed)
            started, driver = time.monotonic(), time.process_time()
            cpu = sum(bot.cpu_seconds() for bot in bots)
            await asyncio.gather(
                *(_player(g, random.Random(rng.random()), plan.moves, plan.think, report) for g in tables)
            )
            report.seconds = time.monotonic() - started
            report.bot_cpu_seconds = sum(bot.cpu_seconds() for bot in bots) - cpu
            report.driver_cpu_seconds = time.process_time() - driver
            stop.set()
            await watcher
            samples = [bot.sample_memory() for bot in bots]
            report.rss_mb = sum(rss for rss, _ in samples) / 1024
            report.peak_rss_mb = sum(peak for _, peak in samples) / 1024
            report.pss_mb = sum(bot.proportional_memory() for bot in bots) / 1024
            report.peak_pss_mb = sum(bot.peak_pss_kb for bot in bots) / 1024
            moving = [c for c in double.world.calls if started <= c.at <= started + report.seconds]
            report.counted_while_moving = Counter(c.route for c in moving if c.counted)
            report.acks = [i.responded_at - i.created_at for i in double.world.interactions.values()
                           if i.type == 3 and i.responded_at is not None and i.created_at >= started]
            settling = time.monotonic()
            report.errors.extend(await _unsettled(tables, bots, database_url))
            report.settle_seconds = time.monotonic() - settling
        finally:
            stopping = time.monotonic()
            for bot in bots:
                try:
                    await bot.stop(timeout=60)
                except AssertionError as error:  # reported with the figures, which are not lost
                    report.errors.append(f"{str(error).splitlines()[0]} (SIGINT, then SIGKILL)")
            report.stop_seconds = time.monotonic() - stopping
            await double.stop()
        report.discord = Usage.of(double.world.calls)
        report.refused_routes = Counter(f"{c.route} ({c.scope})" for c in double.world.calls if c.status == 429)
        report.errors.extend(f"Discord rule: {v}" for v in double.world.violations)
        report.errors.extend(f"bot log: {line}" for bot in bots for line in bot.problems())
        late = [i for i in double.world.interactions.values() if not i.answered or i.late]
        report.errors.extend(f"interaction {i.id} not answered within 3 s" for i in late)
        report.errors.extend(
            f"apology to {m.audience}" for m in double.world.messages.values() if APOLOGY in m.content
        )
    return report


async def _unsettled(tables: list[Game], bots: list[BotProcess], database_url: str | None) -> list[str]:
    """Once the bot has sent what it still had to (at most a minute): each game's notifications not sent, and
    its moves lost, doubled or never shown, as the database tells them."""
    found: list[str] = []
    deadline = time.monotonic() + SETTLE_SECONDS
    for game in tables:
        while True:
            recorded = (await read_game_at(database_url, game.id) if database_url
                        else read_game(bots[0].database, game.id))
            if all(delivered for *_, delivered in recorded.outbox) or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.2)
        unsent = sum(not delivered for *_, delivered in recorded.outbox)
        if unsent:
            found.append(f"game {game.id}: {unsent} notifications never sent")
        elif not recorded.delivered_in_order():
            found.append(f"game {game.id}: notifications sent out of order")
        try:
            check_moves(game, recorded)
        except AssertionError as error:
            found.append(f"game {game.id}: {str(error)[:200]}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=5, help="moves per game")
    parser.add_argument("--think", type=float, default=30.0, help="mean seconds a person thinks before a move")
    parser.add_argument("--processes", type=int, default=1, help="shard processes of the bot (on PostgreSQL)")
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL even for one process")
    parser.add_argument("--no-rate-limits", action="store_true", help="the double counts but refuses nothing")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    plan = Plan(args.games, args.moves, args.think, args.processes, args.postgres, args.seed,
                rate_limits=not args.no_rate_limits)
    report = asyncio.run(_run_with_database(plan))
    print(plan)
    print("\n".join(report.lines()))
    return 1 if report.errors else 0


async def _run_with_database(plan: Plan) -> LoadReport:
    if not (plan.postgres or plan.processes > 1):
        return await run_load(plan)
    server = PostgresServer()
    try:
        server.start()
        server.make_template()
        return await run_load(plan, database_url=await server.new_database())
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
