"""Chinatown's pictures and alt texts mark a seat that ran out of time as "out of time", never "resigned", and
still say "resigned" for a real resignation."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games.chinatown import GAME
from bot.games.chinatown.data import State
from render import chinatown
from render.alt_text import alt_text
from tests.games.chinatown.helpers import ANN, BEN, CLEO, DAN, scenario
from tests.render.pictures import decode, drawn_words

NAMES = ["Ann", "Ben", "Cleo", "Dan"]
CASH = {ANN: 40_000, BEN: 90_000, CLEO: 70_000}


def _left(timed_out: bool) -> State:
    """Four players trading: Ann resigned, then Ben left (out of time or resigned); the game goes on."""
    state, _ = GAME.resign(scenario(4), ANN)
    state, _ = GAME.resign(state, BEN, timed_out=timed_out)
    assert not GAME.is_over(state)
    return state


def _over(timed_out: bool) -> State:
    """Three players: Ben left (out of time or resigned), then Ann resigned and the game ended."""
    state, _ = GAME.resign(scenario(3, cash=CASH), BEN, timed_out=timed_out)
    state, _ = GAME.resign(state, ANN)
    assert GAME.is_over(state)
    return state



def test_the_final_alt_text_tells_out_of_time_from_resigned() -> None:
    text = alt_text("chinatown", "final", GAME.view(_over(True), None), NAMES[:3])
    assert "too few players were left" in text and "too few players are left" in text
    assert "Ben: start $50,000, income $0, trades +$40,000, 0 shops on the board, out of time" in text
    assert "Ann: start $50,000, income $50,000, trades -$60,000, 0 shops on the board, resigned" in text
    assert text.count("resigned") == 1 and "resignation" not in text
    plain = alt_text("chinatown", "final", GAME.view(_over(False), None), NAMES[:3])
    assert "out of time" not in plain and plain.count("resigned") == 2


@pytest.mark.parametrize("over", [False, True])
def test_the_players_line_marks_a_seat_out_of_time(over: bool) -> None:
    state = _over(True) if over else _left(True)
    names = NAMES[: state.num_players]
    text = alt_text("chinatown", "board", GAME.view(state, None), names)
    assert text.count(", out of time") == 1 and text.count(", resigned") == 1
    plain = _over(False) if over else _left(False)
    text = alt_text("chinatown", "board", GAME.view(plain, None), names)
    assert "out of time" not in text and text.count(", resigned") == 2


def test_the_alt_text_in_spanish_and_japanese() -> None:
    view = GAME.view(_over(True), None)
    with i18n.speaking("es-ES"):
        assert ", sin tiempo" in alt_text("chinatown", "final", view, NAMES[:3])
    with i18n.speaking("ja"):
        assert "時間切れ" in alt_text("chinatown", "final", view, NAMES[:3])


def test_the_board_tags_a_seat_out_of_time_and_its_last_move(monkeypatch: pytest.MonkeyPatch) -> None:
    words = drawn_words(monkeypatch)
    decode(chinatown.board(GAME.view(_left(True), None), NAMES))
    assert words.count("OUT OF TIME") == 1 and words.count("RESIGNED") == 1
    assert "Last: Ben ran out of time" in words
    words.clear()
    decode(chinatown.board(GAME.view(_left(False), None), NAMES))
    assert "OUT OF TIME" not in words and words.count("RESIGNED") == 2
    assert "Last: Ben resigned" in words


def test_the_final_picture_names_a_seat_out_of_time(monkeypatch: pytest.MonkeyPatch) -> None:
    words = drawn_words(monkeypatch)
    decode(chinatown.final(GAME.view(_over(True), None), NAMES[:3]))
    assert "Ben (out of time)" in words and "Ann (resigned)" in words and "Cleo" in words
    words.clear()
    decode(chinatown.final(GAME.view(_over(False), None), NAMES[:3]))
    assert "Ben (resigned)" in words and not any("out of time" in w for w in words)


def test_the_pictures_differ_only_by_the_words() -> None:
    timed, plain = GAME.view(_over(True), None), GAME.view(_over(False), None)
    assert chinatown.final(timed, NAMES[:3]) != chinatown.final(plain, NAMES[:3])
    assert decode(chinatown.final(timed, NAMES[:3])).size == decode(chinatown.final(plain, NAMES[:3])).size
    assert GAME.view(_left(True), None)["players"][DAN]["timed_out"] is False
