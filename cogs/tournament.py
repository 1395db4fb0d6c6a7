"""``/tournament``: create one with a public sign-up message, run it (organiser commands), read standings.

The tournament service does the work and re-checks everything; callbacks defer, call it and answer
privately. ``RoundPoster`` is the service's notifier: each round's tables (players pinged, a link to each
game's thread), the standings picture when a round is over, and the final standings with the winner.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import games, i18n, pacing
from bot.errors import UserError
from bot.games.base.language import tr, trp
from bot.names import message_link, table_link
from bot.pacing import Priority
from bot.statuses import TableStatus, TournamentStatus
from bot.timecontrol import PRESETS, TIMEOUT_POLICIES
from bot.tournaments.service import FORMATS, SEEDINGS, RoundEvent, TournamentRow, TournamentService
from bot.tournaments.standings import StandingRow
from bot.tournaments.words import departures_line, round_name, standings_title, under_way_line
from cogs.checks import can_manage
from cogs.components import clip
from cogs.game import GAME_CHOICES, LANGUAGE_CHOICES
from cogs.language import INCOMING_PLAYER, LEAVING_PLAYER, WHICH_GAME, guild_language, named
from cogs.pages import with_link
from cogs.persistent import PersistentItems
from cogs.replies import NO_PINGS, message_kwargs, send_private
from cogs.tournament_views import (
    SignupButton,
    bracket_file,
    bye_line,
    in_pieces,
    mention,
    mentions,
    pinging,
    podium_file,
    public,
    refresh_signup,
    seats_in_play,
    signup_text,
    signup_view,
    standings_file,
    summary,
    table_line,
    winners_of,
)

if TYPE_CHECKING:
    from cogs.app import App

log = logging.getLogger(__name__)

FORMAT_CHOICES = [app_commands.Choice(name=label.capitalize(), value=key) for key, label in FORMATS.items()]
UNEVEN_CHOICES = [
    app_commands.Choice(name="Byes: no table above the chosen size", value="byes"),
    app_commands.Choice(name="Larger tables: as few byes as the game allows", value="larger"),
]
SEEDING_CHOICES = [app_commands.Choice(name=f"{s} (round 1)", value=s) for s in SEEDINGS]
TIME_CHOICES = [app_commands.Choice(name=label, value=label) for label in PRESETS]
TIMEOUT_CHOICES = [app_commands.Choice(name=clip(f"{k}: {v}", 100), value=k) for k, v in TIMEOUT_POLICIES.items()]
LIST_LIMIT = 20
# A tournament's state as the autocomplete shows it (the English is the stored word).
STATUS_WORDS: dict[TournamentStatus, Callable[[], str]] = {
    TournamentStatus.SIGNUP: lambda: trp("tournament status", "signup"),
    TournamentStatus.CHECKIN: lambda: trp("tournament status", "checkin"),
    TournamentStatus.RUNNING: lambda: trp("tournament status", "running"),
    TournamentStatus.PAUSED: lambda: trp("tournament status", "paused"),
    TournamentStatus.FINISHED: lambda: trp("tournament status", "finished"),
    TournamentStatus.CANCELLED: lambda: trp("tournament status", "cancelled"),
}
WHICH = "The tournament number (this server's only one under way if left out)"


class RoundPoster:
    """Posts a tournament's rounds in its channel. The service calls it after committing; a failed post
    is only logged there, the tournament goes on."""

    def __init__(self, bot: App) -> None:
        self.bot = bot

    async def tournament_event(self, event: RoundEvent) -> None:
        row = event.tournament
        if row.channel_id is None:
            return
        # In the tournament's language; behind moves in Discord's request budget.
        with public(row), pacing.yielding(Priority.BACKGROUND):
            await self._post(event)

    async def _post(self, event: RoundEvent) -> None:
        row = event.tournament
        if event.kind == "round":
            await self._round(row, event.round)
        elif event.kind == "round_over":
            await self._round_over(row, event.round, event.standings)
        elif event.kind == "finished":
            await self._finished(row, event.standings)
        else:
            log.warning("unknown tournament event %r", event.kind)

    async def _send(self, row: TournamentRow, content: str, mentioned: discord.AllowedMentions,
                    *files: discord.File | None, view: discord.ui.View | None = None) -> None:
        assert row.channel_id is not None
        channel = self.bot.get_partial_messageable(row.channel_id)
        shown = [f for f in files if f is not None]
        await channel.send(content=content, allowed_mentions=mentioned, **message_kwargs(files=shown, view=view))

    async def _page(self, row: TournamentRow) -> discord.ui.View | None:
        """"Open in browser" under the standings, to the tournament's page (when it has one)."""
        return with_link(None, await self.bot.page_links.tournament(row))

    async def _round(self, row: TournamentRow, number: int) -> None:
        """Every table of the round in seat order and who moves first, its players pinged, with a link to its
        game's thread."""
        lines = [tr("**{name}**: {round} has begun.", name=row.name, round=round_name(row, number))]
        pinged: list[int] = []
        for table in [t for t in row.tables if t.round == number]:
            if table.game_id is None:  # not started (yet): the service starts it at its next advance
                lines.append(tr("Table {number}: {players} (starting…)", number=table.table_no,
                                players=mentions(table.players)))
                continue
            game = await self.bot.service.get(table.game_id)
            people, first = seats_in_play(game)
            pinged += people
            lines.append(table_line(table.table_no, people, first, table_link(game)))
        byes = [u for r, u in row.byes if r == number]
        if byes:
            lines.append(bye_line(row, number, byes))
            pinged += byes
        for piece in in_pieces(lines):
            await self._send(row, piece, pinging(pinged))
        await refresh_signup(self.bot, row)  # it names the round under way

    async def _round_over(self, row: TournamentRow, number: int, rows: Sequence[StandingRow]) -> None:
        now = await self.bot.tournaments.get(row.id)
        if now.status == TournamentStatus.FINISHED and now.current_round == number:
            return  # the final standings follow at once: one picture, not two
        lines = [tr("**{name}**: round {round} is over. Standings after round {round}:", name=row.name, round=number)]
        mentioned = NO_PINGS
        if row.status == TournamentStatus.PAUSED:  # ended while paused: nothing else would tell the organiser
            lines.append(tr("The tournament is paused: round {round} starts when {player} resumes it with "
                            "`/tournament resume`.", round=number + 1, player=mention(row.organiser_id)))
            mentioned = pinging([row.organiser_id])
        next_byes = [u for r, u in now.byes if r == number + 1]
        if next_byes:
            lines.append(bye_line(now, number + 1, next_byes))
        if gone := departures_line(now, rows):
            lines.append(gone)
        title = tr("{name}: after round {round}", name=row.name, round=number)
        bracket = await bracket_file(self.bot.tournaments, now)  # an elimination's bracket, beside its standings
        await self._send(row, "\n".join(lines), mentioned, bracket, await standings_file(now, rows, title),
                         view=await self._page(row))

    async def _finished(self, row: TournamentRow, rows: Sequence[StandingRow]) -> None:
        winners = await winners_of(self.bot.service, row, rows)
        if len(winners) == 1:
            over = tr("**{name}** is over. Winner: {player}! Final standings:", name=row.name,
                      player=mention(winners[0]))
        else:
            over = tr("**{name}** is over. Winners: {players}! Final standings:", name=row.name,
                      players=mentions(winners))
        text = "\n".join(filter(None, [over, departures_line(row, rows)]))
        title = standings_title(row, row.current_round)
        # One closing post: the podium, an elimination's whole bracket, the final standings.
        await self._send(row, text, pinging(winners), await podium_file(self.bot.tournaments, row),
                         await bracket_file(self.bot.tournaments, row), await standings_file(row, rows, title),
                         view=await self._page(row))
        await refresh_signup(self.bot, row)


@app_commands.guild_only()
class TournamentCommands(PersistentItems, commands.GroupCog, group_name="tournament",
                         group_description="Community tournaments"):
    ITEMS = (SignupButton,)

    def __init__(self, bot: App) -> None:
        self.bot = bot
        super().__init__()

    @property
    def tournaments(self) -> TournamentService:
        return self.bot.tournaments

    async def _find(self, interaction: discord.Interaction, tournament_id: int | None) -> TournamentRow:
        """The named tournament of this server, or its only one under way."""
        if tournament_id is not None:
            row = await self.tournaments.get(tournament_id)
            if row.guild_id != interaction.guild_id:
                raise UserError(tr("There is no tournament #{number} in this server.", number=tournament_id))
            return row
        rows = await self.tournaments.list_guild(interaction.guild_id or 0)
        if len(rows) != 1:
            raise UserError(tr("Which tournament? Name it with the `tournament` option (see `/tournament list`)."))
        return rows[0]

    async def _autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        rows = await self.tournaments.list_guild(interaction.guild_id or 0)
        wanted = current.strip().lstrip("#").lower()
        return [
            app_commands.Choice(name=clip(f"#{r.id} {r.name} ({STATUS_WORDS[r.status]()})", 100), value=r.id)
            for r in rows
            if wanted in str(r.id) or wanted in r.name.lower()
        ][:25]

    async def _organise(
        self,
        interaction: discord.Interaction,
        tournament: int | None,
        done: Callable[[TournamentRow], str],
        step: Callable[..., Awaitable[TournamentRow]],
        *args: Any,
    ) -> None:
        """An organiser command: defer, find the tournament, run the service's step (which checks who may),
        bring the sign-up message up to date and answer privately with ``done(row)``."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await self._find(interaction, tournament)
        row = await step(row.id, interaction.user.id, *args, can_manage=can_manage(interaction))
        await refresh_signup(self.bot, row)
        await send_private(interaction, done(row))

    @app_commands.command(name="create", description="Open a tournament with a public sign-up message")
    @app_commands.describe(
        name="The tournament's name",
        game="Which game",
        format="Swiss, round robin or single elimination",
        table_size="Players per table",
        uneven="When the players do not divide into such tables: byes, or some larger tables",
        rounds="Number of rounds (Swiss only)",
        cap="Most players who may sign up",
        check_in="Players confirm they are here before the start; the others are dropped",
        seeding="Round 1 drawn at random, or strong players spread out by rating",
        time_control="The clock of every game",
        timeout="What happens to a player out of time",
        language="The language of its posts, standings and games (the server's if left out)",
    )
    @app_commands.choices(
        game=GAME_CHOICES, format=FORMAT_CHOICES, seeding=SEEDING_CHOICES, time_control=TIME_CHOICES,
        timeout=TIMEOUT_CHOICES, uneven=UNEVEN_CHOICES, language=LANGUAGE_CHOICES,
    )
    @app_commands.rename(game=named("game", WHICH_GAME))
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 80],
        game: str,
        format: str,
        table_size: app_commands.Range[int, 2, 5],
        uneven: str = "byes",
        rounds: app_commands.Range[int, 1, 20] = 3,
        cap: app_commands.Range[int, 2, 500] | None = None,
        check_in: bool = False,
        seeding: str = "random",
        time_control: str = "none",
        timeout: str = "ai",
        language: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if game not in games.GAMES:
            raise UserError(tr("That game is not available."))
        if time_control not in PRESETS:
            raise UserError(tr("The time control must be one of: {presets}.", presets=", ".join(PRESETS)))
        spoken = i18n.choose(language, guild_language(interaction))
        try:
            row = await self.tournaments.create(
                organiser_id=interaction.user.id, name=name, key=game, format=format, table_size=table_size,
                rounds=rounds, cap=cap, check_in=check_in, seeding=seeding, uneven=uneven,
                time_control=PRESETS[time_control],
                timeout_policy=timeout, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                language=spoken,
            )
        except ValueError as error:  # a table size the game does not allow
            raise UserError(str(error)) from None
        # Finish the private deferred answer first: the next followup is then a new, public message.
        await interaction.edit_original_response(content=tr("Opening tournament #{number}…", number=row.id))
        with public(row):
            content, view = signup_text(row), signup_view(row)
        message = await interaction.followup.send(
            content, wait=True, allowed_mentions=NO_PINGS, **message_kwargs(view=view)
        )
        await self.tournaments.set_message(row.id, message.id)
        link = message_link(interaction.guild_id, message.channel.id, message.id)
        await interaction.edit_original_response(content=tr("Tournament #{number} is open: {link}", number=row.id,
                                                            link=link))

    @app_commands.command(name="start", description="Close sign-up and start round 1 (the organiser)")
    @app_commands.describe(tournament=WHICH)
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organise(interaction, tournament, lambda row: tr(
            "{name} has started: round {round} is posted here.", name=row.name, round=row.current_round
        ), self.tournaments.start)

    @app_commands.command(name="checkin", description="Open check-in before the start (the organiser)")
    @app_commands.describe(tournament=WHICH)
    async def checkin(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organise(interaction, tournament, lambda row: tr("Check-in for {name} is open.", name=row.name),
                             self.tournaments.open_check_in)

    @app_commands.command(name="drop", description="Drop a player (the organiser), or drop out yourself")
    @app_commands.describe(player="Who (yourself if left out)", tournament=WHICH)
    async def drop(
        self, interaction: discord.Interaction, player: discord.Member | None = None, tournament: int | None = None
    ) -> None:
        who = player or interaction.user
        await self._organise(interaction, tournament, lambda row: tr(
            "{player} was dropped from {name}.", player=who.display_name, name=row.name
        ), self.tournaments.drop, who.id)

    @app_commands.command(name="replace", description="Put a new player in a leaver's place (the organiser)")
    @app_commands.rename(old=named("old", LEAVING_PLAYER), new=named("new", INCOMING_PLAYER))
    @app_commands.describe(
        old="The player who leaves", new="Who takes over the place and the results so far", tournament=WHICH
    )
    async def replace(
        self, interaction: discord.Interaction, old: discord.Member, new: discord.Member, tournament: int | None = None
    ) -> None:
        if new.bot:
            raise UserError(tr("Only people can play in a tournament."))
        await self._organise(interaction, tournament, lambda row: tr(
            "{new} takes {old}'s place.", new=new.display_name, old=old.display_name
        ), self.tournaments.replace, old.id, new.id, new.display_name)

    @app_commands.command(name="pause", description="Start no new round until resumed (the organiser)")
    @app_commands.describe(tournament=WHICH)
    async def pause(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organise(interaction, tournament, lambda row: tr(
            "{name} is paused; games already running go on.", name=row.name
        ), self.tournaments.pause)

    @app_commands.command(name="resume", description="Resume a paused tournament (the organiser)")
    @app_commands.describe(tournament=WHICH)
    async def resume(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organise(interaction, tournament, lambda row: tr("{name} goes on.", name=row.name),
                             self.tournaments.unpause)

    @app_commands.command(name="cancel", description="Cancel a tournament and its running games (the organiser)")
    @app_commands.describe(tournament=WHICH)
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await self._organise(interaction, tournament, lambda row: tr("{name} was cancelled.", name=row.name),
                             self.tournaments.cancel)

    @app_commands.command(name="list", description="This server's tournaments in sign-up or under way")
    async def list_tournaments(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        rows = await self.tournaments.list_guild(interaction.guild_id or 0)
        lines = [summary(r) for r in rows[:LIST_LIMIT]]
        none = tr("No tournaments here: open one with `/tournament create`.")
        await send_private(interaction, "\n".join(lines) or none)

    @app_commands.command(name="standings", description="Post a tournament's standings here")
    @app_commands.describe(tournament=WHICH)
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await self._find(interaction, tournament)
        rows = await self.tournaments.standings(row.id)
        complete = await self.tournaments.rounds_complete(row.id)
        partly = await self._partly_counted(row, complete)
        # Posted publicly by the organiser (or a manager), in the tournament's language; anyone else sees them
        # privately, in their own.
        private = interaction.user.id != row.organiser_id and not can_manage(interaction)
        with contextlib.nullcontext() if private else public(row):
            title = standings_title(row, complete, partly=partly)
            bracket = await bracket_file(self.tournaments, row)  # an elimination's bracket first
            files = [f for f in (bracket, await standings_file(row, rows, title)) if f is not None]
            text = "\n".join(filter(None, [f"**{title}**", under_way_line(row, complete), departures_line(row, rows)]))
            page = with_link(None, await self.bot.page_links.tournament(row))
        if private:
            await interaction.edit_original_response(content=text, attachments=files, allowed_mentions=NO_PINGS,
                                                      **message_kwargs(view=page))
            return
        # The deferred answer stays private; the standings themselves are a new, public message.
        await interaction.edit_original_response(content=tr("Here are the standings of {name}.", name=row.name))
        await interaction.followup.send(text, allowed_mentions=NO_PINGS, files=files, **message_kwargs(view=page))

    async def _partly_counted(self, row: TournamentRow, complete: int) -> bool:
        """Whether the standings count part of the round under way: a bye of it, or a game of it over."""
        if complete >= row.current_round or row.current_round == 0:
            return False
        if any(r == row.current_round for r, _ in row.byes):
            return True
        games_of = [t.game_id for t in row.tables if t.round == row.current_round and t.game_id]
        for game_id in games_of:
            if (await self.bot.service.get(game_id)).status == TableStatus.FINISHED:
                return True
        return False

    start.autocomplete("tournament")(_autocomplete)
    checkin.autocomplete("tournament")(_autocomplete)
    drop.autocomplete("tournament")(_autocomplete)
    replace.autocomplete("tournament")(_autocomplete)
    pause.autocomplete("tournament")(_autocomplete)
    resume.autocomplete("tournament")(_autocomplete)
    cancel.autocomplete("tournament")(_autocomplete)
    standings.autocomplete("tournament")(_autocomplete)
