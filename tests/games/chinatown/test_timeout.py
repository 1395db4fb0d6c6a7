"""resign(state, seat, timed_out=True): a seat whose forfeit clock ran out leaves exactly as a resignation does,
and only the words tell it apart: the event, the views, the snapshot and the computer player's samples carry it."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from bot.games.chinatown import GAME
from bot.games.chinatown.ai_sample import determinize
from bot.games.chinatown.data import State
from tests.games.chinatown.helpers import ANN, BEN, CLEO, NAMES, scenario

CASH = {ANN: 40_000, BEN: 90_000, CLEO: 70_000}


def _left(timed_out: bool) -> tuple[State, str]:
    """Three players while trading; Ben leaves (out of time or resigned) and the game goes on."""
    state, events = GAME.resign(scenario(3, cash=CASH), BEN, timed_out=timed_out)
    assert [e.type for e in events] == ["resigned"]
    return state, GAME.describe(events[0], NAMES) or ""


def test_the_event_says_the_seat_ran_out_of_time() -> None:
    state, said = _left(True)
    _, events = GAME.resign(scenario(3, cash=CASH), BEN, timed_out=True)
    assert events[0].public == {"seat": BEN, "timed_out": True}
    assert said == "Ben ran out of time and leaves the game."
    assert state.seats[BEN].resigned and state.seats[BEN].timed_out


def test_an_ordinary_resignation_is_unchanged() -> None:
    state, said = _left(False)
    _, events = GAME.resign(scenario(3, cash=CASH), BEN)
    assert events[0].public == {"seat": BEN}
    assert said == "Ben resigns and leaves the game."
    assert "timed_out" not in json.dumps(GAME.dump(state))
    for viewer in (None, ANN, BEN, CLEO):
        assert [p["timed_out"] for p in GAME.view(state, viewer)["players"]] == [False, False, False]


def test_the_same_state_in_every_rule_sense() -> None:
    timed, _ = _left(True)
    plain, _ = _left(False)
    assert replace(timed, seats=plain.seats) == plain
    assert [replace(seat, timed_out=False) for seat in timed.seats] == list(plain.seats)
    assert GAME.to_act(timed) == GAME.to_act(plain) == {ANN, CLEO}


def test_every_view_tells_who_ran_out_of_time() -> None:
    state, _ = _left(True)
    for viewer in (None, ANN, BEN, CLEO):
        players = GAME.view(state, viewer)["players"]
        assert [p["timed_out"] for p in players] == [False, True, False]
        assert [p["resigned"] for p in players] == [False, True, False]


def test_the_snapshot_round_trips_and_marks_only_that_seat() -> None:
    state, _ = _left(True)
    data = GAME.dump(state)
    assert data["seats"][BEN]["timed_out"] is True
    assert all("timed_out" not in data["seats"][s] for s in (ANN, CLEO))
    loaded = GAME.load(json.loads(json.dumps(data)))
    assert loaded == state and loaded.seats[BEN].timed_out


def test_an_old_snapshot_loads_as_nobody_out_of_time() -> None:
    state, _ = _left(True)
    data = GAME.dump(state)
    del data["seats"][BEN]["timed_out"]  # as written before timeouts were told apart
    loaded = GAME.load(data)
    assert loaded.seats[BEN].resigned and not any(seat.timed_out for seat in loaded.seats)


def test_a_seat_still_playing_cannot_be_out_of_time() -> None:
    data = GAME.dump(scenario(3, cash=CASH))
    data["seats"][ANN]["timed_out"] = True
    with pytest.raises(ValueError, match="out of time has resigned"):
        GAME.load(data)


def test_the_game_over_sentence_is_true_either_way() -> None:
    for timed_out in (True, False):
        state, _ = _left(timed_out)
        state, events = GAME.resign(state, ANN)
        assert GAME.is_over(state) and GAME.result(state).reason == "resignation"
        assert GAME.result(state).ranking == (2, 3, 1)  # unchanged: the one left wins, Ben left first
        over = next(e for e in events if e.type == "game_over")
        said = GAME.describe(over, NAMES) or ""
        assert said.startswith("The game is over: too few players are left.")
        assert "resignation" not in said


def test_the_final_result_tells_who_ran_out_of_time() -> None:
    state, _ = _left(True)
    state, _ = GAME.resign(state, ANN)
    breakdown = GAME.result(state).breakdown
    assert [(p["resigned"], p["timed_out"]) for p in breakdown] == [(True, False), (True, True), (False, False)]


def test_the_computer_players_sample_keeps_the_seat_out_of_time() -> None:
    state, _ = _left(True)
    view = GAME.view(state, ANN)
    sample = determinize(view, random.Random(1))
    assert sample.seats[BEN].timed_out and not sample.seats[CLEO].timed_out
    assert GAME.view(sample, ANN) == view
