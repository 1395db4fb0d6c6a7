"""One player's private China picture: their cards with the regions each pays for, their supply and
score, and the face-up cards they may draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import tr
from render import theme
from render.china.common import HAND_KEY, MARGIN, TITLE_H, card, draw_header
from render.theme import INK, MUTED, Seats

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView


def draw_hand(view: ChinaView, seats: Seats) -> Image.Image:
    hand = view["hand"]
    viewer = view["viewer"]
    assert hand is not None and viewer is not None
    width, height = 1000, TITLE_H + 420
    image = theme.canvas(width, height)
    draw_header(image, tr("Your cards"), seats.name(viewer))
    draw = ImageDraw.Draw(image)
    regions: dict[str, list[str]] = {}
    for region in view["regions"]:
        regions.setdefault(region["color"], []).append(tr(region["name"]))
    top = TITLE_H + 24
    for i, colour in enumerate(hand):
        x = MARGIN + 10 + i * 230
        card(draw, (x, top, x + 210, top + 250), colour, 30)
        names = theme.ellipsize(" / ".join(regions[colour]), HAND_KEY, 220, bold=True)
        theme.draw_key(draw, (x + 105, top + 276), names, HAND_KEY, INK, anchor="mm", bold=True)
        if hand.count(colour) >= 2:  # two alike pay for a piece in any region of another colour
            theme.draw_legend(draw, (x + 105, top + 306), tr("pair: wild"), 24, MUTED, anchor="mm")
    if not hand:
        theme.draw_legend(draw, (MARGIN + 10, top + 120), tr("No cards in hand"), 30, MUTED, anchor="lm")
    me = view["players"][viewer]
    px = MARGIN + 10 + 3 * 230 + 10
    theme.panel(draw, (px, top, width - MARGIN, top + 330))
    theme.draw_badge(image, seats.colour(viewer), (px + 34, top + 36), 46)
    theme.draw_key(draw, (width - MARGIN - 16, top + 36), str(me["score"]), 40, INK, anchor="rm", bold=True)
    lines = [tr("Houses {n}", n=me["houses"]), tr("Emissaries {n}", n=me["emissaries"])]
    if view["options"]["fortifications"]:
        lines.append(tr("Fortification {n}", n=me["fortifications"]))
    for k, line in enumerate(lines):
        theme.draw_key(draw, (px + 16, top + 96 + 40 * k), line, 26, INK, anchor="lm")
    status = tr("Your turn") if view["active"] == viewer and view["phase"] == "action" else (
        tr("Draw {n} more", n=view["draws_owed"]) if view["active"] == viewer else "")
    if status:
        theme.draw_key(draw, (px + 16, top + 300), status, 26, theme.HEADER, anchor="lm", bold=True)
    # The face-up cards, since the refill and the exchange choose among them.
    y = top + 350
    theme.draw_legend(draw, (MARGIN + 10, y + 22), tr("Face-up:"), 24, MUTED, anchor="lm")
    x = MARGIN + 110
    for colour in view["display"]:
        card(draw, (x, y, x + 110, y + 44), colour, HAND_KEY)
        x += 120
    deck = tr("Deck {n}", n=view["deck_count"])
    theme.draw_key(draw, (width - MARGIN, y + 22), deck, HAND_KEY, INK, anchor="rm", bold=True)
    return image
