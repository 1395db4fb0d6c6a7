"""The table service: lobby -> running -> finished, and the one ``act()`` every move goes through.

Commit, then notify: a move, its snapshot and its notification are written in one transaction (with a
version check, so two identical clicks apply once); only then is the notifier asked to deliver. What was
committed but not delivered (a crash, Discord down) is delivered by ``resume()`` at the next start.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot import games
from bot.errors import GameNotFound, NotAllowed, NotSeated, NotYourTurn, StaleVersion, UserError, WrongStatus
from bot.games.base import Event, Game, Result
from bot.games.words import join
from bot.results import record_results
from bot.statuses import OPEN_TABLES, TableStatus
from bot.store import games as game_sql
from bot.store import outbox as outbox_sql
from bot.store import posts as post_sql
from bot.store import timers as timer_sql
from bot.store import users as user_sql
from bot.store.db import Database
from bot.store.games import GameRow
from bot.store.timers import TimerRow
from bot.timecontrol import TIMEOUT_POLICIES, TimeControl
from bot.turn_clocks import UPKEEP_INTERVAL, Timekeeper, seat_vacations, update_turns

log = logging.getLogger(__name__)

AI_LEVELS = ("easy", "normal")


@dataclass(frozen=True)
class Player:
    slot: int
    user_id: int | None
    name: str
    ai_level: str | None
    seat: int | None
    forfeited: bool = False

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None

    @property
    def mention(self) -> str:
        if self.user_id is not None:
            return f"<@{self.user_id}>"
        return f"{self.name} (computer)" if self.ai_level == "easy" else f"{self.name} ({self.ai_level} computer)"


@dataclass(frozen=True)
class Table:
    """A game as the rest of the bot sees it: its row, its players and (once started) its engine state."""

    id: int
    key: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    creator_id: int
    status: TableStatus
    seat_count: int
    options: dict[str, Any]
    seed: int
    version: int
    players: tuple[Player, ...]
    state: Any
    updated_at: float
    time_control: TimeControl
    timeout_policy: str
    vacation_allowed: bool
    deadlines: dict[int, float]  # seat -> when its time runs out (timed games, seats to act)

    @property
    def game(self) -> Game:
        return games.get(self.key)

    @property
    def seated(self) -> tuple[Player, ...]:
        """Players in seat order once running; in joining order in the lobby."""
        if self.status == TableStatus.LOBBY:
            return self.players
        return tuple(sorted(self.players, key=lambda p: p.seat if p.seat is not None else p.slot))

    def seat_of(self, user_id: int) -> int | None:
        for player in self.players:
            if player.user_id == user_id:
                return player.seat
        return None

    def is_member(self, user_id: int) -> bool:
        return any(p.user_id == user_id for p in self.players)

    def player_at(self, seat: int) -> Player:
        for player in self.players:
            if player.seat == seat:
                return player
        raise KeyError(seat)

    def names(self) -> list[str]:
        return [p.name for p in self.seated]

    def to_act(self) -> frozenset[int]:
        if self.status != TableStatus.RUNNING:
            return frozenset()
        return self.game.to_act(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def result(self) -> Result | None:
        if self.state is None or not self.game.is_over(self.state):
            return None
        return self.game.result(self.state)


@dataclass(frozen=True)
class Notification:
    """What happened, to be told: kind is 'started', 'moved', 'cancelled', 'reminder' or 'upkeep'.

    Positions committed together (a computer's or a timed-out seat's several moves, a backlog after a
    restart) that belong to one turn arrive as one notification: the newest position, with every event."""

    id: int
    game_id: int
    version: int
    kind: str
    seat: int | None  # who acted
    events: tuple[Event, ...]
    newly_to_act: tuple[int, ...]  # seats that must act now and did not before this move (to DM them)
    timeout: str | None = None  # the policy that made this move for a seat out of time
    deadline: float | None = None  # reminders: when the reminded seat's time runs out
    turn: int | None = None  # the version that opened this position's turn (one board message per turn)
    opens_turn: bool = False  # the first of these positions opened its turn: a new board message
    outbox_ids: tuple[int, ...] = ()  # every outbox row this notification stands for
    forfeited: tuple[int, ...] = ()  # seats whose time ran out on a forfeit table in these positions


def opens_turn(before: frozenset[int], after: frozenset[int], over: bool) -> bool:
    """A new turn begins when a seat must act that did not before, or the game ends. A seat continuing its
    turn, or seats of a simultaneous phase finishing one by one, stay in the turn (one board message)."""
    return over or bool(after - before)


class Notifier(Protocol):
    """Implemented by the Discord layer (and by the demo and tests). Must be idempotent enough to be
    called again after a crash: it may be handed a notification it already delivered."""

    async def deliver(self, table: Table, note: Notification) -> None: ...


class NullNotifier:
    async def deliver(self, table: Table, note: Notification) -> None:
        return None


@dataclass(frozen=True)
class MoveOutcome:
    table: Table
    events: tuple[Event, ...]
    seat: int


class TableService:
    def __init__(
        self,
        db: Database,
        notifier: Notifier | None = None,
        *,
        clock: Callable[[], float] = time.time,
        ai_delay: float = 0.0,
    ) -> None:
        self.db = db
        self.notifier: Notifier = notifier or NullNotifier()
        self.clock = clock
        self.ai_delay = ai_delay  # pause between computer moves, so people can follow them
        self._locks: dict[int, asyncio.Lock] = {}
        self._delivery_locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.delivering = 0  # deliveries in progress (a clean stop waits for them)
        # Called with a game id after a finished game's last notification went out (tournaments listen).
        self.finish_listeners: list[Callable[[int], Awaitable[None]]] = []
        # Told when a deadline or reminder was added or moved (the timer dispatcher's wake, when one runs).
        self.on_timers_changed: Callable[[], None] = lambda: None

    # -- reading -------------------------------------------------------------------------------------
    async def get(self, game_id: int) -> Table:
        row = await game_sql.fetch_game(self.db, game_id)
        if row is None:
            raise GameNotFound(game_id)
        return await self._table(row)

    async def list_guild(self, guild_id: int, statuses: Sequence[TableStatus] = OPEN_TABLES) -> list[Table]:
        marks = ", ".join("?" for _ in statuses)
        rows = await game_sql.fetch_games(
            self.db, f"guild_id = ? AND status IN ({marks})", (guild_id, *statuses)
        )
        return [await self._table(row) for row in rows]

    async def list_user(self, user_id: int, statuses: Sequence[TableStatus] = OPEN_TABLES) -> list[Table]:
        """The user's games, those where they must act first, then the longest-waiting first."""
        marks = ", ".join("?" for _ in statuses)
        rows = await game_sql.fetch_games(
            self.db,
            f"status IN ({marks}) AND id IN (SELECT game_id FROM seats WHERE user_id = ?)",
            (*statuses, user_id),
        )
        tables = [await self._table(row) for row in rows]

        def waiting(table: Table) -> bool:
            seat = table.seat_of(user_id)
            return seat is not None and seat in table.to_act()

        return sorted(tables, key=lambda t: (not waiting(t), t.updated_at))

    async def _table(self, row: GameRow) -> Table:
        state = None
        if row.snapshot is not None:
            state = games.get(row.key).load(row.snapshot)
        deadlines: dict[int, float] = {}
        if row.status == TableStatus.RUNNING and row.time_control.get("kind", "none") != "none":
            for timer in await timer_sql.pending_for_game(self.db, row.id):
                if timer.kind == "deadline" and timer.seat is not None:
                    deadlines[timer.seat] = timer.due_at
        return Table(
            id=row.id,
            key=row.key,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            lobby_message_id=row.lobby_message_id,
            creator_id=row.creator_id,
            status=row.status,
            seat_count=row.seat_count,
            options=row.options,
            seed=row.seed,
            version=row.version,
            players=tuple(Player(s.slot, s.user_id, s.name, s.ai_level, s.seat, s.forfeited) for s in row.seats),
            state=state,
            updated_at=row.updated_at,
            time_control=TimeControl.from_dict(row.time_control),
            timeout_policy=row.timeout_policy,
            vacation_allowed=row.vacation_allowed,
            deadlines=deadlines,
        )

    # -- lobby ---------------------------------------------------------------------------------------
    async def create(
        self,
        *,
        key: str,
        creator_id: int,
        creator_name: str,
        seat_count: int,
        options: Mapping[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        seed: int | None = None,
        join: bool = True,
        time_control: TimeControl | None = None,
        timeout_policy: str = "ai",
        vacation_allowed: bool = True,
    ) -> Table:
        game = games.get(key)
        game.check_players(seat_count)
        resolved = game.resolve_options(options)
        if timeout_policy not in TIMEOUT_POLICIES:
            raise ValueError(f"The timeout policy must be one of {', '.join(TIMEOUT_POLICIES)}.")
        if seed is None:
            seed = secrets.randbits(62)
        now = self.clock()
        async with self.db.tx() as conn:
            game_id = await game_sql.insert_game(
                conn,
                key=key,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                seat_count=seat_count,
                options=resolved,
                seed=seed,
                now=now,
                time_control=(time_control or TimeControl()).to_dict(),
                timeout_policy=timeout_policy,
                vacation_allowed=vacation_allowed,
            )
            if join:
                await game_sql.insert_seat(conn, game_id, creator_id, creator_name, None)
        return await self.get(game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self._lock(game_id):
            table = await self._lobby(game_id)
            if table.is_member(user_id):
                raise UserError("You have already joined this game.")
            if len(table.players) >= table.seat_count:
                raise UserError("This table is full.")
            async with self.db.tx() as conn:
                await game_sql.insert_seat(conn, game_id, user_id, name, None)
            return await self.get(game_id)

    async def add_ai(self, game_id: int, user_id: int, level: str = "easy") -> Table:
        if level not in AI_LEVELS:
            raise UserError(f"Computer players come in these levels: {', '.join(AI_LEVELS)}.")
        async with self._lock(game_id):
            table = await self._lobby(game_id)
            if user_id != table.creator_id:
                raise NotAllowed("Only the person who opened the table can add computer players.")
            if len(table.players) >= table.seat_count:
                raise UserError("This table is full.")
            number = sum(1 for p in table.players if p.is_ai) + 1
            async with self.db.tx() as conn:
                await game_sql.insert_seat(conn, game_id, None, f"Computer {number}", level)
            return await self.get(game_id)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self._lock(game_id):
            table = await self._lobby(game_id)
            mine = [p for p in table.players if p.user_id == user_id]
            if not mine:
                raise UserError("You have not joined this game.")
            async with self.db.tx() as conn:
                await game_sql.delete_seat(conn, game_id, mine[0].slot)
                if user_id == table.creator_id:
                    # The computer players belong to the creator's invitation: they go too.
                    for player in table.players:
                        if player.is_ai:
                            await game_sql.delete_seat(conn, game_id, player.slot)
            return await self.get(game_id)

    async def start(
        self, game_id: int, user_id: int, *, can_manage: bool = False, keep_order: bool = False
    ) -> Table:
        """Begin the game. Seat order is drawn from the game's seed, or (tournaments) kept as joined."""
        async with self._lock(game_id):
            table = await self._lobby(game_id)
            if user_id != table.creator_id and not can_manage:
                raise NotAllowed("Only the person who opened the table (or a server manager) can start it.")
            game = table.game
            count = len(table.players)
            if count < game.min_players:
                raise UserError(f"{game.title} needs at least {game.min_players} players; {count} joined so far.")
            order = list(table.players)
            if not keep_order:
                random.Random(f"seats:{table.seed}").shuffle(order)
            state = game.new(count, table.seed, table.options)
            now = self.clock()
            async with self.db.tx() as conn:
                for seat, player in enumerate(order):
                    await game_sql.assign_seat(conn, game_id, player.slot, seat)
                await game_sql.set_columns(conn, game_id, now, status=TableStatus.RUNNING, snapshot=game.dump(state))
                started = replace(table, status=TableStatus.RUNNING, players=tuple(
                    replace(p, seat=order.index(p)) for p in table.players
                ))
                await update_turns(conn, started, frozenset(), game.to_act(state), 0, now, {})
                await timer_sql.add(conn, game_id, "upkeep", None, 0, now + UPKEEP_INTERVAL)
                await outbox_sql.add(
                    conn,
                    game_id,
                    0,
                    "started",
                    {"seat": None, "events": [], "newly_to_act": sorted(game.to_act(state))},
                    now,
                    turn=0,
                )
        self.on_timers_changed()
        await self._deliver(game_id)
        table = await self.get(game_id)
        self._kick_ai(table)
        return table

    async def cancel(self, game_id: int, user_id: int, *, can_manage: bool = False) -> Table:
        async with self._lock(game_id):
            table = await self.get(game_id)
            if table.status not in OPEN_TABLES:
                raise WrongStatus("This game is already over.")
            if user_id != table.creator_id and not can_manage:
                raise NotAllowed("Only the person who opened the table or a server manager can cancel it.")
            now = self.clock()
            async with self.db.tx() as conn:
                await game_sql.set_columns(conn, game_id, now, status=TableStatus.CANCELLED)
                await timer_sql.cancel_game(conn, game_id, now)
                if table.status == TableStatus.RUNNING:
                    await outbox_sql.add(
                        conn, game_id, table.version, "cancelled", {"seat": None, "events": []}, now
                    )
        await self._deliver(game_id)
        return await self.get(game_id)

    async def set_thread(self, game_id: int, thread_id: int | None, channel_id: int | None = None) -> None:
        columns: dict[str, Any] = {"thread_id": thread_id}
        if channel_id is not None:
            columns["channel_id"] = channel_id
        async with self.db.tx() as conn:
            await game_sql.set_columns(conn, game_id, self.clock(), **columns)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.db.tx() as conn:
            await game_sql.set_columns(conn, game_id, self.clock(), lobby_message_id=message_id)

    async def _lobby(self, game_id: int) -> Table:
        table = await self.get(game_id)
        if table.status != TableStatus.LOBBY:
            raise WrongStatus("This game has already started or been cancelled.")
        return table

    # -- moves ---------------------------------------------------------------------------------------
    async def act(
        self, game_id: int, user_id: int, action: Mapping[str, Any], *, version: int | None = None
    ) -> MoveOutcome:
        """Apply one move of the user's. ``version`` is the position the control was made for: a second
        identical click (or a stale control) raises StaleVersion and changes nothing."""
        async with self._lock(game_id):
            table = await self._running(game_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            if version is not None and version != table.version:
                raise StaleVersion()
            if not table.game.can_act(table.state, seat):
                # Names only: the Discord layer's error handler adds what for and the board's link.
                raise NotYourTurn(join([table.names()[s] for s in sorted(table.to_act())]))
            outcome = await self._commit(table, seat, "action", dict(action))
        await self._deliver(game_id)
        self._kick_ai(outcome.table)
        return outcome

    async def resign(self, game_id: int, user_id: int) -> MoveOutcome:
        async with self._lock(game_id):
            table = await self._running(game_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            outcome = await self._commit(table, seat, "resign", {})
        await self._deliver(game_id)
        self._kick_ai(outcome.table)
        return outcome

    async def _running(self, game_id: int) -> Table:
        table = await self.get(game_id)
        if table.status != TableStatus.RUNNING:
            raise WrongStatus("This game is not running any more." if table.status != TableStatus.LOBBY else
                              "This game has not started yet.")
        return table

    async def _commit(
        self,
        table: Table,
        seat: int,
        kind: str,
        action: dict[str, Any],
        *,
        timeout: str | None = None,
        fired_timer: int | None = None,
    ) -> MoveOutcome:
        """Commit one move, then every forced one that follows it (a pass that is the seat's only choice,
        visibly so): each is a move of the log like any other, written by the service instead of a click."""
        outcome = await self._commit_one(table, seat, kind, action, timeout=timeout, fired_timer=fired_timer)
        latest = outcome.table
        for _ in range(10_000):  # a forced move always advances the game; the bound only guards a bug
            forced = self._forced(latest)
            if forced is None:
                break
            latest = (await self._commit_one(latest, forced[0], "action", forced[1], forced=True)).table
        return replace(outcome, table=latest)

    @staticmethod
    def _forced(table: Table) -> tuple[int, dict[str, Any]] | None:
        if table.status != TableStatus.RUNNING:
            return None
        for seat in sorted(table.to_act()):
            action = table.game.forced_action(table.state, seat)
            if action is not None:
                return seat, dict(action)
        return None

    async def _commit_one(
        self,
        table: Table,
        seat: int,
        kind: str,
        action: dict[str, Any],
        *,
        timeout: str | None = None,
        forced: bool = False,
        fired_timer: int | None = None,
    ) -> MoveOutcome:
        game = table.game
        if kind == "resign":
            state, events = game.resign(table.state, seat)
        else:
            state, events = game.apply(table.state, seat, action)  # raises IllegalAction, nothing written
        over = game.is_over(state)
        now = self.clock()
        before = game.to_act(table.state)
        after = frozenset() if over else game.to_act(state)
        payload: dict[str, Any] = {
            "seat": seat,
            "events": [event.to_dict() for event in events],
            "newly_to_act": sorted(after - before),
        }
        if timeout:
            payload["timeout"] = timeout
        if forced:
            payload["forced"] = True
        if over:
            payload["over"] = True
        vacations = await seat_vacations(self.db, table, before - after)
        async with self.db.tx() as conn:
            ok = await game_sql.commit_move(
                conn,
                game_id=table.id,
                expected_version=table.version,
                seat=seat,
                kind=kind,
                action=action,
                snapshot=game.dump(state),
                status=TableStatus.FINISHED if over else TableStatus.RUNNING,
                result=game.result(state).to_dict() if over else None,
                now=now,
            )
            if not ok:  # another process moved first: the version check keeps this from applying twice
                raise StaleVersion()
            if fired_timer is not None and not await timer_sql.mark_fired(conn, fired_timer, now):
                raise StaleVersion()  # the deadline fired already: this timeout move is not made (rolled back)
            if timeout == "forfeit":
                await timer_sql.set_forfeited(conn, table.id, seat)
            await update_turns(conn, table, before, after, table.version + 1, now, vacations)
            if over:
                await timer_sql.cancel_game(conn, table.id, now)
                await record_results(conn, table, game.result(state), now)
            turn: int | None = table.version + 1
            if not opens_turn(before, after, over):
                turn = await outbox_sql.current_turn(conn, table.id)
            await outbox_sql.add(conn, table.id, table.version + 1, "moved", payload, now, turn=turn)
        if after - before:
            self.on_timers_changed()
        return MoveOutcome(await self.get(table.id), tuple(events), seat)

    # -- clocks and timers (bot/turn_clocks.py) --------------------------------------------------------
    async def user_clocks_changed(self, user_id: int, *, away_until: float | None = None) -> None:
        """A user's vacation began, changed or ended: the deadlines of their turns move to when their time
        really runs out, and each table waiting for them says so on its board with the new deadline.
        ``away_until``: the end of a vacation that just ended early; the reminders held back until then
        come now instead of being lost."""
        now = self.clock()
        if away_until is not None:
            async with self.db.tx() as conn:
                await timer_sql.recall_user_reminders(conn, user_id, away_until, now)
        keeper = Timekeeper(self)
        for table in await self.list_user(user_id, statuses=(TableStatus.RUNNING,)):
            seat = table.seat_of(user_id)
            if seat is None or seat not in table.to_act() or not table.vacation_allowed:
                continue
            timers = [t for t in await timer_sql.pending_for_game(self.db, table.id)
                      if t.kind == "deadline" and t.seat == seat]
            if not timers:
                continue
            async with self._lock(table.id):
                due = await keeper.reschedule(table, timers[0], now)
                settings = await user_sql.settings(self.db, user_id)
                away = settings.vacation_until if settings.on_vacation(now) else None
                async with self.db.tx() as conn:
                    turn = await outbox_sql.current_turn(conn, table.id)
                    payload = {"seat": seat, "events": [], "away_until": away, "due": due}
                    await outbox_sql.add(conn, table.id, table.version, "clock", payload, now, turn=turn)
            await self._deliver(table.id)
        self.on_timers_changed()

    async def fire_timer(self, timer: TimerRow) -> None:
        """Handle one due timer; called by the timer dispatcher."""
        await Timekeeper(self).fire(timer)

    # -- computer players ----------------------------------------------------------------------------
    def _kick_ai(self, table: Table) -> None:
        if table.status != TableStatus.RUNNING or not any(p.is_ai for p in table.players):
            return
        task = asyncio.get_running_loop().create_task(self.run_ai(table.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def run_ai(self, game_id: int) -> None:
        """Let computer seats move while it is their turn. Safe to call at any time, any number of times."""
        while True:
            async with self._lock(game_id):
                table = await self.get(game_id)
                ai_seats = sorted(s for s in table.to_act() if table.player_at(s).is_ai)
                if not ai_seats:
                    return
                seat = ai_seats[0]
                game = table.game
                rng = random.Random(f"ai:{table.seed}:{table.version}:{seat}")
                action = game.choose_action(
                    game.view(table.state, seat),
                    game.legal_actions(table.state, seat),
                    rng,
                    table.player_at(seat).ai_level or "easy",
                )
                try:
                    await self._commit(table, seat, "action", action)
                except StaleVersion:
                    continue
            await self._deliver(game_id)
            if self.ai_delay:
                await asyncio.sleep(self.ai_delay)

    async def idle(self) -> None:
        """Wait until background computer moves are done (tests, the demo, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- delivery ------------------------------------------------------------------------------------
    async def resume(self) -> None:
        """At start-up: deliver what was committed but not sent, and let computer seats continue."""
        pending = await outbox_sql.pending(self.db)
        for game_id in dict.fromkeys(note.game_id for note in pending):
            await self._deliver(game_id)
        for table in await self._all_running():
            self._kick_ai(table)

    async def _all_running(self) -> list[Table]:
        rows = await game_sql.fetch_games(self.db, "status = ?", (TableStatus.RUNNING,), limit=100_000)
        return [await self._table(row) for row in rows]

    async def _deliver(self, game_id: int) -> None:
        """Deliver this game's pending notifications in order; stop at the first failure (kept for later).
        Positions of one turn still pending together go out as one notification, and each is told from the
        table as it was at its own version (not as it is now, when a backlog is sent after a restart)."""
        self.delivering += 1
        try:
            await self._deliver_pending(game_id)
        finally:
            self.delivering -= 1

    async def _deliver_pending(self, game_id: int) -> None:
        lock = self._delivery_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            rows = await outbox_sql.pending(self.db, game_id)
            if not rows:
                return
            now_table = await self.get(game_id)
            moves: list[game_sql.MoveRow] | None = None
            for group in _turn_groups(rows):
                last = group[-1]
                table = now_table
                if last.kind in outbox_sql.MOVE_KINDS and last.version != now_table.version:
                    if moves is None:
                        moves = await game_sql.fetch_moves(self.db, game_id)
                    table = table_at(now_table, last.version, moves)
                note = _notification(group)
                try:
                    await self.notifier.deliver(table, note)
                except Exception:
                    log.exception("delivering notification %s of game %s failed; will retry", last.id, game_id)
                    return
                try:
                    await outbox_sql.mark_delivered(self.db, note.outbox_ids, self.clock())
                except Exception:  # the database locked by another process: the move stands, this is sent again
                    log.exception("marking notification %s of game %s delivered failed; will resend", last.id, game_id)
                    return
                if note.kind == "moved" and table.status == TableStatus.FINISHED:
                    for listener in self.finish_listeners:
                        try:
                            await listener(game_id)
                        except Exception:  # the listener catches up at the next start (resume)
                            log.exception("finish listener failed for game %s", game_id)

    # -- what the Discord layer reads back ------------------------------------------------------------
    async def turn_positions(self, game_id: int, turn: int, upto: int) -> list[outbox_sql.OutboxRow]:
        """The positions of one turn up to a version, in order: every event of its board message."""
        return await outbox_sql.positions(self.db, game_id, after=-1, upto=upto, turn=turn)

    async def positions_since_last_move(self, game_id: int, seat: int, upto: int) -> list[outbox_sql.OutboxRow]:
        """The positions after the seat's own last move, up to a version: what that player has not seen
        happen at the table yet (their recap)."""
        row = await self.db.fetchone("SELECT MAX(seq) AS seq FROM moves WHERE game_id = ? AND seat = ? AND seq <= ?",
                                     (game_id, seat, upto))
        last = row["seq"] if row is not None and row["seq"] is not None else 0
        return await outbox_sql.positions(self.db, game_id, after=last, upto=upto)

    async def positions(self, game_id: int, *, after: int, upto: int) -> list[outbox_sql.OutboxRow]:
        return await outbox_sql.positions(self.db, game_id, after=after, upto=upto)

    async def move_log(self, game_id: int) -> list[game_sql.MoveRow]:
        """The game's moves in order (the truth a replay, a record or a history is made from)."""
        return await game_sql.fetch_moves(self.db, game_id)

    async def post(self, game_id: int, kind: str, ref: str) -> post_sql.PostRow | None:
        return await post_sql.get(self.db, game_id, kind, ref)

    async def open_posts(self, game_id: int, kind: str) -> list[post_sql.PostRow]:
        return await post_sql.open_posts(self.db, game_id, kind)

    async def save_post(self, post: post_sql.PostRow) -> None:
        await post_sql.save(self.db, post)

    # -- the log is the truth ------------------------------------------------------------------------
    async def replay(self, game_id: int) -> Any:
        """Rebuild the state from (seed, options, moves): must equal the stored snapshot."""
        table = await self.get(game_id)
        if table.status == TableStatus.LOBBY:
            raise WrongStatus("This game has not started yet.")
        return replay_moves(table.game, len(table.players), table.seed, table.options,
                            await game_sql.fetch_moves(self.db, game_id))

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())


def _turn_groups(rows: Sequence[outbox_sql.OutboxRow]) -> list[list[outbox_sql.OutboxRow]]:
    """Pending rows in order, consecutive positions of one turn together (everything else alone)."""
    groups: list[list[outbox_sql.OutboxRow]] = []
    for row in rows:
        previous = groups[-1][-1] if groups else None
        same_turn = (
            previous is not None
            and row.kind == "moved"
            and previous.kind in outbox_sql.MOVE_KINDS
            and row.turn is not None
            and row.turn == previous.turn
        )
        if same_turn:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def _notification(group: Sequence[outbox_sql.OutboxRow]) -> Notification:
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
        opens_turn=first.kind in outbox_sql.MOVE_KINDS and first.turn == first.version,
        outbox_ids=tuple(row.id for row in group),
        forfeited=tuple(row.payload["seat"] for row in group if row.payload.get("timeout") == "forfeit"),
    )


def table_at(table: Table, version: int, moves: Sequence[game_sql.MoveRow]) -> Table:
    """The table as it stood at an earlier version, replayed from the log (deadlines are only known for the
    newest one)."""
    game = table.game
    state = replay_moves(game, len(table.players), table.seed, table.options, moves[:version])
    status = TableStatus.FINISHED if game.is_over(state) else TableStatus.RUNNING
    return replace(table, version=version, state=state, status=status, deadlines={})


def replay_moves(
    game: Game, players: int, seed: int, options: Mapping[str, Any], moves: Iterable[game_sql.MoveRow]
) -> Any:
    state = game.new(players, seed, options)
    for move in moves:
        if move.kind == "resign":
            state, _ = game.resign(state, move.seat)
        else:
            state, _ = game.apply(state, move.seat, move.action)
    return state
