"""Legible on a phone: over whole seeded games, every number and name a player decides by is drawn through
the theme's key check (so at least 28 px on a 1200 px-wide picture, scaled to the picture's width),
legends at 24 px and badges at 45 px; and no text of any game's pictures (legends, labels, scales, a
badge's letter) is under 2% of its picture's width. What each game must show, and its renderers' refusal of a key label
drawn smaller, are in tests/render/test_<key>_legibility.py."""

from __future__ import annotations

import pytest

from bot import games
from bot.tournaments.standings import StandingRow
from render import standings, theme
from tests.render.legible import all_pictures, check_minimums, check_phone, keys


# -- every picture of every game ------------------------------------------------------------------------
@pytest.mark.parametrize("key", games.GAMES)
def test_every_checked_label_of_a_whole_game_meets_its_minimum(key: str) -> None:
    for _, labels in all_pictures(key):
        check_minimums(labels)


@pytest.mark.parametrize("key", games.GAMES)
def test_every_text_of_a_whole_game_is_two_percent_of_its_picture(key: str) -> None:
    """The 2% rule, on a phone 8 px: every legend, label, scale, number and badge letter of every picture."""
    for _, labels in all_pictures(key):
        check_phone(labels)


def test_a_badge_letter_is_measured_by_its_shape() -> None:
    assert theme.text_px(theme.Label("mark", "BLUE", 45, 1200)) == pytest.approx(27)
    assert theme.text_px(theme.Label("mark", "RED", 45, 1200)) >= theme.phone_minimum(1200)  # the triangle
    assert theme.phone_minimum(1200) == 24 and theme.phone_minimum(1120) == 23


def test_standings_ranks_and_points_are_key_labels() -> None:
    rows = [StandingRow(1, 1, 3.5, 4, 80, games=3, byes=0), StandingRow(2, 2, 1, 6, 40, games=3, byes=1)]
    with theme.audit() as labels:
        standings.standings(rows, {1: "Ann", 2: "Bo"}, "Cup")
    check_minimums(labels)
    assert {"1", "2", "3.5", "Ann", "Bo"} <= keys(labels)


def test_the_standings_refuse_rows_under_the_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(standings, "TEXT", 14)  # 720 px wide: the minimum is 17 px
    with pytest.raises(theme.Illegible):
        standings.standings([StandingRow(1, 1, 1, 0, 0, games=1, byes=0)], {1: "Ann"}, "Cup")
