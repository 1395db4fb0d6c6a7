"""Card faces: one tile per (owner colour, type, value, covered), drawn once at 3x and cached."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.base.language import mark, tr, trn, trp
from render import theme
from render.great_wall.geometry import CARD_H, CARD_W, KEY
from render.theme import INK, RGB, Box

LETTER_PX = 30  # the type letter, at scale 1
VALUE_R = 17  # the value badge's radius, at scale 1


@dataclass(frozen=True)
class CardKind:
    """A card type's words, English in the fields; the properties give them in the language in force."""

    letter: Callable[[], str]  # the type letter on the card's face
    names: Callable[[int], str]  # the type's name for a count of cards ("Wall", "Walls")
    hand_value: str  # what the card is worth in hand (Infantry's depends on the section)
    ability_text: str
    counted: Callable[[int], str]  # "a Wall", "2 Walls"

    @property
    def initial(self) -> str:
        return self.letter()

    @property
    def name(self) -> str:
        return self.names(1)

    @property
    def plural(self) -> str:
        return self.names(2)

    @property
    def ability(self) -> str:
        return tr(self.ability_text)


CARD_KINDS: dict[str, CardKind] = {
    "WALL": CardKind(lambda: trp("great wall card letter", "W"), lambda n: trn("Wall", "Walls", n), "1",
                     mark("worth 1"), lambda n: trn("a Wall", "{n} Walls", n)),
    "GATE": CardKind(lambda: trp("great wall card letter", "G"), lambda n: trn("Gate", "Gates", n), "2",
                     mark("worth 2"), lambda n: trn("a Gate", "{n} Gates", n)),
    "TOWER": CardKind(lambda: trp("great wall card letter", "T"), lambda n: trn("Tower", "Towers", n), "3",
                      mark("worth 3"), lambda n: trn("a Tower", "{n} Towers", n)),
    "INFANTRY": CardKind(lambda: trp("great wall card letter", "I"), lambda n: trn("Infantry", "Infantry", n), "1+",
                         mark("your 1st here is worth 1, 2nd 2 ... 5th 5"),
                         lambda n: trn("an Infantry", "{n} Infantry", n)),
    "CAVALRY": CardKind(lambda: trp("great wall card letter", "C"), lambda n: trn("Cavalry", "Cavalry", n), "2",
                        mark("worth 2, played for free"), lambda n: trn("a Cavalry", "{n} Cavalry", n)),
    "NOBLE": CardKind(lambda: trp("great wall card letter", "N"), lambda n: trn("Noble", "Nobles", n), "1",
                      mark("every uncovered card in its section counts 1"),
                      lambda n: trn("a Noble", "{n} Nobles", n)),
    "DRAGON": CardKind(lambda: trp("great wall card letter", "D"), lambda n: trn("Dragon", "Dragons", n), "1",
                       mark("worth 1, may cover an unmarked card"), lambda n: trn("a Dragon", "{n} Dragons", n)),
}
CARD_ORDER: tuple[str, ...] = tuple(CARD_KINDS)


def value_px(value: str, scale: float = 1.0) -> float:
    """The size of a card's value on its badge: a two-character value ("1+") is a little smaller."""
    return (KEY if len(value) < 2 else KEY - 6) * scale


def place_card(image: Image.Image, colour: str, kind: str, value: str, xy: tuple[int, int], covered: bool = False,
               scale: float = 1.0) -> None:
    """Paste a card face; refuses (theme.Illegible) one whose letter or value is under the key minimum."""
    letter = CARD_KINDS[kind].initial
    theme.require("key", LETTER_PX * scale, image.width, letter)
    theme.require("key", value_px(value, scale), image.width, value)
    theme.paste(image, card_tile(colour, kind, value, covered, scale, letter), xy)


@lru_cache(maxsize=512)
def card_tile(colour: str, kind: str, value: str, covered: bool = False, scale: float = 1.0,
              letter: str | None = None) -> Image.Image:
    """One card face in its owner's colour: type letter top left, icon, value bottom left. RGBA. Draw it with
    ``place_card``, which checks its sizes against the picture it goes on. ``letter`` is the type letter in the
    language the picture is drawn in (part of the cache key), the type's own by default."""
    style = theme.player_style(colour)
    ss = 3  # supersampling for smooth icons and corners
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    u = scale * ss  # one card pixel at the supersampled size
    image = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, w * ss - 1, h * ss - 1), radius=round(7 * u), fill=style.fill, outline=INK,
                           width=round(2 * u))
    _draw_icon(image, kind, (round(30 * u), round(30 * u), round((CARD_W - 5) * u), round((CARD_H - 8) * u)),
               style.ink)
    if covered:  # under the letter and value, which must stay readable in the thin strip that shows
        _cover_marks(image, u)
    theme.draw_text(draw, (round(6 * u), round(4 * u)), letter or CARD_KINDS[kind].initial, round(LETTER_PX * u),
                    style.ink,
                    anchor="lt", bold=True)
    r = VALUE_R * u
    cx, cy = (VALUE_R + 2) * u, (CARD_H - VALUE_R - 2) * u
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.WHITE, outline=INK, width=round(1.5 * u))
    theme.draw_text(draw, (cx, cy + u), value, round(value_px(value) * u), INK, anchor="mm", bold=True)
    return image.resize((w, h), Image.Resampling.LANCZOS)


def _cover_marks(image: Image.Image, u: float) -> None:
    """Darken and hatch a covered card so it reads as 'out of play' even in a thin strip."""
    shade = Image.new("RGBA", image.size, (30, 30, 30, 110))
    hatch = ImageDraw.Draw(shade)
    step = round(9 * u)
    for x in range(-image.height, image.width, step):
        hatch.line((x, image.height, x + image.height, 0), fill=(255, 255, 255, 90), width=round(1.5 * u))
    alpha = image.getchannel("A")
    image.alpha_composite(shade)
    image.putalpha(alpha)


def _draw_icon(image: Image.Image, kind: str, box: Box, ink: RGB) -> None:
    """A simple pictogram of the card type, faint, in ``box`` (drawn on its own layer for the alpha)."""
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    x0, y0, x1, y1 = box
    fill = (*ink, 255)
    clear = (0, 0, 0, 0)

    def p(fx: float, fy: float) -> tuple[float, float]:
        return (x0 + fx * (x1 - x0), y0 + fy * (y1 - y0))

    def rect(a: float, b: float, c: float, e: float, colour: tuple[int, int, int, int] = fill) -> None:
        d.rectangle((p(a, b), p(c, e)), fill=colour)

    if kind == "WALL":  # three courses of bricks
        for row in range(3):
            top = 0.2 + row * 0.27
            bricks = ((0.0, 0.46), (0.52, 1.0)) if row % 2 == 0 else ((0.0, 0.2), (0.26, 0.72), (0.78, 1.0))
            for a, c in bricks:
                rect(a, top, c, top + 0.22)
    elif kind == "GATE":  # crenellated wall with an arch
        rect(0.0, 0.15, 1.0, 1.0)
        for a in (0.0, 0.4, 0.8):
            rect(a, 0.05, a + 0.2, 0.15)
        rect(0.3, 0.6, 0.7, 1.0, clear)
        d.ellipse((p(0.3, 0.45), p(0.7, 0.75)), fill=clear)
    elif kind == "TOWER":
        rect(0.2, 0.22, 0.8, 1.0)
        for a in (0.2, 0.43, 0.66):
            rect(a, 0.08, a + 0.14, 0.22)
        rect(0.42, 0.4, 0.58, 0.55, clear)
    elif kind == "INFANTRY":  # a spear
        rect(0.44, 0.25, 0.56, 1.0)
        d.polygon([p(0.5, 0.0), p(0.78, 0.3), p(0.22, 0.3)], fill=fill)
        rect(0.25, 0.34, 0.75, 0.42)
    elif kind == "CAVALRY":  # a horseshoe
        d.arc((p(0.0, 0.15), p(1.0, 0.85)), start=125, end=415, fill=fill, width=round((x1 - x0) * 0.22))
    elif kind == "NOBLE":  # a crown
        d.polygon([p(0.0, 0.85), p(0.0, 0.3), p(0.25, 0.55), p(0.5, 0.15), p(0.75, 0.55), p(1.0, 0.3),
                   p(1.0, 0.85)], fill=fill)
    else:  # DRAGON: a flame
        d.polygon([p(0.5, 0.0), p(0.8, 0.4), p(0.95, 0.75), p(0.7, 1.0), p(0.3, 1.0), p(0.05, 0.75),
                   p(0.25, 0.45), p(0.42, 0.6)], fill=fill)
    # Faint, so the letter and value stay the loudest things on the card.
    layer.putalpha(layer.getchannel("A").point(lambda a: a * 95 // 255))
    image.alpha_composite(layer)
