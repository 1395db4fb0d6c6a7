"""``/game history``: the move log in words, paged newest first; a running game's pages hide what it hides."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from bot.games import GAMES, get
from bot.tables import Position, Table, TableService
from cogs.controls.registry import spec
from cogs.history import history_page, pages
from tests.cogs.flows import start_game
from tests.cogs.harness import FakeDiscord, Posted
from tests.cogs.played import other_secrets, play, seat_players


def _count(text: str) -> int:
    found = re.search(r"· page [0-9]+ of ([0-9]+) ", text)
    assert found is not None, text
    return int(found[1])


def _all_pages(table: Table, rows: list[Position]) -> list[str]:
    count = _count(history_page(table, 0, rows)[0])
    return [history_page(table, n, rows)[0] for n in range(count)]


@pytest.mark.parametrize("key", GAMES)
async def test_running_history_is_the_same_whatever_is_hidden(service: TableService, key: str) -> None:
    game = get(key)
    players = min(3, game.max_players)
    rng = random.Random(16)
    table = await seat_players(service, key, players, seed=16)
    checked = 0
    for _ in range(40):
        table = await play(service, table, rng, moves=1)
        if table.status != "running":
            break
        rows = await service.delivery.positions(table.id, after=-1, upto=table.version)
        seen = _all_pages(table, rows)
        other = replace(table, state=spec(key).resample(table.state, None, rng))
        assert game.view(other.state, None) == game.view(table.state, None)
        assert _all_pages(other, other_secrets(rows, rng)) == seen, f"{key} history leaks at {table.version}"
        checked += 1
    assert checked >= 10


async def test_pages_are_cut_oldest_first_and_keep_their_numbers() -> None:
    lines = [f"line {n} " + "x" * 90 for n in range(100)]
    cut = pages(lines, limit=1000)
    assert all(len(page) <= 1000 for page in cut)
    assert "\n".join(cut).split("\n") == lines
    assert pages([*lines, "one more"], limit=1000)[: len(cut) - 1] == cut[:-1]


async def test_a_finished_game_adds_its_ending(service: TableService) -> None:
    table = await seat_players(service, "great_wall", 2, seed=3)
    table = await play(service, table, random.Random(3), moves=6)
    running = history_page(table, None, await service.delivery.positions(table.id, after=-1, upto=table.version))[0]
    assert "public moves only" in running and "Final ranking" not in running
    table = (await service.resign(table.id, 102)).table
    assert table.status == "finished"
    text, _ = history_page(table, None, await service.delivery.positions(table.id, after=-1, upto=table.version))
    assert "the whole game" in text and "**Final ranking**" in text


async def test_history_command_pages_back_and_forth(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    service = fake.bot.service
    table = await play(service, await service.get(game_id), random.Random(5), moves=60)
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.history, bob, channel_id=table.thread_id or 0)  # type: ignore[union-attr]
    answer: Posted = fake.last(private=True)
    assert answer.owner == bob.id and answer.content.startswith(f"**History of The Great Wall of China #{game_id}**")
    count = _count(answer.content)
    assert count >= 2 and f"page {count} of {count}" in answer.content
    newest = answer.content
    await fake.click(bob, answer, label="Older")
    assert f"page {count - 1} of {count}" in answer.content
    assert "`  0`" not in newest or count == 1
    await fake.click(bob, answer, label="Newer")
    assert answer.content == newest


async def test_history_of_a_game_elsewhere_is_refused(fake: FakeDiscord, alice: Any, bob: Any, carol: Any) -> None:
    service = fake.bot.service
    table = await seat_players(service, "great_wall", 2, seed=1, users=(101, 202), guild_id=9)
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.history, carol, game=table.id)  # type: ignore[union-attr]
    assert fake.last(private=True).content == f"There is no game #{table.id}."
    await fake.command(cog.history, alice, game=table.id)  # type: ignore[union-attr]
    assert fake.last(private=True).content.startswith("**History of")
