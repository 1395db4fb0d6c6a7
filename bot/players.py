"""The players service: a person's settings (turn DMs, quiet hours, vacations, "ping before me"), what the
bot learned about their DMs, and their ratings and results as their profile shows them.

The Discord layer reads and changes people through here, never through the store. A vacation moves the
deadlines of the person's turns (the table service's clocks) once its one transaction is committed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from bot import i18n
from bot import stats as records
from bot.games.base.language import tr, trn
from bot.stats import Completion, PlayerRecord
from bot.store import ratings as rating_sql
from bot.store import users as user_sql
from bot.store.db import Database
from bot.store.ratings import RatingRow, ResultRow
from bot.store.users import UserSettings
from bot.tables import TableService

__all__ = [
    "Completion", "PlayerRecord", "PlayerService", "Profile", "RatingRow", "ResultRow", "UserSettings", "games_text",
    "rating_change", "rating_text", "wins_text",
]


@dataclass(frozen=True)
class Profile:
    """A player's finished games: per game key (played, won), their ratings, their latest results, and how
    often they play to the end the games they start."""

    counts: dict[str, tuple[int, int]]
    ratings: dict[str, RatingRow]
    recent: tuple[ResultRow, ...]
    completion: Completion


class PlayerService:
    def __init__(self, db: Database, tables: TableService, *, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.tables = tables
        self.clock = clock
        # Languages known in this process, so an interaction is answered in its person's language before
        # anything is read (bot/i18n.py): /me choices read at start (and whenever a person's settings are
        # read), and Discord locales seen since, kept with the person's next settings read.
        self._chosen: dict[int, str | None] = {}
        self._seen: dict[int, str] = {}
        # The Discord locale each person's last settings read found: a DM's language needs no read of its own
        # (the notifier reads the settings of everybody it tells each turn, which keeps these fresh).
        self._locales: dict[int, str | None] = {}
        # Each person's DM channel with the bot as last read or opened: opened once, never again (Discord keeps
        # one DM channel per person and bot), and remembered in the database across restarts.
        self._dm_channels: dict[int, int | None] = {}

    # -- settings ------------------------------------------------------------------------------------
    async def settings(self, user_id: int) -> UserSettings:
        settings = await user_sql.settings(self.db, user_id)
        self._chosen[user_id] = settings.language
        seen = self._seen.pop(user_id, None)
        if seen is not None and seen != settings.discord_locale:
            settings = await self._update(user_id, discord_locale=seen)
        self._locales[user_id] = settings.discord_locale
        self._dm_channels[user_id] = settings.dm_channel_id
        return settings

    async def set_turn_dms(self, user_id: int, on: bool) -> UserSettings:
        """Turn DMs on or off. Asking for them again means the person opened their DMs: they are tried again
        (and the person told again if they are still closed)."""
        if on:
            return await self._update(user_id, dm_on_turn=1, dm_closed=0, dm_note_shown=0)
        return await self._update(user_id, dm_on_turn=0)

    async def set_ping_before(self, user_id: int, on: bool) -> UserSettings:
        return await self._update(user_id, ping_before=int(on))

    async def set_quiet_hours(
        self, user_id: int, start: int | None, end: int | None, time_zone: str | None = None
    ) -> UserSettings:
        """Quiet hours as minutes of the day in the time zone (the last one kept when None); None, None: off."""
        values: dict[str, object] = {"quiet_start": start, "quiet_end": end}
        if time_zone is not None:
            values["time_zone"] = time_zone
        return await self._update(user_id, **values)

    # -- languages (bot/i18n.py) -----------------------------------------------------------------------
    async def load_languages(self) -> None:
        """Every /me language choice, read once at start."""
        self._chosen.update(await user_sql.languages(self.db))

    def language_now(self, user_id: int, discord_locale: str | None) -> str:
        """The language to answer this person's interaction in, without reading anything: their /me choice,
        else their Discord client's. The locale is kept (with their next settings read) for DMs sent while
        they are not clicking."""
        if discord_locale:
            self._seen[user_id] = discord_locale
        return i18n.choose(self._chosen.get(user_id), i18n.from_discord(discord_locale))

    async def language_for(self, user_id: int) -> str:
        """The language to write to this person in outside an interaction of theirs (a DM): from what this
        process last read or saw of them, and read only for a person it has not read yet."""
        if user_id not in self._locales:
            return language_of(await self.settings(user_id))
        locale = self._seen.get(user_id) or self._locales[user_id]
        return i18n.choose(self._chosen.get(user_id), i18n.from_discord(locale))

    async def set_language(self, user_id: int, code: str | None) -> UserSettings:
        """The language of this person's private texts; None follows their Discord client."""
        if code is not None and code not in i18n.CODES:
            raise ValueError(f"The language must be one of {', '.join(i18n.CODES)}.")
        return await self._update(user_id, language=code)

    async def _update(self, user_id: int, **values: object) -> UserSettings:
        settings = await user_sql.update(self.db, user_id, self.clock(), **values)
        self._chosen[user_id] = settings.language
        return settings

    # -- vacations -----------------------------------------------------------------------------------
    async def start_vacation(self, user_id: int, seconds: float) -> UserSettings:
        """Go away for ``seconds`` from now (a vacation in progress is extended and keeps its start); the
        deadlines of the person's turns move accordingly."""
        now = self.clock()
        settings = await user_sql.start_vacation(self.db, user_id, now, now + seconds)
        await self.tables.user_clocks_changed(user_id)
        return settings

    async def end_vacation(self, user_id: int) -> bool:
        """Back early: the vacation ends now and the clocks run again, deadlines and reminders with them;
        False when not on vacation."""
        if await user_sql.end_vacation(self.db, user_id, self.clock()) is None:
            return False
        await self.tables.user_clocks_changed(user_id)
        return True

    # -- direct messages -----------------------------------------------------------------------------
    async def note_dms_closed(self, user_id: int) -> None:
        """Discord refused a DM to this person: they are not tried again until ``/me dm on``."""
        await user_sql.set_dm_closed(self.db, user_id, True, self.clock())

    async def dm_channel(self, user_id: int) -> int | None:
        """The person's DM channel with the bot, if it was opened before (by any process, at any time)."""
        if user_id not in self._dm_channels:
            await self.settings(user_id)
        return self._dm_channels[user_id]

    async def remember_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        """The person's DM channel, just opened (None: the one remembered is gone, open another next time)."""
        if self._dm_channels.get(user_id, -1) == channel_id:
            return
        self._dm_channels[user_id] = channel_id
        await user_sql.set_dm_channel(self.db, user_id, channel_id, self.clock())

    async def claim_dm_note(self, user_id: int) -> bool:
        """Whether to tell this person now that their DMs are closed: true once (see the store)."""
        return await user_sql.claim_dm_note(self.db, user_id, self.clock())

    # -- ratings and results -------------------------------------------------------------------------
    async def leaderboard(self, key: str, *, guild_id: int | None, min_games: int, limit: int) -> list[RatingRow]:
        """The best-rated players of a game (with a guild: those with a rated game there)."""
        return await rating_sql.leaderboard(self.db, key, guild_id=guild_id, min_games=min_games, limit=limit)

    async def profile(self, user_id: int, *, recent: int) -> Profile:
        counts = await rating_sql.counts_of_user(self.db, user_id)
        ratings = {row.key: row for row in await rating_sql.ratings_of_user(self.db, user_id)}
        results = await rating_sql.results_of_user(self.db, user_id, limit=recent)
        return Profile(counts, ratings, tuple(results), (await records.completions(self.db, [user_id]))[user_id])

    async def record(self, user_id: int, *, key: str | None = None, vs: int | None = None) -> PlayerRecord:
        """The player's record (``/stats``): of game ``key`` alone when given, head to head with ``vs``."""
        return await records.player_record(self.db, user_id, key=key, vs=vs)

    async def completions(self, user_ids: list[int]) -> dict[int, Completion]:
        """How often each of these people plays to the end the games they start (a lobby's players)."""
        return await records.completions(self.db, user_ids)


def games_text(n: int) -> str:
    return trn("{n} game", "{n} games", n)


def wins_text(n: int) -> str:
    return trn("{n} win", "{n} wins", n)


def rating_text(row: RatingRow) -> str:
    """"**21.3** (μ 27.4 ± 2.0)": the conservative rating first, then the estimate and its uncertainty."""
    return f"**{row.conservative:.1f}** (μ {row.mu:.1f} ± {row.sigma:.1f})"


def rating_change(result: ResultRow) -> str:
    """"rating 21.3 → 22.0" for a rated game, else "unrated"."""
    if result.rated and result.rating_before is not None and result.rating_after is not None:
        before, after = f"{result.rating_before:.1f}", f"{result.rating_after:.1f}"
        return tr("rating {before} → {after}", before=before, after=after)
    return tr("unrated")


def language_of(settings: UserSettings) -> str:
    """A person's language: their /me choice, else their Discord client's last seen, else English."""
    return i18n.choose(settings.language, i18n.from_discord(settings.discord_locale))
