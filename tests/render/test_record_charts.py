"""The records' charts (render/stats.py): a rating over time and a server's games per month, legible at phone
width in every language, each game in the same colour and shape in every chart, described in their alt text."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot import i18n
from bot.stats_view import MonthCounts, MonthlyGames, RatingLine, RatingPoint
from render import plotting, stats, theme

DAY = 86_400.0
START = 1_780_000_000.0
LINES = [
    RatingLine("china", 0, tuple(RatingPoint(START + n * 6 * DAY, r) for n, r in enumerate([2.1, 3.5, 3.0, 5.2]))),
    RatingLine("sun_tzu", 2, (RatingPoint(START + 2 * DAY, -1.2), RatingPoint(START + 30 * DAY, 2.2))),
]
MONTHS = MonthlyGames(
    tuple(f"2026-{m:02d}" for m in range(1, 13)),
    (MonthCounts("china", 0, (1, 2, 4, 3, 0, 5, 6, 2, 3, 1, 0, 2)),
     MonthCounts("great_wall", 1, (0, 1, 1, 2, 2, 3, 1, 0, 0, 4, 5, 3))),
)
TITLES = {"en": (["China", "Sun Tzu"], ["China", "The Great Wall of China"]),
          "ja": (["中国", "孫子"], ["中国", "万里の長城"]),
          "es-ES": (["China", "Sun Tzu"], ["China", "La Gran Muralla China"])}


@pytest.mark.parametrize("code", list(TITLES))
def test_the_charts_are_legible_in_every_language(code: str) -> None:
    ratings, monthly = TITLES[code]
    with i18n.speaking(code), theme.audit() as labels, theme.clipping() as clipped:
        drawn = [stats.rating_chart(LINES, ratings, "Ana: rating"), stats.monthly_chart(MONTHS, monthly, "Games")]
    assert clipped == []
    for png in drawn:
        image = Image.open(io.BytesIO(png))
        assert image.width == plotting.WIDTH and image.height < 1000  # 400 px wide on a phone: a third
    badges = [label for label in labels if label.role == "mark"]
    # Each game's legend badge at the badge minimum, in its own colour: China blue in both charts.
    assert [label.text for label in badges] == ["BLUE", "RED", "BLUE", "GREEN"]
    assert all(label.px >= theme.minimum("mark", plotting.WIDTH) for label in badges)


def test_a_game_keeps_its_colour_and_shape_whatever_else_is_drawn() -> None:
    assert stats.colour(0) == "BLUE" and stats.colour(2) == "RED"
    assert stats.colour(5) == stats.colour(0)  # past the five styles they come round again


def test_the_alt_texts_say_what_the_charts_show() -> None:
    words = stats.rating_words(LINES, ["China", "Sun Tzu"], "Ana: rating over time")
    assert words == ("A chart: Ana: rating over time. China: from 2.1 to 5.2 over 4 rated games (highest 5.2, "
                     "lowest 2.1). Sun Tzu: from -1.2 to 2.2 over 2 rated games (highest 2.2, lowest -1.2).")
    words = stats.monthly_words(MONTHS, ["China", "The Great Wall"], "Games finished per month")
    assert words.startswith("A chart: Games finished per month, 2026-01 to 2026-12. China: 29 games (2026-01 1, "
                            "2026-02 2, 2026-03 4, 2026-04 3, 2026-06 5,")
    assert "The Great Wall: 22 games (2026-02 1," in words
    with i18n.speaking("ja"):
        assert stats.rating_words(LINES[:1], ["中国"], "アナ").startswith("グラフ：アナ。 中国：")


def test_the_same_record_draws_the_same_picture() -> None:
    assert stats.rating_chart(LINES, ["China", "Sun Tzu"], "Ana") == stats.rating_chart(LINES, ["China", "Sun Tzu"],
                                                                                        "Ana")


def test_the_bots_own_process_does_not_import_matplotlib() -> None:
    """The charts are drawn in the picture processes: the bot's process (every cog loaded) never needs it."""
    code = "import sys, cogs.client, cogs.records; sys.exit('matplotlib' in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])
