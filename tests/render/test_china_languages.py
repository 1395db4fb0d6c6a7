"""China's pictures and their alt text in Spanish and Japanese: every picture draws in the language in force
(the PNG differs from the English one), the words come from the catalogs, and the cached map is kept per
language."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.games.china import GAME
from render import china
from render.alt_text import alt_text
from render.china.crops import caption
from render.crops import Focus
from tests.render.pictures import decode
from tests.render.test_china import played

NAMES = ["Alex", "山田太郎", "José Núñez"]


def _drawn(code: str, kind: str, seat: int | None = None, steps: int = 60) -> bytes:
    state = played(3, True, steps)
    view = GAME.view(state, seat)
    with i18n.speaking(code):
        return getattr(china, kind)(view, NAMES)


@pytest.mark.parametrize(("kind", "seat", "steps"), [("board", None, 60), ("hand", 0, 60), ("final", None, 10_000)])
def test_pictures_draw_in_spanish_and_japanese(kind: str, seat: int | None, steps: int) -> None:
    english = _drawn("en", kind, seat, steps)
    pictures = {code: _drawn(code, kind, seat, steps) for code in ("es-ES", "ja")}
    for code, png in pictures.items():
        image = decode(png)
        assert image.size == decode(english).size
        assert png != english, f"the {kind} picture in {code} is the English one"
    assert pictures["es-ES"] != pictures["ja"]
    # The map cached for one language is not served to another: English again is English.
    assert _drawn("en", kind, seat, steps) == english


def test_alt_text_in_spanish_and_japanese() -> None:
    state = played(3, True, 60)
    board = GAME.view(state, None)
    with i18n.speaking("es-ES"):
        spanish = alt_text("china", "board", board, NAMES)
        hand = alt_text("china", "hand", GAME.view(state, 0), NAMES)
    with i18n.speaking("ja"):
        japanese = alt_text("china", "board", board, NAMES)
        close_up = caption(board, board["regions"][0])
        described = alt_text("china", "focus", board, NAMES, focus=Focus("region", ("qin",)))
    assert "Cartas boca arriba:" in spanish and "Mazo:" in spanish and "Face-up" not in spanish
    assert "En tu mano:" in hand
    assert "場札：" in japanese and "山札：" in japanese and "Face-up" not in japanese
    assert close_up.startswith("秦：") and "公使" in close_up
    assert described.startswith("China、秦の拡大図。") and "空いている邸宅スペース：" in described
    final = GAME.view(played(3, True, 10_000), None)
    with i18n.speaking("ja"):
        assert "最終得点" in alt_text("china", "final", final, NAMES)
