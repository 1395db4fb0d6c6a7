"""The community tools in Spanish and Japanese: a tournament's public posts, standings picture and games in its
language (the server's preferred locale, or the one chosen at creation) while each person's private answers
are in theirs; /help, /leaderboard and /server settings in the asker's language."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot import i18n
from render.standings import standings as standings_png
from tests.cogs.harness import FakeDiscord, labels
from tests.cogs.tournament_flows import allow_channel_threads, channel_posts, cog, play_round, quicken

pytestmark = pytest.mark.usefixtures("plain_pictures")


async def test_a_tournament_speaks_its_servers_language_and_answers_each_person_in_theirs(
    fake: FakeDiscord, alice: Any, bob: Any
) -> None:
    allow_channel_threads(fake)
    quicken(fake, [alice, bob])
    fake.guild_locale = "ja"  # a Japanese community server; Alice's app is in English, Bob's in Spanish
    fake.locales[bob.id] = "es-ES"
    await fake.command(cog(fake).create, alice, name="Autumn Cup", game="sun_tzu", format="swiss", table_size=2,
                       rounds=1)
    assert fake.last().private and fake.last().content.startswith("Tournament #1 is open: ")
    (signup,) = [s.message for s in fake.public()]
    assert signup.content.splitlines()[0] == "**Autumn Cup**:**孫子** の大会 #1"
    assert "スイス式、1ラウンド、2人テーブル" in signup.content and "参加受付中" in signup.content
    assert labels(signup.view) == ["参加", "退出"]
    assert (await fake.bot.tournaments.get(1)).language == "ja"

    await fake.click(alice, signup, label="参加")
    await fake.click(bob, signup, label="参加")
    assert "参加者（2）：<@101>, <@202>" in signup.content  # the public message stays Japanese
    await fake.click(bob, signup, label="参加")
    assert fake.last().private and fake.last().content == "Ya estás inscrito."  # Bob's refusal in Spanish

    await fake.command(cog(fake).start, alice)
    assert fake.last().content == "Autumn Cup has started: round 1 is posted here."
    (begun,) = channel_posts(fake, "第1ラウンド（全1ラウンド）が始まりました。")
    assert "テーブル1:" in begun.content
    row = await fake.bot.tournaments.get(1)
    (table,) = row.tables
    assert (await fake.bot.service.get(table.game_id or 0)).language == "ja"  # its game too

    await play_round(fake, 1, seed=3)
    (final,) = channel_posts(fake, "**Autumn Cup** が終了しました。")
    assert final.content.endswith("！最終順位：")
    names = {alice.id: alice.display_name, bob.id: bob.display_name}
    rows = await fake.bot.tournaments.standings(1)
    with i18n.speaking("ja"):  # the podium, then the standings: in Japanese
        assert final.files[1:] == [standings_png(rows, names, "Autumn Cup：最終順位", {})]
        assert final.descriptions[0].startswith("表彰台：Autumn Cup：表彰台。 1位：")
    assert final.files[1:] != [standings_png(rows, names, "Autumn Cup: final standings", {})]

    # Bob's profile, for him: in Spanish.
    await fake.command(fake.bot.get_cog("Ratings").profile, bob)  # type: ignore[union-attr]
    profile = fake.last(private=True).content.splitlines()
    assert profile[0] in ("**Bob**: 1 partida, 1 victoria", "**Bob**: 1 partida, 0 victorias")
    assert profile[1].startswith("Juega hasta el final: ")
    assert profile[2].startswith("Sun Tzu: 1 partida") and "**Resultados recientes**" in profile
    assert " de 2 en Sun Tzu #1, " in profile[-1]

    # Standings asked for by Bob, a player: shown to him alone, in Spanish; by the organiser: posted, in Japanese.
    await fake.command(cog(fake).standings, bob, tournament=1)
    assert fake.last(private=True).content.startswith("**Autumn Cup: clasificación final**")
    assert not channel_posts(fake, "**Autumn Cup：最終順位**")
    await fake.command(cog(fake).standings, alice, tournament=1)
    assert channel_posts(fake, "**Autumn Cup：最終順位**")


async def test_a_tournament_in_the_language_chosen_at_creation(fake: FakeDiscord, alice: Any) -> None:
    await fake.command(cog(fake).create, alice, name="Copa", game="great_wall", format="round_robin",
                       table_size=2, language="es-ES")
    (signup,) = [s.message for s in fake.public()]
    assert signup.content.splitlines()[0] == "**Copa**: torneo #1 de **La Gran Muralla China**"
    assert "liga, mesas de 2" in signup.content and labels(signup.view) == ["Unirse", "Salir"]
    await fake.command(cog(fake).list_tournaments, alice, locale="ja")
    assert fake.last().content.startswith("#1 **Copa**:万里の長城、総当たり、2人テーブル")


async def test_help_in_japanese_names_the_commands_as_discord_shows_them(fake: FakeDiscord, alice: Any) -> None:
    await fake.command(fake.bot.get_cog("Help").help, alice, locale="ja")  # type: ignore[union-attr]
    (embed,) = fake.last(private=True).embeds
    assert embed.title == "Middle Kingdom：中国を舞台にしたボードゲーム"
    assert embed.description and embed.description.startswith("**ゲームの進め方**\n1. `/ゲーム 新規` で")
    text = "\n".join(f"{f.name}\n{f.value}" for f in embed.fields)
    assert "`/ゲーム 新規`: ゲームのテーブルを開きます。" in text
    assert "`/ルール`:" in text and "その他のコマンド" in text
    assert len(embed) <= 6000 and all(len(f.value or "") <= 1024 for f in embed.fields)
    # Someone who chose Japanese in /me on an English Discord app: Japanese words, the English command names
    # their app shows.
    await fake.bot.players.set_language(alice.id, "ja")
    await fake.command(fake.bot.get_cog("Help").help, alice)  # type: ignore[union-attr]
    (embed,) = fake.last(private=True).embeds
    assert embed.description and embed.description.startswith("**ゲームの進め方**\n1. `/ゲーム 新規`")
    assert "`/game new`: ゲームのテーブルを開きます。" in "\n".join(f.value or "" for f in embed.fields)


async def test_leaderboard_and_server_settings_in_the_askers_language(fake: FakeDiscord, alice: Any) -> None:
    await fake.command(fake.bot.get_cog("Ratings").leaderboard, alice, locale="es-ES", game="china")  # type: ignore[union-attr]
    assert fake.last().content.splitlines() == [
        "Clasificación de **China**, este servidor",
        "Ordenada por la puntuación conservadora μ − 3σ; jugadores con al menos 3 partidas puntuadas.",
        "Nadie tiene aún 3 partidas puntuadas. Las partidas con un jugador del ordenador no puntúan.",
    ]
    await fake.command(fake.bot.get_cog("Ratings").leaderboard, alice, locale="es-419", game="china")  # type: ignore[union-attr]
    assert "jugador de la computadora" in fake.last().content
    await fake.command(fake.bot.get_cog("ServerCommands").settings, alice, manage=True, locale="ja")  # type: ignore[union-attr]
    panel = fake.last(private=True)
    assert panel.content.startswith("**サーバー設定**")
    assert "テーブルを開けるチャンネル：どのチャンネルでも。" in panel.content
    assert "コンピューターを許可しない" in labels(panel.view)
    assert isinstance(panel.view, discord.ui.View)
