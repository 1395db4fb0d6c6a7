"""One task that fires durable timers: it sleeps until the earliest one is due (or until woken because an
earlier one was added), then hands each due timer to the handler. Timers live in the database, so a timer that
came due while the bot was down fires at start-up, once (the handler marks it fired in the same transaction
as whatever it does); processes sharing a PostgreSQL database claim each timer before firing it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.store import timers as timer_sql
from bot.store.db import Database
from bot.store.timers import TimerRow

log = logging.getLogger(__name__)

Handler = Callable[[TimerRow], Awaitable[None]]


class TimerDispatcher:
    def __init__(
        self,
        db: Database,
        handler: Handler,
        *,
        clock: Callable[[], float] = time.time,
        max_sleep: float = 300.0,
        sweep: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.db = db
        self.handler = handler
        self.clock = clock
        self.max_sleep = max_sleep  # re-check now and then, so a changed system clock cannot strand a timer
        self.sweep = sweep  # also run every pass (processes sharing a database: what a dead one left undone)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def run_due(self) -> int:
        """Fire every timer due now; return how many were handed over. Each timer is tried once per pass; a
        handler failure is logged and the timer stays unfired, to be tried again on a later pass."""
        fired = 0
        tried: set[int] = set()
        while True:
            batch = [t for t in await timer_sql.due(self.db, self.clock()) if t.id not in tried]
            if not batch:
                return fired
            for timer in batch:
                tried.add(timer.id)
                # Claimed, then read again: with processes sharing a database, one fires it; the others skip
                # it while it is claimed, or find it fired (or moved later) once the claim is let go.
                async with self.db.claim(f"timer:{timer.id}") as mine:
                    current = await timer_sql.still_due(self.db, timer.id, self.clock()) if mine else None
                    if current is None:
                        continue
                    try:
                        await self.handler(current)
                        fired += 1
                    except Exception:
                        log.exception(
                            "timer %s (%s of game %s) failed; will retry", timer.id, timer.kind, timer.game_id
                        )

    def wake(self) -> None:
        """A timer was added or changed: re-plan the sleep."""
        self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="timer-dispatcher")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            try:
                await self.run_due()
                if self.sweep is not None:
                    await self.sweep()
                next_at = await timer_sql.next_due_at(self.db)
            except Exception:
                log.exception("timer pass failed")
                next_at = None
            delay = self.max_sleep if next_at is None else min(self.max_sleep, max(0.0, next_at - self.clock()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=max(delay, 0.05))
