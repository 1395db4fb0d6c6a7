"""The seat order said as play goes, each person mentioned once in a post: a game's first board (the round
post of a tournament: tests/cogs/test_tournament_real_run.py)."""

from __future__ import annotations

import re

import pytest

from bot import games
from bot.tables import service as table_service
from tests.cogs.harness import FakeDiscord, make_user
from tests.cogs.test_onboarding import _start

SEED = 12  # every table of these tests: its seats drawn from it, and the game's first mover
# The order of play each game's first board must say at SEED, written out by hand from the seats the seed
# draws (random.Random("seats:12") seats Player 3, 2, 1 at three players, Player 2, 1 at two) and the
# game's rules: China's first mover at this seed is seat 1 (Player 2), so play goes on to seat 2 (Player 1)
# and wraps round to seat 0 (Player 3); the others begin at seat 0, or everybody at once in seat order.
EXPECTED = {
    "china": ["Player 2", "Player 1", "Player 3"],
    "great_wall": ["Player 2", "Player 1"],
    "sun_tzu": ["Player 2", "Player 1"],
    "chinatown": ["Player 3", "Player 2", "Player 1"],
    "toy": ["Player 2", "Player 1"],
}


def test_every_game_has_its_expected_order() -> None:
    assert set(EXPECTED) == set(games.GAMES)


@pytest.mark.parametrize("key", games.GAMES)
async def test_the_first_board_says_the_order_of_play_and_mentions_each_player_once(
    fake: FakeDiscord, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_service.secrets, "randbits", lambda bits: SEED)
    people = [make_user(101 + i, f"Player {i + 1}") for i in range(max(2, games.get(key).min_players))]
    ids = {person.name: str(person.id) for person in people}
    game_id = await _start(fake, key, people)
    first = next(s.message for s in fake.sent if not s.private and "begins" in s.content)
    table = await fake.bot.service.get(game_id)
    assert table.seed == SEED
    assert re.findall(r"<@(\d+)>", first.content.splitlines()[0]) == [ids[name] for name in EXPECTED[key]]
    assert "Seats in turn order" not in first.content
    for person in people:
        assert first.content.count(f"<@{person.id}>") == 1, first.content
    if len(table.to_act()) == 1:
        assert "moves first" in first.content and "'s turn" not in first.content
