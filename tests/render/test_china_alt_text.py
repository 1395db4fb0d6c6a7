"""China's alt text: every score as the picture shows it, the cards in hand and what they pay for."""

from __future__ import annotations

from typing import Any, cast

from bot.games import get
from render.alt_text import alt_text
from tests.render.described import NAMES, long_names_test, play, shown_field

shown_scores = shown_field("score")


test_long_names_and_every_score_fit = long_names_test("china", shown_scores)


def test_seats_without_a_name_are_called_by_their_colour() -> None:
    states = play("china", 3, seed=2)
    assert "Grey" not in alt_text("china", "board", get("china").view(states[3], None), ["Ann", "", "Cy"])
    assert "Green" in alt_text("china", "board", get("china").view(states[3], None), ["Ann", "", "Cy"])


def test_china_hand_names_the_cards_and_what_they_pay_for() -> None:
    game = get("china")
    state = play("china", 4, seed=5)[10]
    own = cast(dict[str, Any], game.view(state, 2))
    text = alt_text("china", "hand", own, NAMES)
    assert "In your hand: " in text and "pays for" in text
    assert "In your hand" not in alt_text("china", "board", game.view(state, None), NAMES)
