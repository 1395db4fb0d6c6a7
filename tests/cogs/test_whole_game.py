"""A whole game of every game through the cog callbacks: new -> join -> start -> moves -> finish.

People play with the controls the bot shows them (the last one's DMs are closed). Then: every public picture
is a render of a public view, no public text carries anything private, and the player with closed DMs was
tried by DM only once.
"""

from __future__ import annotations

import random

import pytest

import render
from bot import games
from bot.names import picture_names
from bot.store import games as game_sql
from bot.store import outbox, users
from bot.tables import replay_moves
from tests.cogs.flows import play_a_move, private_sentences, start_game
from tests.cogs.harness import FakeDiscord, labels, make_user


async def _public_pictures(fake: FakeDiscord, game_id: int) -> set[bytes]:
    """The board after every move, and the final scores: all the public pictures there may be."""
    table = await fake.bot.service.get(game_id)
    game, key = table.game, table.key
    moves = await game_sql.fetch_moves(fake.bot.service.db, game_id)
    names = picture_names(table)
    pictures = set()
    for n in range(len(moves) + 1):
        state = replay_moves(game, len(table.players), table.seed, table.options, moves[:n])
        view = game.view(state, None)
        pictures.add(render.final(key, view, names) if game.is_over(state) else render.board(key, view, names))
    return pictures


async def _private_sentences(fake: FakeDiscord, game_id: int) -> set[str]:
    """Every sentence only a seat may read (e.g. which card it drew), from the notifications' events, all
    of them delivered."""
    rows = await fake.bot.service.db.fetchall("SELECT payload FROM outbox WHERE game_id = ?", (game_id,))
    assert rows and await outbox.pending(fake.bot.service.db, game_id) == []
    return await private_sentences(fake, game_id)


@pytest.mark.parametrize("key", games.GAMES)
async def test_a_whole_game_of_each(fake: FakeDiscord, key: str) -> None:
    people = [make_user(101 + n, f"Player {n + 1}") for n in range(games.get(key).min_players)]
    host, *others = people
    closed = people[-1]
    fake.closed_dms.add(closed.id)
    game_id, lobby = await start_game(fake, host, *others, game=key)
    assert "The game has started" in lobby.content and lobby.view is None
    assert fake.threads, "the game got its own thread"
    by_id = {p.id: p for p in people}
    rng = random.Random(7)
    for _ in range(2000):
        table = await fake.bot.service.get(game_id)
        if table.status != "running":
            break
        await play_a_move(fake, game_id, by_id, rng)
    table = await fake.bot.service.get(game_id)
    assert table.status == "finished"

    final = fake.last(private=False)
    assert final.where == f"thread:{fake.threads[0]}"
    assert "Final ranking" in final.content and len(final.files) == 1
    assert labels(final.view) == ["Rematch", "New table", "Game story"]

    # Public pictures are renders of public views only; public words carry nothing private.
    allowed = await _public_pictures(fake, game_id)
    secrets = await _private_sentences(fake, game_id)
    for sent in fake.public():
        assert set(sent.files) <= allowed
        assert not any(secret in sent.content for secret in secrets)

    # DM players had DMs with their pictures and controls; closed DMs were tried once and remembered.
    assert any(s.where == f"dm:{host.id}" and s.files and s.view for s in fake.sent)
    assert fake.dm_attempts[closed.id] == 1
    assert await users.dm_closed(fake.bot.service.db, closed.id)
    assert all(s.where != f"dm:{closed.id}" for s in fake.sent)
