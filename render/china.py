"""Pictures of China (Schacht), drawn from a view (``bot/games/china/schema.py``) only.

``board`` is the public table: the last placement in words, the map with houses, fortifications and
dragons, a panel with each dragon's emissaries (the map has no room for tokens a phone can read), the
cards on the table and one panel per player. ``hand`` is one player's private picture, ``final`` the final scores.
All geometry comes from the board data file; the static map (regions, roads) is drawn once per board
side at twice the size and scaled down, since Pillow's polygons and lines are not antialiased.
"""

from __future__ import annotations

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
TITLE_H = 76  # the title band of every China picture: title and status
HEADER_H = 124  # the board's: title and status, then the last placement
CARDS_H = 178
PLAYER_H = 172
LEGEND_H = 64  # two lines of plain words under the map
SUPER = 2  # the static map is drawn at this factor, then scaled down
KEY = 28  # space numbers, dragons, names, counts, the last move: the theme's key minimum
CAPTION = 22
HAND_KEY = 24  # the key minimum on the 1000 px-wide hand and final pictures

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
SPACE_R = 24  # a free house space: a disc with its number
HOUSE_D = 42  # a house: the owner's badge
FORT_HALF = 27  # a fortification: a dark square under the space
DRAGON_R = 28  # the dragon disc, "placed/allowed" emissaries on it
EMISSARY_D = 34  # an emissary's badge in the dragons panel
DRAGON_CELL_GAP = 8
EMISSARY_STEP = EMISSARY_D + 4
EMISSARIES_PER_ROW = 3  # in a dragons-panel cell


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
        theme.draw_legend(draw, centre, feature["name"].split()[0], CAPTION, MUTED, anchor="mm")
    for alliance in cast("list[dict[str, Any]]", data["alliances"]):
        # An alliance's number only orders the final scoring; the border it sits on is what counts.
        theme.draw_token(image, str(alliance["number"]), 34, _at(alliance["xy"], 0), key=False)
    return image


def _draw_map(image: Image.Image, view: ChinaView, seats: Seats, top: int) -> None:
    image.paste(_base_map(view["board_side"]), (0, top))
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
                     _emissaries_placed(view, region["id"]))
        lx, ly = _at(geo["label_xy"], top)
        if region["scored"]:
            width = theme.text_width(region["name"], KEY, bold=True) + 24
            draw.rounded_rectangle((lx - width / 2, ly - 19, lx + width / 2, ly + 19), radius=19,
                                   fill=SCORED_FILL, outline=theme.LEAD_EDGE, width=2)
            theme.draw_key(draw, (lx, ly), region["name"], KEY, INK, anchor="mm", bold=True)
        else:
            theme.draw_key(draw, (lx, ly), region["name"], KEY, INK, anchor="mm", bold=True, outline=theme.PANEL)


def _emissaries_placed(view: ChinaView, region: str) -> bool:
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


# -- the dragons panel: who placed emissaries where -----------------------------------------------------
def _emissary_rows(view: ChinaView) -> int:
    return max(1, *(-(-sum(r["emissaries"]) // EMISSARIES_PER_ROW) for r in view["regions"]))


def _cell_width(view: ChinaView) -> int:
    count = len(view["regions"])
    return (WIDTH - 2 * MARGIN - DRAGON_CELL_GAP * (count - 1)) // count


def _dragons_height(view: ChinaView) -> int:
    return 88 + _emissary_rows(view) * EMISSARY_STEP + 8


def _draw_dragons(image: Image.Image, view: ChinaView, seats: Seats, top: int) -> None:
    """One cell per region, in the map's order: its name, "placed of allowed" emissaries, and one badge per
    emissary (shape, letter and colour of its owner). Gold for a scored region; the last move's ring."""
    draw = ImageDraw.Draw(image)
    width = _cell_width(view)
    height = _dragons_height(view)
    for i, region in enumerate(view["regions"]):
        x0 = MARGIN + i * (width + DRAGON_CELL_GAP)
        box = (x0, top, x0 + width, top + height)
        if _emissaries_placed(view, region["id"]):
            theme.panel(draw, box, fill=SCORED_FILL if region["scored"] else theme.PANEL, outline=theme.ACCENT,
                        width=5, radius=10)
        else:
            theme.panel(draw, box, fill=SCORED_FILL if region["scored"] else theme.PANEL, radius=10)
        cx = x0 + width / 2
        theme.draw_key(draw, (cx, top + 22), region["name"], KEY, INK, anchor="mm", bold=True)
        placed = sum(region["emissaries"])
        theme.draw_key(draw, (cx, top + 58), f"{placed} of {region['cap']}", KEY, INK, anchor="mm")
        marks = [seat for seat, n in enumerate(region["emissaries"]) for _ in range(n)]
        for k, seat in enumerate(marks):
            row, col = divmod(k, EMISSARIES_PER_ROW)
            in_row = min(EMISSARIES_PER_ROW, len(marks) - row * EMISSARIES_PER_ROW)
            bx = cx + (col - (in_row - 1) / 2) * EMISSARY_STEP
            by = top + 88 + EMISSARY_D // 2 + row * EMISSARY_STEP
            theme.draw_badge(image, seats.colour(seat), (bx, by), EMISSARY_D)


# -- cards --------------------------------------------------------------------------------------------
def _card(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: str, size: int = KEY) -> None:
    """A region card: its colour, with the colour's name (so colour is never the only cue)."""
    fill = CARD_FILL[colour]
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=3)
    if size:  # 0: a plain swatch (a count is written on it instead)
        ink = INK if colour in ("yellow", "orange") else theme.WHITE
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        theme.draw_key(draw, (cx, cy), colour.capitalize(), size, ink, anchor="mm", bold=True)


def _draw_cards(image: Image.Image, view: ChinaView, top: int) -> None:
    draw = ImageDraw.Draw(image)
    theme.panel(draw, (MARGIN, top, WIDTH - MARGIN, top + CARDS_H))
    theme.draw_legend(draw, (MARGIN + 16, top + 22), "Face-up cards", CAPTION, MUTED, anchor="lm")
    x = MARGIN + 16
    for colour in view["display"]:
        _card(draw, (x, top + 42, x + 118, top + CARDS_H - 14), colour)
        x += 128
    if not view["display"]:
        theme.draw_legend(draw, (x, top + 100), "none left", 24, MUTED, anchor="lm")
    # The deck: a card back with its size.
    dx = MARGIN + 16 + 4 * 128 + 20
    theme.draw_legend(draw, (dx, top + 22), "Deck", CAPTION, MUTED, anchor="lm")
    draw.rounded_rectangle((dx, top + 42, dx + 100, top + CARDS_H - 14), radius=10, fill=theme.TOKEN_BACK,
                           outline=INK, width=3)
    theme.draw_key(draw, (dx + 50, top + 102), str(view["deck_count"]), 40, theme.WHITE, anchor="mm", bold=True)
    runs = view["exhaustions"]
    status = "final round" if view["final_round"] else ("deck ran out once" if runs == 1 else "")
    if status:
        theme.draw_key(draw, (dx + 112, top + 22), status, KEY, theme.HEADER, anchor="lm", bold=True)
    # Discard and removed cards, per colour.
    sx = dx + 112
    theme.draw_legend(draw, (sx, top + 74), "Discards", CAPTION, MUTED, anchor="lm")
    theme.draw_legend(draw, (sx, top + 134), "Out of", CAPTION, MUTED, anchor="lm")
    theme.draw_legend(draw, (sx, top + 156), "game", CAPTION, MUTED, anchor="lm")
    cx = sx + 92
    for swatch in CARD_FILL:
        _card(draw, (cx, top + 52, cx + 58, top + 96), swatch, 0)
        _count(draw, (cx + 29, top + 74), view["discard"][swatch], swatch)
        _card(draw, (cx, top + 122, cx + 58, top + 166), swatch, 0)
        _count(draw, (cx + 29, top + 144), view["removed"][swatch], swatch)
        cx += 66


def _count(draw: ImageDraw.ImageDraw, centre: tuple[float, float], n: int, colour: str) -> None:
    ink = INK if colour in ("yellow", "orange") else theme.WHITE
    theme.draw_key(draw, centre, str(n), KEY, ink, anchor="mm", bold=True)


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
    x0, y0, x1, y1 = box
    seat = player["seat"]
    to_play = view["active"] == seat
    if player["resigned"]:
        theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
    elif to_play:
        theme.panel(draw, box, fill=LEAD_BACK, outline=INK, width=4)
    else:
        theme.panel(draw, box)
    theme.draw_badge(image, seats.colour(seat), (x0 + 30, y0 + 36), 44)
    score = str(player["score"])
    name_w = x1 - x0 - 70 - theme.text_width(score, 40, bold=True) - 20
    theme.draw_key(draw, (x0 + 60, y0 + 36), theme.ellipsize(seats.name(seat), KEY, name_w, bold=True), KEY, INK,
                   anchor="lm", bold=True)
    theme.draw_key(draw, (x1 - 14, y0 + 36), score, 40, INK, anchor="rm", bold=True)
    # Pieces and cards in hand: big numbers over small words, three columns.
    stats = [(player["houses"], "houses"), (player["emissaries"], "envoys"), (player["hand_count"], "cards")]
    cell = (x1 - x0 - 16) / len(stats)
    for i, (value, word) in enumerate(stats):
        sx = x0 + 8 + cell * (i + 0.5)
        theme.draw_key(draw, (sx, y0 + 84), str(value), KEY, INK, anchor="mm", bold=True)
        theme.draw_legend(draw, (sx, y0 + 110), word, CAPTION - 2, MUTED, anchor="mm")
    if view["start_seat"] == seat:
        theme.draw_legend(draw, (x0 + 14, y1 - 20), "Emperor", CAPTION, theme.HEADER, anchor="lm", bold=True)
    if view["options"]["fortifications"]:
        forts = player["fortifications"]
        theme.draw_key(draw, (x1 - 14, y1 - 20), f"{forts} fort" if forts else "no fort", KEY, INK, anchor="rm")
    tag = "RESIGNED" if player["resigned"] else ("TO PLAY" if to_play else None)
    if tag is not None:
        theme.draw_pill(draw, ((x0 + x1) // 2, y0), tag, CAPTION, theme.CLOSED_INK if player["resigned"] else INK,
                        theme.LEAD, centered=True)


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


def _count_of(n: int, word: str) -> str:
    return f"{'a' if n == 1 else n} {word}{'' if n == 1 else 's'}"


def _last_text(view: ChinaView, seats: Seats) -> str:
    """The last placement in words: "Last placement: Blue, 2 houses and an emissary in Zhou"."""
    last = view["last_placement"]
    if last is None:
        return "No piece placed yet"
    houses = {s["id"] for s in view["spaces"] if s["id"] in last["spaces"] and s["house"] == last["seat"]}
    pieces = []
    if houses:
        pieces.append(_count_of(len(houses), "house"))
    if len(last["spaces"]) > len(houses):  # a space listed without a house, or twice: a fortification
        pieces.append("a fortification")
    if last["emissaries"]:
        pieces.append("an emissary" if last["emissaries"] == 1 else f"{last['emissaries']} emissaries")
    region = next(r["name"] for r in view["regions"] if r["id"] == last["region"])
    return f"Last placement: {seats.name(last['seat'])}, {' and '.join(pieces) or 'nothing'} in {region}"


def _draw_header(image: Image.Image, title: str, status: str, last: str | None = None) -> None:
    """The title band: title and status, and under them the last move when given."""
    draw = ImageDraw.Draw(image)
    height = HEADER_H if last is not None else TITLE_H
    draw.rectangle((0, 0, image.width, height), fill=theme.HEADER)
    mid = TITLE_H // 2
    theme.draw_key(draw, (MARGIN, mid), title, 36, theme.HEADER_INK, anchor="lm", bold=True)
    left = MARGIN + theme.text_width(title, 36, bold=True) + 28
    theme.draw_key(draw, (image.width - MARGIN, mid),
                   theme.ellipsize(status, 30, image.width - MARGIN - left, bold=True), 30, theme.HEADER_INK,
                   anchor="rm", bold=True)
    if last is not None:
        theme.draw_key(draw, (MARGIN, TITLE_H + 14), theme.ellipsize(last, KEY, image.width - 2 * MARGIN), KEY,
                       theme.HEADER_INK, anchor="lm")


# -- the three pictures -------------------------------------------------------------------------------
LEGEND = (
    "Red disc: a dragon, with emissaries placed / allowed (allowed = most houses one player has in the region)",
    "Gold name: region scored",
)


def draw_board(view: ChinaView, seats: Seats) -> Image.Image:
    map_h = _map_height()
    map_top = HEADER_H + GAP
    dragons_top = map_top + map_h + LEGEND_H
    cards_top = dragons_top + _dragons_height(view) + GAP
    players_top = cards_top + CARDS_H + GAP
    image = theme.canvas(WIDTH, players_top + PLAYER_H + MARGIN)
    _draw_header(image, "China", _status(view, seats), _last_text(view, seats))
    _draw_map(image, view, seats, map_top)
    draw = ImageDraw.Draw(image)
    second = LEGEND[1]
    if view["options"]["fortifications"]:
        second += " · Dark square: fortification"
    second += f" · Map side for {view['board_side']} players"
    for i, line in enumerate((LEGEND[0], second)):
        theme.draw_legend(draw, (WIDTH / 2, map_top + map_h + 16 + 28 * i),
                          theme.ellipsize(line, CAPTION, WIDTH - 2 * MARGIN), CAPTION, MUTED, anchor="mm")
    _draw_dragons(image, view, seats, dragons_top)
    _draw_cards(image, view, cards_top)
    _draw_players(image, view, seats, players_top)
    return image


def draw_hand(view: ChinaView, seats: Seats) -> Image.Image:
    hand = view["hand"]
    viewer = view["viewer"]
    assert hand is not None and viewer is not None
    width, height = 1000, TITLE_H + 420
    image = theme.canvas(width, height)
    _draw_header(image, "Your cards", seats.name(viewer))
    draw = ImageDraw.Draw(image)
    regions: dict[str, list[str]] = {}
    for region in view["regions"]:
        regions.setdefault(region["color"], []).append(region["name"])
    top = TITLE_H + 24
    for i, colour in enumerate(hand):
        x = MARGIN + 10 + i * 230
        _card(draw, (x, top, x + 210, top + 250), colour, 30)
        names = theme.ellipsize(" / ".join(regions[colour]), HAND_KEY, 220, bold=True)
        theme.draw_key(draw, (x + 105, top + 276), names, HAND_KEY, INK, anchor="mm", bold=True)
        if hand.count(colour) >= 2:  # two alike pay for a piece in any region of another colour
            theme.draw_legend(draw, (x + 105, top + 306), "pair: wild", 20, MUTED, anchor="mm")
    if not hand:
        theme.draw_legend(draw, (MARGIN + 10, top + 120), "No cards in hand", 30, MUTED, anchor="lm")
    me = view["players"][viewer]
    px = MARGIN + 10 + 3 * 230 + 10
    theme.panel(draw, (px, top, width - MARGIN, top + 330))
    theme.draw_badge(image, seats.colour(viewer), (px + 34, top + 36), 44)
    theme.draw_key(draw, (width - MARGIN - 16, top + 36), str(me["score"]), 40, INK, anchor="rm", bold=True)
    lines = [f"Houses {me['houses']}", f"Emissaries {me['emissaries']}"]
    if view["options"]["fortifications"]:
        lines.append(f"Fortification {me['fortifications']}")
    for k, line in enumerate(lines):
        theme.draw_key(draw, (px + 16, top + 96 + 40 * k), line, 26, INK, anchor="lm")
    status = "Your turn" if view["active"] == viewer and view["phase"] == "action" else (
        f"Draw {view['draws_owed']} more" if view["active"] == viewer else "")
    if status:
        theme.draw_key(draw, (px + 16, top + 300), status, 26, theme.HEADER, anchor="lm", bold=True)
    # The face-up cards, since the refill and the exchange choose among them.
    y = top + 350
    theme.draw_legend(draw, (MARGIN + 10, y + 22), "Face-up:", 22, MUTED, anchor="lm")
    x = MARGIN + 110
    for colour in view["display"]:
        _card(draw, (x, y, x + 110, y + 44), colour, HAND_KEY)
        x += 120
    theme.draw_key(draw, (width - MARGIN, y + 22), f"Deck {view['deck_count']}", HAND_KEY, INK, anchor="rm", bold=True)
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
    image = theme.canvas(width, TITLE_H + GAP + row_h * len(order) + 70 + MARGIN)
    reasons = {"normal": "the deck ran out twice", "no_pieces": "no more pieces could be placed",
               "resignation": "too few players were left"}
    _draw_header(image, "China: final scores", reasons.get(str(result["reason"]), str(result["reason"])))
    draw = ImageDraw.Draw(image)
    y = TITLE_H + GAP
    for seat in order:
        player = view["players"][seat]
        box = (MARGIN, y, width - MARGIN, y + row_h - 8)
        if player["resigned"]:
            theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
        else:
            theme.panel(draw, box, fill=LEAD_BACK if ranking[seat] == 1 else theme.PANEL)
        mid = y + (row_h - 8) // 2
        theme.draw_key(draw, (MARGIN + 16, mid), theme.ordinal(ranking[seat]), 32, INK, anchor="lm", bold=True)
        theme.draw_badge(image, seats.colour(seat), (MARGIN + 110, mid), 48)
        name = seats.name(seat) + (" (resigned)" if player["resigned"] else "")
        theme.draw_key(draw, (MARGIN + 148, mid - 16), theme.ellipsize(name, 26, 360, bold=True), 26, INK,
                       anchor="lm", bold=True)
        part = parts[seat]
        detail = (f"regions {part['regions']} · alliances {part['alliances']} · roads {part['roads']}"
                  f" · pieces left {part['tiebreak']['supply']}")
        theme.draw_legend(draw, (MARGIN + 148, mid + 20), theme.ellipsize(detail, 20, 640), 20, MUTED, anchor="lm")
        theme.draw_key(draw, (width - MARGIN - 20, mid), str(scores[seat]), 44, INK, anchor="rm", bold=True)
        y += row_h
    theme.draw_legend(draw, (width / 2, y + 30), "Ties are broken by the most pieces left in supply.", 20, MUTED,
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
