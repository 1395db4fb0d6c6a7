"""Sun Tzu pictures from real engine views: valid PNGs under 1 MB, deterministic, the same public board
whoever's view it is drawn from, and working through to the end of a game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.hidden import resample
from render import sun_tzu, theme
from render.alt_text import alt_text
from tests.games.sun_tzu.helpers import play_random
from tests.render.pictures import decode

NAMES = ["Zhuge Liang of the very long name indeed", "Sūn Wǔ 🐉"]


@pytest.fixture(scope="module")
def states() -> list[Any]:
    """A spread of states from two games (one with events, one beginner), ending with both finals."""
    first = play_random(3, {"events": True})
    second = play_random(8, {"beginner": True, "events": True})
    return first[:: max(1, len(first) // 12)] + second[:: max(1, len(second) // 8)] + [first[-1], second[-1]]


def test_board_is_a_phone_friendly_png(states: list[Any]) -> None:
    for state in states:
        image = decode(sun_tzu.board(GAME.view(state, None), NAMES))
        assert image.width == sun_tzu.WIDTH and 400 < image.height < 2 * image.width


def test_the_board_never_reads_private_fields(states: list[Any]) -> None:
    rng = random.Random(0)
    for state in states:
        public = sun_tzu.board(GAME.view(state, None))
        assert sun_tzu.board(GAME.view(state, 0)) == public
        assert sun_tzu.board(GAME.view(state, 1)) == public
        assert sun_tzu.board(GAME.view(resample(state, None, rng), None)) == public


def test_pictures_are_deterministic(states: list[Any]) -> None:
    state = states[len(states) // 2]
    assert sun_tzu.board(GAME.view(state, None), NAMES) == sun_tzu.board(GAME.view(state, None), NAMES)
    assert sun_tzu.hand(GAME.view(state, 0), NAMES) == sun_tzu.hand(GAME.view(state, 0), NAMES)


def test_hand_needs_a_seat_view(states: list[Any]) -> None:
    for state in states:
        for seat in (0, 1):
            image = decode(sun_tzu.hand(GAME.view(state, seat), NAMES))
            assert image.width == sun_tzu.WIDTH
    with pytest.raises(ValueError):
        sun_tzu.hand(GAME.view(states[0], None))


def test_final_only_for_finished_games(states: list[Any]) -> None:
    finished = [s for s in states if GAME.is_over(s)]
    assert finished
    for state in finished:
        decode(sun_tzu.final(GAME.view(state, None), NAMES))
        decode(sun_tzu.final(GAME.view(state, None)))
    with pytest.raises(ValueError):
        sun_tzu.final(GAME.view(states[0], None))


def test_a_resigned_game_draws(states: list[Any]) -> None:
    over, _ = GAME.resign(states[3], 1)
    decode(sun_tzu.board(GAME.view(over, None), NAMES))
    decode(sun_tzu.final(GAME.view(over, 0)))


def _labels(picture: Any, view: Any) -> set[str]:
    with theme.audit() as labels:
        picture(view, NAMES)
    return {label.text for label in labels}


@pytest.mark.parametrize("timed_out", [False, True])
def test_a_player_out_of_time_is_not_called_resigned(states: list[Any], timed_out: bool) -> None:
    over, _ = GAME.resign(states[3], 1, timed_out=timed_out)
    view = GAME.view(over, None)
    board = _labels(sun_tzu.board, view)
    final = _labels(sun_tzu.final, view)
    assert ("OUT OF TIME" in board, "RESIGNED" in board) == (timed_out, not timed_out)
    assert (f"{NAMES[1]} ran out of time." in final) is timed_out
    assert ("Ended by resignation" in final) is not timed_out
    said = alt_text("sun_tzu", "board", view, NAMES) + alt_text("sun_tzu", "final", view, NAMES)
    assert ("a player ran out of time" in said, "out of time" in said) == (timed_out, timed_out)
    assert ("resigned" in said) is not timed_out
