"""A player who runs out of time on a forfeit table leaves as a resignation in every rule sense; the event,
the views, the result's breakdown, the snapshot and the words say it ran out of time instead."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.ai_sample import determinize
from tests.games.sun_tzu.helpers import play_random

NAMES = ["Ann", "Bo"]


@pytest.fixture(scope="module")
def middle() -> Any:
    """A state in the middle of a game with events and warlords on."""
    states = play_random(4, {"events": True})
    return states[len(states) // 2]


def test_the_timed_out_seat_is_told_in_the_events(middle: Any) -> None:
    _, events = GAME.resign(middle, 1, timed_out=True)
    assert [e.type for e in events] == ["resigned", "game_over"]
    assert events[0].public == {"seat": 1, "timed_out": True}
    assert events[1].public["timed_out"] is True and events[1].public["reason"] == "resignation"
    assert GAME.describe(events[0], NAMES) == "Bo ran out of time and leaves the game."
    ending = GAME.describe(events[1], NAMES)
    assert ending is not None and ending.startswith("The game is over: a player ran out of time")
    assert "resign" not in ending


def test_an_ordinary_resignation_is_told_as_before(middle: Any) -> None:
    over, events = GAME.resign(middle, 1)
    assert events[0].public == {"seat": 1}
    assert set(events[1].public) == {"reason", "marker"}
    assert GAME.describe(events[0], NAMES) == "Bo resigns."
    ending = GAME.describe(events[1], NAMES)
    assert ending is not None and ending.startswith("The game is over: a player left the game")
    assert "timed_out" not in GAME.dump(over)
    assert all(p["timed_out"] is False for p in GAME.view(over, None)["players"])
    assert all(part["timed_out"] is False for part in GAME.result(over).breakdown)


def test_the_same_ending_in_every_rule_sense(middle: Any) -> None:
    timed, _ = GAME.resign(middle, 0, timed_out=True)
    resigned, _ = GAME.resign(middle, 0)
    assert timed.resigned is resigned.resigned is not None and timed.timed_out and not resigned.timed_out
    assert GAME.result(timed).ranking == GAME.result(resigned).ranking == (2, 1)
    assert GAME.result(timed).scores == GAME.result(resigned).scores


def test_every_view_and_the_breakdown_say_who_ran_out_of_time(middle: Any) -> None:
    over, _ = GAME.resign(middle, 0, timed_out=True)
    for viewer in (None, 0, 1):
        players = GAME.view(over, viewer)["players"]
        assert [(p["resigned"], p["timed_out"]) for p in players] == [(True, True), (False, False)]
    breakdown = GAME.result(over).breakdown
    assert [(part["resigned"], part["timed_out"]) for part in breakdown] == [(True, True), (False, False)]


def test_the_snapshot_round_trips_and_keeps_the_timeout(middle: Any) -> None:
    over, _ = GAME.resign(middle, 1, timed_out=True)
    data = GAME.dump(over)
    assert data["timed_out"] is True
    text = json.dumps(data)
    loaded = GAME.load(json.loads(text))
    assert loaded.timed_out and json.dumps(GAME.dump(loaded)) == text
    assert GAME.view(loaded, None) == GAME.view(over, None)


def test_an_old_snapshot_without_the_key_loads_as_nobody_out_of_time(middle: Any) -> None:
    over, _ = GAME.resign(middle, 1, timed_out=True)
    data = GAME.dump(over)
    del data["timed_out"]
    loaded = GAME.load(data)
    assert not loaded.timed_out and loaded.resigned is over.resigned
    assert GAME.view(loaded, None)["players"][1] == {**GAME.view(over, None)["players"][1], "timed_out": False}


def test_load_refuses_a_timeout_without_a_resignation(middle: Any) -> None:
    data = GAME.dump(middle)
    data["timed_out"] = True
    with pytest.raises(ValueError, match="out of time has resigned"):
        GAME.load(data)


def test_the_computer_player_rebuilds_the_timeout_from_its_view(middle: Any) -> None:
    over, _ = GAME.resign(middle, 1, timed_out=True)
    for seat in (0, 1):
        view = GAME.view(over, seat)
        rebuilt = determinize(view, random.Random(seat))
        told = [(p["resigned"], p["timed_out"]) for p in GAME.view(rebuilt, seat)["players"]]
        assert rebuilt.timed_out and told == [(False, False), (True, True)]
