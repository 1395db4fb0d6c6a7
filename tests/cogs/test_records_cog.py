"""``/stats``, ``/server stats`` and the completion beside each name in a lobby, through the fake Discord: private
answers in the asker's language, with their charts and alt text."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from tests.cogs.harness import CHANNEL, GUILD, FakeDiscord
from tests.cogs.tournament_flows import allow_channel_threads

pytestmark = pytest.mark.usefixtures("plain_pictures")


async def _resigned(fake: FakeDiscord, winner: Any, loser: Any) -> int:
    """A two-player Great Wall game that ``loser`` resigns at once: rated, 1st and 2nd."""
    service = fake.bot.service
    table = await service.create(key="great_wall", creator_id=winner.id, creator_name=winner.display_name,
                                 seat_count=2, guild_id=GUILD, channel_id=CHANNEL)
    await service.join(table.id, loser.id, loser.display_name)
    await service.start(table.id, winner.id)
    await service.resign(table.id, loser.id)
    return table.id


async def _three_games(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    allow_channel_threads(fake)
    await _resigned(fake, alice, bob)
    await _resigned(fake, alice, bob)
    await _resigned(fake, bob, alice)


async def test_stats_words_a_players_record_with_a_rating_chart(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    await _three_games(fake, alice, bob)
    cog = fake.bot.get_cog("Ratings")
    await fake.command(cog.stats, alice)  # type: ignore[union-attr]
    answer = fake.last(private=True)
    lines = answer.content.split("\n")
    assert lines[:3] == [
        "**Alice**: 3 games, 2 wins · average place 1.3",
        "Winning streak: 0 now, longest 2.",
        "Plays to the end: 67% (2 of 3). Not finished: 1 resigned or left.",
    ]
    assert lines[3].startswith("The Great Wall of China: 3 games, 2 wins · average place 1.3 · best score ")
    assert lines[3].endswith(" · rating " + f"{(await fake.bot.players.record(alice.id)).per_game[0].rating:.1f}")
    # The chart: three rated games, a line of three points; its alt text says the same.
    assert answer.filenames == ["rating.png"]
    assert Image.open(io.BytesIO(answer.files[0])).width == 1200
    assert answer.descriptions[0].startswith("A chart: Alice: rating over time. The Great Wall of China: from ")
    assert "over 3 rated games" in answer.descriptions[0]


async def test_stats_head_to_head_and_one_game(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    await _three_games(fake, alice, bob)
    cog = fake.bot.get_cog("Ratings")
    await fake.command(cog.stats, carol, player=bob, vs=alice)  # type: ignore[union-attr]
    lines = fake.last(private=True).content.split("\n")
    assert lines[-1] == ("**Head to head with Alice**: 3 games together · Bob finished above 1, below 2, level 0 · "
                         "wins: Bob 1, Alice 2")
    await fake.command(cog.stats, carol, player=bob, game="china")  # type: ignore[union-attr]
    answer = fake.last(private=True)
    assert answer.content.split("\n") == ["Bob has not finished a game of China yet.",
                                          "Plays to the end: nothing finished or left yet."]
    assert answer.filenames == []  # no rated game of China: no chart
    await fake.command(cog.stats, carol)  # type: ignore[union-attr]
    assert fake.last(private=True).content.split("\n")[0] == "Carol has not finished a game yet."
    await fake.command(cog.stats, carol, player=bob, vs=bob)  # type: ignore[union-attr]
    assert fake.last(private=True).content == "Head to head needs another player than the one whose record it is."


async def test_stats_in_the_askers_language(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    await _three_games(fake, alice, bob)
    cog = fake.bot.get_cog("Ratings")
    await fake.command(cog.stats, bob, locale="ja")  # type: ignore[union-attr]
    answer = fake.last(private=True)
    assert "Plays to the end" not in answer.content and "最後まで" in answer.content
    assert "A chart" not in answer.descriptions[0]
    await fake.command(cog.stats, bob, locale="es-ES")  # type: ignore[union-attr]
    assert fake.last(private=True).content.split("\n")[0].startswith("**Bob**: 3 partidas")


async def test_server_stats(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    await _three_games(fake, alice, bob)
    cog = fake.bot.get_cog("ServerCommands")
    await fake.command(cog.stats, alice, manage=True)  # type: ignore[union-attr]
    answer = fake.last(private=True)
    lines = answer.content.split("\n")
    assert lines[0] == "**This server's record**: 3 games finished (The Great Wall of China 3)."
    assert lines[1].startswith("An average game: 1.0 moves over 0.0 days.")
    assert lines[2] == "Seats played to the end: 50% (3 of 6). Not finished: 3 resigned or left."
    assert lines[3:] == ["**Most active players**", "1. <@101>: 3 games, 2 wins", "2. <@202>: 3 games, 1 win"]
    assert answer.filenames == ["games-per-month.png"]
    assert answer.descriptions[0].startswith("A chart: Games finished per month, ")
    assert "The Great Wall of China: 3 games (" in answer.descriptions[0]


async def test_server_stats_of_a_quiet_server(fake: FakeDiscord, alice: Any) -> None:
    cog = fake.bot.get_cog("ServerCommands")
    await fake.command(cog.stats, alice, manage=True)  # type: ignore[union-attr]
    answer = fake.last(private=True)
    assert answer.content == "**This server's record**: no game has finished here yet." and answer.filenames == []


async def test_a_lobby_says_how_often_each_player_plays_to_the_end(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    await _three_games(fake, alice, bob)
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, carol, game="great_wall", seats=3)  # type: ignore[union-attr]
    await fake.click(carol, fake.last(private=True), label="Open the table")
    lobby = fake.last(private=False)
    await fake.click(bob, lobby, label="Join")
    await fake.click(alice, lobby, label="Join")
    lines = lobby.content.split("\n")
    # Carol has no record yet: her name alone. Bob resigned twice of three, Alice once.
    assert "1. <@303> (host)" in lines
    assert "2. <@202> · plays to the end 33% (1 of 3)" in lines
    assert "3. <@101> · plays to the end 67% (2 of 3)" in lines
    await fake.click(carol, lobby, label="Start")
    assert "plays to the end" not in lobby.content  # said while players choose, not once the game runs
