"""The public table: the last move, the six districts with owners, shops and businesses, the shop legend
and the calendar, one row per player and the open offers. Districts are laid out from the board file's
grids (three a row, so a lot is big enough to read on a phone); adjacency comes from its adjacency map,
never from pixels."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base import language
from bot.games.base.language import mark, tr, trn, trp
from bot.games.chinatown.data import BOARD, ZODIAC, shop_name
from bot.games.chinatown.text import animal
from render import leaving, theme
from render.chinatown.common import (
    CAPTION,
    GAP,
    HEADER_H,
    KEY,
    LEAD_BACK,
    MARGIN,
    SHOP_CODE,
    WIDTH,
    Seats,
    draw_header,
    draw_offers,
    last_move_text,
    money,
    offers_height,
    open_offers,
    tile,
    year_label,
)
from render.chinatown.lots import LOT, draw_lot
from render.theme import INK, MUTED, RGB, Box

if TYPE_CHECKING:
    from bot.games.chinatown.schema import ChinatownView, PlayerView

CELL = LOT + 6  # a lot and the street beside it
DISTRICT_PAD = 10
DISTRICT_GAP = 12
DISTRICT_ROWS = ((1, 2, 3), (4, 5, 6))
TOKEN = 48  # a district's number
LAST_H = 54
SIDE_X = 990  # the legend and calendar column, right of the districts
PLAYER_H = 86
STATUS_X = 840  # the middle of a player's status column: their pill, the First Player card
DISTRICT: RGB = (214, 200, 170)


# -- the map ------------------------------------------------------------------------------------------
@cache
def _layout() -> tuple[dict[int, tuple[int, int]], list[Box], int]:
    """Each lot's top-left corner and each district's frame, in map coordinates, and the map's height."""
    corners: dict[int, tuple[int, int]] = {}
    frames: list[Box] = []
    y = TOKEN // 2
    for row in DISTRICT_ROWS:
        x, row_h = MARGIN + TOKEN // 2 - 8, 0
        for number in row:
            grid = BOARD.districts[number - 1]
            for r, line in enumerate(grid):
                for c, lot in enumerate(line):
                    if lot is not None:
                        corners[lot] = (x + DISTRICT_PAD + c * CELL, y + DISTRICT_PAD + r * CELL)
            width = 2 * DISTRICT_PAD + max(len(line) for line in grid) * CELL - (CELL - LOT)
            height = 2 * DISTRICT_PAD + len(grid) * CELL - (CELL - LOT)
            frames.append((x, y, x + width, y + height))
            x += width + DISTRICT_GAP
            row_h = max(row_h, height)
        y += row_h + TOKEN // 2 + 6
    return corners, frames, y - TOKEN // 2


def map_height() -> int:
    return _layout()[2]


def beside(lot: int, top: int) -> tuple[int, int] | None:
    """The middle of a district's empty cell next to ``lot`` (right, left, below, above), a little toward the
    lot: a mark there covers no lot's number, code or badge. None when the lot has no empty cell beside it."""
    x0, y0, _, _ = _lot_box(lot, top)
    grid = next(grid for grid in BOARD.districts if any(lot in line for line in grid))
    row, column = next((r, line.index(lot)) for r, line in enumerate(grid) if lot in line)
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        r, c = row + dr, column + dc
        if 0 <= r < len(grid) and 0 <= c < len(grid[r]) and grid[r][c] is None:
            return x0 + LOT // 2 + dc * (CELL - 8), y0 + LOT // 2 + dr * (CELL - 8)
    return None


def _lot_box(lot: int, top: int) -> Box:
    x, y = _layout()[0][lot]
    return (x, y + top, x + LOT, y + top + LOT)


def _centre(lot: int, top: int) -> tuple[int, int]:
    x0, y0, x1, y1 = _lot_box(lot, top)
    return (x0 + x1) // 2, (y0 + y1) // 2


LEGEND_TOP = 76  # the first shop's line, under the legend's two-line heading
LEGEND_LINE = 34  # one shop's line; a name too long for the column wraps onto a second, LEGEND_WRAP lower
LEGEND_WRAP = 28
LEGEND_RIGHT = WIDTH - 10  # the names may run nearer the edge than the calendar's boxes


@cache
def _legend(code: str) -> tuple[tuple[tuple[str, tuple[str, ...], int], ...], int]:
    """The shop legend in language ``code``: each shop's value, its name and size in lines that fit the
    column (a long name wraps rather than being cut) and its middle; and the legend's bottom."""
    room = LEGEND_RIGHT - (SIDE_X + 42)
    found, y = [], LEGEND_TOP
    for spec in BOARD.shops.values():
        lines = theme.wrap(f"{shop_name(spec.shop)} ({spec.max_size})", CAPTION, room)
        found.append((spec.shop.value, tuple(lines), y))
        y += LEGEND_LINE + LEGEND_WRAP * (len(lines) - 1)
    return tuple(found), y - LEGEND_LINE + 14 + 4


@cache
def _base_map(code: str) -> Image.Image:
    """Districts, their numbers and the shop legend: everything that never changes (cached per language
    ``code``, the legend's)."""
    image = Image.new("RGB", (WIDTH, map_height()), theme.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for number, frame in enumerate(_layout()[1], start=1):
        theme.panel(draw, frame, fill=DISTRICT, outline=theme.PANEL_EDGE, radius=10)
        theme.draw_token(image, str(number), TOKEN, (frame[0] + 4, frame[1] + 4))
    # The shop legend, right of the districts: code, name and the size of a complete business.
    theme.draw_legend(draw, (SIDE_X, 8), tr("Shops (size when"), CAPTION, MUTED)
    theme.draw_legend(draw, (SIDE_X, 32), tr("complete)"), CAPTION, MUTED)
    for shop, lines, y in _legend(code)[0]:
        tile(draw, (SIDE_X, y - 14, SIDE_X + 36, y + 14), shop, CAPTION, key=False)
        for n, line in enumerate(lines):
            theme.draw_legend(draw, (SIDE_X + 42, y + n * LEGEND_WRAP), line, CAPTION, INK, anchor="lm")
    return image


def legend_bottom() -> int:
    """Under the shop legend's last line, in map coordinates (in the language spoken)."""
    return _legend(language.code())[1]


def _draw_calendar(draw: ImageDraw.ImageDraw, view: ChinatownView, top: int) -> None:
    """The Chinese calendar, as on the printed board; the current year stands out."""
    y0 = top + legend_bottom() + 16  # the calendar, under the shop legend
    for i, zodiac in enumerate(ZODIAC):
        box = (SIDE_X, y0 + i * 40, WIDTH - MARGIN, y0 + i * 40 + 34)
        current = i + 1 == view["round"]
        theme.panel(
            draw,
            box,
            fill=theme.LEAD if current else theme.PANEL,
            outline=theme.LEAD_EDGE if current else theme.PANEL_EDGE,
            radius=8,
            width=3 if current else 1,
        )
        year = tr("{year} {animal}", year=1965 + i, animal=animal(zodiac))
        ink = INK if current else MUTED
        theme.draw_legend(draw, (box[0] + 8, box[1] + 17), year, 24, ink, anchor="lm", bold=current)
    y = y0 + 6 * 40 + 20
    deck = trn("Deck: {n} card", "Deck: {n} cards", view["deck_count"])
    theme.draw_legend(draw, (SIDE_X, y), deck, 24, MUTED, anchor="lm")
    bag = trn("Bag: {n} tile", "Bag: {n} tiles", sum(view["bag"].values()))
    theme.draw_legend(draw, (SIDE_X, y + 30), bag, 24, MUTED, anchor="lm")


def _connectors(draw: ImageDraw.ImageDraw, view: ChinatownView, seats: Seats, top: int) -> None:
    """Bars across the streets inside each business, so a group reads as one shop chain."""
    for player in view["players"]:
        for business in player["businesses"]:
            lots = set(business["lots"])
            for lot in business["lots"]:
                for neighbour in BOARD.adjacency[lot]:
                    if neighbour > lot and neighbour in lots:
                        a, b = _centre(lot, top), _centre(neighbour, top)
                        draw.line([a, b], fill=seats.fill(player["seat"]), width=24)
                        draw.line([a, b], fill=INK, width=2)


def _complete_lots(view: ChinatownView) -> set[int]:
    return {lot for p in view["players"] for b in p["businesses"] if b["complete"] for lot in b["lots"]}


def _draw_map(image: Image.Image, view: ChinatownView, seats: Seats, top: int) -> None:
    theme.paste_layer(image, _base_map(language.code()), (0, top))
    draw = ImageDraw.Draw(image)
    _connectors(draw, view, seats, top)
    complete = _complete_lots(view)
    last = view["last_move"]
    changed = set(last["lots"]) if last else set()
    for lot in view["lots"]:  # rings first, so no neighbour's square covers one
        if lot["lot"] in changed:
            draw_lot(image, draw, lot, _lot_box(lot["lot"], top), seats, highlight=True)
    for lot in view["lots"]:
        draw_lot(image, draw, lot, _lot_box(lot["lot"], top), seats, complete=lot["lot"] in complete)
    _draw_calendar(draw, view, top)


# -- hooks for close-ups (render/crops): the map alone, where its lots and districts are ------------------
def map_picture(view: ChinatownView, seats: Seats) -> Image.Image:
    """The map as the board draws it (districts, lots, legend, calendar), alone: a picture ``_map_height``
    high whose coordinates are the map's own."""
    image = theme.canvas(WIDTH, map_height())
    _draw_map(image, view, seats, 0)
    return image


def lot_box(lot: int) -> Box:
    """A lot's square on ``map_picture``."""
    return _lot_box(lot, 0)


def district_frame(number: int) -> Box:
    """District ``number``'s frame (1-6) on ``map_picture``."""
    return _layout()[1][number - 1]


def _draw_last(draw: ImageDraw.ImageDraw, view: ChinatownView, seats: Seats, top: int) -> None:
    """The last move in words, after a ringed square: the same ring marks what it changed on the map."""
    mid = top + LAST_H // 2
    draw.rounded_rectangle((MARGIN + 4, mid - 13, MARGIN + 30, mid + 13), radius=5, fill=theme.PANEL,
                           outline=theme.ACCENT, width=4)
    text = last_move_text(view, seats)
    line = tr("Last: {move}", move=text) if text else tr("No move yet")
    theme.draw_key(draw, (MARGIN + 42, mid), theme.ellipsize(line, KEY, WIDTH - 2 * MARGIN - 42), KEY, INK,
                   anchor="lm")


# -- players ------------------------------------------------------------------------------------------
def _status(view: ChinatownView, player: PlayerView) -> str | None:
    seat, phase = player["seat"], view["phase"]
    if (left := leaving.tag(player)) is not None:
        return left
    if phase == "deal_buildings":
        return tr("CHOSEN") if player["keep_submitted"] else tr("CHOOSING")
    if phase == "trades":
        return tr("DONE") if player["ready"] else tr("TRADING")
    if phase == "place_tiles":
        if player["turn_done"]:
            return tr("BUILT")
        return tr("BUILDING") if view["turn"] in (seat, None) else None
    return None


def _hand_text(hand: Mapping[str, int]) -> str:
    return " ".join(SHOP_CODE[s] + (f"x{n}" if n > 1 else "") for s, n in hand.items()) or trp("no tiles", "none")


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
    theme.draw_badge(image, seats.colour(seat), (x0 + 34, mid), 48)
    name = theme.ellipsize(seats.name(seat), KEY, 290, bold=True)
    theme.draw_key(draw, (x0 + 70, mid - 17), name, KEY, INK, anchor="lm", bold=True)
    detail = tr("{lots} lots · {shops} shops", lots=player["lots_owned"], shops=player["tiles_on_board"])
    theme.draw_legend(draw, (x0 + 70, mid + 19), theme.ellipsize(detail, 24, 320), 24, MUTED, anchor="lm")
    theme.draw_legend(draw, (x0 + 400, mid - 20), tr("Tiles in hand"), CAPTION, MUTED, anchor="lm")
    hand = theme.ellipsize(_hand_text(player["hand_tiles"]), KEY, 320, bold=True)
    theme.draw_key(draw, (x0 + 400, mid + 14), hand, KEY, INK, anchor="lm", bold=True)
    if over:
        label, amount = tr("Cash"), player["cash"]  # revealed at the end (§8)
    else:
        label, amount = tr("Income now"), player["income_now"]
    theme.draw_legend(draw, (x1 - 16, mid - 22), label, CAPTION, MUTED, anchor="rm")
    theme.draw_key(draw, (x1 - 16, mid + 13), money(amount), 32, INK, anchor="rm", bold=True)
    # The status column: the player's status pill and, under it, whether they hold the First Player card (beside
    # the counts it was cut in Spanish).
    first = view["first_player"] == seat and not over
    if first:
        theme.draw_legend(draw, (x0 + STATUS_X, mid + 19), tr("First player"), 24, MUTED, anchor="mm")
    tag = _status(view, player)
    if tag is not None:
        theme.draw_pill(
            draw,
            (x0 + STATUS_X, mid - 17 if first else mid),
            tag,
            CAPTION,
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
    "deal_buildings": mark("choosing lots"),
    "trades": mark("trading"),
    "place_tiles": mark("building"),
    "game_over": mark("game over"),
}


def _header_status(view: ChinatownView, seats: Seats) -> str:
    result = view["result"]
    if result is not None:
        ranking = result["ranking"]
        winners = [seats.name(s) for s, place in enumerate(ranking) if place == 1]
        if len(winners) == 1:
            return tr("Game over: {player} wins", player=winners[0])
        return tr("Game over: {players} win", players=tr(" and ").join(winners))
    waiting = ", ".join(seats.name(s) for s in view["to_act"])
    return tr("{when} · {phase}: {players}", when=year_label(view), phase=tr(PHASES[view["phase"]]), players=waiting)


# -- the picture ----------------------------------------------------------------------------------------
def draw_board(view: ChinatownView, seats: Seats) -> Image.Image:
    last_top = HEADER_H + 4
    map_top = last_top + LAST_H
    players_top = map_top + map_height() + GAP
    offers = open_offers(view) if view["phase"] == "trades" else []
    players_h = len(view["players"]) * (PLAYER_H + 6)
    image = theme.canvas(WIDTH, players_top + players_h + offers_height(len(offers)) + MARGIN)
    draw_header(image, "Chinatown", _header_status(view, seats))
    _draw_last(ImageDraw.Draw(image), view, seats, last_top)
    _draw_map(image, view, seats, map_top)
    bottom = _draw_players(image, view, seats, players_top)
    if offers:
        draw_offers(ImageDraw.Draw(image), offers, seats, bottom)
    return image
