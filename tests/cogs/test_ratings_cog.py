"""``/leaderboard`` and ``/profile`` after rated games: order by the conservative rating, the minimum of
rated games, this server against all servers, games with a computer seat unrated, recent results linked."""

from __future__ import annotations

from typing import Any

import pytest

from bot import ratings as rating_model
from tests.cogs.harness import CHANNEL, GUILD, FakeDiscord
from tests.cogs.tournament_flows import allow_channel_threads

OTHER_GUILD = 9_000


pytestmark = pytest.mark.usefixtures("plain_pictures")


async def _won(fake: FakeDiscord, winner: Any, loser: Any, guild: int = GUILD) -> int:
    """A two-player Great Wall game in ``guild`` that ``loser`` resigns: ranked 1st and 2nd, rated."""
    service = fake.bot.service
    table = await service.create(key="great_wall", creator_id=winner.id, creator_name=winner.display_name,
                                 seat_count=2, guild_id=guild, channel_id=CHANNEL)
    await service.join(table.id, loser.id, loser.display_name)
    await service.start(table.id, winner.id)
    await service.resign(table.id, loser.id)
    return table.id


def _replay(results: list[tuple[Any, Any]]) -> dict[int, rating_model.Rating]:
    """The ratings worked out again from the model, game by game in the order played."""
    ratings: dict[int, rating_model.Rating] = {}
    for winner, loser in results:
        fresh = rating_model.new_rating()
        new = rating_model.rate([ratings.get(winner.id, fresh), ratings.get(loser.id, fresh)], [1, 2])
        ratings[winner.id], ratings[loser.id] = new
    return ratings


def _lines(fake: FakeDiscord) -> list[str]:
    answer = fake.last()
    assert answer.private
    return answer.content.split("\n")


async def test_leaderboards_rank_by_the_conservative_rating(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any, dai: Any, eun: Any
) -> None:
    allow_channel_threads(fake)
    here = [(alice, bob)] * 3 + [(bob, carol)] * 3 + [(dai, carol)] * 2
    there = [(eun, alice)] * 3
    for winner, loser in here:
        await _won(fake, winner, loser)
    for winner, loser in there:
        await _won(fake, winner, loser, guild=OTHER_GUILD)
    ratings = _replay(here + there)
    conservative = {user: rating_model.conservative(r) for user, r in ratings.items()}
    # By hand: Eun won all three of hers against a player who had won three, so Eun leads; Dai (2-0) comes
    # next but is listed nowhere with only 2 games; Bob (three losses, then three wins over a newcomer:
    # surprises, which gain much) passes Alice (three wins, then three losses to a newcomer: surprises, which
    # cost much); Carol lost all five.
    assert sorted(conservative, key=lambda u: -conservative[u]) == [eun.id, dai.id, bob.id, alice.id, carol.id]

    cog = fake.bot.get_cog("Ratings")
    await fake.command(cog.leaderboard, carol, game="great_wall")  # type: ignore[union-attr]
    lines = _lines(fake)
    assert lines[:2] == [
        "**The Great Wall of China** leaderboard, this server",
        "Ranked by the conservative rating μ − 3σ; players with at least 3 rated games.",
    ]
    # Dai has too few games, Eun has played only elsewhere.
    assert [line.split()[1] for line in lines[2:]] == ["<@202>", "<@101>", "<@303>"]
    bob_rating = ratings[bob.id]
    assert lines[2] == (
        f"1. <@202> **{conservative[bob.id]:.1f}** (μ {bob_rating.mu:.1f} ± {bob_rating.sigma:.1f})"
        " · 6 games, 3 wins"
    )
    assert lines[4].endswith("· 5 games, 0 wins")

    await fake.command(cog.leaderboard, carol, game="great_wall", scope="all")  # type: ignore[union-attr]
    lines = _lines(fake)
    assert lines[0] == "**The Great Wall of China** leaderboard, all servers"
    assert [line.split()[1] for line in lines[2:]] == ["<@505>", "<@202>", "<@101>", "<@303>"]

    await fake.command(cog.leaderboard, carol, game="china")  # type: ignore[union-attr]
    assert _lines(fake)[2] == "Nobody has 3 rated games yet. Games with a computer seat are not rated."


async def test_profile_shows_games_wins_ratings_and_recent_results(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    allow_channel_threads(fake)
    first = await _won(fake, alice, bob)
    second = await _won(fake, bob, alice)
    # Alice resigns against the computer: counted, never rated.
    service = fake.bot.service
    table = await service.create(key="great_wall", creator_id=alice.id, creator_name="Alice", seat_count=2,
                                 guild_id=GUILD, channel_id=CHANNEL)
    await service.add_ai(table.id, alice.id)
    await service.start(table.id, alice.id)
    await service.resign(table.id, alice.id)
    ratings = _replay([(alice, bob), (bob, alice)])
    mine = ratings[alice.id]

    cog = fake.bot.get_cog("Ratings")
    await fake.command(cog.profile, alice)  # type: ignore[union-attr]
    lines = _lines(fake)
    assert lines[0] == "**Alice**: 3 games, 1 win"
    # She resigned two of her three games (her loss to Bob and the one against the computer).
    assert lines[1] == "Plays to the end: 33% (1 of 3). Not finished: 2 resigned or left."
    assert lines[2] == (
        f"The Great Wall of China: 3 games, 1 win · rating **{rating_model.conservative(mine):.1f}**"
        f" (μ {mine.mu:.1f} ± {mine.sigma:.1f}) after 2 rated games"
    )
    assert lines[3] == "**Recent results**"
    computer, lost, won = lines[4:]
    assert computer.startswith(f"2nd of 2 in The Great Wall of China #{table.id}, 0 points · unrated · ")
    after_win = rating_model.conservative(_replay([(alice, bob)])[alice.id])
    assert lost.startswith(f"2nd of 2 in The Great Wall of China #{second}, ")
    assert f"rating {after_win:.1f} → {rating_model.conservative(mine):.1f}" in lost
    assert won.startswith(f"1st of 2 in The Great Wall of China #{first}, ") and "rating 0.0 → " in won
    thread = (await service.get(first)).thread_id
    assert won.endswith(f"https://discord.com/channels/{GUILD}/{thread}")

    await fake.command(cog.profile, carol, player=bob)  # type: ignore[union-attr]
    assert _lines(fake)[0] == "**Bob**: 2 games, 1 win"
    await fake.command(cog.profile, carol)  # type: ignore[union-attr]
    assert _lines(fake) == ["Carol has not finished a game yet."]
