"""China pictures from real engine views: valid phone-friendly PNGs for every player count, option and
stage, deterministic, and blind to hidden fields."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from functools import cache

import pytest

from bot.games.china import GAME
from bot.games.china.data import State
from render import china
from tests.render.pictures import GuardedView, decode
from tests.runs import Run

NAMES = ["Alex", "Barbara", "Chris", "Doris", "Eve"]


def played(players: int, fortifications: bool, steps: int, resign: bool = False) -> State:
    """A game between computer players, stopped after ``steps`` actions (or at its end)."""
    return _run(players, fortifications, resign)[steps]


@cache
def _run(players: int, fortifications: bool, resign: bool) -> Run[State]:
    return Run(_steps(players, fortifications, resign))


def _steps(players: int, fortifications: bool, resign: bool) -> Iterator[State]:
    state = GAME.new(players, 100 + players, {"fortifications": fortifications})
    yield state
    rng = random.Random(players)
    for n in itertools.count():
        if GAME.is_over(state):
            return
        if resign and n == 5:
            state, _ = GAME.resign(state, (state.current + 1) % players)
        else:
            seat = state.current
            action = GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
            state, _ = GAME.apply(state, seat, action)
        yield state


STAGES = [(n, fort, steps) for n in (3, 4, 5) for fort in (False, True) for steps in (0, 60, 10_000)]


@pytest.mark.parametrize(("players", "fortifications", "steps"), STAGES)
def test_board_is_a_phone_friendly_png(players: int, fortifications: bool, steps: int) -> None:
    state = played(players, fortifications, steps)
    image = decode(china.board(GAME.view(state, None), NAMES[:players]))
    assert image.width == china.WIDTH
    assert 400 < image.height < 2 * image.width


@pytest.mark.parametrize(("players", "fortifications", "steps"), STAGES[::4])
def test_board_is_deterministic_and_the_same_for_every_viewer(players: int, fortifications: bool,
                                                              steps: int) -> None:
    state = played(players, fortifications, steps)
    public = china.board(GAME.view(state, None))
    assert china.board(GAME.view(state, None)) == public
    assert china.board(GAME.view(state, 0)) == public  # the own view adds only the hand, never drawn


@pytest.mark.parametrize(("players", "fortifications", "steps"), STAGES[1::3])
def test_public_board_never_reads_hidden_fields(players: int, fortifications: bool, steps: int) -> None:
    state = played(players, fortifications, steps)
    decode(china.board(GuardedView(GAME.view(state, 1), {"hand"})))
    if GAME.is_over(state):
        decode(china.final(GuardedView(GAME.view(state, None), {"hand"})))


def test_board_changes_with_the_board() -> None:
    state = played(4, False, 60)
    assert china.board(GAME.view(state, None)) != china.board(GAME.view(played(4, False, 61), None))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hand_for_every_seat(players: int) -> None:
    state = played(players, True, 60)
    for seat in range(players):
        image = decode(china.hand(GAME.view(state, seat), NAMES[:players]))
        assert image.height < image.width


def test_hand_shows_the_viewers_cards() -> None:
    view = GAME.view(played(4, False, 0), 0)
    other = {**view, "hand": ["purple", "purple", "purple"]}
    assert china.hand(view) != china.hand(other)
    decode(china.hand({**view, "hand": []}))


def test_hand_refuses_a_public_view() -> None:
    with pytest.raises(ValueError, match="public"):
        china.hand(GAME.view(played(3, False, 0), None))


@pytest.mark.parametrize(("players", "fortifications"), [(3, False), (4, True), (5, False)])
def test_final_for_every_player_count(players: int, fortifications: bool) -> None:
    state = played(players, fortifications, 10_000)
    assert GAME.is_over(state)
    image = decode(china.final(GAME.view(state, None), NAMES[:players]))
    assert image.width == 1000


def test_final_after_a_resignation() -> None:
    state = played(3, False, 10_000, resign=True)
    assert GAME.result(state).reason in ("normal", "resignation")
    decode(china.final(GAME.view(state, None)))
    decode(china.board(GAME.view(state, None)))


def test_final_refuses_an_unfinished_game() -> None:
    with pytest.raises(ValueError, match="finished"):
        china.final(GAME.view(played(4, False, 10), None))


def test_names_are_optional_and_made_printable() -> None:
    view = GAME.view(played(5, False, 30), None)
    decode(china.board(view))
    decode(china.board(view, ["Ålex 🐉", "", "B" * 80, "Doris", "Eve"]))
