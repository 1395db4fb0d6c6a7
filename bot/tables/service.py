"""The table service: lobby -> running -> finished, and the one ``act()`` every move goes through.

Commit, then notify: a move, its snapshot and its notification are written in one transaction (with a
version check, so two identical clicks apply once); only then is the notifier asked to deliver. What was
committed but not delivered (a crash, Discord down) is delivered by ``resume()`` at the next start. The mover's
own answer (``Answer``) goes out once the move's board is out, not behind the turn's other notifications: Discord does
not count an interaction's answer against the bot's request budget, which may hold those back under load.

The parts, each in its own module: reading tables (``reader``), committing moves (``moves``), delivery
(``delivery``), computer players (``ai_runner``), timers and vacations (``clocks``), replay (``replay``).
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot import games, i18n
from bot.errors import NotAllowed, NotSeated, NotYourTurn, StaleVersion, UserError, WrongStatus
from bot.games.base.language import tr, trn
from bot.games.base.words import join
from bot.statuses import OPEN_TABLES, TableStatus
from bot.store import games as game_sql
from bot.store import outbox as outbox_sql
from bot.store import timers as timer_sql
from bot.store.db import Database
from bot.store.games import MoveRow
from bot.store.timers import TimerRow
from bot.tables.ai_runner import ComputerPlayers
from bot.tables.clocks import Timekeeper
from bot.tables.delivery import Delivery, Notifier, NullNotifier, watching_public
from bot.tables.model import AI_LEVELS, MoveOutcome, Table
from bot.tables.moves import GameLocks, MoveCommitter
from bot.tables.reader import TableReader
from bot.tables.replay import Standing, may_take_back, replay_moves, standing_moves
from bot.tables.turns import UPKEEP_INTERVAL, update_turns
from bot.timecontrol import TIMEOUT_POLICIES, TimeControl

# What a move's caller does with its outcome while the move is delivered: a click's answer to the mover.
Answer = Callable[[MoveOutcome], Awaitable[None]]


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
        self.clock = clock
        # Told when a deadline or reminder was added or moved (the timer dispatcher's wake, when one runs).
        self.on_timers_changed: Callable[[], None] = lambda: None
        self._reader = TableReader(db)
        self._standing: dict[tuple[int, int], list[Standing]] = {}  # the moves standing at a game's version
        self._locks = GameLocks(db)
        self._moves = MoveCommitter(db, self._reader, self._now, self._timers_changed)
        self.delivery = Delivery(db, self._reader, notifier or NullNotifier(), self._now)
        self.computers = ComputerPlayers(self._reader, self._locks, self._moves, self.delivery, delay=ai_delay)
        self._timekeeper = Timekeeper(
            db, clock=self._now, reader=self._reader, locks=self._locks, moves=self._moves, delivery=self.delivery,
            computers=self.computers, timers_changed=self._timers_changed,
        )

    # The clock and the timers' wake are looked up at each call: both may be replaced after construction
    # (the dispatcher is attached later; tests set a fake clock).
    def _now(self) -> float:
        return self.clock()

    def _timers_changed(self) -> None:
        self.on_timers_changed()

    # -- reading -------------------------------------------------------------------------------------
    async def get(self, game_id: int) -> Table:
        return await self._reader.get(game_id)

    async def list_guild(self, guild_id: int, statuses: Sequence[TableStatus] = OPEN_TABLES) -> list[Table]:
        return await self._reader.list_guild(guild_id, statuses)

    async def list_shown(self, statuses: Sequence[TableStatus], limit: int, user_id: int | None = None) -> list[Table]:
        """Games with web pages (their server allowed them, or they have none), the latest changed first."""
        return await self._reader.list_shown(statuses, limit, user_id)

    async def latest_finished(self, guild_id: int, limit: int = 25) -> list[Table]:
        """The server's most recently finished games, the newest first (a menu of games to look back at)."""
        return await self._reader.latest_finished(guild_id, limit)

    async def list_user(self, user_id: int, statuses: Sequence[TableStatus] = OPEN_TABLES) -> list[Table]:
        """The user's games, those where they must act first, then the longest-waiting first."""
        return await self._reader.list_user(user_id, statuses)

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
        language: str = "en",
        take_backs: bool = True,
    ) -> Table:
        game = games.get(key)
        game.check_players(seat_count)
        resolved = game.resolve_options(options)
        if timeout_policy not in TIMEOUT_POLICIES:
            raise ValueError(f"The timeout policy must be one of {', '.join(TIMEOUT_POLICIES)}.")
        if language not in i18n.CODES:
            raise ValueError(f"The language must be one of {', '.join(i18n.CODES)}.")
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
                language=language,
                take_backs=take_backs,
            )
            if join:
                await game_sql.insert_seat(conn, game_id, creator_id, creator_name, None)
        return await self.get(game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> Table:
        async with self._locks(game_id):
            table = await self._lobby(game_id)
            if table.is_member(user_id):
                raise UserError(tr("You have already joined this game."))
            if len(table.players) >= table.seat_count:
                raise UserError(tr("This table is full."))
            async with self.db.tx() as conn:
                await game_sql.insert_seat(conn, game_id, user_id, name, None)
            return await self.get(game_id)

    async def add_ai(self, game_id: int, user_id: int, level: str = "easy") -> Table:
        if level not in AI_LEVELS:
            raise UserError(tr("Computer players come in these levels: {levels}.", levels=", ".join(AI_LEVELS)))
        async with self._locks(game_id):
            table = await self._lobby(game_id)
            if user_id != table.creator_id:
                raise NotAllowed(tr("Only the person who opened the table can add computer players."))
            if len(table.players) >= table.seat_count:
                raise UserError(tr("This table is full."))
            number = sum(1 for p in table.players if p.is_ai) + 1
            with i18n.speaking(table.language):  # the seat's name is the table's, as the thread shows it
                name = tr("Computer {number}", number=number)
            async with self.db.tx() as conn:
                await game_sql.insert_seat(conn, game_id, None, name, level)
            return await self.get(game_id)

    async def leave(self, game_id: int, user_id: int) -> Table:
        async with self._locks(game_id):
            table = await self._lobby(game_id)
            mine = [p for p in table.players if p.user_id == user_id]
            if not mine:
                raise UserError(tr("You have not joined this game."))
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
        async with self._locks(game_id):
            table = await self._lobby(game_id)
            if user_id != table.creator_id and not can_manage:
                raise NotAllowed(tr("Only the person who opened the table (or a server manager) can start it."))
            game = table.game
            count = len(table.players)
            if count < game.min_players:
                raise UserError(trn("{game} needs at least {least} players; {n} has joined so far.",
                                    "{game} needs at least {least} players; {n} have joined so far.", count,
                                    game=tr(game.title), least=game.min_players))
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
        await self.delivery.deliver(game_id)
        table = await self.get(game_id)
        self.computers.kick(table)
        return table

    async def cancel(self, game_id: int, user_id: int, *, can_manage: bool = False) -> Table:
        async with self._locks(game_id):
            table = await self.get(game_id)
            if table.status not in OPEN_TABLES:
                raise WrongStatus(tr("This game is already over."))
            if user_id != table.creator_id and not can_manage:
                raise NotAllowed(tr("Only the person who opened the table or a server manager can cancel it."))
            now = self.clock()
            async with self.db.tx() as conn:
                await game_sql.set_columns(conn, game_id, now, status=TableStatus.CANCELLED)
                await timer_sql.cancel_game(conn, game_id, now)
                if table.status == TableStatus.RUNNING:
                    await outbox_sql.add(
                        conn, game_id, table.version, "cancelled", {"seat": None, "events": []}, now
                    )
        await self.delivery.deliver(game_id)
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
            raise WrongStatus(tr("This game has already started or been cancelled."))
        return table

    # -- moves ---------------------------------------------------------------------------------------
    async def act(
        self, game_id: int, user_id: int, action: Mapping[str, Any], *, version: int | None = None,
        answer: Answer | None = None,
    ) -> MoveOutcome:
        """Apply one move of the user's. ``version`` is the position the control was made for: a second
        identical click (or a stale control) raises StaleVersion and changes nothing. ``answer``: the mover's
        answer, made once the move's board is out (``_delivered``)."""
        async with self._locks(game_id):
            table, seat = await self._seat_at(game_id, user_id, version)
            if not table.game.can_act(table.state, seat):
                # Names only: the Discord layer's error handler adds what for and the board's link.
                names = join([table.names()[s] for s in sorted(table.to_act())])
                raise NotYourTurn(tr("The game is waiting for {players}.", players=names))
            outcome = await self._moves.commit(table, seat, "action", dict(action))
        await self._delivered(outcome, answer)
        return outcome

    async def _delivered(self, outcome: MoveOutcome, answer: Answer | None) -> None:
        """Deliver a committed move, and answer its mover as soon as the move's board is out: what the answer
        says ("It is Bo's turn") is then on the thread's board too, but the answer (Discord does not count it)
        never waits for the turn's DMs and other notifications, which the request budget may hold back behind
        other games' boards. Either failing, the other is still done; then computer players take their turns."""
        with watching_public() as shown:
            delivering = asyncio.ensure_future(self.delivery.deliver(outcome.table.id))
        try:
            if answer is not None:
                board = asyncio.ensure_future(shown.wait())
                try:
                    await asyncio.wait((board, delivering), return_when=asyncio.FIRST_COMPLETED)
                finally:
                    board.cancel()
                await answer(outcome)
        finally:
            try:
                await delivering
            finally:
                self.computers.kick(outcome.table)

    async def resign(
        self, game_id: int, user_id: int, *, dropped: bool = False, answer: Answer | None = None
    ) -> MoveOutcome:
        """The user leaves the game. ``dropped``: a tournament organiser dropped them; the move log keeps the
        resignation (replays are unchanged), the outbox says it was a drop so the thread and the player are
        told so."""
        async with self._locks(game_id):
            table, seat = await self._seat_at(game_id, user_id, None)
            outcome = await self._moves.commit(table, seat, "resign", {}, dropped=dropped)
        await self._delivered(outcome, answer)
        return outcome

    async def _seat_at(self, game_id: int, user_id: int, version: int | None) -> tuple[Table, int]:
        """The running table and the user's seat in it, at the version their control was made for (any when
        None); under the game's lock."""
        table = await self._running(game_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        if version is not None and version != table.version:
            raise StaleVersion()
        return table, seat

    async def take_back(
        self, game_id: int, user_id: int, *, version: int | None = None, answer: Answer | None = None
    ) -> MoveOutcome:
        """Take back the user's own last move (docs/rules/README.md, "Taking a move back"): the position
        before it is committed as the move ``{"take_back": true}``, version-checked like any move, so a take-back
        racing another player's click is decided once. UserError with one sentence when it may not."""
        async with self._locks(game_id):
            table, seat = await self._seat_at(game_id, user_id, version)
            restored = await self._taken_back(table, seat)
            outcome = await self._moves.take_back(table, seat, restored)
        await self._delivered(outcome, answer)
        return outcome

    def offers_take_back(self, before: Table, action: Mapping[str, Any], outcome: MoveOutcome) -> bool:
        """Whether the move just made (``action`` on ``before``) may be taken back, from the positions at hand:
        no replay of the log on every move. False when a forced move followed it or the game ended."""
        after = outcome.table
        if not after.take_backs or after.status != TableStatus.RUNNING or after.version != before.version + 1:
            return False
        last = Standing(after.version, before.state, outcome.seat, "action", action, after.state, outcome.events)
        return may_take_back(after.game, [last], outcome.seat)

    async def take_back_refusal(self, table: Table, user_id: int) -> str | None:
        """Why the user may not take back a move now (one sentence), or None when they may."""
        seat = table.seat_of(user_id)
        if seat is None or table.status != TableStatus.RUNNING:
            return tr("You have no move to take back in this game.")
        try:
            await self._taken_back(table, seat)
        except UserError as error:
            return str(error)
        return None

    async def _taken_back(self, table: Table, seat: int) -> Any:
        """The position a take-back by ``seat`` restores; UserError saying why there is none."""
        waiting = join([table.names()[s] for s in sorted(table.to_act())])
        if not table.take_backs:
            raise NotAllowed(tr("This table does not allow take-backs; the game waits for {waiting}.",
                                waiting=waiting))
        key = (table.id, table.version)
        standing = self._standing.get(key)
        if standing is None:
            log = await game_sql.fetch_moves(self.db, table.id)
            standing = standing_moves(table.game, len(table.players), table.seed, table.options,
                                      log[: table.version])
            self._standing = {key: standing}  # the newest table's only: a take-back is of the latest position
        last = standing[-1] if standing else None
        if last is None or last.seat != seat or last.kind != "action":
            raise NotAllowed(tr("Only your own last move can be taken back, before anybody else acts; "
                                "the game waits for {waiting}.", waiting=waiting))
        row = await outbox_sql.moved(self.db, table.id, last.number)
        if row is None or row.payload.get("forced") or row.payload.get("timeout"):
            raise NotAllowed(tr("Your last move was made for you, so it stands; the game waits for {waiting}.",
                                waiting=waiting))
        game = table.game
        if not may_take_back(game, standing, seat):
            raise NotAllowed(tr("Your last move showed something hidden, drew at random or passed the decision on, "
                                "so it stands; the game waits for {waiting}.", waiting=waiting))
        return last.before

    async def _running(self, game_id: int) -> Table:
        table = await self.get(game_id)
        if table.status != TableStatus.RUNNING:
            raise WrongStatus(tr("This game is not running any more.") if table.status != TableStatus.LOBBY else
                              tr("This game has not started yet."))
        return table

    # -- timers, restarts and the log ----------------------------------------------------------------
    async def fire_timer(self, timer: TimerRow) -> None:
        """Handle one due timer; called by the timer dispatcher."""
        await self._timekeeper.fire(timer)

    async def user_clocks_changed(self, user_id: int) -> None:
        """A user's vacation began, changed or ended: see ``Timekeeper.user_clocks_changed``."""
        await self._timekeeper.user_clocks_changed(user_id)

    async def resume(self, ours: Callable[[Table], bool] = lambda table: True) -> None:
        """At start-up: deliver what was committed but not sent, and let computer seats continue in the games
        ``ours`` names (several processes sharing the database: those of this process's shards, so each
        game's computers are run by one process, at their pace, not by every process that starts)."""
        await self.delivery.deliver_all()
        for table in await self._reader.all_running():
            if ours(table):
                self.computers.kick(table)

    async def move_log(self, game_id: int) -> list[MoveRow]:
        """The game's moves in order (the truth a replay, a record or a history is made from)."""
        return await game_sql.fetch_moves(self.db, game_id)

    async def replay(self, game_id: int) -> Any:
        """Rebuild the state from (seed, options, moves): must equal the stored snapshot."""
        table = await self.get(game_id)
        if table.status == TableStatus.LOBBY:
            raise WrongStatus(tr("This game has not started yet."))
        return replay_moves(table.game, len(table.players), table.seed, table.options,
                            await game_sql.fetch_moves(self.db, game_id))
