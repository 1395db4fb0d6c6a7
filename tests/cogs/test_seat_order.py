"""The seat order said as play goes, each person mentioned once in a post: a game's first board (the round
post of a tournament: tests/cogs/test_tournament_real_run.py)."""

from __future__ import annotations

import re

import pytest

from bot import games
from bot.sentences import play_order
from tests.cogs.harness import FakeDiscord, make_user
from tests.cogs.test_onboarding import _start


@pytest.mark.parametrize("key", games.GAMES)
async def test_the_first_board_says_the_order_of_play_and_mentions_each_player_once(fake: FakeDiscord,
                                                                                     key: str) -> None:
    people = [make_user(101 + i, f"Player {i + 1}") for i in range(max(2, games.get(key).min_players))]
    game_id = await _start(fake, key, people)
    first = next(s.message for s in fake.sent if not s.private and "begins" in s.content)
    table = await fake.bot.service.get(game_id)
    order = [str(table.player_at(s).user_id) for s in play_order(table)]
    assert re.findall(r"<@(\d+)>", first.content.splitlines()[0]) == order  # from the first mover on
    assert "Seats in turn order" not in first.content
    for person in people:
        assert first.content.count(f"<@{person.id}>") == 1, first.content
    if len(table.to_act()) == 1:
        assert "moves first" in first.content and "'s turn" not in first.content
