"""The Great Wall's alt text: scores where the picture shows them, marker values only where the view does."""

from __future__ import annotations

from bot.games import get
from render.alt_text import alt_text
from tests.render.described import MARKUP, NAMES, long_names_test, play, shown_field

shown_scores = shown_field("score")


test_long_names_and_every_score_fit = long_names_test("great_wall", shown_scores)


def test_names_become_plain_words() -> None:
    states = play("great_wall", 3, seed=1)
    text = alt_text("great_wall", "board", get("great_wall").view(states[5], None), ["**A**", "<@99>", "||c||"])
    assert not MARKUP.search(text) and "A " in text and "99" in text


def test_great_wall_shows_marker_values_only_where_the_view_does() -> None:
    game = get("great_wall")
    state = next(s for s in play("great_wall", 3, seed=4) if sum(len(p.scored) for p in s.seats) >= 3)
    public = alt_text("great_wall", "board", game.view(state, None), NAMES)
    assert "face-down marker" in public and " + " not in public  # counts only, never values
    seat = next(s for s, p in enumerate(state.seats) if p.scored)
    own = game.view(state, seat)
    text = alt_text("great_wall", "hand", own, NAMES)
    assert f"Your markers: {' + '.join(str(m) for m in own['players'][seat]['markers'])}" in text
    assert "Still in your deck, order unknown" in text
