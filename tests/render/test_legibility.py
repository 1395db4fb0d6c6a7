"""Legible on a phone: over whole seeded games, every number and name a player decides by is drawn through
the theme's key check (so at least 28 px on a 1200 px-wide picture, scaled to the picture's width),
legends at 20 px and badges at 32 px. What each game must show, and its renderers' refusal of a key label
drawn smaller, are in tests/render/test_<key>_legibility.py."""

from __future__ import annotations

import pytest

from bot import games
from bot.tournaments.standings import StandingRow
from render import standings, theme
from tests.render.legible import all_pictures, check_minimums, keys


# -- every picture of every game ------------------------------------------------------------------------
@pytest.mark.parametrize("key", games.GAMES)
def test_every_checked_label_of_a_whole_game_meets_its_minimum(key: str) -> None:
    for _, labels in all_pictures(key):
        check_minimums(labels)


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
