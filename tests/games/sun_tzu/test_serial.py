"""dump/load: a lossless JSON round trip, and load names the invariant a broken state breaks (R36)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.sun_tzu import GAME
from tests.games.sun_tzu.helpers import play_random


@pytest.fixture(scope="module")
def dumped() -> dict[str, Any]:
    states = play_random(4, {"events": True})
    return GAME.dump(states[len(states) // 2])


def test_round_trip(dumped: dict[str, Any]) -> None:
    text = json.dumps(dumped)
    assert json.dumps(GAME.dump(GAME.load(json.loads(text)))) == text


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *keys, last = path.split(".")
        target: Any = data
        for key in keys:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value(target[int(last) if last.isdigit() else last])

    return change


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (_set("sides.0.reserve", lambda v: v + 1), "= 21"),
        (_set("sides.1.hand", lambda v: [*v, "n7"]), "exactly one place"),
        (_set("provinces.2", lambda v: {**v, "blue": 1, "red": 1}), "both colours"),
        (_set("score_marker", lambda v: 10), "-9..+9"),
        (_set("round", lambda v: 0), "round"),
        (_set("screens", lambda v: [1, 1, 2, 3, 4]), "screens"),
        (_set("sides.0.known_bottom", lambda v: 99), "known bottom"),
        (_set("sides.0.warlords_used", lambda v: [*v, "wu_reinforce"]), "warlord"),
        (_set("stage", lambda v: "outcome"), "resting"),
        (_set("event_deck", lambda v: []), "event cards"),
        (_set("sides.1.seat", lambda v: 0), "seats"),
    ],
)
def test_load_names_the_broken_invariant(dumped: dict[str, Any], change: Callable, named: str) -> None:
    data = copy.deepcopy(dumped)
    change(data)
    with pytest.raises(ValueError, match=named):
        GAME.load(data)


@pytest.mark.parametrize("key", ["sides", "stage", "version", "options"])
def test_load_refuses_malformed_data(dumped: dict[str, Any], key: str) -> None:
    data = copy.deepcopy(dumped)
    data[key] = "nonsense" if key != "version" else 99
    with pytest.raises(ValueError):
        GAME.load(data)
