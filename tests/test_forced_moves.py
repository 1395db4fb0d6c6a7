"""Forced no-ops: a seat whose only legal action is a pass, finish or continue that everybody can see is
forced is not asked; the table service applies it at once, as a move of the log like any other, and its
public record is exactly what the manual pass would have produced."""

from __future__ import annotations

import pytest

from bot.games import get
from bot.games.base import Event
from bot.store import games as game_sql
from bot.store import outbox as outbox_sql
from bot.store.db import Database
from bot.tables import TableService
from bot.tables.replay import replay_steps


async def _computer_game(service: TableService, key: str, players: int, seed: int) -> int:
    table = await service.create(key=key, creator_id=1, creator_name="Ana", seat_count=players, seed=seed, join=False)
    for _ in range(players):
        await service.add_ai(table.id, 1, "easy")
    await service.start(table.id, 1)
    await service.computers.run(table.id)
    return table.id


@pytest.mark.slow
@pytest.mark.parametrize(("key", "players", "seeds"), [("chinatown", 3, range(2)), ("sun_tzu", 2, range(6))])
async def test_forced_passes_are_the_only_choice_and_read_as_a_manual_pass(
    db: Database, key: str, players: int, seeds: range
) -> None:
    service = TableService(db)
    game = get(key)
    forced_seen = 0
    for seed in seeds:
        game_id = await _computer_game(service, key, players, seed)
        table = await service.get(game_id)
        assert table.status == "finished"
        moves = await game_sql.fetch_moves(db, game_id)
        rows = await outbox_sql.positions(db, game_id, after=0, upto=table.version)
        log = ((m.seat, m.kind, m.action) for m in moves)
        states = [state for state, _ in replay_steps(game, players, table.seed, table.options, log)]  # by version
        for row in rows:
            if not row.payload.get("forced"):
                continue
            forced_seen += 1
            before = states[row.version - 1]
            seat, action = row.payload["seat"], moves[row.version - 1].action
            # Sun Tzu's exceptional support may be given at any time, before or after the pass: not a choice
            # of this decision.
            choices = [a for a in game.legal_actions(before, seat) if a.get("type") != "support"]
            assert choices == [action], "forced only when it is the one choice"
            assert game.forced_action(before, seat) == action
            _, events = game.apply(before, seat, action)  # the manual pass
            assert [Event.from_dict(e) for e in row.payload["events"]] == events
            names = [p.name for p in table.seated]
            assert [game.describe(e, names, None) for e in events]  # said in the thread like a manual one
    assert forced_seen > 0, f"no forced pass came up in {key}: pick other seeds"
