"""China's map: regions, roads and alliances drawn once per board side (cached), then houses,
fortifications, free spaces with their numbers, dragons and region names. All geometry comes from the
board data file; the static map is drawn at twice the size and scaled down, since Pillow's polygons and
lines are not antialiased."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from bot.games.base.language import code, mark, tr
from bot.games.china.data import BoardDocument, board_json
from render import theme
from render.china.common import CAPTION, KEY, MARGIN, WIDTH
from render.theme import INK, MUTED, RGB, Seats

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView

SUPER = 2  # the static map is drawn at this factor, then scaled down
# The map is pastel, so badges and numbers stay readable on it.
MAP_FILL: dict[str, RGB] = {
    "red": (236, 176, 160),
    "yellow": (242, 226, 150),
    "green": (182, 214, 168),
    "orange": (244, 200, 140),
    "purple": (208, 184, 222),
}
FEATURE_FILL: RGB = (206, 198, 182)
ROAD: RGB = (128, 104, 78)
FORT: RGB = (58, 62, 84)  # a fortification: a dark square under the space
DRAGON: RGB = theme.HEADER
DRAGON_RING: RGB = (214, 170, 60)
SCORED_FILL: RGB = theme.LEAD
SPACE_R = 24  # a free house space: a disc with its number
HOUSE_D = 46  # a house: the owner's badge
FORT_HALF = 27  # a fortification: a dark square under the space
DRAGON_R = 28  # the dragon disc, "placed/allowed" emissaries on it
# The two features' names as the map writes them (the first word of the board file's names).
FEATURE_NAMES = (mark("Qinling"), mark("Mengzhu"))


def map_data() -> BoardDocument:
    """The board file, whose geometry the map draws."""
    return board_json()


@cache
def _frame() -> tuple[float, float, float]:
    """Map origin and scale: the map outline's bounding box, padded, fills the picture's width."""
    outline = map_data()["map_outline"]
    x0 = min(p[0] for p in outline) - 14
    x1 = max(p[0] for p in outline) + 14
    y0 = min(p[1] for p in outline) - 14
    return x0, y0, (WIDTH - 2 * MARGIN) / (x1 - x0)


def map_height() -> int:
    outline = map_data()["map_outline"]
    _, y0, scale = _frame()
    return round((max(p[1] for p in outline) + 14 - y0) * scale)


def _at(xy: Sequence[float], top: int, factor: int = 1) -> tuple[float, float]:
    x0, y0, scale = _frame()
    return ((xy[0] - x0) * scale * factor + MARGIN * factor, (xy[1] - y0) * scale * factor + top * factor)


def point(xy: Sequence[float], top: int = 0) -> tuple[float, float]:
    """Where a board-file point lands on a picture whose map starts at ``top`` (for close-ups, render/crops)."""
    return _at(xy, top)


def region_outline(region_id: str) -> list[tuple[float, float]]:
    """A region's border on the map picture (top 0); KeyError for an unknown region."""
    regions, _ = _geometry()
    found = next((r for r in regions if r["id"] == region_id), None)
    if found is None:
        raise KeyError(region_id)
    return [_at(p, 0) for p in found["polygon"]]


def _geometry() -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    data = map_data()
    return data["regions"], data["house_spaces"]


@cache
def _base_map(side: str, language: str) -> Image.Image:
    """Regions, the two non-playable features and the roads of one side (cached per side and language,
    antialiased)."""
    data = map_data()
    height = map_height()
    big = Image.new("RGB", (WIDTH * SUPER, height * SUPER), theme.BACKGROUND)
    draw = ImageDraw.Draw(big)
    regions, spaces = _geometry()
    for feature in data["features"]:
        draw.polygon([_at(p, 0, SUPER) for p in feature["polygon"]], fill=FEATURE_FILL)
    for region in regions:
        draw.polygon([_at(p, 0, SUPER) for p in region["polygon"]], fill=MAP_FILL[region["color"]])
    for shape in [*(f["polygon"] for f in data["features"]),
                  *(r["polygon"] for r in regions)]:
        points = [_at(p, 0, SUPER) for p in shape]
        draw.line([*points, points[0]], fill=INK, width=3 * SUPER, joint="curve")
    roads = data["roads"][side]
    for a, b in roads:
        draw.line([_at(spaces[a]["xy"], 0, SUPER), _at(spaces[b]["xy"], 0, SUPER)], fill=ROAD, width=5 * SUPER)
    image = big.resize((WIDTH, height), Image.Resampling.LANCZOS)
    draw = ImageDraw.Draw(image)
    for feature in data["features"]:
        xs = [p[0] for p in feature["polygon"]]
        ys = [p[1] for p in feature["polygon"]]
        centre = _at(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), 0)
        theme.draw_legend(draw, centre, tr(feature["name"].split()[0]), CAPTION, MUTED, anchor="mm")
    for alliance in data["alliances"]:
        # An alliance's number only orders the final scoring; the border it sits on is what counts.
        theme.draw_token(image, str(alliance["number"]), 48, _at(alliance["xy"], 0), key=False)
    return image


def draw_map(image: Image.Image, view: ChinaView, seats: Seats, top: int) -> None:
    theme.paste_layer(image, _base_map(view["board_side"], code()), (0, top))
    draw = ImageDraw.Draw(image)
    regions, geometry = _geometry()
    last = view["last_placement"]
    placed = set(last["spaces"]) if last else set()
    for space in view["spaces"]:
        x, y = _at(geometry[space["id"]]["xy"], top)
        label = space["id"].lstrip("abcdefghijklmnopqrstuvwxyz")
        if space["id"] in placed:
            ring = FORT_HALF + 5 if space["fortified"] else SPACE_R + 5
            draw.ellipse((x - ring, y - ring, x + ring, y + ring), outline=theme.ACCENT, width=5)
        if space["fortified"]:
            f = FORT_HALF
            draw.rounded_rectangle((x - f, y - f, x + f, y + f), radius=6, fill=FORT)
        if space["house"] is not None:
            theme.draw_badge(image, seats.colour(space["house"]), (x, y), HOUSE_D)
        elif space["fortified"]:  # still free: its number, white on the fortification
            theme.draw_key(draw, (x, y), label, KEY, theme.WHITE, anchor="mm", bold=True)
        else:
            r = SPACE_R
            draw.ellipse((x - r, y - r, x + r, y + r), fill=theme.WHITE, outline=ROAD, width=2)
            theme.draw_key(draw, (x, y + 1), label, KEY, INK, anchor="mm")
    by_id = {r["id"]: r for r in regions}
    for region in view["regions"]:
        geo = by_id[region["id"]]
        _draw_dragon(draw, region["emissaries"], region["cap"], _at(geo["dragon_xy"], top),
                     emissaries_placed(view, region["id"]))
        lx, ly = _at(geo["label_xy"], top)
        name = tr(region["name"])
        if region["scored"]:
            width = theme.text_width(name, KEY, bold=True) + 24
            draw.rounded_rectangle((lx - width / 2, ly - 19, lx + width / 2, ly + 19), radius=19,
                                   fill=SCORED_FILL, outline=theme.LEAD_EDGE, width=2)
            theme.draw_key(draw, (lx, ly), name, KEY, INK, anchor="mm", bold=True)
        else:
            theme.draw_key(draw, (lx, ly), name, KEY, INK, anchor="mm", bold=True, outline=theme.PANEL)


def emissaries_placed(view: ChinaView, region: str) -> bool:
    last = view["last_placement"]
    return bool(last and last["region"] == region and last["emissaries"])


def _draw_dragon(draw: ImageDraw.ImageDraw, emissaries: list[int], cap: int, centre: tuple[float, float],
                 highlight: bool) -> None:
    """The dragon space: emissaries placed / allowed; who placed them is in the dragons panel."""
    x, y = centre
    if highlight:
        ring = DRAGON_R + 8
        draw.ellipse((x - ring, y - ring, x + ring, y + ring), outline=theme.ACCENT, width=5)
    r = DRAGON_R
    draw.ellipse((x - r, y - r, x + r, y + r), fill=DRAGON, outline=DRAGON_RING, width=3)
    theme.draw_key(draw, (x, y), f"{sum(emissaries)}/{cap}", KEY, theme.HEADER_INK, anchor="mm", bold=True)
