"""``/me``: a person's own settings for games played over days. Every answer is private.

Turn DMs on or off, quiet hours in their time zone (reminders wait for them to end), a vacation (their
clocks pause in games whose table allows it), a DM when the player before them moves, and the language of
their private texts (bot/i18n.py). Bad input gets a sentence and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from functools import cache
from typing import TYPE_CHECKING, Literal
from zoneinfo import available_timezones

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.errors import UserError
from bot.games.base.language import tr, trp
from bot.players import UserSettings
from bot.timecontrol import DAY, valid_time_zone
from cogs.game import LANGUAGE_CHOICES
from cogs.language import enter
from cogs.replies import send_private

if TYPE_CHECKING:
    from cogs.app import App

OnOff = Literal["on", "off"]
MAX_VACATION_DAYS = 30
FOLLOW_DISCORD = "discord"  # the /me language choice that clears the setting
CHOICES = [*LANGUAGE_CHOICES, app_commands.Choice(name="Follow my Discord language", value=FOLLOW_DISCORD)]
_CLOCK_TIME = re.compile(r"([01]?[0-9]|2[0-3]):([0-5][0-9])")


def parse_time(text: str) -> int:
    """ "22:30" as minutes of the day; a UserError for anything else."""
    found = _CLOCK_TIME.fullmatch(text.strip())
    if found is None:
        raise UserError(tr("“{text}” is not a time of day: write it as HH:MM, from 00:00 to 23:59 (e.g. 22:30).",
                           text=text))
    return int(found[1]) * 60 + int(found[2])


def clock_time(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@cache
def _zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def _when(moment: float) -> str:
    return f"<t:{int(moment)}:f> (<t:{int(moment)}:R>)"


def _on_off(on: bool) -> str:
    return trp("setting", "on") if on else trp("setting", "off")


def settings_text(settings: UserSettings, now: float) -> str:
    if not settings.dm_on_turn:
        dm = tr("off: the game thread mentions you, and reminders come there")
    elif settings.dm_closed:
        dm = tr("on, but your DMs were closed to me last time: open them, then `/me dm on`")
    else:
        dm = _on_off(True)
    quiet = trp("quiet hours", "none")
    if settings.quiet_start is not None and settings.quiet_end is not None:
        quiet = tr("{start} to {end} ({zone})", start=clock_time(settings.quiet_start),
                   end=clock_time(settings.quiet_end), zone=settings.time_zone)
    away = tr("no")
    if settings.on_vacation(now) and settings.vacation_until is not None:
        away = tr("until {when}", when=_when(settings.vacation_until))
    lines = [
        tr("**Your settings**"),
        tr("DMs on your turn (hand, controls, reminders): {state}", state=dm),
        tr("Quiet hours (reminders wait): {hours}", hours=quiet),
        tr("On vacation: {away}", away=away),
        tr("DM when the player before you moves: {state}", state=_on_off(settings.ping_before)),
    ]
    if settings.language is not None:  # following Discord's language needs no line
        lines.append(tr("Language: {language} (`/me language` to change it)",
                        language=i18n.info(settings.language).name))
    return "\n".join(lines)


class Me(commands.GroupCog, group_name="me", group_description="Your settings: turn DMs, quiet hours, language"):
    quiet = app_commands.Group(name="quiet", description="Quiet hours: reminders wait until they end")
    vacation = app_commands.Group(name="vacation", description="Pause your clocks while you are away")

    def __init__(self, bot: App) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="settings", description="Show your settings")
    async def show(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        players = self.bot.players
        settings = await players.settings(interaction.user.id)
        await send_private(interaction, settings_text(settings, players.clock()))

    @app_commands.command(name="dm", description="Whether I DM you your hand and controls when it is your move")
    @app_commands.describe(state="on or off")
    async def dm(self, interaction: discord.Interaction, state: OnOff) -> None:
        await self._switch(
            interaction, self.bot.players.set_turn_dms, state,
            lambda: tr("Turn DMs are on: I will DM you your hand and controls when it is your move, and reminders."),
            lambda: tr("Turn DMs are off: the game thread mentions you when it is your move, and reminders come "
                       "there."),
        )

    @app_commands.command(name="ping_before", description="A DM when the player before you has moved")
    @app_commands.describe(state="on or off")
    async def ping_before(self, interaction: discord.Interaction, state: OnOff) -> None:
        await self._switch(
            interaction, self.bot.players.set_ping_before, state,
            lambda: tr("I will DM you when the player before you has moved (unless I DM you your turn anyway)."),
            lambda: tr("I will no longer DM you when the player before you moves."),
        )

    async def _switch(
        self, interaction: discord.Interaction, save: Callable[[int, bool], Awaitable[object]], state: OnOff,
        on_text: Callable[[], str], off_text: Callable[[], str],
    ) -> None:
        """An on/off setting: saved, then confirmed privately in the sentence for its new state."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await save(interaction.user.id, state == "on")
        await send_private(interaction, on_text() if state == "on" else off_text())

    @app_commands.command(name="language", description="The language of my answers and DMs to you")
    @app_commands.describe(language="A language, or your Discord app's")
    @app_commands.choices(language=CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if language != FOLLOW_DISCORD and language not in i18n.CODES:
            raise UserError(tr("That language is not one of the choices."))
        chosen = None if language == FOLLOW_DISCORD else language
        await self.bot.players.set_language(interaction.user.id, chosen)
        name = i18n.info(enter(interaction)).name  # the language in force is now the new one: the answer is in it
        if chosen is None:
            await send_private(interaction, tr("I will follow your Discord app's language: {language}.", language=name))
        else:
            await send_private(interaction, tr("I will answer you in {language}, here and in DMs.", language=name))

    @quiet.command(name="set", description="Quiet hours in your time zone: reminders wait until they end")
    @app_commands.describe(
        start="When they begin, HH:MM (e.g. 22:00)",
        end="When they end, HH:MM (e.g. 08:00)",
        timezone="Your time zone, e.g. Europe/Madrid (your last one, or UTC, if left out)",
    )
    async def quiet_set(
        self, interaction: discord.Interaction, start: str, end: str, timezone: str | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        begin, finish = parse_time(start), parse_time(end)
        if begin == finish:
            raise UserError(tr("Quiet hours need an end different from their start."))
        if timezone is not None and not valid_time_zone(timezone.strip()):
            raise UserError(tr("I do not know the time zone “{zone}”: name it like Europe/Madrid or Asia/Tokyo.",
                               zone=timezone))
        zone = timezone.strip() if timezone is not None else None
        settings = await self.bot.players.set_quiet_hours(interaction.user.id, begin, finish, zone)
        await send_private(
            interaction,
            tr("Quiet hours set: {start} to {end} ({zone}). Reminders that come due in them wait until they end; "
               "your clocks still run.", start=clock_time(begin), end=clock_time(finish), zone=settings.time_zone),
        )

    @quiet_set.autocomplete("timezone")
    async def _zone_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        wanted = current.strip().lower().replace(" ", "_")
        return [app_commands.Choice(name=z, value=z) for z in _zones() if wanted in z.lower()][:25]

    @quiet.command(name="off", description="No quiet hours: reminders come when due")
    async def quiet_off(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.players.set_quiet_hours(interaction.user.id, None, None)
        await send_private(interaction, tr("Quiet hours are off: reminders come when they are due."))

    @vacation.command(name="start", description="Go on vacation for some days: your clocks pause")
    @app_commands.describe(days=f"How many days, 1 to {MAX_VACATION_DAYS}")
    async def vacation_start(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, MAX_VACATION_DAYS]
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not 1 <= days <= MAX_VACATION_DAYS:
            raise UserError(tr("A vacation lasts 1 to {days} days.", days=MAX_VACATION_DAYS))
        settings = await self.bot.players.start_vacation(interaction.user.id, days * DAY)
        assert settings.vacation_until is not None
        await send_private(
            interaction,
            tr("You are on vacation until {when}. In games whose table allows vacations your clock pauses and "
               "reminders wait; elsewhere your time runs as usual. Back early? `/me vacation end`.",
               when=_when(settings.vacation_until)),
        )

    @vacation.command(name="end", description="End your vacation now: your clocks run again")
    async def vacation_end(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not await self.bot.players.end_vacation(interaction.user.id):
            raise UserError(tr("You are not on vacation."))
        await send_private(interaction, tr("Welcome back: your vacation has ended and your clocks run again."))
