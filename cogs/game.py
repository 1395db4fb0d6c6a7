"""The ``/game`` commands: new, list, mine, board, history, replay, story, export, resign, cancel.

Callbacks are thin: defer, ask the table service, answer. Lists and refusals are ephemeral; the board is
public (it only ever shows the public view). The lobby itself lives in :mod:`cogs.lobby`.
"""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import games, i18n, records
from bot.errors import NotSeated, UserError, WrongStatus
from bot.games.base.language import tr, trn
from bot.names import game_title, public_names, title
from bot.replays import load_frames
from bot.sentences import clock_line, due_text, ranking_lines, relative_time, turn_line
from bot.statuses import OPEN_TABLES, TableStatus
from bot.tables import MoveOutcome, Table
from bot.tables.delivery import PostRow
from cogs.app import app_of
from cogs.board_posts import COPY
from cogs.checks import can_manage, check_may_view, viewable_table
from cogs.components import PREFIX, Ref, clip, persistent_view
from cogs.errors import report
from cogs.game_pictures import board_picture
from cogs.history import HistoryButton, history_page
from cogs.language import WHICH_GAME, Spoken, command_name, guild_language, named, slash
from cogs.lobby import LobbyButton, NewTableItem, lobby_text, new_table_panel
from cogs.pages import with_link
from cogs.persistent import PersistentItems
from cogs.rematch import RematchButton, table_buttons
from cogs.replay_viewer import ReplayButton, frame
from cogs.replies import NO_PINGS, message_kwargs, send_private
from cogs.sending import channel_of
from cogs.story import StoryButton, finished_choices, show_story

if TYPE_CHECKING:
    from bot.tables import TableService
    from cogs.app import App

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=games.get(key).title, value=key) for key in games.GAMES]
# Each language named in itself, as a menu of languages shows them.
LANGUAGE_CHOICES = [app_commands.Choice(name=info.name, value=info.code) for info in i18n.LANGUAGES]
LIST_LIMIT = 20


def _where(table: Table) -> str:
    target = table.thread_id or table.channel_id
    channel = f"<#{target}>"
    return tr(" in {channel}", channel=channel) if target else ""


def _summary(table: Table, user_id: int | None = None) -> str:
    head = f"#{table.id} **{game_title(table.key)}**"
    where = _where(table)
    if table.status == TableStatus.LOBBY:
        return tr("{game}: open table, {taken}/{seats} seats taken{where}", game=head, taken=len(table.players),
                  seats=table.seat_count, where=where)
    seat = table.seat_of(user_id) if user_id is not None else None
    movers = sorted(table.to_act())
    if seat is not None and table.player_at(seat).forfeited:
        return tr("{game}: **you are out** (time ran out; ranked last); the others play on{where}", game=head,
                  where=where)
    if seat is not None and seat in movers:
        # Sorted longest-waiting first by the service; the last change of the game is when the wait began.
        return tr("{game}: **your move** since {when}{due}{where}", game=head, when=relative_time(table.updated_at),
                  due=due_text(table, [seat]), where=where)
    names = public_names(table)
    who = tr(", ").join(names[s] for s in movers) or tr("nobody")
    return tr("{game}: {players} to move{due}{where}", game=head, players=who, due=due_text(table, movers),
              where=where)


class ResignButton(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PREFIX + r"resign"):
    """The confirmation of ``/game resign``: resigning cannot be undone, so it takes a second click."""

    def __init__(self, ref: Ref) -> None:
        super().__init__(
            discord.ui.Button(label=tr("Resign"), style=discord.ButtonStyle.danger, custom_id=ref.custom_id("resign"))
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ResignButton:
        return cls(Ref.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        try:
            await app_of(interaction).service.resign(self.ref.game_id, interaction.user.id,
                                                     answer=lambda outcome: _resigned(interaction, outcome))
        except Exception as error:
            await report(interaction, error)


async def _resigned(interaction: discord.Interaction, outcome: MoveOutcome) -> None:
    await interaction.edit_original_response(content=tr("You resigned from {game}.", game=title(outcome.table)),
                                             view=None)


class GameCommands(PersistentItems, commands.GroupCog, group_name="game", group_description="Board games set in China"):
    ITEMS = (ResignButton, NewTableItem, LobbyButton, HistoryButton, ReplayButton, RematchButton, StoryButton)

    def __init__(self, bot: App) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> TableService:
        return self.bot.service

    async def _find(self, interaction: discord.Interaction, game_id: int | None) -> Table:
        """The named game, or the one this thread (or channel) belongs to."""
        if game_id is not None:
            return await self.service.get(game_id)
        here = interaction.channel_id
        found: list[Table] = []
        if interaction.guild_id is not None:
            tables = await self.service.list_guild(interaction.guild_id, (*OPEN_TABLES, TableStatus.FINISHED))
            found = [t for t in tables if t.thread_id == here] or [
                t for t in tables if t.thread_id is None and t.channel_id == here
            ]
        if len(found) != 1:
            raise UserError(tr("Which game? Name it with the `{option}` option (see `{command}`).",
                               option=command_name("game"), command=slash("game mine")))
        return found[0]

    async def _games_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        tables = {t.id: t for t in await self.service.list_user(interaction.user.id)}
        if interaction.guild_id is not None:
            tables.update({t.id: t for t in await self.service.list_guild(interaction.guild_id)})
        wanted = current.strip().lstrip("#").lower()
        return [
            app_commands.Choice(name=clip(f"#{t.id} {game_title(t.key)} ({t.status})", 100), value=t.id)
            for t in tables.values()
            if wanted in str(t.id) or wanted in t.game.title.lower() or wanted in game_title(t.key).lower()
        ][:25]

    @app_commands.command(name="new", description="Open a table for a game; others join with its buttons")
    @app_commands.describe(
        game="Which game",
        seats="How many seats (the game's most if left out)",
        language="The language of the table's thread and pictures (the server's if left out)",
    )
    @app_commands.choices(game=GAME_CHOICES, language=LANGUAGE_CHOICES)
    @app_commands.rename(game=named("game", WHICH_GAME))
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        seats: app_commands.Range[int, 1, 10] | None = None,
        language: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        engine = games.get(game)
        count = seats or engine.max_players
        try:
            engine.check_players(count)
        except ValueError as error:
            raise UserError(str(error)) from None
        # Every table has a clock to choose, so there is always a panel (only its clock page, for a game
        # without options of its own).
        picks = [opt.choices.index(opt.default) for opt in engine.options]
        spoken = i18n.choose(language, guild_language(interaction))
        text, view = await new_table_panel(interaction, game, count, picks, spoken)
        await interaction.followup.send(text, view=view, ephemeral=True)

    @app_commands.command(name="list", description="This server's open and running games")
    @app_commands.guild_only()
    async def list_games(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = await self.service.list_guild(interaction.guild_id or 0)
        none = tr("No games here yet: open one with `{command}`.", command=slash("game new"))
        lines = [_summary(t) for t in tables[:LIST_LIMIT]] or [none]
        await send_private(interaction, "\n".join(lines))

    @app_commands.command(name="mine", description="Your games everywhere, those where it is your move first")
    async def mine(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = await self.service.list_user(interaction.user.id)
        lines = [_summary(t, interaction.user.id) for t in tables[:LIST_LIMIT]] or [
            tr("You are in no open or running game.")
        ]
        await send_private(interaction, "\n".join(lines))

    @app_commands.command(name="board", description="Post a game's current board here")
    @app_commands.describe(game="The game number (this thread's game if left out)")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._find(interaction, game)
        if table.state is None:
            raise WrongStatus(tr("This game has not started yet."))
        with i18n.speaking(table.language):  # the board is public: in the table's language
            lines = [f"**{title(table)}**", *(ranking_lines(table) or [turn_line(table), clock_line(table)])]
            view = with_link(table_buttons(table), await self.bot.page_links.game(table))
            kwargs = message_kwargs(file=await board_picture(table), view=view)
            text = "\n".join(line for line in lines if line)
        # The deferred answer stays private; the board itself is a new, public message.
        await interaction.edit_original_response(content=tr("Here is the board of {game}.", game=title(table)))
        copy = await interaction.followup.send(text, allowed_mentions=NO_PINGS, wait=True, **kwargs)
        if table.status == TableStatus.RUNNING:  # its buttons and deadline go once the turn passes
            await self.service.delivery.save_post(PostRow(table.id, COPY, str(copy.id), channel_of(copy), copy.id,
                                                          table.version, table.version, False))

    @app_commands.command(name="history", description="A game's moves in words, newest first (only you see it)")
    @app_commands.describe(game="The game number (this thread's game if left out)")
    async def history(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._find(interaction, game)
        check_may_view(interaction, table)
        rows = await self.service.delivery.positions(table.id, after=-1, upto=table.version)
        text, view = history_page(table, None, rows)
        await send_private(interaction, text, view=view)

    @app_commands.command(name="replay", description="Step through a game's boards move by move (only you see it)")
    @app_commands.describe(game="The game number")
    async def replay(self, interaction: discord.Interaction, game: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await viewable_table(interaction, self.service, game)
        text, picture, view = await frame(await load_frames(self.service, table), table.version)
        await send_private(interaction, text, file=picture, view=view)

    @app_commands.command(name="story", description="A finished game's score chart and timelapse (only you see it)")
    @app_commands.describe(game="The game number")
    @app_commands.guild_only()
    async def story(self, interaction: discord.Interaction, game: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await show_story(interaction, game)

    async def _finished_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await finished_choices(self.service, interaction.guild_id or 0, current)

    @app_commands.command(name="export", description="A finished game's record as a file, to replay it offline")
    @app_commands.describe(game="The game number")
    async def export(self, interaction: discord.Interaction, game: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await viewable_table(interaction, self.service, game)
        record = records.record_of(table, await self.service.move_log(table.id))
        name = f"{table.key}-{table.id}.json"
        data = io.BytesIO(records.dumps(record).encode())
        file = discord.File(data, filename=name, description=tr("The game record of {game}", game=title(table)))
        text = trn("The record of {game}: {n} move. Replay it offline with `python -m bot replay {file}`.",
                   "The record of {game}: {n} moves. Replay it offline with `python -m bot replay {file}`.",
                   len(record["moves"]), game=title(table), file=name)
        await send_private(interaction, text, file=file)

    @app_commands.command(name="resign", description="Leave a running game (you are ranked last)")
    @app_commands.describe(game="The game number (this thread's game if left out)")
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._find(interaction, game)
        if table.seat_of(interaction.user.id) is None:
            raise NotSeated()
        if table.status != TableStatus.RUNNING:
            raise WrongStatus(tr("Only a running game can be resigned from."))
        view = persistent_view(ResignButton(Ref.of(table)))
        text = tr("Resign from {game}? You will be ranked last.", game=title(table))
        await send_private(interaction, text, view=view)

    @app_commands.command(name="cancel", description="Cancel a game (its host or a server manager)")
    @app_commands.describe(game="The game number (this thread's game if left out)")
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self._find(interaction, game)
        table = await self.service.cancel(table.id, interaction.user.id, can_manage=can_manage(interaction))
        if table.lobby_message_id is not None and table.channel_id is not None:
            await self._close_lobby(table)
        await send_private(interaction, tr("{game} was cancelled.", game=title(table)))

    async def _close_lobby(self, table: Table) -> None:
        assert table.channel_id is not None and table.lobby_message_id is not None
        lobby = self.bot.get_partial_messageable(table.channel_id).get_partial_message(table.lobby_message_id)
        with i18n.speaking(table.language):
            text = lobby_text(table)
        try:
            await lobby.edit(content=text, view=None, allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.info("could not update the lobby message of game %s", table.id)

    board.autocomplete("game")(_games_autocomplete)
    history.autocomplete("game")(_games_autocomplete)
    replay.autocomplete("game")(_games_autocomplete)
    story.autocomplete("game")(_finished_autocomplete)
    resign.autocomplete("game")(_games_autocomplete)
    cancel.autocomplete("game")(_games_autocomplete)
