"""A seat that runs out of time on a forfeit table leaves through ``resign(..., timed_out=True)``: out of play
and ranked exactly as a resignation, but its event, snapshot, views and words say it ran out of time."""

from __future__ import annotations

import json
import random

import pytest

from bot import i18n
from bot.games.base import Event
from bot.games.china import GAME
from bot.games.china.ai_world import sample_world
from bot.games.china.hidden import resample
from tests.games.china.scenario import A, B, C, position

NAMES = ["Alex", "Barbara", "Chris", "Doris", "Eve"]


def test_a_seat_out_of_time_leaves_play_as_a_resignation_does() -> None:
    state = position(current=A)
    timed, events = GAME.resign(state, A, timed_out=True)
    resigned, plain = GAME.resign(state, A)
    assert events[0] == Event("resigned", {"seat": A, "timed_out": True})
    assert plain[0] == Event("resigned", {"seat": A}), "an ordinary resignation's event is unchanged"
    assert [e.type for e in events] == [e.type for e in plain]
    assert timed.seats[A].resigned and timed.seats[A].timed_out
    assert not resigned.seats[A].timed_out
    assert timed.current == resigned.current == B
    assert GAME.legal_actions(timed, A) == []


def test_the_ranking_is_that_of_a_resignation() -> None:
    state = position(players=3, current=A)
    state, _ = GAME.resign(state, B, timed_out=True)
    timed, events = GAME.resign(state, A)
    assert GAME.is_over(timed) and events[-1].public["winners"] == [C]
    result = GAME.result(timed)
    assert result.reason == "resignation"
    assert result.ranking[C] == 1 and result.ranking[A] > 1 and result.ranking[B] > 1
    plain, _ = GAME.resign(GAME.resign(position(players=3, current=A), B)[0], A)
    assert GAME.result(plain).ranking == result.ranking


def test_the_snapshot_keeps_who_ran_out_of_time() -> None:
    state, _ = GAME.resign(position(current=A), B, timed_out=True)
    data = json.loads(json.dumps(GAME.dump(state)))
    assert data["seats"][B]["timed_out"] is True
    assert all("timed_out" not in seat for s, seat in enumerate(data["seats"]) if s != B)
    loaded = GAME.load(data)
    assert loaded == state and loaded.seats[B].timed_out


def test_an_ordinary_resignation_keeps_the_old_snapshot() -> None:
    state, _ = GAME.resign(position(current=A), B)
    data = GAME.dump(state)
    assert "timed_out" not in json.dumps(data)
    assert not any(seat.timed_out for seat in GAME.load(data).seats)


def test_an_old_snapshot_loads_as_nobody_out_of_time() -> None:
    state, _ = GAME.resign(position(current=A), B, timed_out=True)
    data = json.loads(json.dumps(GAME.dump(state)))
    del data["seats"][B]["timed_out"]  # what a snapshot written before the field looks like
    loaded = GAME.load(data)
    assert loaded.seats[B].resigned and not any(seat.timed_out for seat in loaded.seats)


def test_load_refuses_a_seat_out_of_time_still_in_play() -> None:
    data = json.loads(json.dumps(GAME.dump(position(current=A))))
    data["seats"][B]["timed_out"] = True
    with pytest.raises(ValueError, match="a seat out of time has resigned"):
        GAME.load(data)


@pytest.mark.parametrize("timed_out", [False, True])
def test_every_view_tells_who_ran_out_of_time(timed_out: bool) -> None:
    state, _ = GAME.resign(position(current=A), B, timed_out=timed_out)
    for viewer in (None, A, B, C):
        players = GAME.view(state, viewer)["players"]
        assert [p["timed_out"] for p in players] == [False, timed_out, False, False]
        assert [p["resigned"] for p in players] == [False, True, False, False]


def test_resampled_and_sampled_states_keep_the_field() -> None:
    state, _ = GAME.resign(position(current=A), B, timed_out=True)
    rng = random.Random(3)
    for viewer in (None, A, C):
        assert GAME.view(resample(state, viewer, rng), viewer) == GAME.view(state, viewer)
    world = sample_world(GAME.view(state, A), rng)
    assert world.seats[B].timed_out and not world.seats[A].timed_out


def test_the_sentences() -> None:
    timed = Event("resigned", {"seat": B, "timed_out": True})
    assert GAME.describe(timed, NAMES) == "Barbara ran out of time and leaves the game."
    assert GAME.describe(Event("resigned", {"seat": B}), NAMES) == "Barbara resigns."
    with i18n.speaking("es-ES"):
        assert GAME.describe(timed, NAMES) == "A Barbara se le acabó el tiempo y deja la partida."
    with i18n.speaking("ja"):
        assert GAME.describe(timed, NAMES) == "Barbara さんは時間切れでゲームから抜けました。"


def test_the_game_over_sentence_holds_for_a_seat_out_of_time() -> None:
    state = position(players=3, current=A)
    state, _ = GAME.resign(state, B)
    _, events = GAME.resign(state, A, timed_out=True)
    line = GAME.describe(events[-1], NAMES) or ""
    assert line.startswith("The game is over: too few players are left.")
    assert "resign" not in line
