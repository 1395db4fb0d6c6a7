"""High Lantern's /rules markers: what each part of its one picture is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.toy import drawing

from render.annotate import Callout


def callouts(view: Mapping[str, Any], size: tuple[int, int]) -> list[Callout]:
    width, _height = size
    scale = width / drawing.WIDTH
    first = (20 + drawing.ROW // 2) * scale
    trick = (20 + drawing.ROW * len(view["seats"]) + drawing.ROW // 2) * scale
    return [
        Callout(60 * scale, first, "Each player's badge: colour, shape and initial"),
        Callout(420 * scale, first, "Cards still in hand and tricks won"),
        Callout(40 * scale, trick, "The cards of the trick in play"),
        Callout(700 * scale, first, "The player to play"),
    ]
