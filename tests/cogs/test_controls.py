"""The controls offer exactly the legal actions: every path through them ends in a legal action, and every
legal action has a path (Great Wall's own controls and the generic ones), within Discord's limits."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot import games
from bot.errors import UserError
from bot.tables import Table, TableService
from cogs.components import Panel
from cogs.controls import controls_for
from cogs.controls.generic import GenericControls
from tests.cogs.harness import canonical, check_limits, picks
from tests.cogs.tables import started_table

GAME = games.get("great_wall")


async def _table(service: TableService, players: int) -> Table:
    return await started_table(service, "great_wall", players, players)


async def _positions(service: TableService, players: int, every: int) -> AsyncIterator[tuple[Table, int]]:
    """Positions of a game between computer players, every ``every`` moves, with the seat to act."""
    table = await _table(service, players)
    state, rng = table.state, random.Random(players)
    for n in range(10_000):
        seats = sorted(GAME.to_act(state))
        if not seats:
            return
        legal = GAME.legal_actions(state, seats[0])
        # Every few moves, and always where a first marker waits or a Dragon could cover a card.
        if n % every == 0 or state.pending is not None or any(a.get("cover") is not None for a in legal):
            yield replace(table, state=state, version=n), seats[0]
        action = GAME.choose_action(GAME.view(state, seats[0]), legal, rng)
        state, _ = GAME.apply(state, seats[0], action)


def _reachable(module: Any, table: Table, seat: int) -> list[dict[str, Any]]:
    """Every action some sequence of clicks leads to (never following "Back")."""
    found: list[dict[str, Any]] = []

    def visit(view: discord.ui.View | None) -> None:
        assert view is not None
        check_limits(view)
        for payload, values in picks(view):
            if payload == "home":
                continue
            step = module.resolve(table, seat, payload, values)
            if isinstance(step, Panel):
                visit(step.view)
            else:
                found.append(step)

    visit(module.build(table, seat))
    return found


@pytest.mark.parametrize(("players", "every"), [(2, 3), (3, 5), (4, 7), (5, 9)])
async def test_great_wall_controls_reach_exactly_the_legal_actions(
    service: TableService, players: int, every: int
) -> None:
    module, kinds = controls_for("great_wall"), set()
    async for table, seat in _positions(service, players, every):
        legal = GAME.legal_actions(table.state, seat)
        reached = _reachable(module, table, seat)
        assert canonical(reached) == canonical(legal)
        kinds |= {(a["type"], a["card"] if a["type"] == "play" else None, "cover" in a) for a in reached}
    assert ("claim", None, False) in kinds and ("play", "DRAGON", True) in kinds and ("draw", None, False) in kinds


async def test_generic_controls_reach_exactly_the_legal_actions(service: TableService) -> None:
    async for table, seat in _positions(service, 3, 11):
        reached = _reachable(GenericControls(), table, seat)
        assert canonical(reached) == canonical(GAME.legal_actions(table.state, seat))


async def test_texts_show_the_seats_own_hand(service: TableService) -> None:
    table = await _table(service, 2)
    seat = min(table.to_act())
    module = controls_for("great_wall")
    hand = GAME.view(table.state, seat)["hand"]
    text = module.hand_text(table, seat)
    for kind in {card["type"] for card in hand}:
        count = sum(card["type"] == kind for card in hand)
        assert f"{count} × " in text and kind.capitalize() in text
    assert "Your deck: 15 cards." in text
    assert "2 actions left" in module.prompt(table, seat) and text in module.prompt(table, seat)


@pytest.mark.parametrize(
    ("payload", "values"),
    [
        ("nonsense", ()),
        ("grp.0", ()),
        ("grp.0", ("BOMB.1",)),
        ("play.WALL.x.0", ()),
        ("play.WALL.1", ()),
        ("clm.0", ("1.2",)),
        ("cov.0.0", ("x",)),
        ("draw.1", ()),
        ("grp.0", ("WALL.1234567",)),
    ],
)
async def test_unreadable_choices_are_user_errors(service: TableService, payload: str, values: tuple[str, ...]) -> None:
    table = await _table(service, 2)
    with pytest.raises(UserError, match="press Play for fresh controls"):
        controls_for("great_wall").resolve(table, min(table.to_act()), payload, values)
