"""A person's language: ``/me language`` sets and clears it, later private answers follow it, and the slash
commands reach Discord in Spanish and Japanese (``cogs.language.CommandTranslator``)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.store import users
from cogs.language import CommandTranslator
from cogs.me import FOLLOW_DISCORD
from tests.cogs.harness import FakeDiscord
from tests.cogs.test_async_play_me import _say


async def test_me_language_sets_and_clears_the_choice_and_answers_follow_it(fake: FakeDiscord, alice: Any) -> None:
    assert await _say(fake, "language", alice, language="ja") == "これからはここでもDMでも日本語でお答えします。"
    assert (await users.settings(fake.bot.service.db, alice.id)).language == "ja"
    assert fake.bot.players.language_now(alice.id, "en-US") == "ja"
    # Later answers, from an English Discord client, come in Japanese; /me settings shows the choice.
    shown = await _say(fake, "show", alice)
    assert shown.splitlines()[0] == "**あなたの設定**"
    assert "言語：日本語" in shown
    assert await _say(fake, "quiet_off", alice) == "おやすみ時間をオフにしました。リマインダーは期限どおりに届きます。"
    # A refusal too.
    assert await _say(fake, "vacation_end", alice) == "休暇中ではありません。"

    assert await _say(fake, "language", alice, language="es-ES") == "Te responderé en Español (España), aquí y por MD."
    assert (await _say(fake, "show", alice)).startswith("**Tus ajustes**")

    # Following Discord again: answered in the client's language, and /me settings has no language line.
    cleared = await _say(fake, "language", alice, language=FOLLOW_DISCORD)
    assert cleared == "I will follow your Discord app's language: English."
    assert (await users.settings(fake.bot.service.db, alice.id)).language is None
    shown = await _say(fake, "show", alice)
    assert shown.startswith("**Your settings**") and "Language" not in shown
    fake.locales[alice.id] = "ja"
    assert (await _say(fake, "show", alice)).startswith("**あなたの設定**")


async def test_clearing_the_choice_answers_in_the_discord_language(fake: FakeDiscord, alice: Any) -> None:
    await _say(fake, "language", alice, language="en")
    fake.locales[alice.id] = "es-ES"
    assert (await _say(fake, "show", alice)).startswith("**Your settings**")  # the choice beats the client
    cleared = await _say(fake, "language", alice, language=FOLLOW_DISCORD)
    assert cleared == "Seguiré el idioma de tu aplicación de Discord: Español (España)."


async def test_an_unknown_language_changes_nothing(fake: FakeDiscord, alice: Any) -> None:
    await _say(fake, "language", alice, language="ja")
    assert await _say(fake, "language", alice, language="fr") == "その言語は選択肢にありません。"
    assert (await users.settings(fake.bot.service.db, alice.id)).language == "ja"


def _context(location: app_commands.TranslationContextLocation, data: Any = None) -> Any:
    return app_commands.TranslationContext(location, data)


async def _translate(text: str | app_commands.locale_str, locale: discord.Locale,
                     location: app_commands.TranslationContextLocation) -> Any:
    string = text if isinstance(text, app_commands.locale_str) else app_commands.locale_str(text)
    return await CommandTranslator().translate(string, locale, _context(location))


async def test_the_translator_gives_discord_spanish_and_japanese() -> None:
    where = app_commands.TranslationContextLocation
    spain, japan, latin = discord.Locale.spain_spanish, discord.Locale.japanese, discord.Locale.latin_american_spanish
    assert await _translate("Community tournaments", spain, where.group_description) == "Torneos de la comunidad"
    assert await _translate("Community tournaments", japan, where.group_description) == "コミュニティ大会"
    assert await _translate("The best-rated players of a game", japan, where.command_description) == (
        "ゲームごとのレーティング上位プレイヤー"
    )
    assert await _translate("Which game", spain, where.parameter_description) == "Qué juego"
    # Choices: game titles and formats; Latin American Spanish says "computadora" where Spain says "ordenador".
    assert await _translate("The Great Wall of China", spain, where.choice_name) == "La Gran Muralla China"
    assert await _translate("The Great Wall of China", japan, where.choice_name) == "万里の長城"
    assert await _translate("Round robin", japan, where.choice_name) == "総当たり"
    ai = "ai: the computer plays the turn for the player"
    assert "ordenador" in await _translate(ai, spain, where.choice_name)
    assert "computadora" in await _translate(ai, latin, where.choice_name)
    assert await _translate("Swiss", latin, where.choice_name) == "Suizo"  # from Spain's catalog
    # Names: translated under the "command name" context only, and valid as Discord names.
    assert await _translate("tournament", spain, where.group_name) == "torneo"
    assert await _translate("leaderboard", japan, where.command_name) == "ランキング"
    assert await _translate("time_control", spain, where.parameter_name) == "reloj"
    assert await _translate("rules", discord.Locale.american_english, where.command_name) is None
    assert await _translate("rules", discord.Locale.french, where.command_name) is None


async def test_every_command_has_valid_names_and_short_texts_in_every_language(fake: FakeDiscord) -> None:
    """What Discord would refuse at sync: a name not lowercase or too long, two names alike in one place, a
    description or choice over 100 characters."""
    where = app_commands.TranslationContextLocation
    name = re.compile(r"^[-_\w]{1,32}$")
    for locale in (discord.Locale.spain_spanish, discord.Locale.latin_american_spanish, discord.Locale.japanese):
        siblings: dict[str, list[str]] = {}
        for command in fake.bot.tree.walk_commands():
            local = await _translate(command.name, locale, where.command_name) or command.name
            assert name.match(local) and local == local.lower(), local
            siblings.setdefault(command.parent.name if command.parent else "", []).append(local)
            described = await _translate(command.description, locale, where.command_description)
            assert described and len(described) <= 100, command.qualified_name
            if isinstance(command, app_commands.Command):
                options = []
                for parameter in command.parameters:
                    local = await _translate(parameter.locale_name or parameter.display_name, locale,
                                             where.parameter_name) or parameter.display_name
                    assert name.match(local) and local == local.lower(), local
                    options.append(local)
                    text = await _translate(parameter.description, locale, where.parameter_description)
                    assert text and len(text) <= 100, (command.qualified_name, parameter.name)
                    for choice in parameter.choices:
                        shown = await _translate(choice.name, locale, where.choice_name) or choice.name
                        assert 1 <= len(shown) <= 100, shown
                assert len(set(options)) == len(options), options
        for group, names in siblings.items():
            assert len(set(names)) == len(names), (locale, group, names)
