"""The real bot as a separate process: ``python -m bot``, unmodified, pointed at the double by environment.

Started with a fake token, a temporary database and DISCORD_API_BASE; stopped with SIGINT (a clean shutdown)
or killed with SIGKILL (a crash). Its log goes to a file the tests read.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
import traceback
from pathlib import Path

from tests.e2e.double import DiscordDouble

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0


class BotProcess:
    def __init__(
        self,
        double: DiscordDouble,
        database: Path,
        log: Path,
        *,
        shards: tuple[int, tuple[int, ...]] | None = None,
        extra_env: dict[str, str] | None = None,
    ) -> None:
        self.double = double
        self.database = database
        self.log = log
        self.shards = shards  # (SHARD_COUNT, SHARD_IDS) of this process; None: unsharded
        self.extra_env = extra_env or {}
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.kills = 0
        self.peak_rss_kb = 0
        self.peak_pss_kb = 0
        self.kill_log: list[tuple[float, str]] = []  # when, and from where, each kill came (failure reports)
        self._killed = False

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def env(self) -> dict[str, str]:
        world = self.double.world
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))}
        env.update(
            DISCORD_TOKEN=world.token,
            DATABASE_PATH=str(self.database),
            DISCORD_API_BASE=self.double.url,
            DEV_GUILD_ID=str(world.guild_id),  # the bot syncs its commands there at start, so people can type them
            LOG_LEVEL="INFO",
            PYTHONUNBUFFERED="1",
        )
        if self.shards is not None:
            count, ids = self.shards
            env.update(SHARD_COUNT=str(count), SHARD_IDS=",".join(map(str, ids)))
        env.update(self.extra_env)
        return env

    @property
    def shard_ids(self) -> tuple[int, ...]:
        return (0,) if self.shards is None else self.shards[1]

    async def start(self, *, sigint_ignored: bool = False) -> None:
        """Start the bot and wait until each of its shards is connected to the gateway with its servers;
        ``sigint_ignored``: as a shell starts a background job (with SIGINT ignored)."""
        assert self.proc is None or self.proc.returncode is not None, "already running"
        gateway = self.double.gateway
        before = {i: gateway.sessions.get(i) for i in self.shard_ids}
        with self.log.open("a") as log:
            log.write(f"\n===== start {self.starts + 1} =====\n")
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=ROOT, env=self.env(), stdout=log, stderr=log,
                preexec_fn=_ignore_sigint if sigint_ignored else None,
            )
        self.starts += 1
        self._killed = False
        for shard_id in self.shard_ids:
            self.double.shard_alive[shard_id] = self.alive
        deadline = time.monotonic() + START_TIMEOUT
        while any(gateway.sessions.get(i) is before[i] for i in self.shard_ids) or not gateway.shards_ready(
            self.shard_ids
        ):
            if self.proc.returncode is not None:
                raise AssertionError(f"the bot exited with {self.proc.returncode}:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"the bot did not connect in {START_TIMEOUT} s:\n{self.log_tail()}")
            await asyncio.sleep(0.05)

    async def sync_commands(self) -> None:
        """``python -m bot sync``: the commands published globally, so people can type them in every server."""
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "sync", cwd=ROOT, env={**self.env(), "DEV_GUILD_ID": ""},
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )
        output, _ = await proc.communicate()
        assert proc.returncode == 0, output.decode(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when the machine or the process dies."""
        if self.alive():
            assert self.proc is not None
            self.sample_memory()
            self._killed = True
            self.proc.send_signal(signal.SIGKILL)
            self.kills += 1
            self.kill_log.append((time.monotonic(), "".join(traceback.format_stack(limit=6))))

    async def wait_dead(self) -> None:
        if self.proc is not None:
            await self.proc.wait()

    async def stop(self, timeout: float = 20.0, signum: signal.Signals = signal.SIGINT) -> int | None:
        """SIGINT, the way a person stops it (a clean close), or another signal; then wait; SIGKILL if it
        hangs."""
        if self.proc is None:
            return None
        if not self.alive():
            return await self.proc.wait()
        self.sample_memory()
        self.proc.send_signal(signum)
        try:
            return await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.kill()
            await self.proc.wait()
            raise AssertionError(f"the bot did not stop within {timeout} s:\n{self.log_tail()}") from None

    def alive(self) -> bool:
        """Running, and not sent SIGKILL (the exit status comes a moment after the signal)."""
        return self.proc is not None and self.proc.returncode is None and not self._killed

    # -- what it says and what it costs --------------------------------------------------------------------
    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def problems(self) -> list[str]:
        """Logged errors and tracebacks (a clean run has none)."""
        return [line for line in self.log_text().splitlines() if " ERROR " in line or "Traceback" in line]

    def processes(self) -> list[int]:
        """The bot and every process under it (its picture workers), from /proc."""
        if not self.alive():
            return []
        found, waiting = [], [self.pid]
        while waiting:
            pid = waiting.pop()
            found.append(pid)
            for children in Path(f"/proc/{pid}/task").glob("*/children"):
                try:
                    waiting.extend(int(child) for child in children.read_text().split())
                except OSError:
                    continue
        return found

    def cpu_seconds(self) -> float:
        """CPU time the bot and its picture workers have used so far (user and system), from /proc."""
        total = 0
        for pid in self.processes():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / os.sysconf("SC_CLK_TCK")

    def proportional_memory(self) -> int:
        """kB of the bot and its picture workers with each shared page counted once (the workers fork from
        one server process and share its pages, which the sum of their resident sizes counts again)."""
        total = 0
        for pid in self.processes():
            try:
                lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
            except OSError:
                continue
            total += sum(int(line.split()[1]) for line in lines if line.startswith("Pss:"))
        self.peak_pss_kb = max(self.peak_pss_kb, total)
        return total

    def sample_memory(self) -> tuple[int, int]:
        """(resident, peak resident) in kB of the bot and its picture workers together, from /proc; the peak
        is remembered across samples (each process's own peak, VmHWM, counts for a lone bot)."""
        rss, own_peak = 0, 0
        for pid in self.processes():
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    key, _, value = line.partition(":")
                    if key == "VmRSS":
                        rss += int(value.split()[0])
                    elif key == "VmHWM" and pid == self.pid:
                        own_peak = int(value.split()[0])
            except OSError:
                continue
        self.peak_rss_kb = max(self.peak_rss_kb, rss, own_peak)
        return rss, self.peak_rss_kb


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
