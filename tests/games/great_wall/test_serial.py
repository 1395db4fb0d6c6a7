"""dump/load: a lossless JSON round trip, and load re-checks every invariant by name."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.great_wall import GAME
from tests.games.great_wall.helpers import scenario


def _dump() -> dict[str, Any]:
    state = scenario(3, ["{3,5} P0:WALL, P1:DRAGON>P0:GATE", "{4} P2:TOWER[2]", "{1,2}"], hands={0: "WALL"})
    return json.loads(json.dumps(GAME.dump(state)))


def test_round_trip_is_lossless() -> None:
    state = GAME.new(4, 9)
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
    data = _dump()
    assert GAME.dump(GAME.load(data)) == data


def _swap_decks(d: dict[str, Any]) -> None:
    first, second = d["seats"][0]["deck"], d["seats"][1]["deck"]
    first[0], second[0] = second[0], first[0]


def _remove_a_pair(d: dict[str, Any]) -> None:
    """Take an equal pair out of the supply, which only a 2-player game may do (this one has 3)."""
    value = next(v for v in d["supply"] if d["supply"].count(v) >= 2)
    d["supply"].remove(value)
    d["supply"].remove(value)
    d["removed_pairs"].extend([value, value])


BREAKS: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("card conservation", lambda d: d["seats"][0]["deck"].pop()),
    ("card conservation", lambda d: d["seats"][0]["deck"].append(d["seats"][0]["deck"][0])),
    ("owner's cards", _swap_decks),
    ("36 markers", lambda d: d["supply"].pop()),
    ("36 markers", lambda d: d["seats"][0]["scored"].append(6)),
    ("section count", lambda d: d["supply"].extend(d["sections"].pop()["markers"])),
    ("sections are well formed", lambda d: d["sections"][0].update(open=False)),
    ("only Dragons cover", lambda d: d["sections"][0]["row"][0].append(d["seats"][0]["hand"].pop())),
    ("phase", lambda d: d.update(actions_left=3)),
    ("phase", lambda d: d.update(active=7)),
    ("pending", lambda d: d.update(phase="check", actions_left=0, pending=2)),
    ("options", lambda d: d["options"].update(first_seat=4)),
    ("player count", lambda d: d.update(num_players=6)),
    ("even number", lambda d: d["seats"][0]["scored"].append(d["supply"].pop())),
    ("removed pairs", _remove_a_pair),
]


@pytest.mark.parametrize(("name", "breaker"), BREAKS)
def test_load_names_the_broken_invariant(name: str, breaker: Callable[[dict[str, Any]], None]) -> None:
    data = _dump()
    breaker(data)
    with pytest.raises(ValueError, match=name):
        GAME.load(data)


@pytest.mark.parametrize("data", [{}, {"format": 1}, {"format": 99}, {**_dump(), "seats": "nope"}])
def test_malformed_dumps_raise_value_error(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        GAME.load(data)
