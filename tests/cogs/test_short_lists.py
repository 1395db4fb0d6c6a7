"""Short lists on a phone (issue 27, item 6): in whole games of every game between computer players, no select
of any step a seat can reach offers more than ``SHORT`` options: a longer choice is split into steps (China's
two pieces, Chinatown's trades and lots by district), each step with its picture."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot import games
from bot.errors import UserError
from bot.tables import Table, TableService
from cogs.components import Panel
from cogs.controls import controls_for
from cogs.controls.routes import SHORT
from tests.cogs.harness import check_limits, picks
from tests.cogs.tables import started_table

# Sun Tzu's orders are five selects, one a province, of the card kinds in hand (up to 15 one-character labels
# in printed order, the hand's picture above): a step more per province would double every round's taps.
LONG_BY_DESIGN = {("sun_tzu", "o")}
PLAYERS = {"china": 3, "great_wall": 3, "sun_tzu": 2, "chinatown": 3}
DEPTH = 6  # the trade builder's lots: panel, new offer, partners, draft, a lot…, district, lot


def _positions(table: Table, seed: int) -> Iterator[tuple[Table, int]]:
    """Every position of a game between computer players, with each seat the game waits for."""
    game, state, rng = table.game, table.state, random.Random(seed)
    for n in range(3_000):
        seats = sorted(game.to_act(state))
        if not seats:
            return
        for seat in seats:
            yield replace(table, state=state, version=n), seat
        seat = seats[n % len(seats)]
        action = game.choose_action(game.view(state, seat), game.legal_actions(state, seat), rng)
        state, _ = game.apply(state, seat, action)
    raise AssertionError("the game did not end")


def _some_picks(view: discord.ui.View) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every button, and a select's first, middle and last options: each step a select leads to is of the same
    kind whatever the option, and the select itself is measured where it is shown."""
    by_payload: dict[str, list[tuple[str, ...]]] = {}
    for payload, values in picks(view):
        by_payload.setdefault(payload, []).append(values)
    for payload, choices in by_payload.items():
        for values in dict.fromkeys([choices[0], choices[len(choices) // 2], choices[-1]]):
            yield payload, values


def _verbs(view: discord.ui.View | None) -> frozenset[str]:
    return frozenset(item.payload.split(".")[0] for item in view.children) if view else frozenset()  # type: ignore[attr-defined]


def _long_selects(table: Table, seat: int) -> Iterator[tuple[str, int, str]]:
    """(payload, options, the step's first words) of every select longer than SHORT the seat can reach. A kind
    of step met again (the same controls after the same click, as the trade builder's draft after each item)
    is measured but not walked again."""
    controls = controls_for(table.key)
    walked: set[tuple[str, frozenset[str]]] = set()

    def visit(view: discord.ui.View | None, text: str, depth: int) -> Iterator[tuple[str, int, str]]:
        if view is None:
            return
        check_limits(view)
        for item in view.children:
            inner: Any = item.item  # type: ignore[attr-defined]
            if isinstance(inner, discord.ui.Select) and len(inner.options) > SHORT:
                yield item.payload, len(inner.options), text[:60]  # type: ignore[attr-defined]
        if depth >= DEPTH:
            return
        for payload, values in _some_picks(view):
            verb = payload.split(".")[0]
            if verb in ("home", "o"):  # not back, nor the orders' five selects (their steps are alike)
                continue
            try:
                step = controls.resolve(table, seat, payload, values)
            except UserError:
                continue  # a step refused here (e.g. an offer that cannot be posted yet) leads nowhere
            if isinstance(step, Panel):
                kind = (verb, _verbs(step.view))
                yield from visit(step.view, step.content, depth + 1 if kind not in walked else DEPTH)
                walked.add(kind)

    yield from visit(controls.build(table, seat), controls.prompt(table, seat), 0)


@pytest.mark.slow
@pytest.mark.parametrize("key", games.GAMES)
@pytest.mark.parametrize("seed", [1, 2])
async def test_no_select_of_a_whole_game_is_a_long_list(service: TableService, key: str, seed: int) -> None:
    table = await started_table(service, key, PLAYERS.get(key, games.get(key).min_players), seed)
    long = {}
    for position, seat in _positions(table, seed):
        for payload, count, text in _long_selects(position, seat):
            if (key, payload.split(".")[0]) not in LONG_BY_DESIGN:
                long.setdefault(payload.split(".")[0], (count, text, position.version))
    assert not long, long
