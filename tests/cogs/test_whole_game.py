"""A whole Great Wall game through the cog callbacks: new -> join -> start -> moves -> finish.

Two people play with the controls the bot shows them (Bob's DMs are closed). Then: every public picture is a
render of a public view, no public text carries anything private, and Bob was tried by DM only once.
"""

from __future__ import annotations

import random
from typing import Any

import render
from bot import games
from bot.store import games as game_sql
from bot.store import outbox, users
from bot.tables import replay_moves
from cogs.names import picture_names
from tests.cogs.flows import make_move, private_sentences, start_game
from tests.cogs.harness import FakeDiscord, labels

GAME = games.get("great_wall")
PRIVATE_WORDS = ("Your hand", "You drew", "Your deck", "Your markers")


async def _public_pictures(fake: FakeDiscord, game_id: int) -> set[bytes]:
    """The board after every move, and the final scores: all the public pictures there may be."""
    table = await fake.bot.service.get(game_id)
    moves = await game_sql.fetch_moves(fake.bot.service.db, game_id)
    names = picture_names(table)
    pictures = set()
    for n in range(len(moves) + 1):
        state = replay_moves(GAME, len(table.players), table.seed, table.options, moves[:n])
        view = GAME.view(state, None)
        pictures.add(
            render.final("great_wall", view, names) if GAME.is_over(state) else render.board("great_wall", view, names)
        )
    return pictures


async def _private_sentences(fake: FakeDiscord, game_id: int) -> set[str]:
    """Every sentence only a seat may read (e.g. which card it drew), from the notifications' events, all
    of them delivered."""
    rows = await fake.bot.service.db.fetchall("SELECT payload FROM outbox WHERE game_id = ?", (game_id,))
    assert rows and await outbox.pending(fake.bot.service.db, game_id) == []
    return await private_sentences(fake, game_id)


async def test_whole_game_two_people(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    fake.closed_dms.add(bob.id)
    game_id, lobby = await start_game(fake, alice, bob)
    assert "The game has started" in lobby.content and lobby.view is None
    assert fake.threads, "the game got its own thread"
    people = {alice.id: alice, bob.id: bob}
    rng = random.Random(7)
    for _ in range(400):
        table = await fake.bot.service.get(game_id)
        if table.status != "running":
            break
        await make_move(fake, game_id, people, rng)
    table = await fake.bot.service.get(game_id)
    assert table.status == "finished"

    final = fake.last(private=False)
    assert final.where == f"thread:{fake.threads[0]}"
    assert "Final ranking" in final.content and labels(final.view) == ["Rematch", "New table"] and len(final.files) == 1

    # Public pictures are renders of public views only; public words carry nothing private.
    allowed = await _public_pictures(fake, game_id)
    secrets = await _private_sentences(fake, game_id)
    assert secrets, "some draws happened, so there were private sentences to keep"
    for sent in fake.public():
        assert set(sent.files) <= allowed
        assert not any(word in sent.content for word in PRIVATE_WORDS)
        assert not any(secret in sent.content for secret in secrets)
    hands = [s for s in fake.sent if "Your hand" in s.content]
    assert hands and all(s.private for s in hands)

    # Alice had DMs with her hand and controls; Bob's closed DMs were tried once and remembered.
    assert any(s.where == f"dm:{alice.id}" and s.files and s.view for s in fake.sent)
    assert fake.dm_attempts[bob.id] == 1
    assert await users.dm_closed(fake.bot.service.db, bob.id)
    assert all(s.where != f"dm:{bob.id}" for s in fake.sent)
