"""The bot's budget of requests to Discord: at most ``RATE`` counted requests a second for the whole bot.

Discord allows a bot token 50 requests a second, shared by every process of the bot (interaction callbacks and
webhook calls with an interaction's token are exempt); past that it answers 429 to all of them. The budget
hands each counted request a *slot*, a moment at which it may go: slots are at least ``1 / RATE`` seconds
apart (the generic cell rate algorithm), so no second, however it is cut, holds more than ``RATE`` of them.

Slots come from a ``Slots`` source: ``LocalSlots`` in this process alone (SQLite: one process is the whole bot;
or a share of the rate per process), ``SharedSlots`` from the database that every process of the bot shares
(PostgreSQL: one row whose time of the next free slot each process advances; see ``bot/store/pacing.py``).

Requests waiting for a slot go in priority order (``Priority``): a move's board first, then the turn's
notifications, then background posts (reminders, tournament rounds, thread upkeep); in the order they came
within one priority, so one game's notifications, sent one after the other, stay in order.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import math
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from enum import IntEnum
from typing import Protocol

log = logging.getLogger(__name__)

# Counted requests a second for the whole bot: Discord's 50, less a margin (over a quarter) for the jitter of networks
# and busy event loops between a slot and its request's arrival (slots at 40 a second arrived up to 50 in one second
# at the Discord double under load, 52 on a machine also busy with other work).
RATE = 36.0


class Priority(IntEnum):
    """What a counted request is for; the lower goes first."""

    MOVE = 0  # a move's board in the thread, and whatever a click itself asks of Discord
    NOTICE = 1  # a turn's notifications: turn DMs, mentions, prompts closed
    BACKGROUND = 2  # reminders, tournament rounds, thread upkeep: they yield to moves in progress


_priority: ContextVar[Priority] = ContextVar("request_priority", default=Priority.MOVE)
# While it says so, the requests of a ``yielding`` block go at ``MOVE`` after all (``yielding``'s ``until``).
_until: ContextVar[Callable[[], bool] | None] = ContextVar("request_until", default=None)
# A slot taken ahead for the next counted request of this task (``Budget.paid``): when, while it is unused.
_paid: ContextVar[list[float | None] | None] = ContextVar("request_paid", default=None)


def priority() -> Priority:
    """The priority of the requests made now (in this task): ``MOVE`` unless a ``yielding`` block lowered it."""
    return _priority.get()


def raised_when() -> Callable[[], bool] | None:
    """When the requests made now go at ``MOVE`` after all, if ever (``yielding``'s ``until``)."""
    return _until.get()


@contextmanager
def yielding(level: Priority, *, until: Callable[[], bool] | None = None) -> Iterator[None]:
    """The requests made inside go at ``level``, or lower if an outer block said so: a reminder delivered inside
    a tournament's round start stays behind moves. ``until``: while waiting, they go at ``MOVE`` as soon as it is
    true (a turn's DMs that a newer move of the same game waits behind: else that move's board would wait at
    their priority)."""
    token = _priority.set(max(_priority.get(), level))
    raised = _until.set(until if until is not None else _until.get())
    try:
        yield
    finally:
        _until.reset(raised)
        _priority.reset(token)


class Slots(Protocol):
    """Where the slots of the budget come from, ``interval`` seconds apart."""

    interval: float

    async def reserve(self) -> float:
        """Take the next free slot: the seconds from now until it (0 or less: now). Never raises."""
        ...


class LocalSlots:
    """Slots of one process: ``rate`` a second."""

    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = 1.0 / rate
        self.clock = clock
        self._next = -math.inf  # the earliest time of the next slot

    async def reserve(self) -> float:
        now = self.clock()
        at = max(self._next, now)
        self._next = at + self.interval
        return at - now


class SharedSlots:
    """Slots shared by every process of the bot through the database (``reserve`` gives the database's wait);
    while the database cannot answer, this process's own share of the rate (``fallback``)."""

    def __init__(self, reserve: Callable[[], Awaitable[float]], interval: float, fallback: LocalSlots) -> None:
        self._reserve = reserve
        self.interval = interval
        self.fallback = fallback

    async def reserve(self) -> float:
        try:
            return await self._reserve()
        except Exception:  # the database is briefly unavailable: pace on this process's share meanwhile
            log.warning("the shared request budget could not be read; pacing on this process's share",
                        exc_info=True)
            return await self.fallback.reserve()


def share(shard_count: int | None, shard_ids: tuple[int, ...] | None) -> float:
    """The part of the whole bot's rate one process may use on its own: its shards' part of them all (all of
    it without sharding, or when it runs every shard)."""
    if shard_count is None or shard_ids is None:
        return 1.0
    return len(shard_ids) / shard_count


class Budget:
    """Counted requests wait here for their slot (``take``), in priority order."""

    def __init__(self, slots: Slots, sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.slots = slots
        self._sleep = sleep
        self._clock = clock
        self._granted_at = -math.inf  # when the last slot was handed to its request
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # a heap: (priority, arrival, waiter)
        # Waiters whose priority may rise to MOVE (their ``until``), looked at on each slot: (priority, arrival,
        # waiter, until).
        self._raisable: list[tuple[int, int, asyncio.Future[None], Callable[[], bool]]] = []
        self._arrivals = itertools.count()
        self._pump: asyncio.Task[None] | None = None
        self.granted = 0  # requests let through so far
        self.delayed = 0  # of them, those that waited for a later slot

    @property
    def waiting(self) -> int:
        waiters = [waiter for *_, waiter in self._waiting] + [waiter for _, _, waiter, _ in self._raisable]
        return sum(1 for waiter in waiters if not waiter.done())

    async def request(self, priority: Priority, until: Callable[[], bool] | None = None) -> None:
        """Wait for the slot of a counted request about to be sent (at once when one was taken ahead for it)."""
        paid = _paid.get()
        if paid is not None and paid[0] is not None:
            taken, paid[0] = paid[0], None
            if self._clock() - taken <= 2 * self.slots.interval:
                return
            # Held elsewhere since (discord.py waiting for the channel's own limit): its slot has passed, and
            # sent now it could join a second's full share.
        await self.take(priority, until)

    @contextmanager
    def paid(self) -> Iterator[None]:
        """After ``take``: the next counted request made inside uses the slot taken, if it goes at once (a caller
        that waits for its slot before it decides what to send: an edit that later edits of the same message
        join)."""
        token = _paid.set([self._clock()])
        try:
            yield
        finally:
            _paid.reset(token)

    async def take(self, priority: Priority, until: Callable[[], bool] | None = None) -> None:
        """Wait for a slot (at ``MOVE`` once ``until`` is true, when given)."""
        loop = asyncio.get_running_loop()
        if self._pump is not None and self._pump.get_loop() is not loop:  # an event loop run before (tests)
            self._pump = None
            self._waiting = [entry for entry in self._waiting if entry[2].get_loop() is loop]
            self._raisable = [entry for entry in self._raisable if entry[2].get_loop() is loop]
        waiter: asyncio.Future[None] = loop.create_future()
        if until is not None and priority > Priority.MOVE:
            self._raisable.append((priority, next(self._arrivals), waiter, until))
        else:
            heapq.heappush(self._waiting, (priority, next(self._arrivals), waiter))
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._grant())
        await waiter  # cancelled (its request abandoned): the pump passes over it

    async def _grant(self) -> None:
        """One slot at a time, each to the first waiter at its moment: a move that arrives while a reminder's
        slot comes near takes that slot."""
        while self._waiting or self._raisable:
            try:
                wait = await self.slots.reserve()
            except Exception:  # a Slots source that broke its word: never leave the waiters hanging
                log.exception("the request budget failed to reserve a slot")
                wait = 1.0
            # A slot handed out late (the event loop was busy) does not make the next one early: this process's
            # requests go a slot's width apart however late it woke.
            wait = max(wait, self._granted_at + self.slots.interval - self._clock())
            if wait > 0:
                await self._sleep(wait)
            waiter = self._next()
            if waiter is not None:
                self.granted += 1
                self.delayed += wait > 0
                self._granted_at = self._clock()
                waiter.set_result(None)

    def _next(self) -> asyncio.Future[None] | None:
        """The waiter the slot is for: the first by priority (a raisable one's at MOVE when its ``until`` says so),
        then arrival; those abandoned meanwhile are dropped."""
        while self._waiting and self._waiting[0][2].done():
            heapq.heappop(self._waiting)
        self._raisable = [entry for entry in self._raisable if not entry[2].done()]
        best: tuple[int, int] | None = (self._waiting[0][0], self._waiting[0][1]) if self._waiting else None
        chosen: int | None = None  # the index of a raisable waiter that goes first
        for n, (level, arrival, _, until) in enumerate(self._raisable):
            rank = (Priority.MOVE if _raised(until) else level, arrival)
            if best is None or rank < best:
                best, chosen = rank, n
        if chosen is not None:
            return self._raisable.pop(chosen)[2]
        return heapq.heappop(self._waiting)[2] if self._waiting else None


def _raised(until: Callable[[], bool]) -> bool:
    try:
        return until()
    except Exception:  # a broken test of urgency never stops the budget
        log.exception("a request's priority could not be decided")
        return False
