"""A seat that runs out of time on a forfeit table leaves through ``resign(timed_out=True)``: the same in every
rule as a resignation, but remembered, shown and said as running out of time."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games.great_wall import GAME
from bot.games.great_wall.ai_world import sample_world
from bot.games.great_wall.data import State
from tests.games.great_wall.helpers import NAMES, scenario

SECTIONS = ["{3,5}", "{1,2}", "{2,4}"]


def _start() -> State:
    return scenario(3, SECTIONS, scored={0: [8, 7], 2: [1, 2]})


def _round_trip(state: State) -> dict[str, Any]:
    data = json.loads(json.dumps(GAME.dump(state)))
    assert GAME.load(data) == state and GAME.dump(GAME.load(data)) == data
    return data


def test_running_out_of_time_is_said_and_remembered() -> None:
    state, events = GAME.resign(_start(), 1, timed_out=True)
    assert [(e.type, e.public) for e in events] == [("resign", {"seat": 1, "timed_out": True})]
    assert GAME.describe(events[0], NAMES) == "Bo ran out of time and leaves the game."
    assert state.resigned == (1,) and state.timed_out == (1,) and not state.in_play(1)
    for viewer in (None, 0, 1, 2):
        players = GAME.view(state, viewer)["players"]
        assert [(p["resigned"], p["timed_out"]) for p in players] == [(False, False), (True, True), (False, False)]


def test_an_ordinary_resignation_is_unchanged() -> None:
    state, events = GAME.resign(_start(), 1)
    assert [(e.type, e.public) for e in events] == [("resign", {"seat": 1})]
    assert GAME.describe(events[0], NAMES) == "Bo resigned and leaves the game."
    assert state.timed_out == () and "timed_out" not in _round_trip(state)
    for viewer in (None, 0, 1, 2):
        assert [p["timed_out"] for p in GAME.view(state, viewer)["players"]] == [False, False, False]


def test_the_snapshot_keeps_who_ran_out_of_time() -> None:
    state, _ = GAME.resign(_start(), 2, timed_out=True)
    state, _ = GAME.resign(state, 1)
    assert state.resigned == (2, 1) and state.timed_out == (2,)
    assert _round_trip(state)["timed_out"] == [2]


def test_an_old_snapshot_without_the_field_loads_as_nobody_timed_out() -> None:
    data = GAME.dump(GAME.resign(_start(), 2, timed_out=True)[0])
    del data["timed_out"]  # as written before time-outs were told apart
    state = GAME.load(data)
    assert state.resigned == (2,) and state.timed_out == ()


@pytest.mark.parametrize(
    ("timed_out", "error"),
    [([0], "timed-out seats are resigned seats"), ([2, 2], "timed-out seats are resigned seats"),
     ([True], "whole numbers"), ("2", "whole numbers")],
)
def test_load_refuses_a_broken_timed_out_list(timed_out: Any, error: str) -> None:
    data = GAME.dump(GAME.resign(_start(), 2, timed_out=True)[0])
    data["timed_out"] = timed_out
    with pytest.raises(ValueError, match=error):
        GAME.load(data)


def test_ranking_and_scores_are_those_of_a_resignation() -> None:
    def finish(timed_out: bool) -> State:
        state, _ = GAME.resign(_start(), 0, timed_out=timed_out)
        return GAME.resign(state, 2, timed_out=timed_out)[0]

    resigned, out_of_time = GAME.result(finish(False)), GAME.result(finish(True))
    assert out_of_time.ranking == resigned.ranking == (3, 1, 2)
    assert out_of_time.scores == resigned.scores and out_of_time.reason == resigned.reason == "resignation"
    assert [b["timed_out"] for b in out_of_time.breakdown] == [True, False, True]
    assert [b["timed_out"] for b in resigned.breakdown] == [False, False, False]


def test_the_game_over_sentence_names_how_the_last_player_left() -> None:
    state, _ = GAME.resign(_start(), 0)
    _, events = GAME.resign(state, 2, timed_out=True)
    over = events[-1]
    assert over.type == "game_over" and over.public["timed_out"] is True
    assert GAME.describe(over, NAMES) == "The game is over after a player ran out of time: Bo wins."
    # An earlier seat ran out of time, but the one who ended the game resigned.
    state, _ = GAME.resign(_start(), 0, timed_out=True)
    _, events = GAME.resign(state, 2)
    assert "timed_out" not in events[-1].public
    assert GAME.describe(events[-1], NAMES) == "The game is over now that a player has left: Bo wins."


def test_a_computer_players_world_keeps_who_ran_out_of_time() -> None:
    state, _ = GAME.resign(scenario(4, ["{3,5}", "{1,2}", "{2,4}", "{3,4}"]), 2, timed_out=True)
    state, _ = GAME.resign(state, 3)
    world = sample_world(GAME.view(state, 0), random.Random(1))
    assert world.resigned == (2, 3) and world.timed_out == (2,)
    assert [p["timed_out"] for p in GAME.view(world, 0)["players"]] == [False, False, True, False]
