"""High Lantern's /rules markers: what each part of its one picture is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.toy import drawing

from render.annotate import Callout


def callouts(view: Mapping[str, Any], size: tuple[int, int]) -> list[Callout]:
    """In the free right end of the lines they explain, so no marker lies on a word."""
    width, _height = size
    scale = width / drawing.WIDTH
    inner, outer = (drawing.WIDTH - drawing.GUTTER + 35) * scale, (drawing.WIDTH - 35) * scale

    def line(n: int) -> float:
        return (20 + drawing.ROW * n + drawing.ROW // 2) * scale

    return [
        Callout(inner, line(0), "Each player's badge: colour, shape and initial"),
        Callout(outer, line(0), "Cards still in hand and tricks won"),
        Callout(inner, line(len(view["seats"])), "The cards of the trick in play"),
        Callout(outer, line(max(view["turn"], 0)), "The player to play"),  # -1: over, nobody to play
    ]
