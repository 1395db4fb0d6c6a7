"""The tournament service: sign-up, check-in, rounds of games started through the table service, standings.

Everything is in SQLite, and ``advance()`` is idempotent: it looks at the games of the current round and
seats the next round only when every one of them is over. So a restart in the middle of a round changes
nothing: ``resume()`` simply calls ``advance()`` for every running tournament.
"""

from __future__ import annotations

import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from bot import games, i18n
from bot import ratings as rating_model
from bot.errors import NotAllowed, UserError, WrongStatus
from bot.games.base.language import mark, tr, trn, trp
from bot.locks import Locks
from bot.pacing import Priority, yielding
from bot.statuses import (
    ACTIVE_ENTRANTS,
    ENTERING,
    LIVE_TOURNAMENTS,
    OPEN_TABLES,
    EntrantStatus,
    TableStatus,
    TournamentStatus,
)
from bot.store import ratings as rating_sql
from bot.store import tournaments as t_sql
from bot.store.db import Database
from bot.store.tournaments import TournamentRow as TournamentRow  # the Discord layer reads tournaments as rows
from bot.tables import TableService
from bot.timecontrol import TIMEOUT_POLICIES, TimeControl
from bot.tournaments import (
    Bye,
    RoundPlan,
    StandingRow,
    TableResult,
    advance_per_table,
    advancers,
    bye_points,
    elimination_round,
    place_scale,
    round_robin_schedule,
    standings,
    swiss_round,
)
from bot.tournaments.bracket import Bracket, Podium
from bot.tournaments.progress import elimination_bracket, elimination_podium, standings_podium

log = logging.getLogger(__name__)

_STATE_WORDS: dict[TournamentStatus, Callable[[], str]] = {  # a tournament's state in the language in force
    TournamentStatus.SIGNUP: lambda: trp("tournament state", "still taking sign-ups"),
    TournamentStatus.CHECKIN: lambda: trp("tournament state", "in check-in"),
    TournamentStatus.RUNNING: lambda: trp("tournament state", "running"),
    TournamentStatus.PAUSED: lambda: trp("tournament state", "paused"),
    TournamentStatus.FINISHED: lambda: trp("tournament state", "over"),
    TournamentStatus.CANCELLED: lambda: trp("tournament state", "cancelled"),
}


def state_words(status: TournamentStatus) -> str:
    """"running", "over"...: a tournament's state in the language in force."""
    return _STATE_WORDS[status]() if status in _STATE_WORDS else str(status)


_CANNOT = {
    TournamentStatus.PAUSED: mark("Only a running tournament can be paused; this one is {state}."),
    TournamentStatus.RUNNING: mark("Only a paused tournament can be resumed; this one is {state}."),
    TournamentStatus.CANCELLED: mark("This tournament is {state} and cannot be cancelled."),
}

# Translated where shown (``tr``): the English is also the slash command's choice, capitalised.
FORMATS = {"swiss": mark("Swiss"), "round_robin": mark("round robin"), "elimination": mark("single elimination")}
SEEDINGS = ("random", "rating")
#: When the players do not divide into tables of the chosen size: byes (no table above that size), or some
#: larger tables (as few byes as the game allows).
UNEVEN = {"byes": "byes", "larger": "larger tables"}


@dataclass(frozen=True)
class RoundEvent:
    """What the Discord layer posts: 'round' (a round was seated and its games started), 'finished'."""

    kind: str
    tournament: TournamentRow
    round: int
    standings: tuple[StandingRow, ...]


class TournamentNotifier(Protocol):
    async def tournament_event(self, event: RoundEvent) -> None: ...


class NullTournamentNotifier:
    async def tournament_event(self, event: RoundEvent) -> None:
        return None


class TournamentService:
    def __init__(
        self,
        db: Database,
        tables: TableService,
        notifier: TournamentNotifier | None = None,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.tables = tables
        self.notifier: TournamentNotifier = notifier or NullTournamentNotifier()
        self.clock = clock
        self._lock = Locks(db, "tournament")  # a round is seated and told once, whichever process sees it end
        tables.delivery.finish_listeners.append(self.on_game_finished)

    # -- reading -------------------------------------------------------------------------------------
    async def get(self, tournament_id: int) -> TournamentRow:
        row = await t_sql.fetch(self.db, tournament_id)
        if row is None:
            raise UserError(tr("There is no tournament #{number}.", number=tournament_id))
        return row

    async def list_guild(self, guild_id: int) -> list[TournamentRow]:
        ids = await t_sql.ids(self.db, guild_id=guild_id, statuses=LIVE_TOURNAMENTS)
        return [await self.get(i) for i in ids]

    async def standings(self, tournament_id: int) -> list[StandingRow]:
        return await self._standings(await self.get(tournament_id))

    async def bracket(self, tournament_id: int) -> Bracket:
        """An elimination tournament's bracket: its rounds so far and those to come (WrongStatus for another
        format)."""
        row = await self.get(tournament_id)
        if row.format != "elimination":
            raise WrongStatus(tr("Only an elimination tournament has a bracket."))
        return await self._bracket(row)

    async def podium(self, tournament_id: int) -> Podium:
        """The first three: by how far each went in an elimination, else by the standings."""
        row = await self.get(tournament_id)
        if row.format == "elimination":
            return elimination_podium(await self._bracket(row))
        return standings_podium(await self._standings(row))

    async def rounds_complete(self, tournament_id: int) -> int:
        """How many rounds are over: the current one counts once every game of it has ended."""
        row = await self.get(tournament_id)
        current = [t for t in row.tables if t.round == row.current_round]
        if row.current_round == 0 or any(t.game_id is None for t in current) or not await self._round_over(row):
            return max(0, row.current_round - 1)
        return row.current_round

    # -- sign-up -------------------------------------------------------------------------------------
    async def create(
        self,
        *,
        organiser_id: int,
        name: str,
        key: str,
        format: str,
        table_size: int,
        rounds: int = 3,
        cap: int | None = None,
        check_in: bool = False,
        seeding: str = "random",
        uneven: str = "byes",
        options: Mapping[str, Any] | None = None,
        time_control: TimeControl | None = None,
        timeout_policy: str = "ai",
        guild_id: int | None = None,
        channel_id: int | None = None,
        seed: int | None = None,
        language: str = i18n.ENGLISH,
    ) -> TournamentRow:
        """A new tournament in sign-up; ``language`` is that of its public posts, pictures and games."""
        game = games.get(key)
        game.check_players(table_size)
        if format not in FORMATS:
            raise UserError(tr("The format must be one of: {formats}.",
                               formats=", ".join(tr(label) for label in FORMATS.values())))
        if seeding not in SEEDINGS:
            raise UserError(tr("Seeding is either random or by rating."))
        if uneven not in UNEVEN:
            raise UserError(tr("When numbers do not divide, a tournament gives either byes or larger tables."))
        if timeout_policy not in TIMEOUT_POLICIES:
            raise UserError(tr("The timeout policy must be one of {policies}.", policies=", ".join(TIMEOUT_POLICIES)))
        if format == "swiss" and not 1 <= rounds <= 20:
            raise UserError(tr("A Swiss tournament has 1 to 20 rounds."))
        if cap is not None and cap < game.min_players:
            raise UserError(trn("The cap must allow at least {n} player.", "The cap must allow at least {n} players.",
                                   game.min_players))
        if language not in i18n.CODES:
            raise ValueError(f"The language must be one of {', '.join(i18n.CODES)}.")
        name = name.strip()[:80]
        if not name:
            raise UserError(tr("A tournament needs a name."))
        now = self.clock()
        async with self.db.tx() as conn:
            tournament_id = await t_sql.insert(
                conn, now,
                guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id, name=name, key=key,
                format=format, table_size=table_size, rounds=rounds if format == "swiss" else 0, cap=cap,
                check_in=int(check_in), seeding=seeding, options=game.resolve_options(options),
                time_control=(time_control or TimeControl()).to_dict(), timeout_policy=timeout_policy,
                status=TournamentStatus.SIGNUP, seed=secrets.randbits(62) if seed is None else seed, uneven=uneven,
                language=language,
            )
        return await self.get(tournament_id)

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        async with self.db.tx() as conn:
            await t_sql.set_columns(conn, tournament_id, self.clock(), message_id=message_id)

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentRow:
        async with self._lock(tournament_id):
            row = await self.get(tournament_id)
            if row.status not in ENTERING:
                raise WrongStatus(tr("Sign-up for this tournament is closed."))
            if any(p.user_id == user_id and p.status in ACTIVE_ENTRANTS for p in row.players):
                raise UserError(tr("You are already signed up."))
            if row.cap is not None and sum(p.status in ACTIVE_ENTRANTS for p in row.players) >= row.cap:
                raise UserError(tr("This tournament is full."))
            # Joining during check-in counts as checking in: the player is here now.
            status = EntrantStatus.CHECKED_IN if row.status == TournamentStatus.CHECKIN else EntrantStatus.REGISTERED
            async with self.db.tx() as conn:
                await t_sql.upsert_player(conn, tournament_id, user_id, name, status, self.clock())
            return await self.get(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> TournamentRow:
        async with self._lock(tournament_id):
            row = await self.get(tournament_id)
            if row.status not in ENTERING:
                raise WrongStatus(tr("The tournament has started: ask the organiser to drop you."))
            if not any(p.user_id == user_id for p in row.players):
                raise UserError(tr("You are not signed up."))
            async with self.db.tx() as conn:
                await t_sql.delete_player(conn, tournament_id, user_id)
            return await self.get(tournament_id)

    async def open_check_in(self, tournament_id: int, user_id: int, *, can_manage: bool = False) -> TournamentRow:
        async with self._lock(tournament_id):
            row = await self._organised(tournament_id, user_id, can_manage)
            if row.status != TournamentStatus.SIGNUP or not row.check_in:
                raise WrongStatus(tr("Check-in is only for tournaments created with check-in, before they start."))
            async with self.db.tx() as conn:
                await t_sql.set_columns(conn, tournament_id, self.clock(), status=TournamentStatus.CHECKIN)
            return await self.get(tournament_id)

    async def check_in(self, tournament_id: int, user_id: int) -> TournamentRow:
        async with self._lock(tournament_id):
            row = await self.get(tournament_id)
            if row.status != TournamentStatus.CHECKIN:
                raise WrongStatus(tr("Check-in is not open."))
            mine = [p for p in row.players if p.user_id == user_id and p.status in ACTIVE_ENTRANTS]
            if not mine:
                raise UserError(tr("You are not signed up."))
            async with self.db.tx() as conn:
                await t_sql.upsert_player(
                    conn, tournament_id, user_id, mine[0].name, EntrantStatus.CHECKED_IN, self.clock()
                )
            return await self.get(tournament_id)

    # -- running -------------------------------------------------------------------------------------
    async def start(self, tournament_id: int, user_id: int, *, can_manage: bool = False) -> TournamentRow:
        async with self._lock(tournament_id):
            row = await self._organised(tournament_id, user_id, can_manage)
            if row.status not in ENTERING:
                raise WrongStatus(tr("This tournament has already started."))
            wanted = (EntrantStatus.CHECKED_IN,) if row.status == TournamentStatus.CHECKIN else ACTIVE_ENTRANTS
            field = [p.user_id for p in row.players if p.status in wanted]
            game = games.get(row.key)
            if len(field) < game.min_players:
                raise UserError(trn("At least {n} player must be signed up (checked in) to start.",
                                    "At least {n} players must be signed up (checked in) to start.", game.min_players))
            now = self.clock()
            async with self.db.tx() as conn:
                for player in row.players:  # no-shows of a check-in are dropped
                    if player.status in ACTIVE_ENTRANTS and player.user_id not in field:
                        await t_sql.mark_left(conn, tournament_id, player.user_id, 0)
                if row.format == "round_robin":
                    schedule = round_robin_schedule(
                        field, row.table_size, game.min_players, _largest(row), self._rng(row, 0)
                    )
                    await t_sql.set_columns(conn, tournament_id, now, rounds=len(schedule))
                    for number, plan in enumerate(schedule, start=1):
                        await self._store_plan(conn, tournament_id, number, plan)
                await t_sql.set_columns(conn, tournament_id, now, status=TournamentStatus.RUNNING)
        await self.advance(tournament_id)
        return await self.get(tournament_id)

    async def on_game_finished(self, game_id: int) -> None:
        tournament_id = await t_sql.tournament_of_game(self.db, game_id)
        if tournament_id is not None:
            with yielding(Priority.BACKGROUND):  # the next round's posts and games yield to moves in progress
                await self.advance(tournament_id)

    async def resume(self) -> None:
        """At start-up: finish whatever round finished while the bot was down, start games not yet started
        (paused tournaments: only tell of a round that ended)."""
        for tournament_id in await t_sql.ids(self.db, statuses=(TournamentStatus.RUNNING, TournamentStatus.PAUSED)):
            try:
                with yielding(Priority.BACKGROUND):
                    await self.advance(tournament_id)
            except Exception:
                log.exception("resuming tournament %s failed", tournament_id)

    async def advance(self, tournament_id: int) -> None:
        """Start the current round's games that have none; when every game of the round is over, tell so
        (once), then seat the next round or finish. Paused, it only tells of the round's end (and finishes
        after the last round): no game starts. Safe to call any number of times."""
        events: list[RoundEvent] = []
        async with self._lock(tournament_id):
            while True:
                row = await self.get(tournament_id)
                if row.status not in (TournamentStatus.RUNNING, TournamentStatus.PAUSED):
                    break
                current = [t for t in row.tables if t.round == row.current_round]
                if row.current_round and any(t.game_id is None for t in current):
                    if row.status == TournamentStatus.PAUSED:
                        break
                    await self._start_games(row)
                    continue
                if row.current_round and not await self._round_over(row):
                    break
                if row.current_round >= 1 and row.announced_round < row.current_round:
                    async with self.db.tx() as conn:
                        await t_sql.set_columns(conn, tournament_id, self.clock(), announced_round=row.current_round)
                    events.append(RoundEvent("round_over", row, row.current_round, tuple(await self._standings(row))))
                if await self._is_last_round(row):
                    async with self.db.tx() as conn:
                        await t_sql.set_columns(conn, tournament_id, self.clock(), status=TournamentStatus.FINISHED)
                    final = await self.get(tournament_id)
                    events.append(RoundEvent("finished", final, final.current_round,
                                             tuple(await self._standings(final))))
                    break
                if row.status == TournamentStatus.PAUSED:  # the round-over post says the next round waits for resume
                    break
                await self._seat_next_round(row)
                seated = await self.get(tournament_id)
                await self._start_games(seated)
                events.append(RoundEvent("round", await self.get(tournament_id), seated.current_round, ()))
                break
        for event in events:
            try:
                await self.notifier.tournament_event(event)
            except Exception:
                log.exception("posting tournament %s event %s failed", tournament_id, event.kind)

    async def _is_last_round(self, row: TournamentRow) -> bool:
        if row.current_round == 0:
            return False
        if row.format == "elimination":  # the final: one table and nobody else
            final = len([t for t in row.tables if t.round == row.current_round]) == 1 and not any(
                r == row.current_round for r, _ in row.byes
            )
            return final or len(await self._advancing(row)) < games.get(row.key).min_players
        return row.current_round >= row.rounds

    async def _seat_next_round(self, row: TournamentRow) -> None:
        """Plan the next round (everything read first: a transaction holds the database to itself)."""
        game = games.get(row.key)
        number = row.current_round + 1
        active = [p.user_id for p in row.players if p.status in ACTIVE_ENTRANTS]
        plan: RoundPlan | None = None
        out: list[int] = []
        if row.format == "swiss":
            points = {s.player: s.points for s in await self._standings(row)}
            seeding = await self._seeding(row, active) if number == 1 and row.seeding == "rating" else None
            plan = swiss_round(
                active, points, _history(row), row.table_size, game.min_players, _largest(row),
                self._rng(row, number), seeding=seeding,
            )
        elif row.format == "elimination":
            field = await self._advancing(row) if number > 1 else await self._seeded(row, active)
            out = [u for u in active if u not in field] if number > 1 else []
            advance = advance_per_table(len(field), row.table_size, game.min_players, _largest(row))
            plan = elimination_round(field, row.table_size, advance, game.min_players, _largest(row))
        # Round robin: every round was stored at start.
        now = self.clock()
        names = {p.user_id: p.name for p in row.players}
        async with self.db.tx() as conn:
            for user in out:  # those who did not go through are out
                await t_sql.upsert_player(conn, row.id, user, names[user], EntrantStatus.ELIMINATED, now)
            if plan is not None:
                await self._store_plan(conn, row.id, number, plan)
            await t_sql.set_columns(conn, row.id, now, current_round=number)

    async def _start_games(self, row: TournamentRow) -> None:
        names = {p.user_id: p.name for p in row.players}
        dropped = {p.user_id for p in row.players if p.status == EntrantStatus.DROPPED}
        game = games.get(row.key)
        for table in [t for t in row.tables if t.round == row.current_round and t.game_id is None]:
            seated = [u for u in table.players if u not in dropped]
            if len(seated) < game.min_players:  # a round-robin table emptied by drops: everyone left gets a bye
                async with self.db.tx() as conn:
                    for user in seated:
                        await t_sql.add_bye(conn, row.id, row.current_round, user)
                    await t_sql.delete_table(conn, row.id, row.current_round, table.table_no)
                continue
            created = await self.tables.create(
                key=row.key, creator_id=row.organiser_id, creator_name=f"{row.name}", seat_count=len(seated),
                options=row.options, guild_id=row.guild_id, channel_id=row.channel_id, join=False,
                seed=self._rng(row, row.current_round * 100 + table.table_no).randrange(2**62),
                time_control=TimeControl.from_dict(row.time_control), timeout_policy=row.timeout_policy,
                language=row.language, take_backs=False,  # a tournament game: every move stands
            )
            for user in seated:
                await self.tables.join(created.id, user, names.get(user, str(user)))
            async with self.db.tx() as conn:
                await t_sql.set_table_game(conn, row.id, row.current_round, table.table_no, created.id)
            await self.tables.start(created.id, row.organiser_id, can_manage=True, keep_order=True)

    async def _round_over(self, row: TournamentRow) -> bool:
        for table in row.tables:
            if table.round != row.current_round or not table.game_id:
                continue
            if (await self.tables.get(table.game_id)).status not in (TableStatus.FINISHED, TableStatus.CANCELLED):
                return False
        return True

    # -- organiser -----------------------------------------------------------------------------------
    async def drop(
        self, tournament_id: int, user_id: int, player_id: int, *, can_manage: bool = False
    ) -> TournamentRow:
        """Drop a player (the organiser, or players themselves): they resign their running game and are not
        seated again; their results so far stay in the standings, marked with the round they dropped in."""
        async with self._lock(tournament_id):
            row = await self.get(tournament_id)
            if user_id != player_id:
                row = await self._organised(tournament_id, user_id, can_manage)
            _check_active(row, player_id, yourself=user_id == player_id)
            async with self.db.tx() as conn:
                await t_sql.mark_left(conn, tournament_id, player_id, row.current_round)
            running = [t.game_id for t in row.tables if t.round == row.current_round and t.game_id]
        for game_id in running:
            table = await self.tables.get(game_id)
            seat = table.seat_of(player_id)
            if table.status == TableStatus.RUNNING and seat is not None and not table.player_at(seat).forfeited:
                with contextlib.suppress(UserError):  # already out of that game
                    await self.tables.resign(game_id, player_id, dropped=user_id != player_id)
        await self.advance(tournament_id)
        return await self.get(tournament_id)

    async def replace(
        self, tournament_id: int, user_id: int, old_id: int, new_id: int, new_name: str, *, can_manage: bool = False
    ) -> TournamentRow:
        """Put a new player in a leaver's place: the newcomer takes over the leaver's results (points,
        opponents, byes: the standings show one line, the newcomer's) and future seats. A game already running
        keeps its players (the leaver can resign it); its result counts for the newcomer too."""
        async with self._lock(tournament_id):
            row = await self._organised(tournament_id, user_id, can_manage)
            if any(p.user_id == new_id and p.status in ACTIVE_ENTRANTS for p in row.players):
                raise UserError(tr("The new player is already in the tournament."))
            if any(p.user_id == new_id for p in row.players):
                raise UserError(tr("The new player has already played in this tournament: a replacement is new to "
                                   "it."))
            old = [p for p in row.players if p.user_id == old_id and p.status in ACTIVE_ENTRANTS]
            if not old:
                raise UserError(tr("The player to replace is not in the tournament."))
            now = self.clock()
            async with self.db.tx() as conn:
                await t_sql.mark_left(conn, tournament_id, old_id, row.current_round, replaced_by=new_id)
                await t_sql.upsert_player(conn, tournament_id, new_id, new_name, old[0].status, now)
                for number in range(row.current_round + (1 if row.current_round else 0), row.rounds + 1):
                    await t_sql.replace_in_tables(conn, tournament_id, number, old_id, new_id)
            return await self.get(tournament_id)

    async def pause(self, tournament_id: int, user_id: int, *, can_manage: bool = False) -> TournamentRow:
        """No new round is seated while paused; games already running go on."""
        return await self._set_status(
            tournament_id, user_id, can_manage, frm=(TournamentStatus.RUNNING,), to=TournamentStatus.PAUSED
        )

    async def unpause(self, tournament_id: int, user_id: int, *, can_manage: bool = False) -> TournamentRow:
        row = await self._set_status(
            tournament_id, user_id, can_manage, frm=(TournamentStatus.PAUSED,), to=TournamentStatus.RUNNING
        )
        await self.advance(tournament_id)
        return row

    async def cancel(self, tournament_id: int, user_id: int, *, can_manage: bool = False) -> TournamentRow:
        row = await self._set_status(
            tournament_id, user_id, can_manage, frm=LIVE_TOURNAMENTS, to=TournamentStatus.CANCELLED
        )
        for table in row.tables:
            if table.game_id and (await self.tables.get(table.game_id)).status in OPEN_TABLES:
                await self.tables.cancel(table.game_id, user_id, can_manage=True)
        return await self.get(tournament_id)

    async def _set_status(
        self,
        tournament_id: int,
        user_id: int,
        can_manage: bool,
        *,
        frm: tuple[TournamentStatus, ...],
        to: TournamentStatus,
    ) -> TournamentRow:
        async with self._lock(tournament_id):
            row = await self._organised(tournament_id, user_id, can_manage)
            if row.status not in frm:
                state = state_words(row.status)
                raise WrongStatus(tr(_CANNOT[to], state=state))
            async with self.db.tx() as conn:
                await t_sql.set_columns(conn, tournament_id, self.clock(), status=to)
            return await self.get(tournament_id)

    async def _organised(self, tournament_id: int, user_id: int, can_manage: bool) -> TournamentRow:
        row = await self.get(tournament_id)
        if user_id != row.organiser_id and not can_manage:
            raise NotAllowed(tr("Only the organiser (or a member with Manage Server) can do that."))
        return row

    # -- results -------------------------------------------------------------------------------------
    async def _table_result(self, row: TournamentRow, game_id: int | None) -> TableResult | None:
        """A finished game as a tournament table result (players by user id, in seat order; a replaced
        player's seat counts for whoever took their place)."""
        result = await self._seated_result(game_id)
        if result is None:
            return None
        holder = _successors(row)
        return TableResult(tuple(holder.get(p, p) for p in result.players), result.places, result.scores)

    async def _bracket(self, row: TournamentRow) -> Bracket:
        plans, results = [], {}
        for number in range(1, row.current_round + 1):
            tables = sorted((t for t in row.tables if t.round == number), key=lambda t: t.table_no)
            plans.append(RoundPlan(tables=tuple(t.players for t in tables),
                                   byes=tuple(u for r, u in row.byes if r == number)))
            for position, table in enumerate(tables, start=1):
                result = await self._seated_result(table.game_id)
                if result is not None:
                    results[(number, position)] = result
        return elimination_bracket(
            plans, results, seeds=[p.user_id for p in row.players], size=row.table_size,
            min_size=games.get(row.key).min_players, max_size=_largest(row),
            over=row.status not in LIVE_TOURNAMENTS, holders=_successors(row),
            entrants=sum(p.status in ACTIVE_ENTRANTS for p in row.players),
        )

    async def _seated_result(self, game_id: int | None) -> TableResult | None:
        """A finished game's result by the players who sat at it (a replaced player under their own id)."""
        if not game_id:
            return None
        table = await self.tables.get(game_id)
        result = table.result()
        if table.status != TableStatus.FINISHED or result is None:
            return None
        seated = [(p.user_id, p.seat) for p in table.seated if p.user_id is not None and p.seat is not None]
        return TableResult(
            players=tuple(user for user, _ in seated),
            places=tuple(result.ranking[seat] for _, seat in seated),
            scores=tuple(float(result.scores[seat]) for _, seat in seated),
        )

    async def _results(self, row: TournamentRow) -> tuple[list[TableResult], list[Bye]]:
        results = [r for t in row.tables if (r := await self._table_result(row, t.game_id)) is not None]
        holder = _successors(row)
        worth = bye_points(row.table_size, place_scale(row.table_size))
        byes = [Bye(holder.get(user, user), worth) for _, user in row.byes]
        return results, byes

    async def _standings(self, row: TournamentRow) -> list[StandingRow]:
        results, byes = await self._results(row)
        still_in = [p.user_id for p in row.players if p.status != EntrantStatus.DROPPED]
        return standings(results, byes, players=still_in, scale=place_scale(row.table_size))

    async def _advancing(self, row: TournamentRow) -> list[int]:
        """Elimination: who goes on after the current round (the top of each table plus the byes), in seed
        order, without players who dropped."""
        seeds = [p.user_id for p in row.players]
        game = games.get(row.key)
        tables = [t for t in row.tables if t.round == row.current_round]
        byes = [u for r, u in row.byes if r == row.current_round]
        field = [u for t in tables for u in t.players] + byes
        advance = advance_per_table(len(field), row.table_size, game.min_players, _largest(row))
        through = {_successors(row).get(u, u) for u in byes}
        for table in tables:
            result = await self._table_result(row, table.game_id)
            if result is not None:
                through.update(advancers(result, advance, seeds))
        dropped = {p.user_id for p in row.players if p.status == EntrantStatus.DROPPED}
        return [u for u in seeds if u in through and u not in dropped]

    async def _seeded(self, row: TournamentRow, active: list[int]) -> list[int]:
        if row.seeding != "rating":
            order = list(active)
            self._rng(row, 1).shuffle(order)
            return order
        ratings = await self._seeding(row, active)
        return sorted(active, key=lambda u: (-ratings[u], u))

    async def _seeding(self, row: TournamentRow, active: list[int]) -> dict[int, float]:
        async with self.db.read() as conn:
            found = await rating_sql.ratings_of(conn, row.key, active)
        fresh = rating_model.conservative(rating_model.new_rating())
        return {u: found[u].conservative if u in found else fresh for u in active}

    async def _store_plan(self, conn: Any, tournament_id: int, number: int, plan: RoundPlan) -> None:
        for table_no, players in enumerate(plan.tables, start=1):
            await t_sql.add_table(conn, tournament_id, number, table_no, tuple(players))
        for user in plan.byes:
            await t_sql.add_bye(conn, tournament_id, number, user)

    def _rng(self, row: TournamentRow, salt: int) -> random.Random:
        return random.Random(f"tournament:{row.seed}:{salt}")


def _history(row: TournamentRow) -> list[RoundPlan]:
    """The rounds so far, with replaced players' seats given to whoever took their place (their byes and
    opponents count for the newcomer, as their results do)."""
    holder = _successors(row)
    plans = []
    for number in range(1, row.current_round + 1):
        plans.append(
            RoundPlan(
                tables=tuple(tuple(holder.get(u, u) for u in t.players) for t in row.tables if t.round == number),
                byes=tuple(holder.get(u, u) for r, u in row.byes if r == number),
            )
        )
    return plans


def _largest(row: TournamentRow) -> int:
    """The largest table a round may have: the chosen size when the organiser prefers byes."""
    return row.table_size if row.uneven == "byes" else games.get(row.key).max_players


def _successors(row: TournamentRow) -> dict[int, int]:
    """Replaced player -> who holds their place now (a replacement may itself have been replaced)."""
    direct = {p.user_id: p.replaced_by for p in row.players if p.replaced_by is not None}
    holder = {}
    for user in direct:
        now, seen = user, {user}
        while now in direct and direct[now] not in seen:
            now = direct[now]
            seen.add(now)
        holder[user] = now
    return holder


def _check_active(row: TournamentRow, player_id: int, *, yourself: bool) -> None:
    """Refuse to drop someone no longer playing, in words that fit who asks."""
    found = [p for p in row.players if p.user_id == player_id]
    if found and found[0].status in ACTIVE_ENTRANTS:
        return
    if found and found[0].replaced_by is not None:
        heir = next((p.name for p in row.players if p.user_id == found[0].replaced_by), None) or tr("another player")
        if yourself:
            raise UserError(tr("Your place in the tournament has gone to {player}.", player=heir))
        raise UserError(tr("That player's place in the tournament has gone to {player}.", player=heir))
    if found and found[0].status == EntrantStatus.DROPPED:
        raise UserError(tr("You have already dropped out of this tournament.") if yourself
                        else tr("That player has already dropped out of the tournament."))
    if found and found[0].status == EntrantStatus.ELIMINATED:
        raise UserError(tr("You are already out of this tournament.") if yourself
                        else tr("That player is already out of the tournament."))
    raise UserError(tr("You are not in this tournament.") if yourself else tr("That player is not in the tournament."))
