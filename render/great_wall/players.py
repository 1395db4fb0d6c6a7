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

PLAYER_H = 164
MARKER_SIZE = 46  # won markers: their values at the key size
STRIP_TOP = 14  # room for the tab that straddles a player panel's top edge
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
        theme.paste_centered(image, theme.token("", back, theme.TOKEN_BACK), (x0 + back // 2, mid))
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


def draw_players(image: Image.Image, draw: ImageDraw.ImageDraw, view: GreatWallView, seats: Seats, y: int
                 ) -> None:
    """One panel per player across the bottom of the board."""
    players = view["players"]
    n = len(players)
    width = (WIDTH - 2 * MARGIN - GAP * (n - 1)) // n
    for i, player in enumerate(players):
        x0 = MARGIN + i * (width + GAP)
        _draw_player(image, draw, view, player, seats, (x0, y + STRIP_TOP, x0 + width, y + PLAYER_H))


CAPTION = 24  # "Hand", "Deck": 2% of the width


def _count(draw: ImageDraw.ImageDraw, xy: tuple[int, int], word: str, n: int, right: bool = False) -> None:
    """"Hand 5": the word as a caption, the number at the key size; ``right`` puts its end at ``xy``."""
    x, y = xy
    number = str(n)
    if right:
        x -= theme.text_width(number, KEY, bold=True) + 8 + theme.text_width(word, CAPTION)
    theme.draw_legend(draw, (x, y + 2), word, CAPTION, MUTED, anchor="lm")
    theme.draw_key(draw, (x + theme.text_width(word, CAPTION) + 8, y), number, KEY, INK, anchor="lm", bold=True)


def _tag(view: GreatWallView, player: PlayerView) -> str | None:
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
    theme.draw_badge(image, player["colour"], (x0 + 30, y0 + 32), 44)
    colour_name = theme.player_style(player["colour"]).name
    label = seats.name(seat)
    if label != colour_name:
        theme.draw_key(draw, (x0 + 60, y0 + 22), theme.ellipsize(label, KEY, x1 - x0 - 70, bold=True), KEY, INK,
                       anchor="lm", bold=True)
        theme.draw_legend(draw, (x0 + 60, y0 + 49), colour_name, 24, MUTED, anchor="lm")
    else:
        theme.draw_key(draw, (x0 + 60, y0 + 32), colour_name, KEY, INK, anchor="lm", bold=True)
    _count(draw, (x0 + 12, y0 + 84), tr("Hand"), player["hand_count"])
    _count(draw, (x1 - 12, y0 + 84), tr("Deck"), player["deck_count"], right=True)
    draw_won_markers(image, draw, player, (x0 + 10, y0 + 104, x1 - 10, y1 - 6))
    tag = _tag(view, player)
    if tag is not None:
        fill = theme.CLOSED_INK if player["resigned"] else INK
        theme.draw_pill(draw, ((x0 + x1) // 2, y0), tag, 24, fill, theme.LEAD, centered=True)
