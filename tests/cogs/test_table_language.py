"""A table's language: chosen in /game new (the server's by default), kept by a rematch; the thread, the lobby
and the pictures in it, each person's private texts (Play panel, DM, refusals) in theirs."""

from __future__ import annotations

import random
import re
from typing import Any

import discord

import render
from bot import i18n
from bot.games.base.language import tr
from bot.names import picture_names
from tests.cogs.harness import FakeDiscord, Posted, labels, walk


async def _open(fake: FakeDiscord, host: Any, **params: Any) -> tuple[int, Posted]:
    """``/game new`` and "Open the table" (in the host's language): the game id and the public lobby."""
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, host, game="great_wall", seats=2, **params)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    mark = len(fake.sent)
    with i18n.speaking(i18n.choose(i18n.from_discord(fake.locales.get(host.id)))):
        await fake.click(host, panel, label=tr("Open the table"))
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    found = re.search(r"#(\d+)", lobby.content)
    assert found is not None
    return int(found[1]), lobby


async def test_a_new_table_speaks_the_servers_language_unless_another_is_chosen(fake: FakeDiscord, alice: Any) -> None:
    game_id, lobby = await _open(fake, alice)
    assert (await fake.bot.service.get(game_id)).language == "en"
    assert lobby.content.startswith("**The Great Wall of China**: table #")
    fake.guild_locale = "ja"
    game_id, lobby = await _open(fake, alice)
    assert (await fake.bot.service.get(game_id)).language == "ja"
    assert "万里の長城" in lobby.content and "参加" in labels(lobby.view)
    game_id, lobby = await _open(fake, alice, language="es-ES")
    assert (await fake.bot.service.get(game_id)).language == "es-ES"
    assert "Unirse" in labels(lobby.view) and "Empezar" in labels(lobby.view)
    fake.guild_locale = "fr"  # a language the bot does not speak: English
    game_id, _ = await _open(fake, alice)
    assert (await fake.bot.service.get(game_id)).language == "en"


async def test_the_options_panel_is_the_person_s_and_says_the_table_s_language(fake: FakeDiscord, alice: Any) -> None:
    fake.guild_locale = "es-ES"
    fake.locales[alice.id] = "ja"
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, alice, game="great_wall", seats=2)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    assert "テーブルの言語：Español (España)" in panel.content and "テーブルを開く" in labels(panel.view)
    await fake.click(alice, panel, label="持ち時間と時間切れ")  # the page turns; the language stays with the panel
    mark = len(fake.sent)
    await fake.click(alice, panel, label="テーブルを開く")
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    assert "mesa #" in lobby.content and "Unirse" in labels(lobby.view)


async def _finished_in(fake: FakeDiscord, alice: Any, bob: Any, language: str) -> tuple[int, Posted]:
    game_id, lobby = await _open(fake, alice, language=language)
    with i18n.speaking(language):
        join, start = tr("Join"), tr("Start")
    await fake.click(bob, lobby, label=join)
    await fake.click(alice, lobby, label=start)
    await fake.bot.service.resign(game_id, bob.id)
    table = await fake.bot.service.get(game_id)
    return game_id, fake.last(f"thread:{table.thread_id}")


async def test_a_rematch_keeps_the_table_s_language(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, final = await _finished_in(fake, alice, bob, "ja")
    assert "**最終順位**" in final.content and labels(final.view) == ["再戦", "新しいテーブル", "ゲームの振り返り"]
    mark = len(fake.sent)
    await fake.click(bob, final, label="再戦")  # Bob's own answer is in English, the new lobby in Japanese
    lobby = next(s for s in fake.posted_since(mark) if not s.private)
    assert "の再戦" in lobby.content  # Alice is invited in Japanese
    assert "参加" in labels(lobby.view)
    assert fake.last(private=True).content.startswith("The rematch is open:")
    assert (await fake.bot.service.get(game_id + 1)).language == "ja"
    await fake.click(alice, final, label="新しいテーブル")
    panel = fake.last(private=True)
    assert "Table language: 日本語" in panel.content  # New table opens in the finished table's language too


def _board(fake: FakeDiscord, play: str) -> Posted:
    """The newest public board message (the one with the Play button, in the table's language)."""
    for sent in reversed(fake.sent):
        if not sent.private and play in labels(sent.view):
            return sent.message
    raise AssertionError("no board")


async def test_a_mixed_table_speaks_spanish_in_public_and_each_person_s_language_in_private(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    """A Spanish table (the server's language): its thread and pictures in Spanish, Bob's turn DMs and Play
    panel in Japanese, Carol's refusal in English, Alice (Spanish) plays in Spanish."""
    fake.guild_locale = "es-ES"
    fake.locales.update({alice.id: "es-ES", bob.id: "ja"})
    game_id, lobby = await _open(fake, alice)
    await fake.click(bob, lobby, label="Unirse")
    await fake.click(alice, lobby, label="Empezar")
    table = await fake.bot.service.get(game_id)
    thread = f"thread:{table.thread_id}"
    opening = next(s for s in fake.sent if s.where == thread)
    assert "juega primero" in opening.content and "**Jugar** y **Mi mano**" in opening.content
    board = _board(fake, "Jugar")
    assert labels(board.view) == ["Jugar", "Mi mano"]
    with i18n.speaking("en"):  # (the harness runs each click in this task: its language is the last clicker's)
        english = render.board("great_wall", table.view(None), picture_names(table))
    assert board.files and board.files[0] != english  # the picture's words are Spanish
    with i18n.speaking("es-ES"):
        assert board.files[0] == render.board("great_wall", table.view(None), picture_names(table))

    # Carol, who does not play, presses Play: refused privately, in English.
    await fake.click(carol, board, label="Jugar")
    refusal = fake.last(private=True)
    assert refusal.owner == carol.id and refusal.content == "You are not playing in this game."

    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(15)
    seen_bob_dm = seen_bob_panel = False
    for _ in range(6):
        table = await fake.bot.service.get(game_id)
        if table.status != "running":
            break
        mover = users[table.player_at(min(table.to_act())).user_id or 0]
        language = "ja" if mover is bob else "es-ES"
        if mover is bob:
            dm = fake.last(f"dm:{bob.id}")
            assert dm.content.startswith("**万里の長城 #")  # his turn DM, in Japanese: what is due, first
            seen_bob_dm = True
        mark = len(fake.sent)
        await fake.click(mover, _board(fake, "Jugar"), label="Jugar")
        panel = fake.last(private=True)
        assert panel.owner == mover.id and fake.since(mark)
        with i18n.speaking(language):
            skip = {tr("Rules"), "Back", "戻る", "Atrás", "Volver"}
            assert tr("Rules") in labels(panel.view)
        if mover is bob:
            seen_bob_panel = True
        for _step in range(6):
            choices = [(("option", o.label) if isinstance(i, discord.ui.Select) else ("label", i.label))
                       for item in walk(panel.view) for i in [getattr(item, "item", item)]
                       for o in (i.options if isinstance(i, discord.ui.Select) else [None])
                       if (o.label if o is not None else i.label) not in skip]
            kind, label = rng.choice(choices)
            await fake.click(mover, panel, **{kind: label})
            if (await fake.bot.service.get(game_id)).version != table.version:
                break
        else:
            raise AssertionError("no move")
    assert seen_bob_dm and seen_bob_panel
    # Everything posted in the thread is Spanish: no English turn line.
    for sent in fake.sent:
        if sent.where == thread and sent.content:
            assert "It is " not in sent.content and "Waiting for " not in sent.content
    assert any("Es el turno de" in s.content for s in fake.sent if s.where == thread)


async def test_a_bad_choice_is_refused_in_the_person_s_language(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    fake.locales.update({alice.id: "ja", bob.id: "es-ES"})
    game_id, lobby = await _open(fake, alice, language="en")
    await fake.click(bob, lobby, label="Join")
    await fake.click(bob, lobby, label="Join")  # twice: refused, privately, in Bob's Spanish
    refusal = fake.last(private=True)
    assert refusal.owner == bob.id and refusal.content == "Ya te has unido a esta partida."
    await fake.click(bob, lobby, label="Start")
    assert fake.last(private=True).content == (
        "Solo quien abrió la mesa (o un administrador del servidor) puede empezarla."
    )
    await fake.click(alice, lobby, label="Start")
    table = await fake.bot.service.get(game_id)
    # An unreadable control (a forged custom_id) is refused in Alice's Japanese, and nothing changes.
    seat = table.seat_of(alice.id)
    assert seat is not None
    custom_id = f"mk:{game_id}:{table.version}:b:zz"
    base = discord.ui.Button(label="x", custom_id=custom_id)
    mark = len(fake.sent)
    await fake.dispatch(alice, None, custom_id, base=base)
    (answer,) = fake.since(mark)  # the answer to the click itself, nothing public
    assert answer.content.startswith(("その選択を読み取れませんでした", "あなたの手番ではありません")), answer.content
    assert (await fake.bot.service.get(game_id)).version == table.version
