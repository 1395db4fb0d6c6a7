"""Sun Tzu's alt text: the marker toward each player, every province, the seats' colours."""

from __future__ import annotations

from typing import Any

from bot.games import get
from render.alt_text import alt_text
from tests.render.described import NAMES, long_names_test, play


def shown_scores(view: dict[str, Any]) -> list[str | None]:
    """The marker counted toward each player, as on the final picture."""
    result = view["result"]
    if result is not None:
        return [f"{s:+d}" for s in result["scores"]]
    marker = view["score_marker"]
    return [f"{marker if p['colour'] == 'blue' else -marker:+d}" for p in view["players"]]


test_long_names_and_every_score_fit = long_names_test("sun_tzu", shown_scores)


def test_seats_without_a_name_are_called_by_their_colour() -> None:
    states = play("sun_tzu", 2, seed=2)
    text = alt_text("sun_tzu", "board", get("sun_tzu").view(states[3], None), [])
    assert "Blue" in text and "Red" in text


def test_sun_tzu_board_describes_every_province_and_the_marker() -> None:
    game = get("sun_tzu")
    state = play("sun_tzu", 2, seed=6)[30]
    view = game.view(state, None)
    text = alt_text("sun_tzu", "board", view, NAMES)
    assert "Score marker" in text
    assert all(f"{p['name']}: " in text for p in view["provinces"])
    assert "Your hand: " in alt_text("sun_tzu", "hand", game.view(state, 0), NAMES)
