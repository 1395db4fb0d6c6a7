"""Pictures of The Great Wall of China, drawn from a view (``bot/games/great_wall/schema.py``) only.

``board`` is the public table, ``hand`` one player's private cards, ``final`` the scores at the end.
Every participant of a section gets one line: their badge, their progress (big), then their cards in
play order. A Dragon's stack sits in the Dragon owner's line with the covered card peeking out on its
left, so stacks never split across lines.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypedDict, cast

from PIL import Image, ImageDraw

from render import theme
from render.theme import INK, MUTED, PANEL, RGB, Box

if TYPE_CHECKING:
    from bot.games.great_wall.schema import CardView, GreatWallView, PlayerView, SectionView

WIDTH = 1120
MARGIN = 16
GAP = 10  # between panels

# Cards: a tile is CARD_W x CARD_H; rows squeeze cards together down to CARD_MIN_VISIBLE px each
# (the type letter and the value stay readable), and wrap only past that.
CARD_W, CARD_H = 56, 76
CARD_GAP = 6
CARD_MIN_VISIBLE = 30
STACK_DX, STACK_DY = 26, 6  # how far each card on a stack sits right/down of the one it covers
LINE_PAD_TOP, LINE_PAD_BOTTOM = 12, 6  # room for a first marker sticking out of a card's corner

SECTION_LEFT = 176  # slot number and unclaimed markers, side by side
PROGRESS_W = 124  # badge + progress box
EMPTY_ROW_H = 64  # a section with no cards yet
MARKER_SIZE = 48
CLOSED_H = 70
BANNER_H = 36
HEADER_H = 96
RULE: RGB = (228, 218, 196)  # thin separators inside a section
LEAD_BACK: RGB = (255, 243, 205)  # behind the leader's block and the player to move
LAST_ROUND_H = 44
PLAYER_H = 150


@dataclass(frozen=True)
class CardKind:
    initial: str
    name: str
    plural: str
    hand_value: str  # what the card is worth in hand (Infantry's depends on the section)
    ability: str


CARD_KINDS: dict[str, CardKind] = {
    "WALL": CardKind("W", "Wall", "Walls", "1", "worth 1"),
    "GATE": CardKind("G", "Gate", "Gates", "2", "worth 2"),
    "TOWER": CardKind("T", "Tower", "Towers", "3", "worth 3"),
    "INFANTRY": CardKind("I", "Infantry", "Infantry", "1+", "your 1st here is worth 1, 2nd 2 ... 5th 5"),
    "CAVALRY": CardKind("C", "Cavalry", "Cavalry", "2", "worth 2, played for free"),
    "NOBLE": CardKind("N", "Noble", "Nobles", "1", "every card in its section counts 1"),
    "DRAGON": CardKind("D", "Dragon", "Dragons", "1", "worth 1, may cover a card"),
}
CARD_ORDER: tuple[str, ...] = tuple(CARD_KINDS)


class _Breakdown(TypedDict):
    """One seat of ``result["breakdown"]`` (bot/games/great_wall/scoring.py)."""

    markers: list[int]
    total: int
    lost_on_cards: list[int]
    resigned: bool


# -- public API -----------------------------------------------------------------------------------
def board(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The public table as PNG. Reads no hidden field, so any seat's view gives the same sections."""
    v = cast("GreatWallView", view)
    return theme.to_png(_draw_board(v, _Seats(v, names)))


def hand(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The viewer's private picture: hand by type, remaining deck, markers and score."""
    v = cast("GreatWallView", view)
    if v["hand"] is None or v["viewer"] is None:
        raise ValueError("hand() needs a player's own view; this one is public")
    return theme.to_png(_draw_hand(v, _Seats(v, names)))


def final(view: Mapping[str, Any], names: Sequence[str] | None = None) -> bytes:
    """Final scores: places, each player's markers and total, markers lost on cards."""
    v = cast("GreatWallView", view)
    if v["result"] is None:
        raise ValueError("final() needs a finished game's view")
    return theme.to_png(_draw_final(v, _Seats(v, names)))


# -- names ----------------------------------------------------------------------------------------
class _Seats:
    """How seats are called: the player's name when given, else their colour ("Blue")."""

    def __init__(self, view: GreatWallView, names: Sequence[str] | None) -> None:
        self.colours = [p["colour"] for p in view["players"]]
        self.given = [theme.printable(n) for n in names] if names is not None else None

    def colour(self, seat: int) -> str:
        return self.colours[seat]

    def name(self, seat: int) -> str:
        if self.given is not None and seat < len(self.given) and self.given[seat]:
            return self.given[seat]
        return theme.player_style(self.colours[seat]).name


# -- card tiles -----------------------------------------------------------------------------------
@lru_cache(maxsize=512)
def card_tile(colour: str, kind: str, value: str, covered: bool = False, scale: float = 1.0) -> Image.Image:
    """One card face in its owner's colour: type letter top left, icon, value bottom left. RGBA."""
    style = theme.player_style(colour)
    ss = 3  # supersampling for smooth icons and corners
    w, h = round(CARD_W * scale), round(CARD_H * scale)
    big_w, big_h, u = w * ss, h * ss, scale * ss  # u: one card pixel at the supersampled size
    image = Image.new("RGBA", (big_w, big_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, big_w - 1, big_h - 1), radius=round(7 * u), fill=style.fill, outline=INK,
                           width=round(2 * u))
    _draw_icon(image, kind, (round(27 * u), round(28 * u), round((CARD_W - 5) * u), round((CARD_H - 8) * u)),
               style.ink)
    if covered:  # under the letter and value, which must stay readable in the thin strip that shows
        _cover_marks(image, u)
    theme.draw_text(draw, (round(6 * u), round(4 * u)), CARD_KINDS[kind].initial, round(30 * u), style.ink,
                    anchor="lt", bold=True)
    r = 13 * u
    cx, cy = 15 * u, (CARD_H - 15) * u
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.WHITE, outline=INK, width=round(1.5 * u))
    theme.draw_text(draw, (cx, cy), value, round((21 if len(value) < 2 else 16) * u), INK, anchor="mm",
                    bold=True)
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

    if kind == "WALL":
        for row in range(3):
            top, bottom = 0.2 + row * 0.27, 0.2 + row * 0.27 + 0.22
            starts = (0.0, 0.52) if row % 2 == 0 else (0.0, 0.26, 0.78)
            ends = (0.46, 1.0) if row % 2 == 0 else (0.2, 0.72, 1.0)
            for a, c in zip(starts, ends, strict=True):
                rect(a, top, c, bottom)
    elif kind == "GATE":
        rect(0.0, 0.15, 1.0, 1.0)
        rect(0.0, 0.05, 0.2, 0.15)
        rect(0.4, 0.05, 0.6, 0.15)
        rect(0.8, 0.05, 1.0, 0.15)
        rect(0.3, 0.6, 0.7, 1.0, clear)
        d.ellipse((p(0.3, 0.45), p(0.7, 0.75)), fill=clear)
    elif kind == "TOWER":
        rect(0.2, 0.22, 0.8, 1.0)
        for a in (0.2, 0.43, 0.66):
            rect(a, 0.08, a + 0.14, 0.22)
        rect(0.42, 0.4, 0.58, 0.55, clear)
    elif kind == "INFANTRY":
        rect(0.44, 0.25, 0.56, 1.0)
        d.polygon([p(0.5, 0.0), p(0.78, 0.3), p(0.22, 0.3)], fill=fill)
        rect(0.25, 0.34, 0.75, 0.42)
    elif kind == "CAVALRY":
        width = round((x1 - x0) * 0.22)
        d.arc((p(0.0, 0.15), p(1.0, 0.85)), start=125, end=415, fill=fill, width=width)
    elif kind == "NOBLE":
        d.polygon([p(0.0, 0.85), p(0.0, 0.3), p(0.25, 0.55), p(0.5, 0.15), p(0.75, 0.55), p(1.0, 0.3),
                   p(1.0, 0.85)], fill=fill)
    else:  # DRAGON: a flame
        d.polygon([p(0.5, 0.0), p(0.8, 0.4), p(0.95, 0.75), p(0.7, 1.0), p(0.3, 1.0), p(0.05, 0.75),
                   p(0.25, 0.45), p(0.42, 0.6)], fill=fill)
    # Faint, so the letter and value stay the loudest things on the card.
    layer.putalpha(layer.getchannel("A").point(lambda a: a * 95 // 255))
    image.alpha_composite(layer)


# -- row layout -----------------------------------------------------------------------------------
def stack_width(depth: int) -> int:
    return CARD_W + STACK_DX * (depth - 1)


def layout_row(widths: Sequence[int], avail: int) -> list[list[tuple[int, int]]]:
    """Place items of ``widths`` in ``avail`` px: lines of (item index, x offset).

    Items keep CARD_GAP apart when they fit; otherwise they overlap evenly, each showing at least
    CARD_MIN_VISIBLE px of its left edge; only past that does a new line start.
    """
    squeeze = CARD_W - CARD_MIN_VISIBLE
    lines: list[list[tuple[int, int]]] = []
    start = 0
    while start < len(widths):
        end = start + 1
        tightest = widths[start]
        while end < len(widths) and tightest - squeeze + widths[end] <= avail:
            tightest += widths[end] - squeeze
            end += 1
        chunk = widths[start:end]
        gap = CARD_GAP
        if len(chunk) > 1 and sum(chunk) + CARD_GAP * (len(chunk) - 1) > avail:
            gap = (avail - sum(chunk)) // (len(chunk) - 1)  # floor: never below -squeeze, never overflows
        x = 0
        line = []
        for index, width in enumerate(chunk, start):
            line.append((index, x))
            x += width + gap
        lines.append(line)
        start = end
    return lines


# -- the board ------------------------------------------------------------------------------------
LINES_X = MARGIN + SECTION_LEFT  # where participants' blocks start inside a section
LINES_W = WIDTH - MARGIN - 12 - LINES_X
CARDS_DX = PROGRESS_W + 8  # cards start this far right of their block's left edge
BLOCK_GAP = 28  # between two participants sharing a line


@dataclass(frozen=True)
class _Block:
    """One participant's part of a section: badge, progress, and their stacks laid out in lines."""

    seat: int
    stacks: list[list[CardView]]
    lines: list[list[tuple[int, int]]]  # (stack index, x offset from the first card)
    line_heights: list[int]

    @property
    def height(self) -> int:
        return max(sum(self.line_heights), CARD_H + LINE_PAD_TOP + LINE_PAD_BOTTOM)

    @property
    def width(self) -> int:
        cards = max((dx + stack_width(len(self.stacks[i])) for line in self.lines for i, dx in line), default=200)
        return CARDS_DX + cards


def _blocks(section: SectionView) -> list[_Block]:
    """The participants' blocks in seat order (a participant whose cards are all covered gets one too)."""
    blocks = []
    for seat, progress in enumerate(section["progress"]):
        if progress is None:
            continue
        stacks = [stack for stack in section["row"] if stack and stack[-1]["owner"] == seat]
        lines = layout_row([stack_width(len(s)) for s in stacks], LINES_W - CARDS_DX)
        heights = [
            CARD_H + STACK_DY * (max(len(stacks[i]) for i, _ in line) - 1) + LINE_PAD_TOP + LINE_PAD_BOTTOM
            for line in lines
        ]
        blocks.append(_Block(seat, stacks, lines, heights))
    return blocks


def flow_blocks(widths: Sequence[int], avail: int = LINES_W) -> list[list[tuple[int, int]]]:
    """Participants side by side while they fit (sections stay short), one per line when they don't:
    lines of (block index, x offset)."""
    lines: list[list[tuple[int, int]]] = []
    x = 0
    for index, width in enumerate(widths):
        if lines and x + BLOCK_GAP + width <= avail:
            lines[-1].append((index, x + BLOCK_GAP))
            x += BLOCK_GAP + width
        else:
            lines.append([(index, 0)])
            x = width
    return lines


def _block_lines(section: SectionView) -> list[list[tuple[_Block, int]]]:
    blocks = _blocks(section)
    return [[(blocks[i], dx) for i, dx in line] for line in flow_blocks([b.width for b in blocks])]


def _banners(view: GreatWallView, section: SectionView, seats: _Seats) -> list[tuple[str, RGB, RGB]]:
    """(text, fill, ink) pills shown above a section's cards."""
    out: list[tuple[str, RGB, RGB]] = []
    pending = view["pending_claim"]
    if pending is not None and pending["section"] == section["slot"] and view["active"] is not None:
        values = " or ".join(str(m) for m in pending["markers"])
        out.append((f"{seats.name(view['active'])} places a first marker here: {values}", theme.LEAD, INK))
    if section["noble_active"]:
        out.append(("NOBLE: every uncovered card here counts 1", theme.NOBLE, theme.WHITE))
    return out


def _section_height(view: GreatWallView, section: SectionView, seats: _Seats) -> int:
    if not section["open"]:
        return CLOSED_H
    banners = BANNER_H if _banners(view, section, seats) else 0
    cards = sum(max(b.height for b, _ in line) for line in _block_lines(section)) or EMPTY_ROW_H
    return 12 + banners + cards + 10


def _draw_board(view: GreatWallView, seats: _Seats) -> Image.Image:
    heights = [_section_height(view, s, seats) for s in view["sections"]]
    top = HEADER_H + (LAST_ROUND_H if view["last_round"] else 0) + GAP
    height = top + sum(heights) + GAP * len(heights) + PLAYER_H + MARGIN
    image = theme.canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    _draw_header(image, draw, view, seats)
    if view["last_round"]:
        _draw_last_round(draw, view, seats, HEADER_H)
    y = top
    for section, h in zip(view["sections"], heights, strict=True):
        _draw_section(image, draw, view, section, seats, (MARGIN, y, WIDTH - MARGIN, y + h))
        y += h + GAP
    _draw_players(image, draw, view, seats, y)
    return image


def _status(view: GreatWallView, seats: _Seats) -> str:
    active = view["active"]
    if view["phase"] == "over" or active is None:
        result = view["result"]
        if result is None:
            return "Game over"
        ranking = cast("list[int]", result["ranking"])
        winners = [seats.name(s) for s, place in enumerate(ranking) if place == 1]
        return f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
    who = seats.name(active)
    if view["pending_claim"] is not None:
        return f"{who} to choose a first marker (section {view['pending_claim']['section'] + 1})"
    if view["phase"] == "final_check":
        return f"{who} checks (final round)"
    if view["phase"] == "check":
        return f"{who} to check"
    left = view["actions_left"]
    text = f"{who} to play: {left} action{'s' if left != 1 else ''} left"
    return text + (" + free Cavalry" if view["cavalry_allowed"] else "")


def _card_by_id(view: GreatWallView) -> dict[int, CardView]:
    return {card["id"]: card for section in view["sections"] for stack in section["row"] for card in stack}


def _last_move_text(view: GreatWallView, seats: _Seats) -> str:
    move = view["last_move"]
    if move is None:
        return "First turn"
    who = seats.name(move["seat"])
    section = f"section {move['section'] + 1}" if move["section"] is not None else "a section"
    if move["kind"] == "draw":
        return f"Last: {who} drew a card"
    if move["kind"] == "resign":
        return f"Last: {who} resigned"
    if move["kind"] == "claim":
        return f"Last: {who} placed a first marker in {section}"
    cards = _card_by_id(view)
    played = [cards[c] for c in move["cards"] if c in cards]
    if not played:
        return f"Last: {who} played to {section}"
    kind = CARD_KINDS[played[0]["type"]]
    article = "an" if kind.name[0] in "AEIOU" else "a"
    what = f"{len(played)} {kind.plural}" if len(played) > 1 else f"{article} {kind.name}"
    covering = _covered_by(view, played[0]["id"]) if played[0]["type"] == "DRAGON" else None
    if covering is not None:
        what += f" on {seats.name(covering['owner'])}'s {CARD_KINDS[covering['type']].name}"
    return f"Last: {who} played {what} to {section}"


def _covered_by(view: GreatWallView, card_id: int) -> CardView | None:
    """The card directly under ``card_id``, if it lies on one."""
    for section in view["sections"]:
        for stack in section["row"]:
            for below, above in itertools.pairwise(stack):
                if above["id"] == card_id:
                    return below
    return None


@lru_cache(maxsize=4)
def _header_band(width: int) -> Image.Image:
    """The lacquer band with a faint crenellated wall line along its bottom (static, cached)."""
    band = Image.new("RGB", (width, HEADER_H), theme.HEADER)
    draw = ImageDraw.Draw(band)
    dark = (96, 22, 20)
    draw.rectangle((0, HEADER_H - 8, width, HEADER_H), fill=dark)
    for x in range(0, width, 28):
        draw.rectangle((x, HEADER_H - 16, x + 14, HEADER_H - 8), fill=dark)
    return band


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: GreatWallView, seats: _Seats) -> None:
    image.paste(_header_band(WIDTH), (0, 0))
    x = MARGIN + 4
    active = view["active"]
    if active is not None and view["phase"] != "over":
        theme.draw_badge(image, seats.colour(active), (x + 24, 38), 48)
        x += 58
    supply_text = f"Supply: {view['supply_count']} markers" if view["supply_count"] else "Supply empty"
    right = WIDTH - MARGIN - theme.text_width(supply_text, 24) - 4
    status = theme.ellipsize(_status(view, seats), 34, right - x - 60, bold=True)
    theme.draw_text(draw, (x, 38), status, 34, theme.HEADER_INK, anchor="lm", bold=True)
    theme.draw_text(draw, (x, 72), theme.ellipsize(_last_move_text(view, seats), 20, right - x - 40), 20,
                    theme.HEADER_INK, anchor="lm")
    theme.draw_text(draw, (WIDTH - MARGIN - 4, 30), supply_text, 24, theme.HEADER_INK, anchor="rm")
    if view["removed_pairs"]:
        removed = "removed: " + " ".join(str(m) for m in view["removed_pairs"])
        theme.draw_text(draw, (WIDTH - MARGIN - 4, 60), theme.ellipsize(removed, 18, 260), 18, theme.HEADER_INK,
                        anchor="rm")


def _draw_last_round(draw: ImageDraw.ImageDraw, view: GreatWallView, seats: _Seats, y: int) -> None:
    last = view["last_round"]
    assert last is not None
    draw.rectangle((0, y, WIDTH, y + LAST_ROUND_H - 1), fill=INK)
    stage = "LAST ROUND" if last["stage"] == "last_turns" else "FINAL CHECKS"
    owed = "last turns" if last["stage"] == "last_turns" else "checks"
    still = ", ".join(seats.name(s) for s in last["remaining"]) or "none"
    text = f"{stage}: declared by {seats.name(last['declarer'])}. Still owed {owed}: {still}"
    theme.draw_text(draw, (MARGIN + 4, y + LAST_ROUND_H // 2), theme.ellipsize(text, 24, WIDTH - 2 * MARGIN),
                    24, theme.LEAD, anchor="lm", bold=True)


@dataclass
class _Paint:
    """What drawing one section's cards needs: the canvas, who is who, and what to mark."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    seats: _Seats
    highlight: frozenset[int]  # the last move's cards
    candidates: frozenset[int]  # cards that may take the pending first marker
    markers: list[tuple[int, tuple[int, int]]] = field(default_factory=list)  # first markers, drawn last


def _draw_section(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: GreatWallView, section: SectionView, seats: _Seats,
    box: Box,
) -> None:
    x0, y0, x1, y1 = box
    number = str(section["slot"] + 1)
    if not section["open"]:
        theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
        theme.draw_text(draw, (x0 + 20, (y0 + y1) // 2), number, 44, theme.CLOSED_INK, anchor="lm", bold=True)
        theme.draw_text(draw, (x0 + 80, (y0 + y1) // 2), "closed: no markers left for this section", 24,
                        theme.CLOSED_INK, anchor="lm")
        return
    pending = view["pending_claim"]
    claiming = pending is not None and pending["section"] == section["slot"]
    theme.panel(draw, box, outline=theme.LEAD_EDGE if claiming else theme.PANEL_EDGE, width=4 if claiming else 2)

    banners = _banners(view, section, seats)
    y = y0 + 12
    if banners:
        bx = x0 + SECTION_LEFT
        for text, fill, ink in banners:
            w = theme.text_width(text, 20, bold=True) + 28
            draw.rounded_rectangle((bx, y, bx + w, y + BANNER_H - 8), radius=13, fill=fill)
            theme.draw_text(draw, (bx + 14, y + (BANNER_H - 8) // 2), text, 20, ink, anchor="lm", bold=True)
            bx += w + 10
        y += BANNER_H
    lines = _block_lines(section)
    # Number, markers, badges, progress and cards share one axis: the middle of the first card line.
    mid = y + (LINE_PAD_TOP + CARD_H // 2 if lines else EMPTY_ROW_H // 2)
    theme.draw_text(draw, (x0 + 16, mid), number, 60, INK, anchor="lm", bold=True)
    _draw_unclaimed(image, draw, section, (x0 + 64, mid))
    draw.line((LINES_X - 10, y0 + 12, LINES_X - 10, y1 - 12), fill=RULE, width=2)
    if not lines:
        theme.draw_text(draw, (LINES_X, mid), "no cards yet", 24, MUTED, anchor="lm")
    paint = _Paint(
        image, draw, seats,
        highlight=frozenset(view["last_move"]["cards"]) if view["last_move"] else frozenset(),
        candidates=frozenset(pending["cards"]) if pending is not None and claiming else frozenset(),
    )
    for index, line in enumerate(lines):
        height = max(block.height for block, _ in line)
        if index:
            draw.line((LINES_X, y, x1 - 14, y), fill=RULE, width=2)
        for block, dx in line:
            if dx:
                draw.line((LINES_X + dx - BLOCK_GAP // 2, y + 8, LINES_X + dx - BLOCK_GAP // 2, y + height - 8),
                          fill=RULE, width=2)
            _draw_block(paint, section, block, LINES_X + dx, y, height)
        y += height
    for value, (cx, cy) in paint.markers:  # last, so no later card hides a first marker
        theme.paste_centered(image, theme.token(str(value), 34), (cx, cy))


def _draw_unclaimed(image: Image.Image, draw: ImageDraw.ImageDraw, section: SectionView, xy: tuple[int, int]
                    ) -> None:
    x, mid = xy
    size = MARKER_SIZE
    y = mid - size // 2
    for i, value in enumerate(section["markers"]):
        theme.paste(image, theme.token(str(value), size), (x + i * (size + 4), y))
    if section["first_marker"] is not None:
        # Where the first marker was: a faint ring, the marker itself lies on its card.
        gx = x + len(section["markers"]) * (size + 4)
        draw.ellipse((gx + 3, y + 3, gx + size - 3, y + size - 3), outline=theme.PANEL_EDGE, width=2)
        theme.draw_text(draw, (gx + size // 2, mid), "on card", 13, MUTED, anchor="mm")


def _draw_block(paint: _Paint, section: SectionView, block: _Block, x0: int, y: int, height: int) -> None:
    image, draw = paint.image, paint.draw
    leader = section["leader"] == block.seat
    mid = y + LINE_PAD_TOP + CARD_H // 2
    if leader:
        right = WIDTH - MARGIN - 10 if block.width > LINES_W // 2 else x0 + block.width + 8
        draw.rounded_rectangle((x0 - 6, y + 3, right, y + height - 3), radius=10, fill=LEAD_BACK)
    theme.draw_badge(image, paint.seats.colour(block.seat), (x0 + 22, mid), 44)
    progress = section["progress"][block.seat] or 0
    box = (x0 + 50, mid - 30, x0 + PROGRESS_W - 2, mid + 30)
    if leader:
        draw.rounded_rectangle(box, radius=10, fill=theme.LEAD, outline=theme.LEAD_EDGE, width=3)
        _draw_crown(draw, (box[0] + box[2]) // 2, box[1] - 1)
    else:
        draw.rounded_rectangle(box, radius=10, fill=theme.WHITE, outline=theme.PANEL_EDGE, width=2)
    theme.draw_text(draw, ((box[0] + box[2]) // 2, mid + 1), str(progress), 44 if -10 < progress < 10 else 36,
                    INK, anchor="mm", bold=True)
    cards_x = x0 + CARDS_DX
    if not block.stacks:
        theme.draw_text(draw, (cards_x, mid), "all cards covered", 22, MUTED, anchor="lm")
    line_y = y
    for line, line_h in zip(block.lines, block.line_heights, strict=True):
        for index, dx in line:
            _draw_stack(paint, block.stacks[index], cards_x + dx, line_y + LINE_PAD_TOP)
        line_y += line_h


def _draw_crown(draw: ImageDraw.ImageDraw, cx: int, bottom: int) -> None:
    """A small crown on the leader's progress box: the lead is marked by shape, not only by colour."""
    w, h = 30, 14
    pts = [(cx - w / 2, bottom), (cx - w / 2, bottom - h), (cx - w / 4, bottom - h / 2), (cx, bottom - h - 2),
           (cx + w / 4, bottom - h / 2), (cx + w / 2, bottom - h), (cx + w / 2, bottom)]
    draw.polygon(pts, fill=theme.LEAD, outline=theme.LEAD_EDGE, width=2)


def _draw_stack(paint: _Paint, stack: list[CardView], x: int, y: int) -> None:
    draw = paint.draw
    for depth, card in enumerate(stack):
        cx, cy = x + depth * STACK_DX, y + depth * STACK_DY
        if card["id"] in paint.candidates:  # a card the claimant may put the first marker on
            draw.rounded_rectangle((cx - 5, cy - 5, cx + CARD_W + 4, cy + CARD_H + 4), radius=10,
                                   outline=theme.LEAD_EDGE, width=4)
        tile = card_tile(paint.seats.colour(card["owner"]), card["type"], str(card["value"]), card["covered"])
        theme.paste(paint.image, tile, (cx, cy))
        if card["id"] in paint.highlight:
            draw.rounded_rectangle((cx - 2, cy - 2, cx + CARD_W + 1, cy + CARD_H + 1), radius=8,
                                   outline=theme.ACCENT, width=4)
        if card["marker"] is not None:
            paint.markers.append((card["marker"], (cx + CARD_W - 6, cy + 6)))


# -- the player strip -----------------------------------------------------------------------------
STRIP_TOP = 14  # room for the tab that straddles a player box's top edge


def _player_tag(view: GreatWallView, player: PlayerView) -> str | None:
    if player["resigned"]:
        return "RESIGNED"
    if view["active"] == player["seat"] and view["phase"] != "over":
        return "TO PLAY" if view["phase"] == "actions" else "TO CHECK"
    last = view["last_round"]
    if last is not None and last["declarer"] == player["seat"]:
        return "LAST ROUND"
    return None


def _draw_players(image: Image.Image, draw: ImageDraw.ImageDraw, view: GreatWallView, seats: _Seats, y: int
                  ) -> None:
    players = view["players"]
    n = len(players)
    width = (WIDTH - 2 * MARGIN - GAP * (n - 1)) // n
    top = y + STRIP_TOP
    for i, player in enumerate(players):
        x0 = MARGIN + i * (width + GAP)
        _draw_player(image, draw, view, player, seats, (x0, top, x0 + width, y + PLAYER_H))


def _draw_player(image: Image.Image, draw: ImageDraw.ImageDraw, view: GreatWallView, player: PlayerView,
                 seats: _Seats, box: Box) -> None:
    x0, y0, x1, y1 = box
    seat = player["seat"]
    active = view["active"] == seat and view["phase"] != "over"
    if player["resigned"]:
        theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
    elif active:
        theme.panel(draw, box, fill=LEAD_BACK, outline=INK, width=4)
    else:
        theme.panel(draw, box)
    theme.draw_badge(image, player["colour"], (x0 + 30, y0 + 32), 44)
    name_w = x1 - x0 - 70
    colour_name = theme.player_style(player["colour"]).name
    label = seats.name(seat)
    if label != colour_name:
        theme.draw_text(draw, (x0 + 60, y0 + 24), theme.ellipsize(label, 26, name_w, bold=True), 26, INK,
                        anchor="lm", bold=True)
        theme.draw_text(draw, (x0 + 60, y0 + 48), colour_name, 18, MUTED, anchor="lm")
    else:
        theme.draw_text(draw, (x0 + 60, y0 + 32), colour_name, 28, INK, anchor="lm", bold=True)
    theme.draw_text(draw, (x0 + 12, y0 + 78), f"Hand {player['hand_count']}", 24, INK, anchor="lm")
    theme.draw_text(draw, (x1 - 12, y0 + 78), f"Deck {player['deck_count']}", 24, INK, anchor="rm")
    _draw_won_markers(image, draw, player, (x0 + 10, y0 + 96, x1 - 10, y1 - 8))
    tag = _player_tag(view, player)
    if tag is not None:
        w = theme.text_width(tag, 16, bold=True) + 20
        cx = (x0 + x1) // 2
        fill = theme.CLOSED_INK if player["resigned"] else INK
        draw.rounded_rectangle((cx - w // 2, y0 - 12, cx + w // 2, y0 + 10), radius=11, fill=fill)
        theme.draw_text(draw, (cx, y0 - 1), tag, 16, theme.LEAD, anchor="mm", bold=True)


def _draw_won_markers(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerView, box: Box, size: int = 32
                      ) -> None:
    """Markers in front of a player: their values when this view may see them, else a face-down count."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) // 2
    values = player["markers"]
    if values is None:
        back = theme.token("", size, theme.TOKEN_BACK, theme.TOKEN_EDGE)
        theme.paste_centered(image, back, (x0 + size // 2, mid))
        count = player["markers_count"]
        text = f"{count} marker{'s' if count != 1 else ''}"
        theme.draw_text(draw, (x0 + size + 8, mid), theme.ellipsize(text, 24, x1 - x0 - size - 8), 24, INK,
                        anchor="lm")
        return
    score = f"= {player['score'] if player['score'] is not None else sum(values)}"
    score_size = max(26, size * 3 // 4)
    score_w = theme.text_width(score, score_size, bold=True)
    theme.draw_text(draw, (x1, mid), score, score_size, INK, anchor="rm", bold=True)
    if not values:
        theme.draw_text(draw, (x0, mid), "no markers", 20, MUTED, anchor="lm")
        return
    room = x1 - x0 - score_w - 8 - size
    step = min(size + 3, room // max(1, len(values) - 1)) if len(values) > 1 else 0
    for i, value in enumerate(values):
        theme.paste_centered(image, theme.token(str(value), size), (x0 + size // 2 + i * step, mid))


# -- the private hand picture ---------------------------------------------------------------------
HAND_HEADER_H = 84
HAND_CELL_H = 128
HAND_SCALE = 1.5


def _draw_hand(view: GreatWallView, seats: _Seats) -> Image.Image:
    seat = view["viewer"]
    cards = view["hand"]
    deck = view["deck_composition"] or {}
    assert seat is not None and cards is not None
    player = view["players"][seat]
    counts = {kind: sum(1 for c in cards if c["type"] == kind) for kind in CARD_ORDER}
    kinds = [kind for kind in CARD_ORDER if counts[kind]]
    rows = max(1, (len(kinds) + 1) // 2)
    hand_h = 56 + rows * HAND_CELL_H
    deck_h, markers_h = 150, 110
    height = HAND_HEADER_H + GAP + hand_h + GAP + deck_h + GAP + markers_h + MARGIN
    image = theme.canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)

    image.paste(_header_band(WIDTH).crop((0, HEADER_H - HAND_HEADER_H, WIDTH, HEADER_H)), (0, 0))
    theme.draw_badge(image, player["colour"], (MARGIN + 28, 36), 48)
    title = f"Your cards: {seats.name(seat)}"
    theme.draw_text(draw, (MARGIN + 62, 36), theme.ellipsize(title, 34, 560, bold=True), 34, theme.HEADER_INK,
                    anchor="lm", bold=True)
    turn = "your turn" if view["active"] == seat and view["phase"] != "over" else "not your turn"
    theme.draw_text(draw, (WIDTH - MARGIN - 4, 36), turn, 26, theme.HEADER_INK, anchor="rm", bold=True)

    y = HAND_HEADER_H + GAP
    theme.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + hand_h))
    theme.draw_text(draw, (MARGIN + 18, y + 28), f"In your hand: {len(cards)} card{'s' if len(cards) != 1 else ''}",
                    28, INK, anchor="lm", bold=True)
    if not kinds:
        theme.draw_text(draw, (MARGIN + 18, y + 56 + HAND_CELL_H // 2), "empty", 26, MUTED, anchor="lm")
    cell_w = (WIDTH - 2 * MARGIN - 24) // 2
    for i, kind in enumerate(kinds):
        cx = MARGIN + 12 + (i % 2) * cell_w
        cy = y + 56 + (i // 2) * HAND_CELL_H
        _draw_hand_cell(image, draw, player["colour"], kind, counts[kind], (cx, cy, cx + cell_w, cy + HAND_CELL_H))

    y += hand_h + GAP
    theme.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + deck_h))
    total = sum(deck.values())
    theme.draw_text(draw, (MARGIN + 18, y + 28), f"Still in your deck: {total} (order unknown)", 28, INK,
                    anchor="lm", bold=True)
    x = MARGIN + 18
    for kind in CARD_ORDER:
        count = deck.get(kind, 0)
        tile = card_tile(player["colour"], kind, CARD_KINDS[kind].hand_value, count == 0)
        theme.paste(image, tile, (x, y + 58))
        theme.draw_text(draw, (x + CARD_W + 8, y + 58 + CARD_H // 2), f"x{count}", 28,
                        INK if count else MUTED, anchor="lm", bold=True)
        x += CARD_W + 90

    y += deck_h + GAP
    theme.panel(draw, (MARGIN, y, WIDTH - MARGIN, y + markers_h))
    theme.draw_text(draw, (MARGIN + 18, y + 30), "Your markers", 28, INK, anchor="lm", bold=True)
    _draw_won_markers(image, draw, player, (MARGIN + 18, y + 52, WIDTH - MARGIN - 18, y + markers_h - 8), 44)
    return image


def _draw_hand_cell(image: Image.Image, draw: ImageDraw.ImageDraw, colour: str, kind: str, count: int, box: Box
                    ) -> None:
    x0, y0, _, _ = box
    info = CARD_KINDS[kind]
    tile = card_tile(colour, kind, info.hand_value, False, HAND_SCALE)
    theme.paste(image, tile, (x0 + 6, y0 + 8))
    tx = x0 + tile.width + 22
    theme.draw_text(draw, (tx, y0 + 34), f"{count} x {info.name if count == 1 else info.plural}", 32, INK,
                    anchor="lm", bold=True)
    theme.draw_text(draw, (tx, y0 + 72), info.ability, 21, MUTED, anchor="lm")


# -- final scores ---------------------------------------------------------------------------------
FINAL_ROW_H = 118


def _draw_final(view: GreatWallView, seats: _Seats) -> Image.Image:
    result = view["result"]
    assert result is not None
    ranking = cast("list[int]", result["ranking"])
    scores = cast("list[int]", result["scores"])
    breakdown = cast("list[_Breakdown]", result["breakdown"])
    order = sorted(range(len(ranking)), key=lambda s: (ranking[s], s))
    height = HAND_HEADER_H + GAP + len(order) * (FINAL_ROW_H + GAP) + MARGIN
    image = theme.canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    image.paste(_header_band(WIDTH).crop((0, HEADER_H - HAND_HEADER_H, WIDTH, HEADER_H)), (0, 0))
    theme.draw_text(draw, (MARGIN + 8, 36), "Final scores", 36, theme.HEADER_INK, anchor="lm", bold=True)
    reason = {"normal": "", "resignation": "ended by resignation"}.get(str(result["reason"]), str(result["reason"]))
    if reason:
        theme.draw_text(draw, (WIDTH - MARGIN - 4, 36), reason, 24, theme.HEADER_INK, anchor="rm")
    y = HAND_HEADER_H + GAP
    for seat in order:
        _draw_final_row(image, draw, seats, seat, ranking[seat], scores[seat], breakdown[seat],
                        (MARGIN, y, WIDTH - MARGIN, y + FINAL_ROW_H))
        y += FINAL_ROW_H + GAP
    return image


def _draw_final_row(image: Image.Image, draw: ImageDraw.ImageDraw, seats: _Seats, seat: int, place: int,
                    score: int, detail: _Breakdown, box: Box) -> None:
    x0, y0, x1, y1 = box
    mid = (y0 + y1) // 2
    winner = place == 1 and not detail["resigned"]
    theme.panel(draw, box, fill=LEAD_BACK if winner else PANEL,
                outline=theme.LEAD_EDGE if winner else theme.PANEL_EDGE, width=4 if winner else 2)
    theme.draw_text(draw, (x0 + 20, mid), theme.ordinal(place), 44, INK, anchor="lm", bold=True)
    theme.draw_badge(image, seats.colour(seat), (x0 + 150, mid), 56)
    colour_name = theme.player_style(seats.colour(seat)).name
    label = seats.name(seat)
    sub = colour_name if label != colour_name else ""
    if detail["resigned"]:
        sub = f"{sub}, resigned" if sub else "resigned"
    theme.draw_text(draw, (x0 + 190, y0 + 40 if sub else mid), theme.ellipsize(label, 32, 260, bold=True), 32,
                    INK, anchor="lm", bold=True)
    if sub:
        theme.draw_text(draw, (x0 + 190, y0 + 76), sub, 22, MUTED, anchor="lm")
    theme.draw_text(draw, (x1 - 24, mid), str(score), 56, INK, anchor="rm", bold=True)
    x, size = x0 + 470, 50
    right = x1 - 120
    markers = detail["markers"]
    lost = detail["lost_on_cards"]
    row_mid = y0 + 38 if lost else mid  # markers won, with the lost ones on a line below
    step = min(size + 4, (right - x - size) // max(1, len(markers) - 1)) if len(markers) > 1 else 0
    for i, value in enumerate(markers):
        theme.paste_centered(image, theme.token(str(value), size), (x + size // 2 + i * step, row_mid))
    if not markers:
        theme.draw_text(draw, (x, row_mid), "no markers", 24, MUTED, anchor="lm")
    if lost:
        theme.draw_text(draw, (x, y0 + 92), "lost on cards:", 20, MUTED, anchor="lm")
        lx = x + theme.text_width("lost on cards:", 20) + 24
        for i, value in enumerate(lost):
            faded = theme.token(str(value), 32, theme.CLOSED, theme.CLOSED_INK, MUTED)
            theme.paste_centered(image, faded, (lx + i * 36, y0 + 92))
