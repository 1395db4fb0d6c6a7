"""The public table: the six districts with owners, shops and businesses, the legend, the calendar,
one row per player and the open offers. Lot positions come from the board file's drawing layout;
adjacency comes from its adjacency map, never from pixels."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, cast

from PIL import Image, ImageDraw

from bot.games.chinatown.data import BOARD, ZODIAC
from render import theme
from render.chinatown.common import (
    GAP,
    HEADER_H,
    LEAD_BACK,
    MARGIN,
    MAX_OFFERS,
    OFFER_H,
    SHOP_CODE,
    SHOP_FILL,
    WIDTH,
    Seats,
    draw_header,
    draw_offers,
    money,
    open_offers,
    tile,
    year_label,
)
from render.theme import INK, MUTED, RGB, Box

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView, LotView, PlayerView

LOT = 50  # lot square side; lots are 55-69 px apart in the layout
MAP_SHIFT_Y = 130  # layout y of the map's top edge (district numbers sit above the first row)
MAP_H = 640
PLAYER_H = 78
UNOWNED: RGB = (226, 216, 194)
DISTRICT: RGB = (214, 200, 170)


# -- the map ------------------------------------------------------------------------------------------
def _centre(lot: int, top: int) -> tuple[int, int]:
    x, y = BOARD.positions[lot]
    return x, y - MAP_SHIFT_Y + top


def _lot_box(lot: int, top: int, size: int = LOT) -> Box:
    x, y = _centre(lot, top)
    return (x - size // 2, y - size // 2, x + size // 2, y + size // 2)


@cache
def _base_map() -> Image.Image:
    """Districts, streets, the legend and the calendar frame: everything that never changes (cached)."""
    image = Image.new("RGB", (WIDTH, MAP_H), theme.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for number, grid in enumerate(BOARD.districts, start=1):
        lots = [lot for row in grid for lot in row if lot is not None]
        boxes = [_lot_box(lot, 0) for lot in lots]
        frame = (
            min(b[0] for b in boxes) - 10,
            min(b[1] for b in boxes) - 10,
            max(b[2] for b in boxes) + 10,
            max(b[3] for b in boxes) + 10,
        )
        theme.panel(draw, frame, fill=DISTRICT, outline=theme.PANEL_EDGE, radius=10)
        theme.paste_centered(image, theme.token(str(number), 30), (frame[0] + 4, frame[1] + 4))
    # The shop legend, lower left (where the park is on the printed board).
    theme.draw_text(draw, (MARGIN + 8, 372), "Shops (largest business)", 18, MUTED, anchor="lm")
    for i, spec in enumerate(BOARD.shops.values()):
        x, y = MARGIN + 8 + (i // 6) * 190, 404 + (i % 6) * 34
        tile(draw, (x, y - 14, x + 40, y + 14), spec.shop.value, 18)
        theme.draw_text(draw, (x + 48, y), f"{spec.name} ({spec.max_size})", 18, INK, anchor="lm")
    return image


def _draw_calendar(draw: ImageDraw.ImageDraw, view: ChinatownView, top: int) -> None:
    """The Chinese calendar, lower right as on the printed board; the current year stands out."""
    x0, y0 = 1010, top + 360
    for i, animal in enumerate(ZODIAC):
        box = (x0, y0 + i * 40, WIDTH - MARGIN, y0 + i * 40 + 34)
        current = i + 1 == view["round"]
        theme.panel(
            draw,
            box,
            fill=theme.LEAD if current else theme.PANEL,
            outline=theme.LEAD_EDGE if current else theme.PANEL_EDGE,
            radius=8,
            width=3 if current else 1,
        )
        theme.draw_text(
            draw,
            (box[0] + 10, box[1] + 17),
            f"{1965 + i} {animal}",
            20,
            INK if current else MUTED,
            anchor="lm",
            bold=current,
        )


def _connectors(draw: ImageDraw.ImageDraw, view: ChinatownView, seats: Seats, top: int) -> None:
    """Bars across the street-free gaps of each business, so a group reads as one shop chain."""
    for player in view["players"]:
        for business in player["businesses"]:
            lots = set(business["lots"])
            for lot in business["lots"]:
                for neighbour in BOARD.adjacency[lot]:
                    if neighbour > lot and neighbour in lots:
                        a, b = _centre(lot, top), _centre(neighbour, top)
                        draw.line([a, b], fill=seats.fill(player["seat"]), width=18)
                        draw.line([a, b], fill=INK, width=2)


def _complete_lots(view: ChinatownView) -> set[int]:
    return {lot for p in view["players"] for b in p["businesses"] if b["complete"] for lot in b["lots"]}


def _draw_lot(
    image: Image.Image, draw: ImageDraw.ImageDraw, lot: LotView, seats: Seats, top: int, complete: bool
) -> None:
    box = _lot_box(lot["lot"], top)
    owner, shop = lot["owner"], lot["tile"]
    if owner is None:
        draw.rectangle(box, fill=UNOWNED, outline=theme.PANEL_EDGE, width=1)
        theme.draw_text(draw, _centre(lot["lot"], top), str(lot["lot"]), 18, MUTED, anchor="mm")
        return
    draw.rectangle(box, fill=seats.fill(owner), outline=INK, width=1)
    inner = (box[0] + 6, box[1] + 6, box[2] - 6, box[3] - 6)
    if shop is None:
        draw.rectangle(inner, fill=theme.PANEL)
        theme.draw_text(draw, (box[0] + 25, box[1] + 21), str(lot["lot"]), 18, INK, anchor="mm", bold=True)
    else:
        draw.rectangle(inner, fill=SHOP_FILL[shop])
        theme.draw_text(draw, (box[0] + 25, box[1] + 22), SHOP_CODE[shop], 20, INK, anchor="mm", bold=True)
        theme.draw_text(draw, (box[0] + 8, box[1] + 6), str(lot["lot"]), 11, INK, anchor="la")
        if complete:  # a gold corner marks a complete business
            draw.polygon(
                [(box[2] - 1, box[1]), (box[2] - 1, box[1] + 16), (box[2] - 17, box[1])],
                fill=theme.LEAD,
                outline=theme.LEAD_EDGE,
            )
    theme.draw_badge(image, seats.colour(owner), (box[2] - 6, box[3] - 6), 20)


def _draw_map(image: Image.Image, view: ChinatownView, seats: Seats, top: int) -> None:
    image.paste(_base_map(), (0, top))
    draw = ImageDraw.Draw(image)
    _connectors(draw, view, seats, top)
    complete = _complete_lots(view)
    for lot in view["lots"]:
        _draw_lot(image, draw, lot, seats, top, lot["lot"] in complete)
    _draw_calendar(draw, view, top)
    theme.draw_text(
        draw,
        (MARGIN + 8, top + 600),
        f"Deck {view['deck_count']} · Bag {sum(view['bag'].values())}",
        20,
        MUTED,
        anchor="lm",
    )


# -- players ------------------------------------------------------------------------------------------
def _status(view: ChinatownView, player: PlayerView) -> str | None:
    seat, phase = player["seat"], view["phase"]
    if player["resigned"]:
        return "RESIGNED"
    if phase == "deal_buildings":
        return "CHOSEN" if player["keep_submitted"] else "CHOOSING"
    if phase == "trades":
        return "DONE" if player["ready"] else "TRADING"
    if phase == "place_tiles":
        if player["turn_done"]:
            return "BUILT"
        return "BUILDING" if view["turn"] in (seat, None) else None
    return None


def _hand_text(hand: Mapping[str, int]) -> str:
    return " ".join(SHOP_CODE[s] + (f"x{n}" if n > 1 else "") for s, n in hand.items()) or "none"


def _draw_player(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: ChinatownView, player: PlayerView, seats: Seats, box: Box
) -> None:
    x0, y0, x1, y1 = box
    seat = player["seat"]
    acting = seat in view["to_act"]
    over = view["phase"] == "game_over"
    if player["resigned"]:
        theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
    elif acting:
        theme.panel(draw, box, fill=LEAD_BACK, outline=INK, width=3)
    else:
        theme.panel(draw, box)
    mid = (y0 + y1) // 2
    theme.draw_badge(image, seats.colour(seat), (x0 + 32, mid), 44)
    theme.draw_text(
        draw,
        (x0 + 64, mid - 15),
        theme.ellipsize(seats.name(seat), 26, 250, bold=True),
        26,
        INK,
        anchor="lm",
        bold=True,
    )
    first = " · first player" if view["first_player"] == seat and not over else ""
    detail = f"{player['lots_owned']} lots · {player['tiles_on_board']} shops{first}"
    theme.draw_text(draw, (x0 + 64, mid + 17), detail, 20, MUTED, anchor="lm")
    theme.draw_text(draw, (x0 + 400, mid - 15), "Tiles in hand", 16, MUTED, anchor="lm")
    theme.draw_text(
        draw,
        (x0 + 400, mid + 13),
        theme.ellipsize(_hand_text(player["hand_tiles"]), 22, 340),
        22,
        INK,
        anchor="lm",
        bold=True,
    )
    if over:
        label, amount = "Cash", player["cash"]  # revealed at the end (§8)
    else:
        label, amount = "Income now", player["income_now"]
    theme.draw_text(draw, (x1 - 16, mid - 17), label, 16, MUTED, anchor="rm")
    theme.draw_text(draw, (x1 - 16, mid + 12), money(amount), 30, INK, anchor="rm", bold=True)
    tag = _status(view, player)
    if tag is not None:
        theme.draw_pill(
            draw,
            (x0 + 800, mid),
            tag,
            16,
            theme.CLOSED_INK if player["resigned"] else INK,
            theme.LEAD if acting else theme.WHITE,
            centered=True,
        )


def _draw_players(image: Image.Image, view: ChinatownView, seats: Seats, top: int) -> int:
    draw = ImageDraw.Draw(image)
    for i, player in enumerate(view["players"]):
        y = top + i * (PLAYER_H + 6)
        _draw_player(image, draw, view, player, seats, (MARGIN, y, WIDTH - MARGIN, y + PLAYER_H))
    return top + len(view["players"]) * (PLAYER_H + 6)


# -- header -------------------------------------------------------------------------------------------
PHASES = {
    "deal_buildings": "choosing lots",
    "trades": "trading",
    "place_tiles": "building",
    "game_over": "game over",
}


def _header_status(view: ChinatownView, seats: Seats) -> str:
    result = view["result"]
    if result is not None:
        ranking = cast("list[int]", result["ranking"])
        winners = [seats.name(s) for s, place in enumerate(ranking) if place == 1]
        return f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    waiting = ", ".join(seats.name(s) for s in view["to_act"])
    return f"{year_label(view)} · {PHASES[view['phase']]}: {waiting}"


# -- the picture ----------------------------------------------------------------------------------------
def draw_board(view: ChinatownView, seats: Seats) -> Image.Image:
    map_top = HEADER_H + GAP
    players_top = map_top + MAP_H + GAP
    offers = open_offers(view) if view["phase"] == "trades" else []
    players_h = len(view["players"]) * (PLAYER_H + 6)
    offers_h = 40 + OFFER_H * min(len(offers), MAX_OFFERS) if offers else 0
    image = theme.canvas(WIDTH, players_top + players_h + offers_h + MARGIN)
    draw_header(image, "Chinatown", _header_status(view, seats))
    _draw_map(image, view, seats, map_top)
    bottom = _draw_players(image, view, seats, players_top)
    if offers:
        draw_offers(ImageDraw.Draw(image), offers, seats, bottom)
    return image
