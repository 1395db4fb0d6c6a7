"""Annotated pictures: numbered markers where the callouts point, a legend under the picture, and every
game's callouts inside its demo board and apart from each other."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from bot import games
from cogs.rulebook import demo_position
from render import annotate, board, callouts, theme
from render.annotate import Callout


def _png(width: int, height: int) -> bytes:
    return theme.to_png(theme.canvas(width, height))


def _dark(image: Image.Image, xy: tuple[int, int]) -> bool:
    pixel = image.convert("RGB").getpixel(xy)
    assert isinstance(pixel, tuple)
    return sum(pixel[:3]) < 150


def test_markers_are_drawn_where_the_callouts_point_and_the_legend_below() -> None:
    spots = [Callout(300, 200, "One thing"), Callout(-50, 5000, "Another, off the picture")]
    out = annotate.annotate(_png(1200, 800), spots)
    with Image.open(io.BytesIO(out)) as image:
        assert image.width == 1200 and image.height > 800 + 2 * annotate.LEGEND_LINE
        ring = annotate.MARKER // 2 - 1
        assert _dark(image, (300 - ring, 200))  # the marker's dark rim around its point
        # A callout off the picture is drawn at its edge, never in the legend band.
        half = annotate.MARKER // 2 + 2
        assert _dark(image, (4, 800 - half)) and not _dark(image, (4, 800 + 4))
        untouched = image.convert("RGB").getpixel((600, 400))  # away from the markers: the picture as it was
        assert isinstance(untouched, tuple)
        assert all(abs(a - b) <= 3 for a, b in zip(untouched, theme.BACKGROUND, strict=True))


def test_annotate_is_pure() -> None:
    picture, spots = _png(600, 400), [Callout(100, 100, "Here")]
    assert annotate.annotate(picture, spots) == annotate.annotate(picture, spots)


def test_the_legend_is_legible_and_refuses_nothing_on_a_narrow_picture() -> None:
    with theme.audit() as labels:
        annotate.annotate(_png(600, 300), [Callout(50, 50, "A long explanation " * 8)])
    (label,) = labels
    assert label.role == "key" and label.px >= theme.minimum("key", 600) and label.text.endswith("…")


@pytest.mark.parametrize("key", games.GAMES)
def test_each_games_callouts_lie_on_its_board_apart_from_each_other(key: str) -> None:
    view, names = demo_position(key)
    with Image.open(io.BytesIO(board(key, view, names))) as image:
        size = image.size
    spots = callouts(key, view, size)
    assert 4 <= len(spots) <= 6 and all(spot.text for spot in spots)
    for spot in spots:
        assert 0 <= spot.x <= size[0] and 0 <= spot.y <= size[1], spot
    for i, a in enumerate(spots):
        for b in spots[i + 1 :]:
            assert math.dist((a.x, a.y), (b.x, b.y)) >= annotate.MARKER, (a, b)
