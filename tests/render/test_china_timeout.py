"""China's pictures and alt texts mark a seat that ran out of time as "out of time", never "resigned", and still
say "resigned" for a real resignation."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games.china import GAME
from bot.games.china.data import State
from render import china
from render.alt_text import alt_text
from tests.games.china.scenario import A, B, C, position
from tests.render.pictures import decode, drawn_words

NAMES = ["Ann", "Bo", "Cy", "Di"]


def _left(timed_out: bool) -> State:
    """Four players; Bo left (out of time or resigned) and Ann resigned, the game goes on."""
    state, _ = GAME.resign(position(current=A), B, timed_out=timed_out)
    return GAME.resign(state, A)[0]


def _over(timed_out: bool) -> State:
    """Three players: Bo left (out of time or resigned), then Ann resigned and the game ended."""
    state, _ = GAME.resign(position(players=3, current=A), B, timed_out=timed_out)
    state, _ = GAME.resign(state, A)
    assert GAME.is_over(state)
    return state



def test_the_final_alt_text_tells_out_of_time_from_resigned() -> None:
    text = alt_text("china", "final", GAME.view(_over(True), None), NAMES[:3])
    assert "too few players are left" in text
    assert "Bo 0 points: regions 0, alliances 0, roads 0, 28 pieces left, out of time" in text
    assert "Ann 0 points: regions 0, alliances 0, roads 0, 28 pieces left, resigned" in text
    assert text.count("resigned") == 1
    plain = alt_text("china", "final", GAME.view(_over(False), None), NAMES[:3])
    assert "out of time" not in plain and plain.count("resigned") == 2


@pytest.mark.parametrize("kind", ["board", "final"])
def test_the_scores_line_marks_a_seat_out_of_time(kind: str) -> None:
    state = _over(True) if kind == "final" else _left(True)
    text = alt_text("china", "board", GAME.view(state, None), NAMES[: state.players])
    assert "Bo 0 points (out of time)" in text and "Ann 0 points (resigned)" in text
    plain = _over(False) if kind == "final" else _left(False)
    text = alt_text("china", "board", GAME.view(plain, None), NAMES[: plain.players])
    assert "Bo 0 points (resigned)" in text and "out of time" not in text


def test_the_alt_text_in_spanish_and_japanese() -> None:
    view = GAME.view(_over(True), None)
    with i18n.speaking("es-ES"):
        assert "Bo 0 puntos (sin tiempo)" in alt_text("china", "board", view, NAMES[:3])
    with i18n.speaking("ja"):
        assert "時間切れ" in alt_text("china", "final", view, NAMES[:3])


def test_the_board_tags_a_seat_out_of_time(monkeypatch: pytest.MonkeyPatch) -> None:
    words = drawn_words(monkeypatch)
    decode(china.board(GAME.view(_left(True), None), NAMES))
    assert words.count("OUT OF TIME") == 1 and words.count("RESIGNED") == 1
    words.clear()
    decode(china.board(GAME.view(_left(False), None), NAMES))
    assert "OUT OF TIME" not in words and words.count("RESIGNED") == 2


def test_the_final_picture_names_a_seat_out_of_time(monkeypatch: pytest.MonkeyPatch) -> None:
    words = drawn_words(monkeypatch)
    decode(china.final(GAME.view(_over(True), None), NAMES[:3]))
    assert "Bo (out of time)" in words and "Ann (resigned)" in words and "Cy" in words
    words.clear()
    decode(china.final(GAME.view(_over(False), None), NAMES[:3]))
    assert "Bo (resigned)" in words and not any("out of time" in w for w in words)


def test_the_pictures_differ_only_by_the_words() -> None:
    timed, plain = GAME.view(_over(True), None), GAME.view(_over(False), None)
    assert china.final(timed, NAMES[:3]) != china.final(plain, NAMES[:3])
    assert decode(china.final(timed, NAMES[:3])).size == decode(china.final(plain, NAMES[:3])).size
    assert timed["players"][C]["timed_out"] is False
