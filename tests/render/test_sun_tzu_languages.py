"""Sun Tzu's pictures in Spanish and Japanese: board, hand and final draw in the language in force."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.sun_tzu import GAME
from bot.i18n import speaking
from render import sun_tzu
from render.sun_tzu import alt_text, drawing
from tests.games.sun_tzu.helpers import play_random
from tests.render.pictures import decode

NAMES = ["Ana", "山田太郎"]


@pytest.fixture(scope="module")
def game() -> list[Any]:
    return play_random(3, {"events": True})


def _pictures(states: list[Any]) -> dict[str, bytes]:
    middle, last = states[len(states) // 2], states[-1]
    return {
        "board": sun_tzu.board(GAME.view(middle, None), NAMES),
        "hand": sun_tzu.hand(GAME.view(middle, 0), NAMES),
        "final": sun_tzu.final(GAME.view(last, None), NAMES),
    }


def test_pictures_draw_in_spanish_and_japanese(game: list[Any]) -> None:
    english = _pictures(game)
    with speaking("es-ES"):
        spanish = _pictures(game)
    with speaking("ja"):
        japanese = _pictures(game)
    for kind in english:
        assert len({english[kind], spanish[kind], japanese[kind]}) == 3, kind
        decode(spanish[kind])
        decode(japanese[kind])
    assert _pictures(game) == english


def test_the_status_line_is_translated(game: list[Any]) -> None:
    view = GAME.view(game[1], None)
    seats = drawing.Seats(view, NAMES)
    with speaking("ja"):
        assert "：" in drawing._status(view, seats) or "ゲーム終了" in drawing._status(view, seats)
    with speaking("es-ES"):
        status = drawing._status(view, seats)
    assert status != drawing._status(view, seats)


def test_alt_text_speaks_spanish_and_japanese(game: list[Any]) -> None:
    middle, last = game[len(game) // 2], game[-1]

    def texts() -> dict[str, str]:
        return {
            "board": " ".join(alt_text.board(GAME.view(middle, None), NAMES)),
            "hand": " ".join(alt_text.hand(GAME.view(middle, 0), NAMES)),
            "final": " ".join(alt_text.final(GAME.view(last, None), NAMES)),
        }

    english = texts()
    assert "Score marker" in english["board"] and "Your hand:" in english["hand"]
    assert "Places:" in english["final"]
    with speaking("es-ES"):
        spanish = texts()
    with speaking("ja"):
        japanese = texts()
    sentences = ("Score marker", "Plagues revealed", "reserve ", " in deck", "Your hand:", "Secret warlords",
                 "'s cards", "Places:", "points per scoring", "round ", "screens on their")
    for kind in english:
        for words in (spanish[kind], japanese[kind]):
            assert not [s for s in sentences if s in words], (kind, words)
    assert "reserva" in spanish["board"] and "Señores de la guerra" in spanish["hand"]
    assert "Puestos" in spanish["final"] and "ronda" in spanish["board"]
    assert "予備" in japanese["board"] and "将軍" in japanese["hand"] and "順位" in japanese["final"]
    assert "得点マーカー" in japanese["board"]
