"""A finished game's story in Discord: the Game story button under the final board and ``/game story``, both
answered privately (no new post, no ping), in the table's language; refused for a game still running or of
another server."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.story import MAX_FRAMES
from render import story as drawings
from tests.cogs.flows import start_game
from tests.cogs.harness import GUILD, FakeDiscord, labels, make_user
from tests.cogs.played import seat_players


async def _finished(fake: FakeDiscord, host: Any, *others: Any) -> tuple[int, Any]:
    """A Great Wall game ended by all but the host resigning after a few moves; its final board message."""
    game_id, _ = await start_game(fake, host, *others)
    for user in others:
        await fake.bot.service.resign(game_id, user.id)
    table = await fake.bot.service.get(game_id)
    final = fake.last(f"thread:{table.thread_id}")
    assert labels(final.view) == ["Rematch", "New table", "Game story"]
    return game_id, final


def _story_of(answer: Any, game_id: int) -> tuple[Image.Image, Image.Image]:
    assert answer.private and answer.filenames == [f"scores-{game_id}.png", f"story-{game_id}.webp"]
    assert all(answer.descriptions) and all(len(text) <= 1024 for text in answer.descriptions)
    chart, moving = (Image.open(io.BytesIO(data)) for data in answer.files)
    assert chart.format == "PNG" and moving.format == "WEBP"
    return chart, moving


async def test_anyone_on_the_server_sees_the_story_privately(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any
) -> None:
    game_id, final = await _finished(fake, alice, bob)
    mark = len(fake.sent)
    await fake.click(carol, final, label="Game story")  # Carol did not play: the server's game is hers to see
    assert not [s for s in fake.since(mark) if not s.private], "no new post, no edit of the thread"
    assert all(not s.pinged for s in fake.since(mark))
    answer = fake.last(private=True)
    assert answer.owner == carol.id
    said = f"The story of The Great Wall of China #{game_id}: the scores, then the board turn by turn."
    assert answer.content == said
    _, moving = _story_of(answer, game_id)
    assert 2 <= moving.n_frames <= MAX_FRAMES  # the start and the end at least
    assert answer.descriptions[0].startswith(f"Score chart of The Great Wall of China #{game_id}")
    assert answer.descriptions[1].startswith(f"Timelapse of the public board of The Great Wall of China #{game_id}")
    # A second person gets the same story, kept from the first.
    await fake.click(bob, final, label="Game story")
    again = fake.last(private=True)
    assert again.owner == bob.id and again.files == answer.files


async def test_game_story_names_any_finished_game_of_the_server(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    cog = fake.bot.get_cog("GameCommands")
    game_id, _ = await _finished(fake, alice, bob)
    running, _ = await start_game(fake, alice, bob)
    choices = await cog._finished_autocomplete(fake.interaction(bob), "")  # type: ignore[union-attr]
    assert [choice.value for choice in choices] == [game_id]  # finished games only
    await fake.command(cog.story, bob, game=game_id)  # type: ignore[union-attr]
    _story_of(fake.last(private=True), game_id)
    await fake.command(cog.story, bob, game=running)  # type: ignore[union-attr]
    assert fake.last(private=True).content == (
        f"The Great Wall of China #{running} is not over yet: its story is told once it has ended."
    )
    assert not fake.last(private=True).files
    await fake.bot.service.cancel(running, alice.id, can_manage=False)
    await fake.command(cog.story, bob, game=running)  # type: ignore[union-attr]
    assert fake.last(private=True).content == (
        f"The Great Wall of China #{running} was cancelled before its end: it has no story to tell."
    )


async def test_a_game_of_another_server_is_refused(fake: FakeDiscord, alice: Any) -> None:
    service = fake.bot.service
    elsewhere = await seat_players(service, "great_wall", 2, seed=3, users=(alice.id, 505), guild_id=GUILD + 1)
    elsewhere = (await service.resign(elsewhere.id, 505)).table
    assert elsewhere.status == "finished"
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.story, alice, game=elsewhere.id)  # type: ignore[union-attr]
    assert fake.last(private=True).content == (
        f"The Great Wall of China #{elsewhere.id} was not played on this server: its story is shown on the server "
        "where it was played."
    )
    stranger = make_user(606, "Stranger")  # who did not play it is not told it exists
    await fake.command(cog.story, stranger, game=elsewhere.id)  # type: ignore[union-attr]
    assert fake.last(private=True).content == f"There is no game #{elsewhere.id}."


async def test_the_pictures_speak_the_table_s_language_and_the_answer_the_reader_s(
    fake: FakeDiscord, alice: Any, carol: Any
) -> None:
    service = fake.bot.service
    table = await seat_players(service, "great_wall", 2, seed=4, users=(alice.id, 505), guild_id=GUILD,
                               language="ja")
    table = (await service.resign(table.id, 505)).table
    fake.locales[carol.id] = "es-ES"
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.story, carol, game=table.id)  # type: ignore[union-attr]
    answer = fake.last(private=True)
    assert answer.content.startswith(f"La historia de La Gran Muralla China #{table.id}")
    _story_of(answer, table.id)
    assert all("。" in text for text in answer.descriptions)  # the table's Japanese


async def test_a_story_that_failed_to_draw_is_drawn_again_for_the_next_person(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, final = await _finished(fake, alice, bob)
    score_chart = drawings.score_chart
    failures = [RuntimeError("the picture process died")]

    def flaky(chart: Any) -> bytes:
        if failures:
            raise failures.pop()
        return score_chart(chart)

    monkeypatch.setattr(drawings, "score_chart", flaky)
    await fake.click(carol, final, label="Game story")
    assert fake.last(private=True).content == "Sorry, something went wrong on my side. Please try again in a moment."
    await fake.click(carol, final, label="Game story")
    _story_of(fake.last(private=True), game_id)
