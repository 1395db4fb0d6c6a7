"""High Lantern's one picture: a band per seat (badge, name, cards held, tricks) and the trick in play; the
viewer's own hand under it when the view is a seat's, the final ranking once over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from render import theme

WIDTH = 1200
ROW = 90
SIZE = 34
GUTTER = 130  # the right end of every line stays free: the /rules markers stand there


def _seats(view: Mapping[str, Any], names: Sequence[str] | None) -> theme.Seats:
    return theme.Seats.in_order(len(view["seats"]), names)


def _draw(view: Mapping[str, Any], names: Sequence[str] | None, lines: list[str]) -> bytes:
    seats = _seats(view, names)
    image = theme.canvas(WIDTH, ROW * (len(view["seats"]) + len(lines)) + 40)
    draw = ImageDraw.Draw(image)
    for s, seat in enumerate(view["seats"]):
        y = 20 + ROW * s + ROW // 2
        theme.draw_badge(image, seats.colour(s), (60, y), 56)
        state = "out" if seat["left"] else f"{seat['cards']} cards"
        turn = "  ← to play" if view["turn"] == s else ""
        text = theme.ellipsize(f"{seats.name(s)}: {state}, {seat['tricks']} tricks{turn}", SIZE, WIDTH - 110 - GUTTER)
        theme.draw_text(draw, (110, y), text, SIZE, anchor="lm", role="key")
    for i, line in enumerate(lines):
        y = 20 + ROW * (len(view["seats"]) + i) + ROW // 2
        shown = theme.ellipsize(line, SIZE, WIDTH - 40 - GUTTER)  # long names: cut, never past the edge
        theme.draw_text(draw, (40, y), shown, SIZE, anchor="lm", role="key")
    return theme.to_png(image)


def trick_line(view: Mapping[str, Any], names: Sequence[str] | None) -> str:
    seats = _seats(view, names)
    played = ", ".join(f"{seats.name(s)} {card}" for s, card in view["trick"])
    return f"Trick: {played}" if played else "Trick: nothing played yet"


def board(view: Mapping[str, Any], names: Sequence[str] | None) -> bytes:
    return _draw(view, names, [trick_line(view, names)])


def hand(view: Mapping[str, Any], names: Sequence[str] | None) -> bytes:
    if "hand" not in view:
        raise ValueError("a public view has no hand")
    return _draw(view, names, [trick_line(view, names), "Your hand: " + ", ".join(map(str, view["hand"]))])


def final(view: Mapping[str, Any], names: Sequence[str] | None) -> bytes:
    if view["result"] is None:
        raise ValueError("the game is not over")
    seats = _seats(view, names)
    ranking = view["result"]["ranking"]
    order = sorted(range(len(ranking)), key=lambda s: ranking[s])
    return _draw(view, names, [f"{ranking[s]}. {seats.name(s)}" for s in order])
