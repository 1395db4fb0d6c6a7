"""dump/load: a lossless JSON round trip, and load re-checks the invariants, naming the broken one."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.chinatown import GAME
from tests.games.chinatown.helpers import ANN, BEN, accept, act, lot, money, play_to_end, propose, scenario


def test_round_trip_through_json_at_every_step() -> None:
    final, seen = play_to_end(GAME.new(4, 77), random.Random(1))
    for state in [*seen[::5], final]:
        assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state


def _trading_state() -> Any:
    state = scenario(3, owners={5: ANN, 6: BEN}, hands={ANN: {"photo": 1}}, tiles={6: "florist"})
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 5), money(BEN, ANN, 10_000)))
    state, _ = act(state, BEN, accept(1))
    state, _ = act(state, ANN, propose(lot(BEN, ANN, 6), money(ANN, BEN, 10_000)))
    return state


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "invariant"),
    [
        (_set(["tiles", 40], "photo"), "a tile stands only on an owned lot"),
        (_set(["owners", 0], 0), "partition 1..85"),
        (_set(["deck"], [2, 1]), "sorted set"),
        (_set(["bag", "photo"], 6), "photo: bag + hands + board"),
        (_set(["seats", 0, "cash"], -10_000), "cash"),
        (_set(["seats", 0, "cash"], 70_000), "total cash"),
        (_set(["seats", 0, "income"], []), "income entry per finished round"),
        (_set(["seats", 1, "resigned"], True), "resigned_order"),
        (_set(["seats", 2, "keep"], [1, 2]), "keep choice"),
        (_set(["seats", 2, "dealt"], [1]), "dealt cards"),
        (_set(["seats", 1, "batch"], [[5, "photo"]]), "batch"),
        (_set(["round"], 9), "round is 1..6"),
        (_set(["first_player"], 4), "first player"),
        (_set(["offers", 1, "accepted"], [2]), "only participants accept"),
        (_set(["offers", 1, "void_code"], "PHASE_ENDED"), "void reason"),
        (_set(["offers", 1, "legs", 1, "lot"], 7), "an open offer stays valid"),
        (_set(["options", "money_unit"], 5), "options are valid"),
        (_set(["format"], 99), "format"),
        (_set(["phase"], "lunch"), "lunch"),
    ],
)
def test_load_names_the_broken_invariant(change: Callable[[dict[str, Any]], None], invariant: str) -> None:
    data = GAME.dump(_trading_state())
    GAME.load(data)
    change(data)
    with pytest.raises(ValueError, match=re.escape(invariant)):
        GAME.load(data)


def test_load_refuses_malformed_data() -> None:
    data = GAME.dump(_trading_state())
    del data["seats"]
    with pytest.raises(ValueError, match="malformed"):
        GAME.load(data)
