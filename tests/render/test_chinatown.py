"""Chinatown pictures from real engine views: valid phone-friendly PNGs for every player count and stage,
deterministic, and blind to hidden fields."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

import pytest

from bot.games.chinatown import GAME
from bot.games.chinatown.data import Phase, State
from render import chinatown
from tests.render.pictures import GuardedView, decode
from tests.runs import Run

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]


def played(players: int, steps: int, mode: str = "sequential", resign: bool = False) -> State:
    """Computer players, plus a small gift offer now and then so trades show; stopped after ``steps``."""
    return _run(players, mode, resign)[steps]


@cache
def _run(players: int, mode: str, resign: bool) -> Run[State]:
    return Run(_steps(players, mode, resign))


def _steps(players: int, mode: str, resign: bool) -> Iterator[State]:
    state = GAME.new(players, 200 + players, {"placement_mode": mode})
    yield state
    rng = random.Random(players)
    for n in itertools.count():
        if GAME.is_over(state):
            return
        seat = min(GAME.to_act(state))
        if resign and n == 30:
            state, _ = GAME.resign(state, 1)
        elif state.phase is Phase.TRADES and n % 5 == 0 and state.seats[seat].cash >= 10_000:
            receiver = next(s for s in state.active if s != seat)
            gift = {"type": "propose", "legs": [{"from": seat, "to": receiver, "kind": "money", "amount": 10_000}]}
            state, _ = GAME.apply(state, seat, gift)
        else:
            action = GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
            state, _ = GAME.apply(state, seat, action)
        yield state


STAGES = [(n, steps) for n in (3, 4, 5) for steps in (0, 40, 120, 10_000)]


def guarded(view: Mapping[str, Any]) -> GuardedView:
    """Hidden fields: the dealt cards, keep choice and batch, and every player's cash before the end."""
    over = view["phase"] == "game_over"
    players = [player if over else GuardedView(player, {"cash"}) for player in view["players"]]
    return GuardedView({**view, "players": players}, {"hand_cards", "keep_choice", "batch"})


@pytest.mark.parametrize(("players", "steps"), STAGES)
def test_board_is_a_phone_friendly_png(players: int, steps: int) -> None:
    state = played(players, steps)
    image = decode(chinatown.board(GAME.view(state, None), NAMES[:players]))
    assert image.width == chinatown.WIDTH
    assert 600 < image.height < 1.5 * image.width


@pytest.mark.parametrize(("players", "steps"), STAGES[1::2])
def test_board_is_deterministic_and_the_same_for_every_viewer(players: int, steps: int) -> None:
    state = played(players, steps)
    public = chinatown.board(GAME.view(state, None))
    assert chinatown.board(GAME.view(state, None)) == public
    for seat in range(players):
        assert chinatown.board(GAME.view(state, seat)) == public  # own fields are never drawn


@pytest.mark.parametrize(("players", "steps"), STAGES)
def test_public_board_never_reads_hidden_fields(players: int, steps: int) -> None:
    state = played(players, steps)
    decode(chinatown.board(guarded(GAME.view(state, 1))))
    if GAME.is_over(state):
        decode(chinatown.final(guarded(GAME.view(state, None))))


def test_simultaneous_placement_board_hides_batches() -> None:
    state = played(4, 10_000, "simultaneous")
    decode(chinatown.board(guarded(GAME.view(state, 0))))
    for steps in range(30, 200, 7):
        state = played(4, steps, "simultaneous")
        if state.phase is Phase.PLACE_TILES:
            assert chinatown.board(GAME.view(state, 0)) == chinatown.board(GAME.view(state, None))


def test_board_changes_with_the_board() -> None:
    assert chinatown.board(GAME.view(played(4, 40), None)) != chinatown.board(GAME.view(played(4, 120), None))


@pytest.mark.parametrize(("players", "steps"), [(3, 0), (4, 40), (5, 120), (4, 10_000)])
def test_hand_for_every_seat(players: int, steps: int) -> None:
    state = played(players, steps)
    for seat in range(players):
        image = decode(chinatown.hand(GAME.view(state, seat), NAMES[:players]))
        assert image.width == chinatown.WIDTH and image.height < 2 * image.width


def test_hand_shows_the_viewers_secrets() -> None:
    view = GAME.view(played(4, 0), 0)
    assert chinatown.hand(view) != chinatown.hand({**view, "hand_cards": view["hand_cards"][::-1][:3]})
    players = [dict(p) for p in view["players"]]
    players[0]["cash"] = 990_000
    assert chinatown.hand(view) != chinatown.hand({**view, "players": players})


def test_hand_refuses_a_public_view() -> None:
    with pytest.raises(ValueError, match="public"):
        chinatown.hand(GAME.view(played(3, 0), None))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_final_for_every_player_count(players: int) -> None:
    state = played(players, 10_000)
    assert GAME.is_over(state)
    image = decode(chinatown.final(GAME.view(state, None), NAMES[:players]))
    assert image.width == chinatown.WIDTH
    assert chinatown.final(GAME.view(state, None)) == chinatown.final(GAME.view(state, 0))


def test_final_after_a_resignation() -> None:
    state = played(3, 10_000, resign=True)
    assert GAME.is_over(state) and GAME.result(state).ranking[1] == 3  # the leaver is last
    decode(chinatown.final(GAME.view(state, None)))
    decode(chinatown.board(GAME.view(state, None)))


def test_final_refuses_an_unfinished_game() -> None:
    with pytest.raises(ValueError, match="finished"):
        chinatown.final(GAME.view(played(4, 10), None))


def test_names_are_optional_and_made_printable() -> None:
    view = GAME.view(played(5, 40), None)
    decode(chinatown.board(view))
    decode(chinatown.board(view, ["Ålex 🐉", "", "B" * 80, "Doris", "Eve"]))
