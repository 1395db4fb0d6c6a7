"""No hidden information on a public page: while a game runs, its page (the board's description, the
position's sentences, whose turn, the move log, at every position it offers) and its live token are the same
whatever a seat keeps hidden: every state redrawn by the game's no-leak witness (``resample``, as the tests of
``/game history`` and ``/game replay`` use) and every private part of every event replaced."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from aiohttp import web

from bot import replays
from bot.games import GAMES, get
from bot.replays import Frames, frames_of
from bot.tables import Table, TableService
from cogs.controls.registry import spec
from tests.cogs.played import other_secrets, play, seat_players
from web.app import templates
from web.games import live_token
from web.routes import game_values

NOW = 1_800_000_000.0


def _render(env: object, table: Table, frames: Frames, at: int | None) -> str:
    values = game_values(table, frames, at, frozenset(), NOW, "en")
    context = {"lang": "en", "switch": [], "path": "/", "tournament": None, **values}
    return env.get_template("game.html").render(**context)  # type: ignore[attr-defined]


@pytest.mark.parametrize("key", GAMES)
async def test_a_running_game_s_page_is_the_same_whatever_is_hidden(service: TableService, key: str) -> None:
    env = templates(web.Application())
    players = min(3, get(key).max_players)
    rng = random.Random(30)
    table = await seat_players(service, key, players, seed=30)
    checked = 0
    for _ in range(30):
        table = await play(service, table, rng, moves=1)
        if table.status != "running":
            break
        tables = await replays.positions(service, table)
        rows = await service.delivery.positions(table.id, after=-1, upto=table.version)
        frames = frames_of(tables, rows)
        redrawn = [replace(t, state=spec(key).resample(t.state, None, rng)) for t in tables]
        other = frames_of(redrawn, other_secrets(rows, rng))
        assert other.steps == frames.steps, f"{key}: the positions shown depend on what is hidden"
        now = redrawn[-1]
        assert live_token(now, other) == live_token(table, frames), f"{key}: the live token leaks at {table.version}"
        for at in {None, frames.steps[0], frames.steps[len(frames.steps) // 2]}:
            assert _render(env, now, other, at) == _render(env, table, frames, at), f"{key} page leaks at {at}"
        for version in frames.steps:  # the pictures are drawn from these views
            assert other.tables[version].view(None) == frames.tables[version].view(None)
        checked += 1
    assert checked >= 8
