"""Annotated pictures for ``/rules``: numbered markers on a board and, under it, a legend numbering the same
texts.

``annotate(png, callouts)`` is pure (PNG bytes in, PNG bytes out) and knows no game. ``callouts(key, view,
size)`` says where to point on a game's public board: it reads the renderers' own geometry (band heights,
panel sizes, the China map transform, the Chinatown lot layout) so the markers follow their layout, and
falls back to fractions of the picture where a renderer exposes nothing. Markers are kept inside the picture.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from PIL import Image, ImageDraw

from bot.games.base.language import tr
from render import sun_tzu as sun_tzu_render
from render import theme
from render.china import board_map as china_map
from render.china import common as china_common
from render.china import table as china_table
from render.chinatown import common as chinatown_common
from render.chinatown import table as chinatown_table
from render.great_wall import geometry as wall_geometry
from render.great_wall import players as wall_players
from render.great_wall import table as wall_table

MARKER = 52  # px on a 1200 px-wide picture: as large as a player's badge, so it reads on a phone
LEGEND_SIZE = 28  # the key size: the legend is what the picture is for
LEGEND_LINE = 48
MARKER_FILL: theme.RGB = (24, 24, 28)  # near black with a white ring: no player's colour, reads on every panel
SUPERSAMPLE = 4


@dataclass(frozen=True)
class Callout:
    """A point on the picture (px) and the words its number stands for in the legend."""

    x: float
    y: float
    text: str


def annotate(png: bytes, callouts: Sequence[Callout]) -> bytes:
    """``png`` with callout n drawn as marker n+1 at its point, and a legend band under the picture."""
    board = Image.open(io.BytesIO(png)).convert("RGB")
    width = board.width
    diameter = round(MARKER * width / theme.REFERENCE_WIDTH)
    size = max(theme.minimum("key", width), round(LEGEND_SIZE * width / theme.REFERENCE_WIDTH))
    line = round(LEGEND_LINE * width / theme.REFERENCE_WIDTH)
    pad = round(20 * width / theme.REFERENCE_WIDTH)
    image = theme.canvas(width, board.height + 2 * pad + line * len(callouts))
    image.paste(board, (0, 0))
    half = diameter / 2 + 2
    for number, callout in enumerate(callouts, start=1):
        x = min(max(callout.x, half), width - half)
        y = min(max(callout.y, half), board.height - half)
        theme.paste_centered(image, marker(str(number), diameter), (x, y))
    draw = ImageDraw.Draw(image)
    top = board.height
    draw.rectangle((0, top, width, image.height), fill=theme.PANEL)
    draw.line((0, top, width, top), fill=theme.PANEL_EDGE, width=3)
    small = round(diameter * 0.8)
    for i, callout in enumerate(callouts):
        mid = top + pad + line * i + line // 2
        theme.paste_centered(image, marker(str(i + 1), small), (pad + small / 2, mid))
        left = pad + small + pad // 2
        text = theme.ellipsize(theme.printable(callout.text), size, width - left - pad)
        theme.draw_key(draw, (left, mid), text, size, theme.INK, anchor="lm")
    return theme.to_png(image)


def marker(label: str, diameter: int) -> Image.Image:
    """A round numbered marker, RGBA: a white ring around a dark disc, drawn large then reduced (smooth)."""
    big = diameter * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, big - 1, big - 1), fill=MARKER_FILL)
    ring = round(big * 0.07)
    draw.ellipse((ring, ring, big - 1 - ring, big - 1 - ring), fill=theme.WHITE)
    inner = round(big * 0.14)
    draw.ellipse((inner, inner, big - 1 - inner, big - 1 - inner), fill=MARKER_FILL)
    text_size = round(big * 0.5)
    theme.draw_text(draw, (big / 2, big / 2), label, text_size, theme.WHITE, anchor="mm", bold=True)
    return image.resize((diameter, diameter), Image.Resampling.LANCZOS)


# -- where to point, per game ----------------------------------------------------------------------------
Spots = Callable[[Mapping[str, Any], tuple[int, int]], list[Callout]]


def _after_title(title: str, size: int, margin: int, mid: float) -> tuple[float, float]:
    """Just right of a left-aligned title in a title band, where the band is empty."""
    return margin + theme.text_width(title, size, bold=True) + MARKER * 0.75, mid


def _china(view: Mapping[str, Any], size: tuple[int, int]) -> list[Callout]:
    _, height = size
    margin, map_top = china_common.MARGIN, china_table.HEADER_H + china_common.GAP
    board = cast("dict[str, Any]", china_map.board_json())
    # The region with the most emissaries shows a dragon at work; a free space elsewhere, a space.
    busiest = max(view["regions"], key=lambda r: (sum(r["emissaries"]), sum(r["houses"]), r["id"]))
    dragon = next(r["dragon_xy"] for r in board["regions"] if r["id"] == busiest["id"])
    dx, dy = china_map._at(dragon, map_top)
    free = next((s["id"] for s in view["spaces"] if s["house"] is None and s["region"] != busiest["id"]),
                view["spaces"][0]["id"])
    sx, sy = china_map._at(board["house_spaces"][free]["xy"], map_top)
    players_top = height - margin - china_table.PLAYER_H
    cards_top = players_top - china_common.GAP - china_table.CARDS_H
    return [
        Callout(*_after_title("China", 36, margin, china_common.TITLE_H / 2),
                tr("Whose turn, what they must do now (right) and the last move (below)")),
        Callout(dx + china_map.DRAGON_R + 24, dy + 6,
                tr("A region's dragon: emissaries placed / allowed there")),
        Callout(sx + china_map.SPACE_R + 12, sy - china_map.SPACE_R - 8,
                tr("A free house space (a badge on a space is a player's house)")),
        # On the top edges of the panels, between their labels.
        Callout(margin + 460, cards_top, tr("The face-up cards and the deck you draw from")),
        Callout(margin + 250, players_top, tr("Each player: points, houses, emissaries, cards in hand")),
    ]


def _great_wall(view: Mapping[str, Any], size: tuple[int, int]) -> list[Callout]:
    width, height = size
    margin = wall_geometry.MARGIN
    top = wall_table.HEADER_H + (wall_table.LAST_ROUND_H if view["last_round"] else 0) + wall_geometry.GAP
    section = top + 22  # the first section: its number and markers on the left, then each player's block
    first_card = wall_table.LINES_X + wall_table.CARDS_DX
    return [
        # The second line of the title band ends early on the right (the supply is on the first).
        Callout(width - margin - 30, 84, tr("The top band: whose turn, the actions left, the last move")),
        Callout(margin + 14, section, tr("A section of the wall and the markers still to win there")),
        Callout(wall_table.LINES_X + wall_table.PROGRESS_W - 6, section - 8,
                tr("A player's progress in that section: gold with a crown when they lead")),
        Callout(first_card + wall_geometry.CARD_W, section - 8,
                tr("Their cards there, with values; a marker on a card counts against its owner")),
        Callout(width / 2 - 60, height - margin - wall_players.PLAYER_H,
                tr("Each player: cards in hand and deck, markers won")),
    ]


def _sun_tzu(view: Mapping[str, Any], size: tuple[int, int]) -> list[Callout]:
    width, _ = size
    r = sun_tzu_render
    track = r.HEADER_H + r.GAP
    provinces = track + r.TRACK_H
    column = (width - 2 * r.MARGIN) / 5
    players = provinces + r.PROVINCE_H + r.GAP
    return [
        # The title band's second line (what the game waits for) leaves its right end free.
        Callout(width - r.MARGIN - 30, 70, tr("The round, and what the game waits for")),
        Callout(width / 2 - 120, track + 20, tr("The score track: the marker moves toward the leading side")),
        Callout(r.MARGIN + 14, provinces + 94,  # on the lower left corner of the value in use
                tr("A province's screen: the value in use now is large and gold")),
        Callout(r.MARGIN + column * 1.5 + 70, provinces + 252,
                tr("The two cards given to a province, face down until its battle")),
        Callout(r.MARGIN + column * 1.5, players, tr("Each player: armies in reserve, aside, on the board; cards")),
    ]


def _chinatown(view: Mapping[str, Any], size: tuple[int, int]) -> list[Callout]:
    t, margin = chinatown_table, chinatown_common.MARGIN
    map_top = chinatown_common.HEADER_H + 4 + t.LAST_H
    lots = view["lots"]
    owned = next((lot["lot"] for lot in lots if lot["owner"] is not None and lot["tile"] is None), None)
    if owned is not None:
        spots = [(owned, tr("A lot a player owns: its number, in the owner's colour"))]
    else:
        spots = [(next((lot["lot"] for lot in lots if lot["owner"] is None), 1), tr("A lot and its number"))]
    built = next((lot["lot"] for lot in lots if lot["tile"] is not None), None)
    if built is not None:
        spots.append((built, tr("A shop, framed in its owner's colour; same shops side by side: a business")))
    callouts = [Callout(*_after_title("Chinatown", 36, margin, chinatown_common.HEADER_H / 2),
                        tr("The year, the phase and whom the game waits for"))]
    for lot, text in spots:
        _, y0, x1, _ = t._lot_box(lot, map_top)
        callouts.append(Callout(x1 - 4, y0 + 4, text))  # the top right corner: the number is top left
    # Above the shop legend, at the free right end of the "Last" line.
    callouts.append(Callout(t.SIDE_X + 24, map_top - 24, tr("The shop types and the size of a complete business")))
    players_top = map_top + t._map_height() + chinatown_common.GAP
    callouts.append(Callout(margin + 260, players_top, tr("Each player: lots, shops, tiles in hand and income now")))
    return callouts


SPOTS: dict[str, Spots] = {
    "china": _china,
    "great_wall": _great_wall,
    "sun_tzu": _sun_tzu,
    "chinatown": _chinatown,
}


def callouts(key: str, view: Mapping[str, Any], size: tuple[int, int]) -> list[Callout]:
    """Where to point on game ``key``'s public board drawn from ``view`` at ``size`` (width, height)."""
    try:
        spots = SPOTS[key]
    except KeyError:
        raise KeyError(f"no callouts for game {key!r}; known: {', '.join(SPOTS)}") from None
    return spots(view, size)
