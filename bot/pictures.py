"""Where pictures are drawn. Pillow keeps the GIL through most of drawing, quantizing and encoding a picture,
so drawing in a thread still stalls the event loop and one process uses one core. The running bot draws in a
pool of processes instead, one per core but the one the bot's own process needs (at least one): started at
the first picture (``python -m bot sync`` and a bot that draws nothing start none), shut down when the bot
closes.

``draw(fn, *args)`` runs a module-level function of ``render`` that returns PNG bytes, or a game story's
animation (its arguments are views, names, a ``Focus``, a story's chart data: they pickle), in the language
in force where ``draw`` is called (a worker
process has its own context, so the language's code travels with the picture). By default it draws in a
thread of this process; ``run_bot`` calls ``configure`` to switch to the pool, so tests that build a bot
directly draw deterministically, in process, without starting any.

A move often asks for the same picture twice (a seat's hand for its DM and for the panel it opens, the board
for the thread and for a prompt about the board): the latest pictures, up to ``KEPT_BYTES``, are kept by what
they were drawn from, and a picture asked for while the same one is being drawn waits for that drawing. A
picture drawn for a game's position is kept until the game moves on (nobody asks for an old position's hand
or prompt again), so the room holds the pictures of the positions people are deciding in.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
import pickle
import select
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot import games, i18n
from bot.games.base import language

log = logging.getLogger(__name__)


def cores() -> int:
    """The cores this process may run on (a container's or taskset's limit, not the machine's count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def default_processes() -> int:
    """One per core but one: under load the bot's own process (its event loop, the database, Discord) uses
    most of a core for about 45% of a move's CPU, so on 2 cores another picture process adds no throughput,
    only its memory (the load test, 240 games on 2 cores, before pictures were kept by position: 214 MB with
    one, 268 MB with two, shared pages counted once)."""
    return max(1, cores() - 1)


# Room for the pictures of ~240 games' current positions (~3 each, ~45 kB): a person who opens Play on the
# board a while after their turn's DM came gets the DM's pictures again, not redrawn (the load test, 240 games:
# 74 ms of CPU a move instead of 84). A quiet bot keeps far less.
KEPT_BYTES = 32 * 2**20


class Pictures:
    """``processes`` workers (None: ``default_processes()``); 0 draws in a thread of this process. The latest
    pictures are kept, ``kept_bytes`` of them at most (0: none); with ``by_position``, a game's until it moves
    on."""

    def __init__(self, processes: int | None = 0, kept_bytes: int = KEPT_BYTES, by_position: bool = True) -> None:
        self.processes = default_processes() if processes is None else processes
        self.kept_bytes = kept_bytes
        self.by_position = by_position
        self._kept_size = 0
        self._pool: ProcessPoolExecutor | None = None
        self._starting: asyncio.Lock | None = None
        self._kept: OrderedDict[bytes, bytes] = OrderedDict()
        self._drawing: dict[bytes, asyncio.Future[bytes]] = {}
        self._positions: dict[int, tuple[int, list[bytes]]] = {}  # game -> its kept version, and those pictures

    async def draw(
        self, fn: Callable[..., bytes], *args: Any, position: tuple[int, int] | None = None, keep: bool = True
    ) -> bytes:
        """``position``: the game and version the picture shows, if any (see the module's docstring).
        ``keep=False``: a picture nobody asks for again (a frame of a game's story), neither kept nor looked up."""
        spoken = (language.code(), fn, *args)
        if self.kept_bytes == 0 or not keep:
            return await self._drawn(spoken)
        # What the picture is drawn from, as the pool would send it: the same bytes, the same picture.
        try:
            key = hashlib.blake2b(pickle.dumps(spoken, pickle.HIGHEST_PROTOCOL), digest_size=16).digest()
        except (pickle.PicklingError, AttributeError, TypeError):  # a drawing that could not go to the pool either
            return await self._drawn(spoken)
        if (kept := self._kept.get(key)) is not None:
            self._kept.move_to_end(key)
            if self.by_position and position is not None:
                self._newest(key, *position)  # the same picture for a newer position stays with that one
            return kept
        drawing = self._drawing.get(key)
        if drawing is None or drawing.get_loop() is not asyncio.get_running_loop():
            drawing = self._drawing[key] = asyncio.ensure_future(self._drawn(spoken))
            drawing.add_done_callback(lambda done: self._keep(key, done, position))
        # shield: a caller that gives up (its interaction cancelled) leaves the drawing to the others waiting.
        return await asyncio.shield(drawing)

    def _keep(self, key: bytes, done: asyncio.Future[bytes], position: tuple[int, int] | None) -> None:
        if self._drawing.get(key) is done:
            del self._drawing[key]
        if done.cancelled() or done.exception() is not None:
            return
        picture = done.result()
        if key in self._kept or len(picture) > self.kept_bytes:  # kept already: drawn in two event loops at once
            return
        if self.by_position and position is not None and not self._newest(key, *position):
            return
        self._kept[key] = picture
        self._kept_size += len(picture)
        while self._kept_size > self.kept_bytes:
            self._kept_size -= len(self._kept.popitem(last=False)[1])

    def _newest(self, key: bytes, game: int, version: int) -> bool:
        """Whether a picture of ``game`` at ``version`` is worth keeping (no newer one is kept), forgetting the
        game's pictures of older versions but ``key`` itself (the same picture, asked for again)."""
        kept_version, keys = self._positions.get(game, (version, []))
        if version < kept_version:
            return False
        if version > kept_version:
            for old in keys:
                if old != key and (dropped := self._kept.pop(old, None)) is not None:
                    self._kept_size -= len(dropped)
            keys = []
        if key not in keys:
            keys.append(key)
        self._positions[game] = (version, keys)
        if len(self._positions) > 2 * len(self._kept) + 64:  # games whose pictures are all gone: forget them
            self._positions = {g: kept for g, kept in self._positions.items() if any(k in self._kept for k in kept[1])}
        return True

    async def _drawn(self, spoken: tuple[Any, ...]) -> bytes:
        if self.processes == 0:
            return await asyncio.to_thread(_in_language, *spoken)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(await self._started(), _in_language, *spoken)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): a fresh pool for this picture and the next ones.
            log.warning("a picture process died; starting new ones")
            self.close()
            return await loop.run_in_executor(await self._started(), _in_language, *spoken)

    async def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._starting = self._starting or asyncio.Lock()
            async with self._starting:  # pictures asked for meanwhile wait for the same start
                if self._pool is None:
                    self._pool = await asyncio.to_thread(_start_pool, self.processes)
        return self._pool

    def close(self) -> None:
        """Stop the workers; pictures still queued are cancelled. A later ``draw`` starts new ones."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _in_language(code: str, fn: Callable[..., bytes], *args: Any) -> bytes:
    with i18n.speaking(code):
        return fn(*args)


def _start_pool(processes: int) -> ProcessPoolExecutor:
    """A pool with its first worker running. Called in a thread: starting the first worker waits for the
    server process to import the renderers (seconds on a busy machine), which must not stall the event loop;
    later workers fork from that server in milliseconds."""
    # forkserver: the bot has threads (SQLite's, the executor's), which fork() must not copy mid-lock; the
    # server process imports the renderers once and every worker is forked from it, ready.
    context = multiprocessing.get_context("forkserver")
    # Each game's pictures are a package of its own, imported by key: name them so they are preloaded too.
    context.set_forkserver_preload(["render", *(f"render.{key}" for key in games.GAMES), "render.story", "bot.i18n"])
    pool = ProcessPoolExecutor(
        max_workers=processes, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),)
    )
    pool.submit(int).result()
    return pool


def _worker_start(bot: int) -> None:
    # Ctrl-C in a terminal reaches the whole process group: the bot stops the workers itself, cleanly.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with, args=(bot,), name="exit-with-the-bot", daemon=True).start()


def _exit_with(bot: int) -> None:
    """End this worker when the bot process ends, however it ends: a bot killed with SIGKILL never shuts the
    pool down, and a worker would wait on its queue for ever (it holds that pipe's other end itself, and
    its server process lives as long as a worker does)."""
    try:
        watched = os.pidfd_open(bot)
    except ProcessLookupError:
        os._exit(0)
    except (AttributeError, OSError):  # no pidfd on this system: look every second
        while True:
            time.sleep(1.0)
            try:
                os.kill(bot, 0)
            except ProcessLookupError:
                os._exit(0)
    select.select([watched], [], [])  # readable once the bot has exited
    os._exit(0)


_pictures = Pictures()


def configure(processes: int | None, kept_bytes: int = KEPT_BYTES, by_position: bool = True) -> None:
    """Draw in ``processes`` worker processes from now on (None: one per core but one; 0: in a thread),
    keeping the latest pictures up to ``kept_bytes`` (see ``Pictures``)."""
    global _pictures
    _pictures.close()
    _pictures = Pictures(processes, kept_bytes, by_position)


async def draw(
    fn: Callable[..., bytes], *args: Any, position: tuple[int, int] | None = None, keep: bool = True
) -> bytes:
    """``fn(*args)``'s PNG bytes, drawn off the event loop; the drawing's own exceptions come back as raised.
    ``position``: the game and version the picture shows, if it shows one; ``keep=False``: not worth keeping."""
    return await _pictures.draw(fn, *args, position=position, keep=keep)


def close() -> None:
    _pictures.close()
