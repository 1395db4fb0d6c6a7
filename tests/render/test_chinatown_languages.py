"""Chinatown's pictures in Spanish and Japanese: the words drawn differ from the English picture (the same
view), the board's cached legend follows the language, and English comes out as before."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games.chinatown import GAME
from render import chinatown
from render.chinatown import alt_text as alt
from render.chinatown import crops as crop
from tests.render.test_chinatown import NAMES, played

NAMES_3 = NAMES[:3]


def _pictures() -> dict[str, bytes]:
    trading = played(3, 40)
    over = played(3, 10_000)
    return {
        "board": chinatown.board(GAME.view(trading, None), NAMES_3),
        "hand": chinatown.hand(GAME.view(trading, 0), NAMES_3),
        "final": chinatown.final(GAME.view(over, None), NAMES_3),
    }


@pytest.mark.parametrize("code", ["ja", "es-ES"])
def test_board_hand_and_final_are_drawn_in_the_language(code: str) -> None:
    english = _pictures()
    with i18n.speaking(code):
        spoken = _pictures()
    for kind in english:
        assert spoken[kind] != english[kind], kind
    assert _pictures() == english  # the cached map legend went back to English


def test_words_of_the_pictures_come_from_the_catalog() -> None:
    view = GAME.view(played(3, 40), None)
    with i18n.speaking("ja"):
        assert crop.caption([17]) == "地区2 · 区画17（囲み）"
        assert "チャイナタウン" in crop.caption([])
        assert "うま年" in " ".join(alt.board(view, NAMES_3)) or "へび年" in " ".join(alt.board(view, NAMES_3))
    with i18n.speaking("es-ES"):
        assert crop.caption([17]) == "Distrito 2 · edificio 17 (rodeado)"
        assert "Jugadores:" in " ".join(alt.board(view, NAMES_3))
    assert crop.caption([17, 18]) == "District 2 · lots 17 and 18 (ringed)"
