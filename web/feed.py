"""What changed, for the live pages: the database is watched, never the engine.

Every move commits its notification (the outbox) in its own transaction, in whichever process made it, and a
tournament's row changes with its rounds. So while a live page is open, the feed looks a few times a second at
the newest notification's id and the latest tournament change (two reads of an index's end, ``PageService.mark``),
and when they moved, which games and tournaments did, and wakes the streams of those. Inside the bot the
notifier also nudges it after each delivery, so the look comes at once. Nobody watching: no look at all.

A stream decides for itself whether anything it shows changed (``web.live``): being woken says only that
something of its game was committed, which may be hidden.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator

from bot.pages import Mark, PageService

log = logging.getLogger(__name__)

LOOK_EVERY = 0.25  # seconds between looks while a page is open: a move shows within a second
Key = tuple[str, int]  # ("game", id) or ("tournament", id)


class Feed:
    def __init__(self, pages: PageService, every: float = LOOK_EVERY) -> None:
        self.pages = pages
        self.every = every
        self._changes: dict[Key, asyncio.Event] = {}
        self._watchers: dict[Key, int] = {}
        self._nudged = asyncio.Event()
        self._closing = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def closing(self) -> asyncio.Event:
        """Set when the pages stop: every stream ends."""
        return self._closing

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="web-feed")

    async def stop(self) -> None:
        self._closing.set()
        self._nudged.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def nudge(self) -> None:
        """Something was committed here: look now rather than at the next tick."""
        self._nudged.set()

    @contextlib.contextmanager
    def watching(self, key: Key) -> Iterator[None]:
        """While a stream of ``key`` is open."""
        self._watchers[key] = self._watchers.get(key, 0) + 1
        self._nudged.set()  # the first watcher: take the mark now
        try:
            yield
        finally:
            self._watchers[key] -= 1
            if not self._watchers[key]:
                del self._watchers[key]
                self._changes.pop(key, None)

    def next_change(self, key: Key) -> asyncio.Event:
        """An event set at the next change of ``key`` (take it before reading, so no change is missed)."""
        return self._changes.setdefault(key, asyncio.Event())

    def _wake(self, key: Key) -> None:
        event = self._changes.pop(key, None)
        if event is not None:
            event.set()

    async def _run(self) -> None:
        mark: Mark | None = None
        while not self._closing.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._nudged.wait(), self.every)
            self._nudged.clear()
            if not self._watchers:
                mark = None  # nobody to tell: look again when someone watches
                continue
            try:
                if mark is None:  # the first look since nobody watched: every stream compares once more
                    mark = await self.pages.mark()
                    for key in list(self._watchers):
                        self._wake(key)
                    continue
                mark, games, tournaments = await self.pages.changed(mark)
            except Exception:  # the database busy or gone for a moment: the next look tries again
                log.exception("the web pages could not look for changes")
                continue
            for game_id in games:
                self._wake(("game", game_id))
            for tournament_id in tournaments:
                self._wake(("tournament", tournament_id))
