"""The public board: title band (whose turn, last move, supply), the last-round banner, one panel per
section, the players' panels.

In a section every participant gets a block: badge, progress (big), then their cards in play order. A
Dragon's stack sits in the Dragon owner's block with the covered cards peeking out on its left, so a
stack never splits. Blocks share a line while they fit, so a section is as short as its cards allow.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import mark, tr, trn, trp
from render import theme
from render.great_wall.cards import CARD_KINDS, place_card
from render.great_wall.geometry import (
    BLOCK_GAP,
    CARD_H,
    CARD_W,
    GAP,
    KEY,
    MARGIN,
    STACK_DX,
    STACK_DY,
    WIDTH,
    Placed,
    flow_blocks,
    layout_row,
    stack_width,
)
from render.great_wall.players import LEAD_BACK, Seats, draw_players, players_height
from render.theme import INK, MUTED, RGB, Box

if TYPE_CHECKING:
    from bot.games.great_wall.schema import CardView, GreatWallView, SectionView

HEADER_H = 152  # three lines: the status, the last move, the supply (and the pairs taken out)
STATUS_SIZE = 30  # the status line, bold, the band's width to itself
STATUS_Y, LAST_Y, SUPPLY_Y = 34, 76, 114  # the lines' middles
LAST_ROUND_H = 48
SECTION_LEFT = 176  # slot number and unclaimed markers, side by side
LINES_X = MARGIN + SECTION_LEFT  # where the participants' blocks start
LINES_W = WIDTH - MARGIN - 12 - LINES_X
PROGRESS_W = 124  # badge + progress box
CARDS_DX = PROGRESS_W + 8  # cards start this far right of their block's left edge
LINE_PAD_TOP, LINE_PAD_BOTTOM = 22, 6  # room for a first marker sticking out of a card's corner
EMPTY_ROW_H = 64  # a section with no cards yet
MARKER_SIZE = 48  # an unclaimed marker: its value at the key size
ON_CARD_SIZE = 46  # a first marker lying on its card
CLOSED_H = 70
BANNER_H = 42
BANNER_GAP = 10  # between two banners sharing a row
RULE: RGB = (228, 218, 196)  # thin separators inside a section


def draw_board(view: GreatWallView, seats: Seats) -> Image.Image:
    sections = section_panels(view, seats)
    players_top = sections[-1][1][3] + GAP
    image = theme.canvas(WIDTH, players_top + players_height(len(view["players"])) + MARGIN)
    draw = ImageDraw.Draw(image)
    _draw_header(image, draw, view, seats)
    if view["last_round"]:
        _draw_last_round(draw, view, seats, HEADER_H)
    for layout, box in sections:
        _draw_section(image, draw, view, layout, seats, box)
    draw_players(image, draw, view, seats, players_top)
    return image


def section_panels(view: GreatWallView, seats: Seats) -> list[tuple[SectionLayout, Box]]:
    """Each section's layout and its panel on the board, one under the other below the title band."""
    y = HEADER_H + (LAST_ROUND_H if view["last_round"] else 0) + GAP
    panels = []
    for section in view["sections"]:
        layout = SectionLayout.of(view, section, seats)
        panels.append((layout, (MARGIN, y, WIDTH - MARGIN, y + layout.height)))
        y += layout.height + GAP
    return panels


# -- a close-up of some sections (render/crops) ----------------------------------------------------------
CLOSE_UP_MIN_W = 560  # a close-up is never narrower: its caption and a section's markers need the room
CLOSED_TEXT = mark("closed: no markers left for this section")
ALL_COVERED = mark("all cards covered")  # a participant whose every card lies under a Dragon


def draw_sections(view: GreatWallView, seats: Seats, slots: Sequence[int]) -> Image.Image:
    """Only the sections ``slots``, one under the other and drawn as on the board, in a picture as narrow as
    their cards allow: the close-up of a decision about them. Narrower than the board, so on a phone (which
    fits a picture to its width) every number reads larger than on the board."""
    layouts = [SectionLayout.of(view, view["sections"][slot], seats) for slot in slots]
    width = max(CLOSE_UP_MIN_W, *(_right_edge(layout) for layout in layouts)) + 12 + MARGIN
    width = min(WIDTH, width)
    image = theme.canvas(width, GAP + sum(layout.height + GAP for layout in layouts))
    draw = ImageDraw.Draw(image)
    y = GAP
    for layout in layouts:
        _draw_section(image, draw, view, layout, seats, (MARGIN, y, width - MARGIN, y + layout.height))
        y += layout.height + GAP
    return image


def _right_edge(layout: SectionLayout) -> int:
    """The rightmost pixel a section's contents reach; the board's full width when a leader's wide block
    spreads its highlight to the panel's edge."""
    if not layout.section["open"]:
        return MARGIN + 80 + theme.text_width(tr(CLOSED_TEXT), 24)
    blocks = [(block, dx) for line in layout.lines for block, dx in line]
    if any(block.width > LINES_W // 2 for block, _ in blocks):
        return WIDTH
    cards = max((dx + block.width + 8 for block, dx in blocks), default=theme.text_width(tr("no cards yet"), 24))
    banners = max((sum(theme.pill_width(text, 24) + BANNER_GAP for text, _, _ in row) for row in layout.banners),
                  default=0)
    return LINES_X + max(cards, banners)


# -- title band and last round --------------------------------------------------------------------
def _status(view: GreatWallView, seats: Seats) -> str:
    active = view["active"]
    if view["phase"] == "over" or active is None:
        result = view["result"]
        if result is None:
            return tr("Game over")
        ranking = result["ranking"]
        winners = [seats.name(s) for s, place in enumerate(ranking) if place == 1]
        return trn("Game over: {players} wins", "Game over: {players} win", len(winners),
                   players=trp("great wall list", " and ").join(winners))
    who = seats.name(active)
    pending = view["pending_claim"]
    if pending is not None:
        return tr("{player} to choose a first marker (section {section})", player=who, section=pending["section"] + 1)
    if view["phase"] == "final_check":
        return tr("{player} checks (final round)", player=who)
    if view["phase"] == "check":
        return tr("{player} to check", player=who)
    left = view["actions_left"]
    if view["cavalry_allowed"]:
        return trn("{player} to play: {n} action left + free Cavalry",
                   "{player} to play: {n} actions left + free Cavalry", left, player=who)
    return trn("{player} to play: {n} action left", "{player} to play: {n} actions left", left, player=who)


def _last_move_text(view: GreatWallView, seats: Seats) -> str:
    move = view["last_move"]
    if move is None:
        return tr("First turn")
    who = seats.name(move["seat"])
    section = tr("section {section}", section=move["section"] + 1) if move["section"] is not None else tr(
        "a section")
    if move["kind"] == "draw":
        return tr("Last: {player} drew a card", player=who)
    if move["kind"] == "resign":
        if view["players"][move["seat"]]["timed_out"]:
            return tr("Last: {player} ran out of time", player=who)
        return tr("Last: {player} resigned", player=who)
    if move["kind"] == "claim":
        return tr("Last: {player} placed a first marker in {section}", player=who, section=section)
    on_wall = {c["id"]: (c, below) for s in view["sections"] for stack in s["row"]
               for below, c in itertools.pairwise([None, *stack]) if c is not None}
    played = [on_wall[c] for c in move["cards"] if c in on_wall]
    if not played:
        return tr("Last: {player} played to {section}", player=who, section=section)
    first, below = played[0]
    what = CARD_KINDS[first["type"]].counted(len(played))
    if below is not None:  # a Dragon played onto a card
        return tr("Last: {player} played {cards} on {owner}'s {card} to {section}", player=who, cards=what,
                  owner=seats.name(below["owner"]), card=CARD_KINDS[below["type"]].name, section=section)
    return tr("Last: {player} played {cards} to {section}", player=who, cards=what, section=section)


def supply_text(view: GreatWallView) -> str:
    """The supply as the title band's third line starts with it."""
    return (trn("Supply: {n} marker", "Supply: {n} markers", view["supply_count"]) if view["supply_count"]
            else tr("Supply empty"))


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: GreatWallView, seats: Seats) -> None:
    """The title band: whose turn and what they do on a line of its own (a long name and a long language need
    it all), the last move under it, then the supply and, in a two-player game, the pairs taken out."""
    image.paste(theme.title_band(WIDTH, HEADER_H), (0, 0))
    x, end = MARGIN + 4, WIDTH - MARGIN - 4
    active = view["active"]
    if active is not None and view["phase"] != "over":
        theme.draw_badge(image, seats.colour(active), (x + 24, STATUS_Y), 48)
        x += 58
    status = theme.ellipsize(_status(view, seats), STATUS_SIZE, end - x, bold=True)
    theme.draw_key(draw, (x, STATUS_Y), status, STATUS_SIZE, theme.HEADER_INK, anchor="lm", bold=True)
    theme.draw_key(draw, (MARGIN + 4, LAST_Y), theme.ellipsize(_last_move_text(view, seats), KEY, end - MARGIN - 4),
                   KEY, theme.HEADER_INK, anchor="lm")
    theme.draw_key(draw, (MARGIN + 4, SUPPLY_Y), supply_text(view), KEY, theme.HEADER_INK, anchor="lm")
    if view["removed_pairs"]:  # 2 players: equal pairs taken out, public
        removed = tr("Removed: {markers}", markers=" ".join(str(m) for m in view["removed_pairs"]))
        theme.draw_key(draw, (end, SUPPLY_Y), removed, KEY, theme.HEADER_INK, anchor="rm")


def _draw_last_round(draw: ImageDraw.ImageDraw, view: GreatWallView, seats: Seats, y: int) -> None:
    last = view["last_round"]
    assert last is not None
    draw.rectangle((0, y, WIDTH, y + LAST_ROUND_H - 1), fill=INK)
    final = last["stage"] == "final_check"
    still = trp("great wall list", ", ").join(seats.name(s) for s in last["remaining"]) or trp("nobody", "none")
    declarer = seats.name(last["declarer"])
    if final:
        text = tr("FINAL CHECKS: declared by {player}. Still owed checks: {players}", player=declarer, players=still)
    else:
        text = tr("LAST ROUND: declared by {player}. Still owed last turns: {players}", player=declarer,
                  players=still)
    theme.draw_key(draw, (MARGIN + 4, y + LAST_ROUND_H // 2), theme.ellipsize(text, KEY, WIDTH - 2 * MARGIN),
                   KEY, theme.LEAD, anchor="lm", bold=True)


# -- section layout -------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Block:
    """One participant's part of a section: badge, progress, and their stacks laid out in lines."""

    seat: int
    stacks: list[list[CardView]]
    lines: Placed  # (stack index, x offset from the block's first card)

    @property
    def line_heights(self) -> list[int]:
        return [
            CARD_H + STACK_DY * (max(len(self.stacks[i]) for i, _ in line) - 1) + LINE_PAD_TOP + LINE_PAD_BOTTOM
            for line in self.lines
        ]

    @property
    def height(self) -> int:
        return max(sum(self.line_heights), CARD_H + LINE_PAD_TOP + LINE_PAD_BOTTOM)

    @property
    def width(self) -> int:
        if not self.stacks:  # the words stand where the cards would: as wide as the language makes them
            return CARDS_DX + max(200, theme.text_width(tr(ALL_COVERED), 24) + 8)
        return CARDS_DX + max(dx + stack_width(len(self.stacks[i])) for line in self.lines for i, dx in line)


Banner = tuple[str, RGB, RGB]  # text, fill, ink


def _banner_rows(banners: list[Banner]) -> list[list[Banner]]:
    """Each banner on a row of its own, so a section's height does not hang on the names' widths (the /rules
    callouts, which know no names, find its cards); a banner wider than the cards' width (a long name, a long
    language) is cut with "…" rather than run past the panel's edge."""
    return [[(theme.ellipsize(text, 24, LINES_W - theme.pill_width("", 24), bold=True), fill, ink)]
            for text, fill, ink in banners]


@dataclass(frozen=True)
class SectionLayout:
    """Everything a section panel needs, worked out once: its banners and its lines of blocks."""

    section: SectionView
    banners: list[list[Banner]]  # pills above the cards, in rows (a row each when side by side is too wide)
    lines: list[list[tuple[_Block, int]]]  # blocks sharing a line, with their x offsets

    @classmethod
    def of(cls, view: GreatWallView, section: SectionView, seats: Seats) -> SectionLayout:
        blocks = []
        for seat, progress in enumerate(section["progress"]):
            if progress is None:  # not a participant
                continue
            stacks = [stack for stack in section["row"] if stack and stack[-1]["owner"] == seat]
            blocks.append(_Block(seat, stacks, layout_row([stack_width(len(s)) for s in stacks], LINES_W - CARDS_DX)))
        lines = [[(blocks[i], dx) for i, dx in line] for line in flow_blocks([b.width for b in blocks], LINES_W)]
        banners: list[Banner] = []
        pending = view["pending_claim"]
        if pending is not None and pending["section"] == section["slot"] and view["active"] is not None:
            values = trp("great wall list", " or ").join(str(m) for m in pending["markers"])
            text = tr("{player} places a first marker here: {markers}", player=seats.name(view["active"]),
                      markers=values)
            banners.append((text, theme.LEAD, INK))
        if section["noble_active"]:
            banners.append((tr("NOBLE: every uncovered card here counts 1"), theme.NOBLE, theme.WHITE))
        return cls(section, _banner_rows(banners), lines)

    def line_height(self, line: list[tuple[_Block, int]]) -> int:
        return max(block.height for block, _ in line)

    def cards_top(self, y0: int) -> int:
        """The top of the first line of cards in the section's panel whose top is ``y0``: under its banners."""
        return y0 + 12 + BANNER_H * len(self.banners)

    @property
    def height(self) -> int:
        if not self.section["open"]:
            return CLOSED_H
        cards = sum(self.line_height(line) for line in self.lines) or EMPTY_ROW_H
        return 12 + BANNER_H * len(self.banners) + cards + 10


# -- section drawing ------------------------------------------------------------------------------
@dataclass
class _Paint:
    """What drawing one section's cards needs: the canvas, who is who, and what to mark."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    seats: Seats
    highlight: frozenset[int]  # the last move's cards
    candidates: frozenset[int]  # cards that may take the pending first marker
    markers: list[tuple[int, tuple[int, int]]] = field(default_factory=list)  # first markers, drawn last


def _draw_section(image: Image.Image, draw: ImageDraw.ImageDraw, view: GreatWallView, layout: SectionLayout,
                  seats: Seats, box: Box) -> None:
    x0, y0, x1, y1 = box
    section = layout.section
    number = str(section["slot"] + 1)
    if not section["open"]:
        theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
        theme.draw_key(draw, (x0 + 20, (y0 + y1) // 2), number, 44, theme.CLOSED_INK, anchor="lm", bold=True)
        theme.draw_legend(draw, (x0 + 80, (y0 + y1) // 2), tr(CLOSED_TEXT), 24,
                          theme.CLOSED_INK, anchor="lm")
        return
    pending = view["pending_claim"]
    claiming = pending is not None and pending["section"] == section["slot"]
    theme.panel(draw, box, outline=theme.LEAD_EDGE if claiming else theme.PANEL_EDGE, width=4 if claiming else 2)
    for n, row in enumerate(layout.banners):
        bx = LINES_X
        for text, fill, ink in row:
            bx += theme.draw_pill(draw, (bx, y0 + 12 + n * BANNER_H + (BANNER_H - 8) // 2), text, 24, fill, ink)
            bx += BANNER_GAP
    y = layout.cards_top(y0)
    # Number, markers, badges, progress and cards share one axis: the middle of the first card line.
    mid = y + (LINE_PAD_TOP + CARD_H // 2 if layout.lines else EMPTY_ROW_H // 2)
    theme.draw_key(draw, (x0 + 16, mid), number, 60, INK, anchor="lm", bold=True)
    _draw_unclaimed(image, draw, section, (x0 + 64, mid))
    draw.line((LINES_X - 10, y0 + 12, LINES_X - 10, y1 - 12), fill=RULE, width=2)
    if not layout.lines:
        theme.draw_legend(draw, (LINES_X, mid), tr("no cards yet"), 24, MUTED, anchor="lm")
    paint = _Paint(
        image, draw, seats,
        highlight=frozenset(view["last_move"]["cards"]) if view["last_move"] else frozenset(),
        candidates=frozenset(pending["cards"]) if pending is not None and claiming else frozenset(),
    )
    for index, line in enumerate(layout.lines):
        height = layout.line_height(line)
        if index:
            draw.line((LINES_X, y, x1 - 14, y), fill=RULE, width=2)
        for block, dx in line:
            if dx:
                rule_x = LINES_X + dx - BLOCK_GAP // 2
                draw.line((rule_x, y + 8, rule_x, y + height - 8), fill=RULE, width=2)
            _draw_block(paint, section, block, LINES_X + dx, y, height)
        y += height
    for value, center in paint.markers:  # last, so no later card hides a first marker
        theme.draw_token(image, str(value), ON_CARD_SIZE, center)


def _draw_unclaimed(image: Image.Image, draw: ImageDraw.ImageDraw, section: SectionView, xy: tuple[int, int]
                    ) -> None:
    x, mid = xy
    size = MARKER_SIZE
    theme.draw_tokens(image, [str(v) for v in section["markers"]], x, mid, size, 2 * size + 4)
    if section["first_marker"] is not None:
        # Where the first marker was: a faint ring around a little card, the marker itself lies on its card.
        gx, y = x + len(section["markers"]) * (size + 4), mid - size // 2
        draw.ellipse((gx + 3, y + 3, gx + size - 3, y + size - 3), outline=theme.PANEL_EDGE, width=2)
        cx = gx + size // 2
        draw.rounded_rectangle((cx - 8, mid - 11, cx + 8, mid + 11), radius=3, outline=MUTED, width=2)


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
    theme.draw_key(draw, ((box[0] + box[2]) // 2, mid + 1), str(progress), 44 if -10 < progress < 10 else 36,
                   INK, anchor="mm", bold=True)
    cards_x = x0 + CARDS_DX
    if not block.stacks:
        theme.draw_legend(draw, (cards_x, mid), tr(ALL_COVERED), 24, MUTED, anchor="lm")
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
        place_card(paint.image, paint.seats.colour(card["owner"]), card["type"], str(card["value"]), (cx, cy),
                   card["covered"])
        if card["id"] in paint.highlight:
            draw.rounded_rectangle((cx - 2, cy - 2, cx + CARD_W + 1, cy + CARD_H + 1), radius=8,
                                   outline=theme.ACCENT, width=4)
        if card["marker"] is not None:
            paint.markers.append((card["marker"], (cx + CARD_W - 10, cy + 2)))
