"""A player's private picture: their hand by type, what is left in their deck, their markers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import tr, trn
from render import theme
from render.great_wall.cards import CARD_KINDS, CARD_ORDER, place_card
from render.great_wall.geometry import CARD_H, CARD_W, GAP, KEY, MARGIN, WIDTH
from render.great_wall.players import Seats, draw_won_markers
from render.theme import INK, MUTED, Box

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView

TITLE_H = 84
CELL_H = 138
HAND_SCALE = 1.5  # hand cards are bigger: this is the picture the player decides from
DECK_SCALE = 1.25  # so Infantry's "1+" is at the key size too
ABILITY = 24  # the longest ability (the Noble's) fits a cell at this size
DECK_H, MARKERS_H = 58 + round(CARD_H * DECK_SCALE) + 14, 116


def draw_hand(view: GreatWallView, seats: Seats) -> Image.Image:
    seat, cards = view["viewer"], view["hand"]
    assert seat is not None and cards is not None  # checked by the public hand()
    player = view["players"][seat]
    counts = {kind: sum(1 for c in cards if c["type"] == kind) for kind in CARD_ORDER}
    kinds = [kind for kind in CARD_ORDER if counts[kind]]
    hand_h = 56 + max(1, (len(kinds) + 1) // 2) * CELL_H
    image = theme.canvas(WIDTH, TITLE_H + GAP + hand_h + GAP + DECK_H + GAP + MARKERS_H + MARGIN)
    draw = ImageDraw.Draw(image)

    image.paste(theme.title_band(WIDTH, TITLE_H), (0, 0))
    theme.draw_badge(image, player["colour"], (MARGIN + 28, 38), 48)
    turn = tr("your turn") if view["active"] == seat and view["phase"] != "over" else tr("not your turn")
    theme.draw_key(draw, (WIDTH - MARGIN - 4, 38), turn, KEY, theme.HEADER_INK, anchor="rm", bold=True)
    room = WIDTH - MARGIN - 4 - theme.text_width(turn, KEY, bold=True) - 24 - (MARGIN + 62)  # up to the turn
    title = theme.ellipsize(tr("Your cards: {player}", player=seats.name(seat)), 34, room, bold=True)
    theme.draw_key(draw, (MARGIN + 62, 38), title, 34, theme.HEADER_INK, anchor="lm", bold=True)

    y = TITLE_H + GAP
    theme.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + hand_h))
    heading = trn("In your hand: {n} card", "In your hand: {n} cards", len(cards))
    theme.draw_key(draw, (MARGIN + 18, y + 28), heading, KEY, INK, anchor="lm", bold=True)
    if not kinds:
        theme.draw_legend(draw, (MARGIN + 18, y + 56 + CELL_H // 2), tr("empty"), 26, MUTED, anchor="lm")
    cell_w = (WIDTH - 2 * MARGIN - 24) // 2
    for i, kind in enumerate(kinds):
        cx, cy = MARGIN + 12 + (i % 2) * cell_w, y + 56 + (i // 2) * CELL_H
        _draw_hand_cell(image, draw, player["colour"], kind, counts[kind], (cx, cy, cx + cell_w, cy + CELL_H))

    y += hand_h + GAP
    deck = view["deck_composition"] or {}
    theme.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + DECK_H))
    heading = tr("Still in your deck: {n} (order unknown)", n=sum(deck.values()))
    theme.draw_key(draw, (MARGIN + 18, y + 28), heading, KEY, INK, anchor="lm", bold=True)
    x = MARGIN + 18
    card_w, card_h = round(CARD_W * DECK_SCALE), round(CARD_H * DECK_SCALE)
    for kind in CARD_ORDER:
        count = deck.get(kind, 0)
        place_card(image, player["colour"], kind, CARD_KINDS[kind].hand_value, (x, y + 58), count == 0, DECK_SCALE)
        theme.draw_key(draw, (x + card_w + 8, y + 58 + card_h // 2), f"x{count}", KEY, INK if count else MUTED,
                       anchor="lm", bold=True)
        x += card_w + 70

    y += DECK_H + GAP
    theme.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + MARKERS_H))
    theme.draw_key(draw, (MARGIN + 18, y + 30), tr("Your markers"), KEY, INK, anchor="lm", bold=True)
    draw_won_markers(image, draw, player, (MARGIN + 18, y + 54, WIDTH - MARGIN - 18, y + MARKERS_H - 6))
    return image


def _draw_hand_cell(image: Image.Image, draw: ImageDraw.ImageDraw, colour: str, kind: str, count: int, box: Box
                    ) -> None:
    x0, y0, _, _ = box
    info = CARD_KINDS[kind]
    place_card(image, colour, kind, info.hand_value, (x0 + 6, y0 + 8), False, HAND_SCALE)
    tx = x0 + round(CARD_W * HAND_SCALE) + 22
    theme.draw_key(draw, (tx, y0 + 34), tr("{n} x {cards}", n=count, cards=info.names(count)), 32, INK,
                   anchor="lm", bold=True)
    for n, line in enumerate(theme.wrap(info.ability, ABILITY, box[2] - tx - 4, most=2)):
        theme.draw_legend(draw, (tx, y0 + 70 + n * 30), line, ABILITY, MUTED, anchor="lm")
