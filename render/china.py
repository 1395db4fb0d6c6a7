"""Pictures of China (Schacht), drawn from a view (``bot/games/china/schema.py``) only.

``board`` is the public table: the map with houses, fortifications and emissaries, the cards on the
table and one panel per player. ``hand`` is one player's private picture, ``final`` the final scores.
All geometry comes from the board data file; the static map (regions, roads) is drawn once per board
side at twice the size and scaled down, since Pillow's polygons and lines are not antialiased.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from PIL import Image, ImageDraw

from bot.games.china.data import board_json
from render import theme
from render.theme import INK, MUTED, RGB, Seats

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView, PlayerView

WIDTH = 1200
MARGIN = 20
GAP = 12
HEADER_H = 84
CARDS_H = 170
PLAYER_H = 156
LEGEND_H = 30
SUPER = 2  # the static map is drawn at this factor, then scaled down

# Region cards and map fills. The cards are strong, the map pastel so badges stay readable on it; a
# card always carries its colour's name as well, so colour is never the only cue.
CARD_FILL: dict[str, RGB] = {
    "red": (196, 58, 48),
    "yellow": (232, 192, 40),
    "green": (56, 146, 72),
    "orange": (236, 128, 28),
    "purple": (124, 68, 160),
}
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
LEAD_BACK: RGB = (255, 243, 205)
DRAGON_R = 22  # the dragon disc
EMISSARY_D = 18  # an emissary's badge
SLOT_R = 34  # emissary badges sit on this ring around the dragon


# -- who is who -------------------------------------------------------------------------------------
# -- the map ------------------------------------------------------------------------------------------
@cache
def _frame() -> tuple[float, float, float]:
    """Map origin and scale: the map outline's bounding box, padded, fills the picture's width."""
    outline = cast("list[list[int]]", board_json()["map_outline"])
    x0 = min(p[0] for p in outline) - 14
    x1 = max(p[0] for p in outline) + 14
    y0 = min(p[1] for p in outline) - 14
    return x0, y0, (WIDTH - 2 * MARGIN) / (x1 - x0)


def _map_height() -> int:
    outline = cast("list[list[int]]", board_json()["map_outline"])
    _, y0, scale = _frame()
    return round((max(p[1] for p in outline) + 14 - y0) * scale)


def _at(xy: Sequence[float], top: int, factor: int = 1) -> tuple[float, float]:
    x0, y0, scale = _frame()
    return ((xy[0] - x0) * scale * factor + MARGIN * factor, (xy[1] - y0) * scale * factor + top * factor)


def _geometry() -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    data = board_json()
    return cast("list[dict[str, Any]]", data["regions"]), cast("dict[str, dict[str, Any]]", data["house_spaces"])


@cache
def _base_map(side: str) -> Image.Image:
    """Regions, the two non-playable features and the roads of one side (cached, antialiased)."""
    data = board_json()
    height = _map_height()
    big = Image.new("RGB", (WIDTH * SUPER, height * SUPER), theme.BACKGROUND)
    draw = ImageDraw.Draw(big)
    regions, spaces = _geometry()
    for feature in cast("list[dict[str, Any]]", data["features"]):
        draw.polygon([_at(p, 0, SUPER) for p in feature["polygon"]], fill=FEATURE_FILL)
    for region in regions:
        draw.polygon([_at(p, 0, SUPER) for p in region["polygon"]], fill=MAP_FILL[region["color"]])
    for shape in [*(f["polygon"] for f in cast("list[dict[str, Any]]", data["features"])),
                  *(r["polygon"] for r in regions)]:
        points = [_at(p, 0, SUPER) for p in shape]
        draw.line([*points, points[0]], fill=INK, width=3 * SUPER, joint="curve")
    roads = cast("dict[str, list[list[str]]]", data["roads"])[side]
    for a, b in roads:
        draw.line([_at(spaces[a]["xy"], 0, SUPER), _at(spaces[b]["xy"], 0, SUPER)], fill=ROAD, width=5 * SUPER)
    image = big.resize((WIDTH, height), Image.Resampling.LANCZOS)
    draw = ImageDraw.Draw(image)
    for feature in cast("list[dict[str, Any]]", data["features"]):
        xs = [p[0] for p in feature["polygon"]]
        ys = [p[1] for p in feature["polygon"]]
        centre = _at(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), 0)
        theme.draw_text(draw, centre, feature["name"].split()[0], 16, MUTED, anchor="mm")
    for alliance in cast("list[dict[str, Any]]", data["alliances"]):
        theme.paste_centered(image, theme.token(str(alliance["number"]), 30), _at(alliance["xy"], 0))
    return image


def _draw_map(image: Image.Image, view: ChinaView, seats: Seats, top: int) -> None:
    image.paste(_base_map(view["board_side"]), (0, top))
    draw = ImageDraw.Draw(image)
    regions, geometry = _geometry()
    last = view["last_placement"]
    placed = set(last["spaces"]) if last else set()
    for space in view["spaces"]:
        x, y = _at(geometry[space["id"]]["xy"], top)
        if space["fortified"]:
            draw.rounded_rectangle((x - 23, y - 23, x + 23, y + 23), radius=6, fill=FORT)
        if space["id"] in placed:
            draw.ellipse((x - 26, y - 26, x + 26, y + 26), outline=theme.ACCENT, width=5)
        if space["house"] is not None:
            theme.draw_badge(image, seats.colour(space["house"]), (x, y), 38)
        elif space["fortified"]:
            theme.draw_text(draw, (x, y), "F", 22, theme.WHITE, anchor="mm", bold=True)
        else:
            draw.ellipse((x - 16, y - 16, x + 16, y + 16), fill=theme.WHITE, outline=ROAD, width=2)
            label = space["id"].lstrip("abcdefghijklmnopqrstuvwxyz")
            theme.draw_text(draw, (x, y), label, 18, INK, anchor="mm")
    by_id = {r["id"]: r for r in regions}
    for region in view["regions"]:
        geo = by_id[region["id"]]
        _draw_dragon(image, draw, region["emissaries"], region["cap"], _at(geo["dragon_xy"], top),
                     _slots(region["id"]), seats, bool(last and last["region"] == region["id"] and last["emissaries"]))
        lx, ly = _at(geo["label_xy"], top)
        if region["scored"]:
            width = theme.text_width(region["name"], 22, bold=True) + 22
            draw.rounded_rectangle((lx - width / 2, ly - 15, lx + width / 2, ly + 15), radius=15,
                                   fill=SCORED_FILL, outline=theme.LEAD_EDGE, width=2)
            theme.draw_text(draw, (lx, ly), region["name"], 22, INK, anchor="mm", bold=True)
        else:
            theme.draw_text(draw, (lx, ly), region["name"], 22, INK, anchor="mm", bold=True, outline=theme.PANEL)


def _draw_dragon(image: Image.Image, draw: ImageDraw.ImageDraw, emissaries: list[int], cap: int,
                 centre: tuple[float, float], slots: list[tuple[float, float]], seats: Seats,
                 highlight: bool) -> None:
    """The dragon space: emissaries present / the cap, one small badge per emissary around it."""
    x, y = centre
    if highlight:
        draw.ellipse((x - 46, y - 46, x + 46, y + 46), outline=theme.ACCENT, width=4)
    draw.ellipse((x - DRAGON_R, y - DRAGON_R, x + DRAGON_R, y + DRAGON_R), fill=DRAGON, outline=DRAGON_RING,
                 width=3)
    theme.draw_text(draw, (x, y), f"{sum(emissaries)}/{cap}", 19, theme.HEADER_INK, anchor="mm", bold=True)
    marks = [seat for seat, n in enumerate(emissaries) for _ in range(n)]
    for seat, (dx, dy) in zip(marks, slots, strict=False):
        theme.draw_badge(image, seats.colour(seat), (x + dx, y + dy), EMISSARY_D)


@cache
def _slots(region_id: str) -> list[tuple[float, float]]:
    """Offsets of the emissary badges around a dragon: places on a ring, clockwise from the start of
    the arc with the most room (away from houses, the region's name and alliance numbers). The order
    is fixed, so a new emissary never moves the others."""
    regions, spaces = _geometry()
    region = next(r for r in regions if r["id"] == region_id)
    alliances = cast("list[dict[str, Any]]", board_json()["alliances"])
    cx, cy = _at(region["dragon_xy"], 0)
    lx, ly = _at(region["label_xy"], 0)
    half = theme.text_width(region["name"], 22, bold=True) / 2 + 11
    r = EMISSARY_D / 2

    def room(px: float, py: float) -> float:
        house = min(math.dist((px, py), _at(h["xy"], 0)) for h in spaces.values()) - 19 - r
        label = math.hypot(max(abs(px - lx) - half, 0), max(abs(py - ly) - 15, 0)) - r
        token = min(math.dist((px, py), _at(a["xy"], 0)) for a in alliances) - 15 - r
        return min(house, label, token)

    ring = [(SLOT_R * math.cos(a), SLOT_R * math.sin(a))
            for a in (2 * math.pi * k / 12 - math.pi / 2 for k in range(12))]
    rooms = [room(cx + dx, cy + dy) for dx, dy in ring]
    # The cap never exceeds the region's house spaces: keep that many badges together on the roomiest arc.
    arc = len(region["house_spaces"])
    start = max(range(12), key=lambda k: (min(rooms[(k + i) % 12] for i in range(arc)), -k))
    return [ring[(start + i) % 12] for i in range(12)]


# -- cards --------------------------------------------------------------------------------------------
def _card(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: str, size: int = 20) -> None:
    fill = CARD_FILL[colour]
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=3)
    if size:  # 0: a plain swatch (a count is written on it instead)
        ink = INK if colour in ("yellow", "orange") else theme.WHITE
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        theme.draw_text(draw, (cx, cy), colour.upper(), size, ink, anchor="mm", bold=True)


def _draw_cards(image: Image.Image, view: ChinaView, top: int) -> None:
    draw = ImageDraw.Draw(image)
    theme.panel(draw, (MARGIN, top, WIDTH - MARGIN, top + CARDS_H))
    theme.draw_text(draw, (MARGIN + 16, top + 22), "Face-up cards", 20, MUTED, anchor="lm")
    x = MARGIN + 16
    for colour in view["display"]:
        _card(draw, (x, top + 40, x + 118, top + CARDS_H - 14), colour, 20)
        x += 128
    if not view["display"]:
        theme.draw_text(draw, (x, top + 96), "none left", 24, MUTED, anchor="lm")
    # The deck: a card back with its size.
    dx = MARGIN + 16 + 4 * 128 + 24
    theme.draw_text(draw, (dx, top + 22), "Deck", 20, MUTED, anchor="lm")
    draw.rounded_rectangle((dx, top + 40, dx + 100, top + CARDS_H - 14), radius=10, fill=theme.TOKEN_BACK,
                           outline=INK, width=3)
    theme.draw_text(draw, (dx + 50, top + 98), str(view["deck_count"]), 40, theme.WHITE, anchor="mm", bold=True)
    runs = view["exhaustions"]
    status = "final round" if view["final_round"] else ("ran out once" if runs == 1 else "")
    if status:
        theme.draw_text(draw, (dx + 112, top + 60), status, 24, theme.HEADER, anchor="lm", bold=True)
    # Discard and removed cards, per colour.
    sx = dx + 112
    theme.draw_text(draw, (sx, top + 96), "Discards", 20, MUTED, anchor="lm")
    theme.draw_text(draw, (sx, top + 134), "Out of game", 20, MUTED, anchor="lm")
    cx = sx + 130
    for swatch in CARD_FILL:
        _card(draw, (cx, top + 80, cx + 64, top + 112), swatch, 0)
        _count(draw, (cx + 32, top + 96), view["discard"][swatch], swatch)
        _card(draw, (cx, top + 118, cx + 64, top + 150), swatch, 0)
        _count(draw, (cx + 32, top + 134), view["removed"][swatch], swatch)
        cx += 74


def _count(draw: ImageDraw.ImageDraw, centre: tuple[float, float], n: int, colour: str) -> None:
    ink = INK if colour in ("yellow", "orange") else theme.WHITE
    theme.draw_text(draw, centre, str(n), 22, ink, anchor="mm", bold=True)


# -- players ------------------------------------------------------------------------------------------
def _draw_players(image: Image.Image, view: ChinaView, seats: Seats, top: int) -> None:
    draw = ImageDraw.Draw(image)
    players = view["players"]
    n = len(players)
    width = (WIDTH - 2 * MARGIN - GAP * (n - 1)) // n
    for i, player in enumerate(players):
        x0 = MARGIN + i * (width + GAP)
        _draw_player(image, draw, view, player, seats, (x0, top + 14, x0 + width, top + PLAYER_H))


def _draw_player(image: Image.Image, draw: ImageDraw.ImageDraw, view: ChinaView, player: PlayerView,
                 seats: Seats, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, _ = box
    seat = player["seat"]
    to_play = view["active"] == seat
    if player["resigned"]:
        theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
    elif to_play:
        theme.panel(draw, box, fill=LEAD_BACK, outline=INK, width=4)
    else:
        theme.panel(draw, box)
    theme.draw_badge(image, seats.colour(seat), (x0 + 30, y0 + 34), 44)
    name_w = x1 - x0 - 70 - 70
    theme.draw_text(draw, (x0 + 60, y0 + 34), theme.ellipsize(seats.name(seat), 24, name_w, bold=True), 24, INK,
                    anchor="lm", bold=True)
    theme.draw_text(draw, (x1 - 14, y0 + 34), str(player["score"]), 40, INK, anchor="rm", bold=True)
    fort = " +F" if player["fortifications"] else ""
    supply = f"Houses {player['houses']} · Envoys {player['emissaries']}{fort}"
    theme.draw_text(draw, (x0 + 14, y0 + 82), theme.ellipsize(supply, 20, x1 - x0 - 28), 20, INK, anchor="lm")
    theme.draw_text(draw, (x0 + 14, y0 + 114), f"Cards {player['hand_count']}", 20, MUTED, anchor="lm")
    if view["start_seat"] == seat:
        theme.draw_text(draw, (x1 - 14, y0 + 114), "Emperor", 20, theme.HEADER, anchor="rm", bold=True)
    tag = "RESIGNED" if player["resigned"] else ("TO PLAY" if to_play else None)
    if tag is not None:
        _pill(draw, ((x0 + x1) // 2, y0), tag, 16, theme.CLOSED_INK if player["resigned"] else INK, theme.LEAD)


def _pill(draw: ImageDraw.ImageDraw, centre: tuple[int, int], text: str, size: int, fill: RGB, ink: RGB) -> None:
    width = theme.text_width(text, size, bold=True) + size + 8
    height = size + 10
    x, y = centre
    draw.rounded_rectangle((x - width // 2, y - height // 2, x + width // 2, y + height // 2), radius=height // 2,
                           fill=fill)
    theme.draw_text(draw, (x, y), text, size, ink, anchor="mm", bold=True)


# -- header -------------------------------------------------------------------------------------------
def _status(view: ChinaView, seats: Seats) -> str:
    result = view["result"]
    if view["phase"] == "over" or view["active"] is None:
        if result is None:
            return "Game over"
        ranking = cast("list[int]", result["ranking"])
        winners = [seats.name(s) for s, place in enumerate(ranking) if place == 1]
        return f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    who = seats.name(view["active"])
    if view["phase"] == "refill":
        owed = view["draws_owed"]
        return f"{who} draws {owed} more card{'s' if owed != 1 else ''}"
    return f"{who} to play"


def _draw_header(image: Image.Image, title: str, status: str) -> None:
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width, HEADER_H), fill=theme.HEADER)
    theme.draw_text(draw, (MARGIN, HEADER_H // 2), title, 36, theme.HEADER_INK, anchor="lm", bold=True)
    left = MARGIN + theme.text_width(title, 36, bold=True) + 28
    theme.draw_text(draw, (image.width - MARGIN, HEADER_H // 2),
                    theme.ellipsize(status, 30, image.width - MARGIN - left, bold=True), 30, theme.HEADER_INK,
                    anchor="rm", bold=True)


# -- the three pictures -------------------------------------------------------------------------------
def draw_board(view: ChinaView, seats: Seats) -> Image.Image:
    map_h = _map_height()
    map_top = HEADER_H + GAP
    cards_top = map_top + map_h + LEGEND_H
    players_top = cards_top + CARDS_H + GAP
    image = theme.canvas(WIDTH, players_top + PLAYER_H + MARGIN)
    side = "3-4 side" if view["board_side"] == "3-4" else "4-5 side"
    _draw_header(image, "China", _status(view, seats))
    _draw_map(image, view, seats, map_top)
    draw = ImageDraw.Draw(image)
    legend = f"{side} · n/m at a dragon: emissaries / most houses of one player · gold name: scored"
    if view["options"]["fortifications"]:
        legend += " · dark square: fortification"
    theme.draw_text(draw, (WIDTH / 2, map_top + map_h + LEGEND_H / 2 - 2),
                    theme.ellipsize(legend, 18, WIDTH - 2 * MARGIN), 18, MUTED, anchor="mm")
    _draw_cards(image, view, cards_top)
    _draw_players(image, view, seats, players_top)
    return image


def draw_hand(view: ChinaView, seats: Seats) -> Image.Image:
    hand = view["hand"]
    viewer = view["viewer"]
    assert hand is not None and viewer is not None
    width, height = 1000, HEADER_H + 420
    image = theme.canvas(width, height)
    _draw_header(image, "Your cards", seats.name(viewer))
    draw = ImageDraw.Draw(image)
    regions: dict[str, list[str]] = {}
    for region in view["regions"]:
        regions.setdefault(region["color"], []).append(region["name"])
    top = HEADER_H + 24
    for i, colour in enumerate(hand):
        x = MARGIN + 10 + i * 230
        _card(draw, (x, top, x + 210, top + 250), colour, 30)
        theme.draw_text(draw, (x + 105, top + 274), " / ".join(regions[colour]), 24, INK, anchor="mm", bold=True)
        if hand.count(colour) >= 2:  # two alike pay for a piece in any region of another colour
            theme.draw_text(draw, (x + 105, top + 302), "pair: wild", 20, MUTED, anchor="mm")
    if not hand:
        theme.draw_text(draw, (MARGIN + 10, top + 120), "No cards in hand", 30, MUTED, anchor="lm")
    me = view["players"][viewer]
    px = MARGIN + 10 + 3 * 230 + 10
    theme.panel(draw, (px, top, width - MARGIN, top + 330))
    theme.draw_badge(image, seats.colour(viewer), (px + 34, top + 36), 44)
    theme.draw_text(draw, (width - MARGIN - 16, top + 36), str(me["score"]), 40, INK, anchor="rm", bold=True)
    lines = [f"Houses {me['houses']}", f"Emissaries {me['emissaries']}"]
    if view["options"]["fortifications"]:
        lines.append(f"Fortification {me['fortifications']}")
    for k, line in enumerate(lines):
        theme.draw_text(draw, (px + 16, top + 96 + 40 * k), line, 26, INK, anchor="lm")
    status = "Your turn" if view["active"] == viewer and view["phase"] == "action" else (
        f"Draw {view['draws_owed']} more" if view["active"] == viewer else "")
    if status:
        theme.draw_text(draw, (px + 16, top + 300), status, 26, theme.HEADER, anchor="lm", bold=True)
    # The face-up cards, since the refill and the exchange choose among them.
    y = top + 350
    theme.draw_text(draw, (MARGIN + 10, y + 22), "Face-up:", 22, MUTED, anchor="lm")
    x = MARGIN + 110
    for colour in view["display"]:
        _card(draw, (x, y, x + 110, y + 44), colour, 18)
        x += 120
    theme.draw_text(draw, (width - MARGIN, y + 22), f"Deck {view['deck_count']}", 24, INK, anchor="rm", bold=True)
    return image


def draw_final(view: ChinaView, seats: Seats) -> Image.Image:
    result = view["result"]
    assert result is not None
    ranking = cast("list[int]", result["ranking"])
    scores = cast("list[int]", result["scores"])
    parts = cast("list[dict[str, Any]]", result["breakdown"])
    order = sorted(range(len(ranking)), key=lambda s: (ranking[s], s))
    row_h = 96
    width = 1000
    image = theme.canvas(width, HEADER_H + GAP + row_h * len(order) + 70 + MARGIN)
    reasons = {"normal": "the deck ran out twice", "no_pieces": "no more pieces could be placed",
               "resignation": "too few players were left"}
    _draw_header(image, "China: final scores", reasons.get(str(result["reason"]), str(result["reason"])))
    draw = ImageDraw.Draw(image)
    y = HEADER_H + GAP
    for seat in order:
        player = view["players"][seat]
        box = (MARGIN, y, width - MARGIN, y + row_h - 8)
        if player["resigned"]:
            theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
        else:
            theme.panel(draw, box, fill=LEAD_BACK if ranking[seat] == 1 else theme.PANEL)
        mid = y + (row_h - 8) // 2
        theme.draw_text(draw, (MARGIN + 16, mid), theme.ordinal(ranking[seat]), 32, INK, anchor="lm", bold=True)
        theme.draw_badge(image, seats.colour(seat), (MARGIN + 110, mid), 48)
        name = seats.name(seat) + (" (resigned)" if player["resigned"] else "")
        theme.draw_text(draw, (MARGIN + 148, mid - 16), theme.ellipsize(name, 26, 360, bold=True), 26, INK,
                        anchor="lm", bold=True)
        part = parts[seat]
        detail = (f"regions {part['regions']} · alliances {part['alliances']} · roads {part['roads']}"
                  f" · pieces left {part['tiebreak']['supply']}")
        theme.draw_text(draw, (MARGIN + 148, mid + 20), theme.ellipsize(detail, 20, 640), 20, MUTED, anchor="lm")
        theme.draw_text(draw, (width - MARGIN - 20, mid), str(scores[seat]), 44, INK, anchor="rm", bold=True)
        y += row_h
    theme.draw_text(draw, (width / 2, y + 30), "Ties are broken by the most pieces left in supply.", 20, MUTED,
                    anchor="mm")
    return image


def board(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG. Reads no hidden field: a seat's own view gives the same picture."""
    v = cast("ChinaView", view)
    return theme.to_png(draw_board(v, Seats.in_order(v["num_players"], names)))


def hand(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture: their cards (with the regions each pays for), supply and score."""
    v = cast("ChinaView", view)
    if v["hand"] is None or v["viewer"] is None:
        raise ValueError("hand() needs a player's own view; this one is public")
    return theme.to_png(draw_hand(v, Seats.in_order(v["num_players"], names)))


def final(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """Final scores: places, totals and each player's regions, alliances, roads and pieces left."""
    v = cast("ChinaView", view)
    if v["result"] is None:
        raise ValueError("final() needs a finished game's view")
    return theme.to_png(draw_final(v, Seats.in_order(v["num_players"], names)))


__all__ = ["board", "final", "hand"]
