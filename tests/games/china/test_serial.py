"""dump/load round trip and the invariants load re-checks (§4.11)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.china import GAME
from tests.games.china.scenario import A, B, act, fill, place, position


def test_round_trip_is_lossless_and_json_safe() -> None:
    state = position(fortifications=True, current=A, hands={A: "rgg"}, houses={"wei1": B},
                     fortified={"qi2": B})
    state, _ = act(state, place("wei", "rgg", "house@wei2", "emissary"))
    data = GAME.dump(state)
    assert GAME.load(json.loads(json.dumps(data))) == state


def _corrupt(edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = json.loads(json.dumps(GAME.dump(position(houses=fill("wei", {A: 2}), emissaries={"wei": {B: 1}}))))
    edit(data)
    return data


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (lambda d: d["deck"].pop(), "every card is in exactly one zone"),
        (lambda d: d["deck"].append("red"), "every card is in exactly one zone"),
        (lambda d: d["seats"][0].update(houses=20), "20 houses per seat"),
        (lambda d: d["seats"][1].update(emissaries=8), "8 emissaries per seat"),
        (lambda d: (d["dragon"]["wei"].__setitem__(2, 2), d["seats"][2].update(emissaries=6)), "Wei within the cap"),
        (lambda d: (d["dragon"]["qi"].__setitem__(0, 1), d["seats"][0].update(emissaries=7)), "Qi within the cap"),
        (lambda d: d["scored"].append("wei"), "scored exactly when full"),
        (lambda d: d.update(exhaustions=3), "exhaustions is 0, 1 or 2"),
        (lambda d: d.update(phase="over"), "a game over has a reason"),
        (lambda d: d.update(board_side="3-4", players=5), "board side allowed for the player count"),
        (lambda d: d.update(players=5), "one seat state per player"),
        (lambda d: d["seats"][2].update(fortifications=1), "one fortification per seat"),
        (lambda d: d["removed"].pop(), "removed cards per player count"),
        (lambda d: d["discard"].append(d["seats"][3]["hand"].pop()), "3 cards in each hand at a turn"),
        (lambda d: d.update(current=9), "start seat and current seat are seats"),
    ],
)
def test_load_names_the_broken_invariant(edit: Callable[[dict[str, Any]], None], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        GAME.load(_corrupt(edit))


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(version=99),
        lambda d: d["houses"].update(mars1=0),
        lambda d: d["deck"].append("blue"),
        lambda d: d.pop("seats"),
        lambda d: d["dragon"].pop("wei"),
    ],
)
def test_load_rejects_malformed_data(edit: Callable[[dict[str, Any]], None]) -> None:
    with pytest.raises(ValueError):
        GAME.load(_corrupt(edit))
