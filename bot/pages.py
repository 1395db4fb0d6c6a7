"""What the read-only web pages may read: the games, tournaments and players of servers that allowed pages
(``/server settings``; games without a server, such as the demo's, always have them), and the cheap signs of
change the live pages watch. Nothing here writes.

A game or tournament of a server that did not allow pages is one that does not exist here (``GameNotFound``,
``NotShown``): the pages answer 404, so ids cannot be probed.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import stats
from bot.errors import GameNotFound, UserError
from bot.games.base.language import tr
from bot.players import Profile
from bot.servers import ServerService
from bot.statuses import TableStatus, TournamentStatus
from bot.store import games as game_sql
from bot.store import outbox as outbox_sql
from bot.store import ratings as rating_sql
from bot.store import tournaments as tournament_sql
from bot.store.db import Database
from bot.tables import Table, TableService
from bot.tournaments.service import TournamentRow, TournamentService

LISTED_TOURNAMENTS = (
    TournamentStatus.SIGNUP, TournamentStatus.CHECKIN, TournamentStatus.RUNNING, TournamentStatus.PAUSED,
    TournamentStatus.FINISHED,
)


class NotShown(UserError):
    """A tournament or player without pages: for the pages it does not exist."""

    def __init__(self) -> None:
        super().__init__(tr("There is no such page."))


@dataclass(frozen=True)
class Mark:
    """Where the database stood: its newest notification and its latest tournament change."""

    outbox: int
    tournaments: float


@dataclass(frozen=True)
class PlayerPage:
    """A person as their pages show them: their name at their latest table with pages, their record in games
    with pages (ratings are the person's own, over every game), their latest results and running games."""

    user_id: int
    name: str
    profile: Profile
    running: tuple[Table, ...]


class PageService:
    def __init__(self, db: Database, tables: TableService, tournaments: TournamentService,
                 servers: ServerService) -> None:
        self.db = db
        self.tables = tables
        self.tournaments = tournaments
        self.servers = servers

    # -- one page ------------------------------------------------------------------------------------
    async def game(self, game_id: int) -> Table:
        """The game, if it has pages; GameNotFound otherwise (as for a game that does not exist)."""
        table = await self.tables.get(game_id)
        if not await self.servers.pages_allowed(table.guild_id):
            raise GameNotFound(game_id)
        return table

    async def tournament(self, tournament_id: int) -> TournamentRow:
        try:
            row = await self.tournaments.get(tournament_id)
        except UserError:
            raise NotShown() from None
        if not await self.servers.pages_allowed(row.guild_id):
            raise NotShown()
        return row

    async def tournament_of(self, game_id: int) -> int | None:
        """The tournament a game was played in, if any."""
        return await tournament_sql.tournament_of_game(self.db, game_id)

    async def player(self, user_id: int, *, recent: int, running: int) -> PlayerPage:
        """NotShown for a person with no table that has pages."""
        name = await game_sql.shown_name(self.db, user_id)
        if name is None:
            raise NotShown()
        counts = await rating_sql.counts_of_user(self.db, user_id, shown=True)
        ratings = {row.key: row for row in await rating_sql.ratings_of_user(self.db, user_id)}
        results = await rating_sql.results_of_user(self.db, user_id, limit=recent, shown=True)
        playing = await self.tables.list_shown((TableStatus.RUNNING,), running, user_id)
        completion = (await stats.completions(self.db, [user_id]))[user_id]
        return PlayerPage(user_id, name, Profile(counts, ratings, tuple(results), completion), tuple(playing))

    # -- the lists of the home page --------------------------------------------------------------------
    async def games(self, statuses: tuple[TableStatus, ...], limit: int) -> list[Table]:
        return await self.tables.list_shown(statuses, limit)

    async def tournament_list(self, limit: int) -> list[TournamentRow]:
        ids = await tournament_sql.shown_ids(self.db, LISTED_TOURNAMENTS, limit)
        return [await self.tournaments.get(i) for i in ids]

    # -- what changed ------------------------------------------------------------------------------------
    async def mark(self) -> Mark:
        return Mark(await outbox_sql.newest_id(self.db), await tournament_sql.newest_change(self.db))

    async def changed(self, since: Mark) -> tuple[Mark, list[int], list[int]]:
        """The mark now, the games with a notification since ``since`` and the tournaments changed since (or
        with a game among those)."""
        now = await self.mark()
        games = await outbox_sql.games_since(self.db, since.outbox) if now.outbox != since.outbox else []
        tournaments = set(await tournament_sql.changed_since(self.db, since.tournaments)
                          if now.tournaments != since.tournaments else [])
        tournaments.update((await tournament_sql.of_games(self.db, games)).values())
        return now, games, sorted(tournaments)
