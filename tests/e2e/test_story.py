"""A finished game's story through the double: somebody on the server who did not play presses Game story on
the final board and alone gets the score chart and the timelapse (no post, no ping, nobody else told), drawn
from the public boards; asked for while the game runs, it is refused in one sentence."""

from __future__ import annotations

import random

from bot import games
from bot.replays import replay_log
from bot.story import draw_now, tell
from tests.e2e.double import DiscordDouble
from tests.e2e.hidden import check_hidden_information
from tests.e2e.play import start_game, take_turn
from tests.e2e.process import BotProcess
from tests.e2e.records import read_game
from tests.e2e.users import SimUser


async def test_game_story_is_shown_to_whoever_presses_it(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser, carol: SimUser
) -> None:
    game = await start_game(double, "great_wall", alice, bob)
    rng = random.Random(29)
    for _ in range(6):
        await take_turn(game, game.movers()[0], rng)
    early = await (await carol.command("game story", game=game.id)).settled()
    assert early.last().audience == carol.id and early.last().attachments == []
    assert early.text() == f"The Great Wall of China #{game.id} is not over yet: its story is told once it has ended."

    asked = await (await bob.command("game resign", game=game.id)).settled()
    await (await bob.click(asked.last(), label="Resign")).settled()
    await game.moved_from(game.version())
    final = game.board()
    assert game.over() and [c.rsplit(":", 1)[1] for c in final.custom_ids()] == ["rematch", "newtable", "story"]

    thread, told = len(double.world.public(game.thread_id)), {u.id: len(u.private()) for u in (alice, bob)}
    pressed = await carol.click(final, label="Game story")
    await pressed.until(lambda: any(m.attachments for m in pressed.messages()), timeout=180)
    answer = pressed.last()
    assert answer.audience == carol.id and answer.ephemeral and not answer.pinged
    said = f"The story of The Great Wall of China #{game.id}: the scores, then the board turn by turn."
    assert answer.content == said
    assert [a.filename for a in answer.attachments] == [f"scores-{game.id}.png", f"story-{game.id}.webp"]
    assert len(double.world.public(game.thread_id)) == thread, "no new post in the thread"
    assert {u.id: len(u.private()) for u in (alice, bob)} == told, "nobody else was told"

    # The pictures are the story told from the log: the public boards, the scores the engine gives.
    recorded = read_game(bot.database, game.id)
    engine = games.get(recorded.key)
    moves = [(m.seat, m.kind, m.action) for m in recorded.moves]
    replayed = replay_log(engine, len(recorded.players), recorded.seed, recorded.options, moves)
    story = draw_now(tell(engine, recorded.key, f"The Great Wall of China #{game.id}",
                          [p.name for p in recorded.players], replayed))
    assert [a.data for a in answer.attachments] == [story.scores, story.animation]
    assert [a.description for a in answer.attachments] == [story.scores_alt, story.animation_alt]
    report = check_hidden_information(double, recorded)
    assert report.pictures > 2
