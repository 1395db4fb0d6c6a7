"""Delivery: what was committed is told, in order, and told again after a failure or a crash.

The outbox rows of a game go to the notifier oldest first; consecutive positions of one turn go as one
notification. A notification that fails (Discord refused or gave up: a 429 after its retries, a 5xx) stays
pending with those after it, and the game's delivery is tried again a little later (``RETRY_AFTER``, then
longer), so nothing waits for the game's next move or the next start.

The Discord layer reads back here too: the positions of a turn (a board message's lines) and
the messages it posted (``posts``), so a repeated delivery edits instead of posting twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from bot.games.base import Event
from bot.statuses import TableStatus
from bot.store import games as game_sql
from bot.store import outbox as outbox_sql
from bot.store import posts as post_sql
from bot.store.db import Database
from bot.store.outbox import MOVE_KINDS, OutboxRow
from bot.store.posts import TURN, PostRow
from bot.tables.model import ClockNews, Notification, Position, Table
from bot.tables.post_book import book_for, keeping_posts
from bot.tables.reader import TableReader
from bot.tables.replay import table_at

__all__ = ["MOVE_KINDS", "TURN", "Delivery", "Notifier", "NullNotifier", "PostRow", "Unavailable", "position_of"]

log = logging.getLogger(__name__)

# Seconds before a game's delivery is tried again after a failure, by the number of failures in a row.
RETRY_AFTER = (2.0, 5.0, 15.0, 60.0, 300.0)


# Set by a click's move (``TableService``) for the delivery it starts: the notifier sets it once the move is shown
# in public (``shown_in_public``), and the click's answer, waiting for that, waits for nothing after it.
_shown: ContextVar[asyncio.Event | None] = ContextVar("shown_in_public", default=None)


def shown_in_public() -> None:
    """Called by the notifier once the board of the notification it delivers is out (its public part): the
    mover's answer may go then, before the turn's DMs and other notifications."""
    shown = _shown.get()
    if shown is not None:
        shown.set()


@contextmanager
def watching_public() -> Iterator[asyncio.Event]:
    """An event that a delivery started inside (a task made here copies it) sets when its board is out."""
    shown = asyncio.Event()
    token = _shown.set(shown)
    try:
        yield shown
    finally:
        _shown.reset(token)


@contextmanager
def _newest_board(newest: bool) -> Iterator[None]:
    """Only the board of the newest position pending counts as the move shown (``shown_in_public``): a forced
    move after the click's, sent as a notification of its own, is still to come after an older one's board."""
    if newest:
        yield
        return
    token = _shown.set(None)
    try:
        yield
    finally:
        _shown.reset(token)


class Unavailable(Exception):
    """Raised by a notifier that could not send now, for a reason that passes (the other side's rate limit or
    servers): the notification stays pending and is sent again later, with no error logged."""


class Notifier(Protocol):
    """Implemented by the Discord layer (and by the demo and tests). Must be idempotent enough to be
    called again after a crash: it may be handed a notification it already delivered."""

    async def deliver(self, table: Table, note: Notification) -> None: ...


class NullNotifier:
    async def deliver(self, table: Table, note: Notification) -> None:
        return None


class Delivery:
    def __init__(self, db: Database, reader: TableReader, notifier: Notifier, clock: Callable[[], float]) -> None:
        self.db = db
        self.reader = reader
        self.notifier = notifier
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self.delivering = 0  # deliveries in progress (a clean stop waits for them)
        self._failures: dict[int, int] = {}  # game id -> failed deliveries in a row
        self._retries: dict[int, asyncio.TimerHandle] = {}  # game id -> its next try, when one is due
        self._retrying: set[asyncio.Task[None]] = set()
        self._queued: dict[int, int] = {}  # game id -> deliveries waiting for the one in progress
        # Called with a game id after a finished game's last notification went out (tournaments listen).
        self.finish_listeners: list[Callable[[int], Awaitable[None]]] = []

    async def deliver(self, game_id: int) -> None:
        """Deliver this game's pending notifications in order; stop at the first failure (kept for later).
        Positions of one turn still pending together go out as one notification, and each is told from the
        table as it was at its own version (not as it is now, when a backlog is sent after a restart)."""
        self.delivering += 1
        try:
            sent = await self._deliver_pending(game_id)
        finally:
            self.delivering -= 1
        if sent:
            self._failures.pop(game_id, None)
        else:
            self._retry_later(game_id)

    def _retry_later(self, game_id: int) -> None:
        """Try the game's delivery again after a pause that grows with its failures in a row (one try due at
        a time)."""
        if game_id in self._retries:
            return
        failures = self._failures[game_id] = self._failures.get(game_id, 0) + 1
        wait = RETRY_AFTER[min(failures, len(RETRY_AFTER)) - 1]
        self._retries[game_id] = asyncio.get_running_loop().call_later(wait, self._retry, game_id)

    def _retry(self, game_id: int) -> None:
        del self._retries[game_id]
        task = asyncio.get_running_loop().create_task(self.deliver(game_id))
        self._retrying.add(task)
        task.add_done_callback(self._retrying.discard)

    async def close(self) -> None:
        """No more tries (the process stops: what is pending is delivered at the next start)."""
        for handle in self._retries.values():
            handle.cancel()
        self._retries.clear()
        for task in list(self._retrying):
            task.cancel()
        await asyncio.gather(*self._retrying, return_exceptions=True)

    async def deliver_all(self) -> None:
        """Every game's pending notifications (at start-up: what was committed but not sent)."""
        pending = await outbox_sql.pending(self.db)
        for game_id in dict.fromkeys(note.game_id for note in pending):
            await self.deliver(game_id)

    async def _deliver_pending(self, game_id: int) -> bool:
        """One process at a time sends a game's notifications: the one that claims the game (another that
        finds it claimed leaves its rows to it). The claim is let go before the last look for rows, so a row
        committed meanwhile by a process that found the game claimed is sent too. (A database no other
        process uses has no such rows: a task of this process that commits one meanwhile waits here for its
        own delivery.) False when a notification failed and stays pending."""
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        self._queued[game_id] = self._queued.get(game_id, 0) + 1
        try:
            await lock.acquire()
        finally:
            self._queued[game_id] -= 1
            if not self._queued[game_id]:
                del self._queued[game_id]
        try:
            while True:
                async with self.db.claim(f"delivery:{game_id}") as mine:
                    if not mine:
                        return True  # the process that holds the claim sends them
                    if not await self._deliver_claimed(game_id):
                        return False
                if not self.db.shared or not await outbox_sql.pending(self.db, game_id):
                    return True
        finally:
            lock.release()

    def behind(self, game_id: int) -> bool:
        """Whether a delivery of the game waits for the one in progress (a newer move's, whose board should not
        wait for the older turn's DMs at their lower priority)."""
        return game_id in self._queued

    async def _deliver_claimed(self, game_id: int) -> bool:
        """Send the pending rows read now (another process may have sent some since we last looked); False
        when one failed (it stays pending, for later)."""
        with keeping_posts(self.db, game_id):
            return await self._send_pending(game_id)

    async def _send_pending(self, game_id: int) -> bool:
        rows = await outbox_sql.pending(self.db, game_id)
        if not rows:
            return True
        now_table = await self.reader.get(game_id)
        moves: list[game_sql.MoveRow] | None = None
        groups = _turn_groups(rows)
        for n, group in enumerate(groups):
            last = group[-1]
            table = now_table
            if last.kind in MOVE_KINDS and last.version != now_table.version:
                if moves is None:
                    moves = await game_sql.fetch_moves(self.db, game_id)
                table = table_at(now_table, last.version, moves)
            note = _notification(group, await self._turn_of(group))
            try:
                with _newest_board(n == len(groups) - 1):
                    await self.notifier.deliver(table, note)
            except Unavailable as error:
                log.warning("notification %s of game %s not sent now (%s); will retry", last.id, game_id, error)
                return False
            except Exception:
                log.exception("delivering notification %s of game %s failed; will retry", last.id, game_id)
                return False
            try:
                await outbox_sql.mark_delivered(self.db, note.outbox_ids, self.clock())
            except Exception:  # the database locked by another process: the move stands, this is sent again
                log.exception("marking notification %s of game %s delivered failed; will resend", last.id, game_id)
                return False
            if note.kind == "moved" and table.status == TableStatus.FINISHED:
                for listener in self.finish_listeners:
                    try:
                        await listener(game_id)
                    except Exception:  # the listener catches up at the next start (resume)
                        log.exception("finish listener failed for game %s", game_id)
        return True

    async def _turn_of(self, group: Sequence[OutboxRow]) -> list[Position]:
        """The positions of the group's turn up to its newest, for a notification its board message tells."""
        last = group[-1]
        if last.kind not in (*MOVE_KINDS, "clock"):
            return []
        return await self.turn_positions(last.game_id, last.turn if last.turn is not None else last.version,
                                         last.version)

    # -- what the Discord layer reads back ------------------------------------------------------------
    async def turn_positions(self, game_id: int, turn: int, upto: int) -> list[Position]:
        """The positions of one turn up to a version, in order: every event of its board message."""
        return _positions(await outbox_sql.positions(self.db, game_id, after=-1, upto=upto, turn=turn))

    async def positions_since_last_move(self, game_id: int, seat: int, upto: int) -> list[Position]:
        """The positions after the seat's own last move, up to a version: what that player has not seen
        happen at the table yet (their recap)."""
        row = await self.db.fetchone("SELECT MAX(seq) AS seq FROM moves WHERE game_id = ? AND seat = ? AND seq <= ?",
                                     (game_id, seat, upto))
        last = row["seq"] if row is not None and row["seq"] is not None else 0
        return _positions(await outbox_sql.positions(self.db, game_id, after=last, upto=upto))

    async def positions(self, game_id: int, *, after: int, upto: int) -> list[Position]:
        return _positions(await outbox_sql.positions(self.db, game_id, after=after, upto=upto))

    async def post(self, game_id: int, kind: str, ref: str) -> PostRow | None:
        book = book_for(game_id)
        if book is not None:
            return await book.get(kind, ref)
        return await post_sql.get(self.db, game_id, kind, ref)

    async def open_posts(self, game_id: int, kind: str) -> list[PostRow]:
        book = book_for(game_id)
        if book is not None:
            return await book.open_posts(kind)
        return await post_sql.open_posts(self.db, game_id, kind)

    async def save_post(self, post: PostRow) -> None:
        await post_sql.save(self.db, post)
        book = book_for(post.game_id)
        if book is not None:
            book.saved(post)


def _turn_groups(rows: Sequence[OutboxRow]) -> list[list[OutboxRow]]:
    """Pending rows in order, consecutive positions of one turn together (everything else alone)."""
    groups: list[list[OutboxRow]] = []
    for row in rows:
        previous = groups[-1][-1] if groups else None
        same_turn = (
            previous is not None
            and row.kind == "moved"
            and previous.kind in MOVE_KINDS
            and row.turn is not None
            and row.turn == previous.turn
        )
        if same_turn:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def position_of(row: OutboxRow) -> Position:
    """An outbox row's payload, read once into its typed position."""
    payload = row.payload
    clock = ClockNews(payload["due"], payload.get("away_until")) if row.kind == "clock" else None
    return Position(
        version=row.version, kind=row.kind, turn=row.turn, seat=payload.get("seat"),
        events=tuple(Event.from_dict(e) for e in payload.get("events", [])), timeout=payload.get("timeout"),
        over=bool(payload.get("over")), clock=clock, dropped=bool(payload.get("dropped")),
    )


def _positions(rows: Sequence[OutboxRow]) -> list[Position]:
    return [position_of(row) for row in rows]


def _notification(group: Sequence[OutboxRow], turn: Sequence[Position]) -> Notification:
    first, last = group[0], group[-1]
    newly: dict[int, None] = {}
    for row in group:
        newly.update(dict.fromkeys(row.payload.get("newly_to_act", [])))
    timeouts = [row.payload["timeout"] for row in group if row.payload.get("timeout")]
    return Notification(
        id=last.id,
        game_id=last.game_id,
        version=last.version,
        kind=first.kind,
        seat=last.payload.get("seat"),
        events=tuple(Event.from_dict(e) for row in group for e in row.payload.get("events", [])),
        newly_to_act=tuple(newly),
        timeout=timeouts[0] if timeouts else None,
        deadline=last.payload.get("deadline"),
        turn=last.turn,
        opens_turn=first.kind in MOVE_KINDS and first.turn == first.version,
        outbox_ids=tuple(row.id for row in group),
        forfeited=tuple(row.payload["seat"] for row in group if row.payload.get("timeout") == "forfeit"),
        dropped=tuple(row.payload["seat"] for row in group if row.payload.get("dropped")),
        positions=tuple(turn),
    )
