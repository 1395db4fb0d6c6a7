"""Load: many games in progress at once, their people moving concurrently through the double, against one
real bot process. Run ``python -m tests.e2e.load`` (or ``pytest -m load tests/e2e``); it prints a report.

Each game has two people; after a think time they take a turn with the controls the bot shows them. The
latency of a move is the time from the click that makes it (its INTERACTION_CREATE) to the new board's post
reaching the double. Errors are failed interactions, apologies, broken Discord rules and logged errors.
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
from dataclasses import dataclass, field
from pathlib import Path

from cogs.errors import APOLOGY
from tests.e2e.double import DiscordDouble
from tests.e2e.double.model import walk
from tests.e2e.play import BOARD_BUTTON, Game, start_game, take_turn
from tests.e2e.process import BotProcess
from tests.e2e.users import SimUser


@dataclass
class LoadReport:
    games: int
    moves: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)  # click to board posted, per move
    shown_at: list[float] = field(default_factory=list)  # when each move's board was posted (monotonic)
    errors: list[str] = field(default_factory=list)
    rss_mb: float = 0.0  # resident memory of the bot at the end of the run
    peak_rss_mb: float = 0.0
    pss_mb: float = 0.0  # the same with shared pages counted once
    peak_pss_mb: float = 0.0
    setup_seconds: float = 0.0
    bot_cpu_seconds: float = 0.0  # while people moved, with its picture workers
    driver_cpu_seconds: float = 0.0  # this process's (the double's and the people's) on the same machine
    stop_seconds: float = 0.0  # from SIGINT to the bot's exit

    def percentile(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]

    def steady_rate(self) -> float:
        """Moves a second over the middle half of the moves: the rate while every game is under way, without
        the start (people thinking before their first move) and the tail (the last games' last moves)."""
        shown = sorted(self.shown_at)
        if len(shown) < 8:
            return float("nan")
        first, last = len(shown) // 4, 3 * len(shown) // 4
        return (last - first) / (shown[last] - shown[first]) if shown[last] > shown[first] else float("nan")

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
            f"mean {statistics.fmean(self.latencies) * 1000 if self.latencies else 0:.0f} ms",
            f"errors: {len(self.errors)}" + "".join(f"\n  {e}" for e in self.errors[:10]),
            f"bot CPU: {self.bot_cpu_seconds:.1f} s while moving, {self.cpu_per_move() * 1000:.0f} ms a move; "
            f"the double and the people: {self.driver_cpu_seconds:.1f} s",
            f"bot memory (with its picture workers): {self.rss_mb:.0f} MB resident at the end, "
            f"{self.peak_rss_mb:.0f} MB peak; shared pages counted once: {self.pss_mb:.0f} MB at the end, "
            f"{self.peak_pss_mb:.0f} MB peak",
            f"bot stopped {self.stop_seconds:.1f} s after SIGINT",
        ]


async def _setup(double: DiscordDouble, count: int, parallel: int) -> list[Game]:
    gate = asyncio.Semaphore(parallel)

    async def one(n: int) -> Game:
        host = SimUser(double, double.person(f"Host{n}"))
        guest = SimUser(double, double.person(f"Guest{n}"))
        async with gate:
            return await start_game(double, "great_wall", host, guest)

    return list(await asyncio.gather(*(one(n) for n in range(count))))


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


async def _watch_memory(bot: BotProcess, stop: asyncio.Event) -> None:
    while not stop.is_set():
        bot.sample_memory()
        bot.proportional_memory()  # the kernel walks every page for it: a costly read, so not too often
        await asyncio.sleep(2.0)


async def run_load(
    games: int = 200, moves: int = 5, think: float = 30.0, seed: int = 1, parallel_setup: int = 8,
    folder: Path | None = None,
) -> LoadReport:
    report = LoadReport(games)
    with tempfile.TemporaryDirectory() as tmp:
        where = folder or Path(tmp)
        double = DiscordDouble()
        await double.start()
        bot = BotProcess(double, where / "load.sqlite3", where / "load.log")
        try:
            await bot.start()
            started = time.monotonic()
            tables = await _setup(double, games, parallel_setup)
            report.setup_seconds = time.monotonic() - started
            stop = asyncio.Event()
            watcher = asyncio.create_task(_watch_memory(bot, stop))
            rng = random.Random(seed)
            started, cpu, driver = time.monotonic(), bot.cpu_seconds(), time.process_time()
            await asyncio.gather(*(_player(g, random.Random(rng.random()), moves, think, report) for g in tables))
            report.seconds = time.monotonic() - started
            report.bot_cpu_seconds = bot.cpu_seconds() - cpu
            report.driver_cpu_seconds = time.process_time() - driver
            stop.set()
            await watcher
            rss, peak = bot.sample_memory()
            report.rss_mb, report.peak_rss_mb = rss / 1024, peak / 1024
            report.pss_mb = bot.proportional_memory() / 1024
            report.peak_pss_mb = bot.peak_pss_kb / 1024
        finally:
            try:
                stopping = time.monotonic()
                await bot.stop(timeout=60)
            except AssertionError as error:  # reported with the figures, which are not lost
                report.errors.append(f"{str(error).splitlines()[0]} (SIGINT, then SIGKILL)")
            report.stop_seconds = time.monotonic() - stopping
            await double.stop()
        report.errors.extend(f"Discord rule: {v}" for v in double.world.violations)
        report.errors.extend(f"bot log: {line}" for line in bot.problems())
        late = [i for i in double.world.interactions.values() if not i.answered or i.late]
        report.errors.extend(f"interaction {i.id} not answered within 3 s" for i in late)
        report.errors.extend(
            f"apology to {m.audience}" for m in double.world.messages.values() if APOLOGY in m.content
        )
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=5, help="moves per game")
    parser.add_argument("--think", type=float, default=30.0, help="mean seconds a person thinks before a move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = asyncio.run(run_load(args.games, args.moves, args.think, args.seed))
    print("\n".join(report.lines()))
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
