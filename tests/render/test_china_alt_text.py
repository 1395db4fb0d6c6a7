"""China's alt text: every score as the picture shows it, the cards in hand and what they pay for."""

from __future__ import annotations

from typing import Any, cast

import pytest

from bot.games import get
from render.alt_text import alt_text
from tests.render.described import NAMES, long_names_and_scores, play


def shown_scores(view: dict[str, Any]) -> list[str | None]:
    """Each seat's score as the picture shows it."""
    result = view["result"]
    return [str(s) for s in result["scores"]] if result is not None else [str(p["score"]) for p in view["players"]]


@pytest.mark.parametrize("players", range(get("china").min_players, get("china").max_players + 1))
def test_long_names_and_every_score_fit(players: int) -> None:
    long_names_and_scores("china", players, shown_scores)


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
