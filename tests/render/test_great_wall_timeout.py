"""The Great Wall's pictures and alt texts mark a seat that ran out of time as "out of time", never "resigned",
and still say "resigned" for a real resignation."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games.great_wall import GAME
from bot.games.great_wall.data import State
from render import great_wall
from render.alt_text import alt_text
from render.great_wall.players import ended_on_time
from tests.games.great_wall.helpers import NAMES, scenario
from tests.render import fixtures as fx
from tests.render.pictures import decode, drawn_words


def _left(timed_out: bool) -> State:
    """Four players: Ana resigned, then Bo left (out of time or resigned); the game goes on."""
    state, _ = GAME.resign(scenario(4, ["{3,5}", "{1,2}", "{2,4}", "{3,4}"], active=2), 0)
    return GAME.resign(state, 1, timed_out=timed_out)[0]


def _over(timed_out: bool) -> State:
    """Three players: Ana resigned, then Cy left (out of time or resigned) and the game ended."""
    state, _ = GAME.resign(scenario(3, ["{3,5}", "{1,2}", "{2,4}"], scored={0: [8, 7], 1: [5, 5], 2: [1, 2]}), 0)
    state, _ = GAME.resign(state, 2, timed_out=timed_out)
    assert GAME.is_over(state)
    return state



def test_the_board_alt_text_says_who_ran_out_of_time() -> None:
    text = alt_text("great_wall", "board", GAME.view(_left(True), None), NAMES[:4])
    assert "Last move: Bo ran out of time." in text
    assert "Bo 0 face-down markers (out of time)" in text and "Ana 0 face-down markers (resigned)" in text
    plain = alt_text("great_wall", "board", GAME.view(_left(False), None), NAMES[:4])
    assert "Last move: Bo resigned." in plain and "Bo 0 face-down markers (resigned)" in plain
    assert "out of time" not in plain


def test_the_final_alt_text_tells_out_of_time_from_resigned() -> None:
    text = alt_text("great_wall", "final", GAME.view(_over(True), None), NAMES[:3])
    assert text.startswith("The Great Wall of China, final scores. The game is over after a player ran out of "
                           "time: Bo wins.")
    assert "3rd Ana, 15 from markers 8 and 7, resigned" in text
    assert "2nd Cy, 3 from markers 2 and 1, out of time" in text
    plain = alt_text("great_wall", "final", GAME.view(_over(False), None), NAMES[:3])
    assert "The game is over now that a player has left: Bo wins." in plain
    assert "out of time" not in plain and plain.count(", resigned") == 2


def test_the_alt_text_in_spanish_and_japanese() -> None:
    view = GAME.view(_over(True), None)
    with i18n.speaking("es-ES"):
        spanish = alt_text("great_wall", "final", view, NAMES[:3])
    with i18n.speaking("ja"):
        japanese = alt_text("great_wall", "board", GAME.view(_left(True), None), NAMES[:4])
    assert "se le acabó el tiempo: gana Bo" in spanish and ", sin tiempo" in spanish
    assert "直前の手：Boが時間切れになりました。" in japanese and "（時間切れ）" in japanese


def test_the_board_tags_a_seat_out_of_time(monkeypatch: pytest.MonkeyPatch) -> None:
    words = drawn_words(monkeypatch)
    decode(great_wall.board(GAME.view(_left(True), None), NAMES[:4]))
    assert words.count("OUT OF TIME") == 1 and words.count("RESIGNED") == 1
    assert any(w.startswith("Last: Bo ran out of time") for w in words)
    words.clear()
    decode(great_wall.board(GAME.view(_left(False), None), NAMES[:4]))
    assert "OUT OF TIME" not in words and words.count("RESIGNED") == 2
    assert any(w.startswith("Last: Bo resigned") for w in words)


def test_the_final_picture_names_a_seat_out_of_time(monkeypatch: pytest.MonkeyPatch) -> None:
    words = drawn_words(monkeypatch)
    decode(great_wall.final(GAME.view(_over(True), None), NAMES[:3]))
    assert "ended by running out of time" in words and "ended by resignation" not in words
    assert "Blue, resigned" in words and "Red, out of time" in words
    words.clear()
    decode(great_wall.final(GAME.view(_over(False), None), NAMES[:3]))
    assert "ended by resignation" in words and "Red, resigned" in words
    assert not any("out of time" in w for w in words)


def test_the_end_reason_follows_the_last_player_to_leave() -> None:
    assert ended_on_time(fx.timed_out_over()) and not ended_on_time(fx.resigned_over())
    assert not ended_on_time(fx.game_over(3))
    timed, plain = fx.timed_out_over(), fx.resigned_over()
    assert great_wall.final(timed) != great_wall.final(plain)
    assert decode(great_wall.final(timed)).size == decode(great_wall.final(plain)).size
