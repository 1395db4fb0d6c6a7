"""A table's language: chosen in /game new (the server's by default), kept by a rematch; the thread and the
pictures in it, each person's private texts in theirs."""

from __future__ import annotations

from typing import Any

from tests.cogs.flows import open_from_panel
from tests.cogs.harness import FakeDiscord


async def _open(fake: FakeDiscord, host: Any, **params: Any) -> tuple[int, Any]:
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, host, game="great_wall", seats=2, **params)  # type: ignore[union-attr]
    return await open_from_panel(fake, host, fake.last(private=True))


async def test_a_new_table_speaks_the_servers_language_unless_another_is_chosen(fake: FakeDiscord, alice: Any) -> None:
    game_id, _ = await _open(fake, alice)
    assert (await fake.bot.service.get(game_id)).language == "en"
    fake.guild_locale = "ja"
    game_id, _ = await _open(fake, alice)
    assert (await fake.bot.service.get(game_id)).language == "ja"
    game_id, _ = await _open(fake, alice, language="es-ES")
    assert (await fake.bot.service.get(game_id)).language == "es-ES"
    fake.guild_locale = "fr"  # a language the bot does not speak: English
    game_id, _ = await _open(fake, alice)
    assert (await fake.bot.service.get(game_id)).language == "en"
