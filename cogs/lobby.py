"""Opening a table: the private options panel of ``/game new`` and the public lobby message with its seats.

Both are persistent components. The options panel keeps its choices in its custom_ids
(``mk:new:<game>:<seats>:<option indices>:<clock indices>[:<language>]:<what>``, the table's language
when it is not English); it has two pages, the game's options and the clock (time control, timeout policy,
whether vacations pause clocks, whether take-backs are allowed), because Discord allows five rows. The lobby
buttons name the table (``mk:<game_id>:0:<verb>``). The table service re-checks every click.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot import games, i18n
from bot.errors import UserError
from bot.games.base import Game
from bot.games.base.language import mark, tr, trn
from bot.names import game_title, message_link
from bot.servers import check_channel, check_computers
from bot.stats import Completion
from bot.statuses import TableStatus
from bot.tables import Table
from cogs.app import app_of
from cogs.checks import can_manage, display_name
from cogs.components import PREFIX, choice, clip, persistent_view
from cogs.controls import option_help, option_text
from cogs.errors import report
from cogs.language import Spoken
from cogs.pages import with_link
from cogs.records import lobby_name
from cogs.replies import NO_PINGS, channels_of, message_kwargs
from cogs.table_clock import (
    DEFAULT_CLOCK,
    PLACEHOLDERS,
    chosen_clock,
    chosen_take_backs,
    clock_choices,
    clock_summary,
    default_clock,
    read_clock,
    take_backs_line,
)

if TYPE_CHECKING:
    from cogs.app import App

MAX_OPTIONS = 4  # table options per page: one select each, and a row for the buttons
CLOCK_PAGE = ("clock", "c0", "c1", "c2", "c3")  # what was clicked, when the clock page is to be shown after it


# -- the options panel -----------------------------------------------------------------------------------
def _picks_text(picks: Sequence[int]) -> str:
    return ".".join(map(str, picks))


def _read_picks(game: Game, text: str) -> list[int]:
    shown = game.options
    picks = [opt.choices.index(opt.default) for opt in shown]
    for n, part in enumerate(text.split(".") if text else []):
        if n < len(shown) and part.isdigit() and int(part) < len(shown[n].choices):
            picks[n] = int(part)
    return picks


def _works(game: Game, seats: int, key: str, value: Any) -> bool:
    """Whether a full table may use this option value (e.g. no "seat 5 starts" at a table of 2)."""
    try:
        game.new(seats, 0, {key: value})
    except ValueError:
        return False
    return True


def _clock_items(
    key: str, seats: int, picks: Sequence[int], clock: Sequence[int], spoken: str
) -> list[discord.ui.Item[Any]]:
    return [
        NewTableItem(key, seats, picks, f"c{n}", clock, spoken, options=options, placeholder=tr(PLACEHOLDERS[n]), row=n)
        for n, options in enumerate(clock_choices(clock))
    ]


def options_panel(
    key: str,
    seats: int,
    picks: Sequence[int],
    clock: Sequence[int] = DEFAULT_CLOCK,
    spoken: str = i18n.ENGLISH,
    *,
    page: str = "game",
) -> tuple[str, discord.ui.View]:
    """The panel's game pages (the game's own options, MAX_OPTIONS a page: "game" or "g<n>") or its clock
    page; a game without options has only the clock page. ``spoken``: the table's language."""
    game = games.get(key)
    items: list[discord.ui.Item[Any]] = []
    pages = max(1, -(-len(game.options) // MAX_OPTIONS))
    number = int(page[1:]) % pages if page[:1] == "g" and page[1:].isdigit() else 0
    first = number * MAX_OPTIONS
    shown = game.options[first : first + MAX_OPTIONS]
    if page == "clock" or not shown:
        items.extend(_clock_items(key, seats, picks, clock, spoken))
        if shown:
            items.append(NewTableItem(key, seats, picks, "game", clock, spoken, row=MAX_OPTIONS))
        button_row = MAX_OPTIONS
    else:
        for row, opt in enumerate(shown):
            n = first + row
            options = [
                choice(option_text(key, opt, value), str(i), option_help(key, opt, value), default=i == picks[n])
                for i, value in enumerate(opt.choices)
                if i == picks[n] or _works(game, seats, opt.key, value)
            ]
            items.append(NewTableItem(
                key, seats, picks, f"o{n}", clock, spoken, options=options, placeholder=tr(opt.label), row=row
            ))
        if pages > 1:  # more options than fit one message: a button turns to the next page
            items.append(NewTableItem(key, seats, picks, f"g{(number + 1) % pages}", clock, spoken, row=MAX_OPTIONS))
        items.append(NewTableItem(key, seats, picks, "clock", clock, spoken, row=MAX_OPTIONS))
        button_row = MAX_OPTIONS
    items.append(NewTableItem(key, seats, picks, "open", clock, spoken, row=button_row))
    control, policy, vacations = chosen_clock(clock)
    text = (
        trn("**{game}** for up to {n} player. Choose the table options, then open the table.",
            "**{game}** for up to {n} players. Choose the table options, then open the table.",
            seats, game=game_title(key))
        + "\n" + clock_summary(control, policy, vacations)
        + "\n" + take_backs_line(chosen_take_backs(clock))
    )
    if spoken != i18n.ENGLISH:  # said only when it is not the default everybody expects
        text += "\n" + tr("Table language: {language}", language=i18n.info(spoken).name)
    return text, persistent_view(*items)


class NewTableItem(Spoken, discord.ui.DynamicItem[discord.ui.Item[Any]],
    # The clock part is optional: panels sent before it existed keep working, with the default clock; so is its
    # take-back index (panels sent before it have three indices, and take-backs on).
    template=r"mk:new:(?P<key>[a-z_]{1,24}):(?P<seats>[0-9]{1,2}):(?P<picks>[0-9.]{0,40}):"
    r"(?:(?P<clock>[0-9]{1,2}\.[0-9]\.[0-9](?:\.[0-9])?):)?(?:(?P<spoken>[a-z]{2}(?:-[A-Z0-9]{2,3})?):)?"
    r"(?P<what>open|clock|game|o[0-9]|c[0-3]|g[0-9])",
):
    """A select (a table option or a clock choice) or a button (open the table, or turn the page) of the
    private options panel."""

    BUTTONS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "open": (mark("Open the table"), discord.ButtonStyle.success),
        "clock": (mark("Clock and timeouts"), discord.ButtonStyle.secondary),
        "game": (mark("Game options"), discord.ButtonStyle.secondary),
    }

    def __init__(
        self,
        key: str,
        seats: int,
        picks: Sequence[int],
        what: str,
        clock: Sequence[int] = DEFAULT_CLOCK,
        spoken: str = i18n.ENGLISH,
        *,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str = "",
        row: int | None = None,
    ) -> None:
        language_part = f"{spoken}:" if spoken != i18n.ENGLISH else ""
        custom_id = f"mk:new:{key}:{seats}:{_picks_text(picks)}:{_picks_text(clock)}:{language_part}{what}"
        item: discord.ui.Item[Any]
        if what in self.BUTTONS or what[0] == "g":
            label, style = self.BUTTONS.get(what, (mark("More game options"), discord.ButtonStyle.secondary))
            item = discord.ui.Button(label=tr(label), style=style, custom_id=custom_id, row=row)
        else:
            item = discord.ui.Select(
                custom_id=custom_id, options=list(options), placeholder=clip(placeholder, 150), row=row
            )
        super().__init__(item)
        self.key, self.seats, self.picks, self.what, self.clock = key, seats, list(picks), what, list(clock)
        self.spoken = spoken

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> NewTableItem:
        key = match["key"]
        picks = _read_picks(games.get(key), match["picks"]) if key in games.GAMES else []
        clock = read_clock(match["clock"])
        spoken = i18n.choose(match["spoken"])
        return cls(key, int(match["seats"]), picks, match["what"], clock, spoken, options=getattr(item, "options", ()))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        try:
            if self.key not in games.GAMES:
                raise UserError(tr("That game is not available any more."))
            if self.what == "open":
                await open_table(interaction, self.key, self.seats, self.picks, self.clock, self.spoken)
                return
            picks, clock = list(self.picks), list(self.clock)
            values = list(getattr(self.item, "values", []))
            if self.what[0] in "oc" and values and str(values[0]).isdigit():
                chosen, n = (picks if self.what[0] == "o" else clock), int(self.what[1:])
                if n < len(chosen):
                    chosen[n] = int(values[0])
            # An out-of-range index falls back to the default.
            picks, clock = _read_picks(games.get(self.key), _picks_text(picks)), read_clock(_picks_text(clock))
            if self.what in CLOCK_PAGE:
                page = "clock"
            elif self.what[0] == "g":
                page = self.what
            elif self.what[0] == "o":  # stay on the page of the option just changed
                page = f"g{int(self.what[1:]) // MAX_OPTIONS}"
            else:
                page = "game"
            text, view = options_panel(self.key, self.seats, picks, clock, self.spoken, page=page)
            await interaction.edit_original_response(content=text, view=view)
        except Exception as error:
            await report(interaction, error)


async def new_table_panel(
    interaction: discord.Interaction, key: str, seats: int, picks: Sequence[int], spoken: str
) -> tuple[str, discord.ui.View]:
    """The options panel of a new table in the language ``spoken`` (``/game new``, New table under a finished
    game): refused outside the server's table channels, starting with the server's default clock."""
    settings = await app_of(interaction).servers.settings(interaction.guild_id)
    check_channel(settings, channels_of(interaction))
    return options_panel(key, seats, picks, default_clock(settings), spoken)


async def open_table(
    interaction: discord.Interaction,
    key: str,
    seats: int,
    picks: Sequence[int],
    clock: Sequence[int] = DEFAULT_CLOCK,
    spoken: str = i18n.ENGLISH,
) -> None:
    """Create the table and post its lobby publicly in the channel, in the table's language ``spoken`` (a
    deferred interaction is expected)."""
    game = games.get(key)
    # Only the options changed from their defaults: a game may derive the others from them (Sun Tzu's
    # beginner game turns the warlords off), and the service fills in the rest.
    options = {
        opt.key: opt.choices[picks[n]]
        for n, opt in enumerate(game.options)
        if n < len(picks) and opt.choices[picks[n]] != opt.default
    }
    try:
        game.check_players(seats)
        game.new(seats, 0, options)  # a dry run: options that cannot work together are refused now, not at start
    except ValueError as error:
        raise UserError(str(error)) from None
    settings = await app_of(interaction).servers.settings(interaction.guild_id)
    check_channel(settings, channels_of(interaction))  # the server may have changed its mind since the panel
    service = app_of(interaction).service
    control, policy, vacations = chosen_clock(clock)
    table = await service.create(
        key=key,
        creator_id=interaction.user.id,
        creator_name=display_name(interaction),
        seat_count=seats,
        options=options,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        time_control=control,
        timeout_policy=policy,
        vacation_allowed=vacations,
        language=spoken,
        take_backs=chosen_take_backs(clock),
    )
    # Finish the private deferred answer first: the next followup is then a new message, and public.
    await interaction.edit_original_response(content=tr("Opening table #{id}…", id=table.id), view=None)
    records = await finishing(app_of(interaction), table)
    with i18n.speaking(table.language):
        page = await app_of(interaction).page_links.game(table)
        text, view = lobby_text(table, records), lobby_view(table, computers=settings.computers, page=page)
    message = await interaction.followup.send(text, wait=True, allowed_mentions=NO_PINGS, **message_kwargs(view=view))
    await service.set_lobby_message(table.id, message.id)
    link = message_link(interaction.guild_id, message.channel.id, message.id)
    await interaction.edit_original_response(content=tr("Table #{id} is open: {link}", id=table.id, link=link))


# -- the lobby -------------------------------------------------------------------------------------------
async def finishing(app: App, table: Table) -> dict[int, Completion]:
    """How often each person seated in an open lobby plays to the end the games they start, said beside their
    name so that others can choose whom to play with (nothing once the table has started)."""
    people = [p.user_id for p in table.players if p.user_id is not None]
    if table.status != TableStatus.LOBBY or not people:
        return {}
    return await app.players.completions(people)


def lobby_text(table: Table, finishing: Mapping[int, Completion] | None = None) -> str:
    """The lobby message; ``finishing`` (see ``finishing()``) puts each person's completion beside their name."""
    game = table.game
    records = finishing or {}
    name = game_title(table.key)
    if game.min_players < table.seat_count:
        head = tr("**{game}**: table #{id} for {low} to {high} players.", game=name, id=table.id,
                  low=game.min_players, high=table.seat_count)
    else:
        head = trn("**{game}**: table #{id} for {n} player.", "**{game}**: table #{id} for {n} players.",
                   table.seat_count, game=name, id=table.id)
    lines = [head]
    chosen = " · ".join(
        f"{tr(opt.label)}: {option_text(table.key, opt, table.options.get(opt.key))}" for opt in game.options
    )
    if chosen:
        lines.append(tr("Options: {options}", options=chosen))
    lines.append(clock_summary(table.time_control, table.timeout_policy, table.vacation_allowed))
    if not table.take_backs:  # the default goes without saying in the lobby
        lines.append(take_backs_line(False))
    for n in range(table.seat_count):
        player = table.players[n] if n < len(table.players) else None
        if player is None:
            lines.append(f"{n + 1}. " + tr("(open seat)"))
            continue
        name = tr("{player} (host)", player=player.mention) if player.user_id == table.creator_id else player.mention
        record = records.get(player.user_id) if player.user_id is not None else None
        lines.append(f"{n + 1}. " + lobby_name(name, record))
    if table.status == TableStatus.LOBBY:
        need = max(0, game.min_players - len(table.players))
        ready = (tr("Ready to start.") if need == 0 else
                 trn("Waiting for {n} more player.", "Waiting for {n} more players.", need))
        host = f"<@{table.creator_id}>"
        lines.append(tr("{host} (or a server manager) can start the game. {ready}", host=host, ready=ready))
    elif table.status == TableStatus.CANCELLED:
        lines.append(tr("This table was cancelled."))
    elif table.thread_id:
        thread = f"<#{table.thread_id}>"
        lines.append(tr("The game has started: play in {thread}.", thread=thread))
    else:
        lines.append(tr("The game has started: play in this channel."))
    return "\n".join(lines)


def lobby_view(table: Table, *, computers: bool = True, page: str | None = None) -> discord.ui.View | None:
    """The lobby's buttons; no "Add computer" where the server does not allow computer players; "Open in
    browser" to the game's ``page`` (when it has one), which stays once the game starts."""
    if table.status != TableStatus.LOBBY:
        return with_link(None, page) if table.status == TableStatus.RUNNING else None
    verbs = [verb for verb in LobbyButton.LABELS if computers or verb not in LobbyButton.LEVELS]
    return with_link(persistent_view(*(LobbyButton(table.id, verb) for verb in verbs)), page)


class LobbyButton(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r"(?P<verb>join|leave|ai|ainormal|start|cancel)",
):
    # "ai" adds an easy computer player (the verb of lobbies posted before there were levels).
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle, int]]] = {
        "join": (mark("Join"), discord.ButtonStyle.success, 0),
        "leave": (mark("Leave"), discord.ButtonStyle.secondary, 0),
        "start": (mark("Start"), discord.ButtonStyle.primary, 0),
        "cancel": (mark("Cancel"), discord.ButtonStyle.danger, 0),
        "ai": (mark("Add computer (easy)"), discord.ButtonStyle.secondary, 1),
        "ainormal": (mark("Add computer (normal)"), discord.ButtonStyle.secondary, 1),
    }
    LEVELS: ClassVar[dict[str, str]] = {"ai": "easy", "ainormal": "normal"}

    def __init__(self, game_id: int, verb: str) -> None:
        label, style, row = self.LABELS[verb]
        super().__init__(
            discord.ui.Button(label=tr(label), style=style, custom_id=f"mk:{game_id}:0:{verb}", row=row)
        )
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # the answer is an edit of the lobby message
        service, user, gid = app_of(interaction).service, interaction.user.id, self.game_id
        try:
            settings = await app_of(interaction).servers.settings(interaction.guild_id)
            if self.verb == "join":
                table = await service.join(gid, user, display_name(interaction))
            elif self.verb == "leave":
                table = await service.leave(gid, user)
            elif self.verb in self.LEVELS:
                check_computers(settings)  # a lobby posted before the server said no
                table = await service.add_ai(gid, user, self.LEVELS[self.verb])
            elif self.verb == "start":
                try:
                    table = await service.start(gid, user, can_manage=can_manage(interaction))
                except ValueError as error:  # the engine refuses the options for this many players
                    raise UserError(str(error)) from None
            else:
                table = await service.cancel(gid, user, can_manage=can_manage(interaction))
            records = await finishing(app_of(interaction), table)
            page = await app_of(interaction).page_links.game(table)
            with i18n.speaking(table.language):  # the public lobby, whoever clicked
                text, view = lobby_text(table, records), lobby_view(table, computers=settings.computers, page=page)
            await interaction.edit_original_response(content=text, view=view, allowed_mentions=NO_PINGS)
        except Exception as error:
            await report(interaction, error)
