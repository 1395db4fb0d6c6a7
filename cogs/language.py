"""Each interaction is answered in its person's language; slash commands are shown in each client's.

``enter`` runs first in every interaction (the command tree's and every component's ``interaction_check``)
and sets the language for the rest of its task without reading anything (the defer comes first): the
person's /me choice known to the player service, else their Discord client's locale. Words for someone
else (the thread, another player's DM) are written inside ``speaking(...)`` with the table's or that
person's language. ``CommandTranslator`` gives Discord the slash commands' descriptions and choices in
each language from the same catalogs.
"""

from __future__ import annotations

import logging
import re
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot import i18n
from bot.games.base import language as words
from bot.games.base.language import trp
from cogs.app import app_of

log = logging.getLogger(__name__)
T = TypeVar("T")

# What Discord accepts as a command or option name in any language.
_NAME = re.compile(r"^[-_\w]{1,32}$")
_NAMES = (app_commands.TranslationContextLocation.command_name, app_commands.TranslationContextLocation.group_name,
          app_commands.TranslationContextLocation.parameter_name)


def enter(interaction: discord.Interaction[Any]) -> str:
    """Set this interaction's language for the rest of its handling; returns its code."""
    bot = app_of(interaction)
    locale = getattr(interaction, "locale", None)
    discord_locale = locale.value if isinstance(locale, discord.Locale) else None
    try:
        code = bot.players.language_now(interaction.user.id, discord_locale)
    except RuntimeError:  # services not open (sync): the client's own language
        code = i18n.choose(i18n.from_discord(discord_locale))
    words.enter(i18n.language(code))
    return code


def client_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the person's Discord app (the one its slash commands are shown in), else English."""
    locale = getattr(interaction, "locale", None)
    return i18n.choose(i18n.from_discord(locale.value if isinstance(locale, discord.Locale) else None))


NAME_CONTEXT = "command name"
WHICH_GAME = "which game"  # the game option of /game new, /rules, /leaderboard, /tournament create: not a match
LEAVING_PLAYER = "leaving player"  # /tournament replace: the player who leaves...
INCOMING_PLAYER = "incoming player"  # ...and the one who takes the place (not the new of /game new)


def name_context(meaning: str | None = None) -> str:
    """The message context of a command's or option's name: "command name", or "command name: <meaning>" for a
    name whose English is shared by different meanings (the ``game`` option is *which game*, while the ``/game``
    group is a match; the ``new`` player of ``/tournament replace`` is not the ``new`` of ``/game new``)."""
    return f"{NAME_CONTEXT}: {meaning}" if meaning else NAME_CONTEXT


def named(name: str, meaning: str) -> app_commands.locale_str:
    """A command's or option's name with its meaning, for ``app_commands.rename`` or ``name=``: translated under
    its own context (``name_context(meaning)``)."""
    return app_commands.locale_str(name, meaning=meaning)


def command_name(name: str, meaning: str | None = None) -> str:
    """A command's or option's name as Discord shows it in the language in force: its translation under the
    message context of its meaning when that is a name Discord accepts, else the English."""
    text = trp(name_context(meaning), name)
    return text if _NAME.match(text) and text == text.lower() else name


def slash(path: str, choice: str | None = None) -> str:
    """A command as people type it in the language in force, e.g. ``slash("game new")`` -> "/partida nueva", and
    ``slash("me dm", "off")`` -> "/yo md no" (a choice of its one option, by its name)."""
    parts = [command_name(part) for part in path.split()]
    if choice is not None:
        parts.append(words.tr(choice))
    return "/" + " ".join(parts)


def guild_language(interaction: discord.Interaction[Any]) -> str:
    """A new table's default language: the server's preferred locale (community servers set it), else English."""
    locale = getattr(interaction, "guild_locale", None)
    return i18n.choose(i18n.from_discord(locale.value if isinstance(locale, discord.Locale) else None))


class Spoken:
    """Mixed into every DynamicItem: its interaction is answered in its person's language."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        enter(interaction)
        return True


class Tree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        enter(interaction)
        return True


class CommandTranslator(app_commands.Translator):
    """Slash commands' names, descriptions and choices from the catalogs. Names are translated only under the
    message context "command name", or "command name: <meaning>" for a name declared with ``named`` (and kept
    English when a translation is not a name Discord accepts)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        code = i18n.from_discord(locale.value)
        if code is None or code == i18n.ENGLISH:
            return None
        with i18n.speaking(code):
            if context.location in _NAMES:
                text = command_name(string.message, string.extras.get("meaning"))
            else:
                text = words.tr(string.message)
        return text if text != string.message else None
