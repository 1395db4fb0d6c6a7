"""What a real tournament run found (issue 16, item 6), from Discord: the sign-up link, the organiser's choice
for numbers that do not divide, standings titles, a round ending while paused, drops and replacements marked,
and the words of round posts and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.harness import GUILD, FakeDiscord
from tests.cogs.tournament_flows import allow_channel_threads, create, plain_game_pictures


@pytest.fixture(autouse=True)
def quick_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_game_pictures(monkeypatch)


async def test_create_links_the_sign_up_in_this_server_and_shows_the_choice_for_uneven_numbers(
    fake: FakeDiscord, alice: Any
) -> None:
    allow_channel_threads(fake)
    tid, signup = await create(fake, alice)
    answer = fake.last()
    assert answer.private
    assert answer.content == f"Tournament #{tid} is open: https://discord.com/channels/{GUILD}/2000/{signup.id}"
    assert "Swiss, 3 rounds, tables of 2 (byes when numbers do not divide)" in signup.content
    larger, signup = await create(fake, alice, name="Wall Cup", uneven="larger")
    assert "tables of 2 (larger tables when numbers do not divide)" in signup.content
    assert (await fake.bot.tournaments.get(larger)).uneven == "larger"
    assert (await fake.bot.tournaments.get(tid)).uneven == "byes"
