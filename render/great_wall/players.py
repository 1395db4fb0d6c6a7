"""Who is who (names and colours) and each player's panel: badge, hand and deck sizes, won markers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import tr, trn
from render import leaving, theme
from render.great_wall.geometry import GAP, KEY, MARGIN, WIDTH
from render.theme import INK, MUTED, Box

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView, PlayerView

PLAYER_H = 178  # a player's panel with the strip above it
MARKER_SIZE = 46  # won markers: their values at the key size
STRIP_TOP = 14  # room for the tab that straddles a player panel's top edge
NAME_Y = 36  # the name's middle under the panel's top edge: clear of the tab's lower half, accents and all
MIN_PANEL_W = 250  # narrower, "Hand 1" and "Deck 14" or "0 markers" no longer fit: the panels take two rows
LEAD_BACK = (255, 243, 205)  # behind the leader's block and the player to move


def seats_of(view: GreatWallView, names: Sequence[str] | None) -> theme.Seats:
    # Long names are cut so a sentence such as "<name> to play: 2 actions left" keeps its point.
    return theme.Seats([p["colour"] for p in view["players"]], names, name_width=260)


Seats = theme.Seats


def ended_on_time(view: GreatWallView) -> bool:
    """Whether the game ended because the last player to leave ran out of time; that leaving is then the
    view's last move."""
    move, result = view["last_move"], view["result"]
    return (result is not None and result["reason"] == "resignation" and move is not None
            and move["kind"] == "resign" and view["players"][move["seat"]]["timed_out"])


def draw_won_markers(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerView, box: Box,
                     size: int = MARKER_SIZE) -> None:
    """Markers in front of a player: their values and sum when this view may see them, else a count."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) // 2
    values = player["markers"]
    if values is None:
        back = 36  # face down: a plain back, the count beside it
        theme.draw_token(image, "", back, (x0 + back // 2, mid), theme.TOKEN_BACK)
        count = player["markers_count"]
        text = trn("{n} marker", "{n} markers", count)
        theme.draw_key(draw, (x0 + back + 8, mid), theme.ellipsize(text, KEY, x1 - x0 - back - 8), KEY, INK,
                       anchor="lm")
        return
    score = f"= {player['score'] if player['score'] is not None else sum(values)}"
    score_size = max(KEY, size * 3 // 4)
    theme.draw_key(draw, (x1, mid), score, score_size, INK, anchor="rm", bold=True)
    if not values:
        theme.draw_legend(draw, (x0, mid), tr("no markers"), 24, MUTED, anchor="lm")
    room = x1 - x0 - theme.text_width(score, score_size, bold=True) - 8
    theme.draw_tokens(image, [str(v) for v in values], x0, mid, size, room)


def _panel_width(columns: int) -> int:
    return (WIDTH - 2 * MARGIN - GAP * (columns - 1)) // columns


def _columns(count: int) -> int:
    """Panels side by side: all of them while each stays MIN_PANEL_W wide, else two rows."""
    return count if _panel_width(count) >= MIN_PANEL_W else (count + 1) // 2


def players_height(count: int) -> int:
    """The height of ``count`` players' panels, strips included."""
    rows = -(-count // _columns(count))
    return rows * PLAYER_H + (rows - 1) * GAP


def panel_boxes(count: int, y: int) -> list[Box]:
    """Each player's panel, from ``y`` down: a row of equal panels, a shorter second row centred under it."""
    columns = _columns(count)
    width = _panel_width(columns)
    boxes = []
    for i in range(count):
        row, column = divmod(i, columns)
        in_row = min(columns, count - row * columns)
        x0 = (WIDTH - in_row * width - (in_row - 1) * GAP) // 2 + column * (width + GAP)
        top = y + row * (PLAYER_H + GAP)
        boxes.append((x0, top + STRIP_TOP, x0 + width, top + PLAYER_H))
    return boxes


def draw_players(image: Image.Image, draw: ImageDraw.ImageDraw, view: GreatWallView, seats: Seats, y: int
                 ) -> None:
    """One panel per player across the bottom of the board."""
    players = view["players"]
    for player, box in zip(players, panel_boxes(len(players), y), strict=True):
        _draw_player(image, draw, view, player, seats, box)


CAPTION = 24  # "Hand", "Deck": 2% of the width


def _count(draw: ImageDraw.ImageDraw, xy: tuple[int, int], word: str, n: int, right: bool = False) -> None:
    """"Hand 5": the word as a caption, the number at the key size; ``right`` puts its end at ``xy``."""
    x, y = xy
    number = str(n)
    if right:
        x -= theme.text_width(number, KEY, bold=True) + 8 + theme.text_width(word, CAPTION)
    theme.draw_legend(draw, (x, y + 2), word, CAPTION, MUTED, anchor="lm")
    theme.draw_key(draw, (x + theme.text_width(word, CAPTION) + 8, y), number, KEY, INK, anchor="lm", bold=True)


def tag_of(view: GreatWallView, player: PlayerView) -> str | None:
    """The tab over a player's panel: whose turn it is, who declared the last round, who left play."""
    if (left := leaving.tag(player)) is not None:
        return left
    if view["active"] == player["seat"] and view["phase"] != "over":
        return tr("TO PLAY") if view["phase"] == "actions" else tr("TO CHECK")
    last = view["last_round"]
    if last is not None and last["declarer"] == player["seat"]:
        return tr("LAST ROUND")
    return None


def _draw_player(image: Image.Image, draw: ImageDraw.ImageDraw, view: GreatWallView, player: PlayerView,
                 seats: Seats, box: Box) -> None:
    x0, y0, x1, y1 = box
    seat = player["seat"]
    if player["resigned"]:
        theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
    elif view["active"] == seat and view["phase"] != "over":
        theme.panel(draw, box, fill=LEAD_BACK, outline=INK, width=4)
    else:
        theme.panel(draw, box)
    theme.draw_badge(image, player["colour"], (x0 + 30, y0 + NAME_Y + 10), 44)
    colour_name = theme.player_style(player["colour"]).name
    label = seats.name(seat)
    if label != colour_name:
        theme.draw_key(draw, (x0 + 60, y0 + NAME_Y), theme.ellipsize(label, KEY, x1 - x0 - 70, bold=True), KEY, INK,
                       anchor="lm", bold=True)
        theme.draw_legend(draw, (x0 + 60, y0 + NAME_Y + 27), colour_name, 24, MUTED, anchor="lm")
    else:
        theme.draw_key(draw, (x0 + 60, y0 + NAME_Y + 10), colour_name, KEY, INK, anchor="lm", bold=True)
    _count(draw, (x0 + 12, y0 + NAME_Y + 62), tr("Hand"), player["hand_count"])
    _count(draw, (x1 - 12, y0 + NAME_Y + 62), tr("Deck"), player["deck_count"], right=True)
    draw_won_markers(image, draw, player, (x0 + 10, y0 + NAME_Y + 82, x1 - 10, y1 - 6))
    tag = tag_of(view, player)
    if tag is not None:
        fill = theme.CLOSED_INK if player["resigned"] else INK
        theme.draw_pill(draw, ((x0 + x1) // 2, y0), tag, 24, fill, theme.LEAD, centered=True)
