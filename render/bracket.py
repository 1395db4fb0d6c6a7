"""An elimination tournament's bracket as a picture: a column per round (four to a band; more rounds continue in
a band below), each table a box of its players in seat order, byes in a box of their own, rounds to come drawn
as empty boxes of their size. Those who went through are highlighted and joined by a line to their seat in the
next round; a finished table shows each place. Any number of players, byes included (5, 8, 13, ...).

Pure: a ``Bracket`` (``bot/tournaments/bracket.py``), names and a title in, PNG bytes or alt text out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.games.base.language import tr, trn
from bot.tournaments.bracket import Bracket, BracketRound, BracketSeat, BracketTable
from render import theme
from render.alt_text.words import LIMIT, clean_name, fit, join

WIDTH = 1200
MARGIN = 24
TITLE_H = 76
CHAMPION_H = 64
PER_BAND = 4  # rounds side by side: a name keeps ~12 characters at phone width
COLUMN_GAP = 44
HEAD_H = 50
ROW = 44
PAD = 6
GAP = 18
BYE_HEAD = 34
NAME = 28  # a player's name: the key minimum of a 1200 px picture
LABEL = 24
BAND_GAP = 30
FOOTER_H = 56
LINE = 3


def round_name(round_: BracketRound) -> str:
    return tr("Final") if round_.final else tr("Round {round}", round=round_.number)


def player_name(player: int | None, names: Mapping[int, str]) -> str:
    if player is None:
        return "?"
    return theme.printable(names.get(player, "")) or tr("Player {number}", number=player % 10_000)


@dataclass
class _Box:
    """Where a table (or a round's byes) is drawn: its seats' row centres."""

    seats: tuple[BracketSeat, ...]
    x: float
    y: float
    width: float
    height: float
    rows: list[float]
    head: str = ""  # "Bye" above the seats of a byes box
    planned: bool = False
    over: bool = False


def _height(seats: int, head: bool) -> float:
    return seats * ROW + 2 * PAD + (BYE_HEAD if head else 0)


def _items(round_: BracketRound) -> list[tuple[tuple[BracketSeat, ...], str, bool, bool]]:
    """(seats, head, planned, over) of each box of a round, tables first, then its byes."""
    items = [(t.seats, "", t.planned, t.over) for t in round_.tables]
    if round_.byes:
        planned = all(seat.player is None for seat in round_.byes)
        head = trn("Bye", "Byes", len(round_.byes))
        items.append((round_.byes, head, planned, True))
    return items


def _layout(bracket: Bracket, top: float) -> tuple[list[list[_Box]], list[tuple[float, list[BracketRound]]], float]:
    """Every round's boxes, each band's top and rounds, and the height below ``top`` the bands take."""
    rounds = list(bracket.rounds)
    columns = max(1, min(PER_BAND, len(rounds)))
    width = (WIDTH - 2 * MARGIN - (columns - 1) * COLUMN_GAP) / columns
    boxes: list[list[_Box]] = []
    bands: list[tuple[float, list[BracketRound]]] = []
    y = top
    for start in range(0, len(rounds), PER_BAND):
        band = rounds[start:start + PER_BAND]
        items = [_items(r) for r in band]
        body = max(sum(_height(len(s), bool(h)) for s, h, _, _ in column) + GAP * (len(column) - 1)
                   for column in items)
        bands.append((y, band))
        for c, column in enumerate(items):
            x = MARGIN + c * (width + COLUMN_GAP)
            used = sum(_height(len(s), bool(h)) for s, h, _, _ in column)
            spread = (body - used) / len(column)  # space around each box: later rounds sit between earlier ones
            at = y + HEAD_H + spread / 2
            placed = []
            for seats, head, planned, over in column:
                height = _height(len(seats), bool(head))
                first = at + PAD + (BYE_HEAD if head else 0) + ROW / 2
                rows = [first + n * ROW for n in range(len(seats))]
                placed.append(_Box(seats, x, at, width, height, rows, head, planned, over))
                at += height + spread
            boxes.append(placed)
        y += HEAD_H + body + BAND_GAP
    return boxes, bands, y - top


def bracket(data: Bracket, names: Mapping[int, str], title: str) -> bytes:
    """The bracket as PNG; ``names`` maps player ids to names, ``title`` heads the picture."""
    champion_h = CHAMPION_H if data.champions else 0
    top = TITLE_H + champion_h + 8
    boxes, bands, height = _layout(data, top)
    image = theme.canvas(WIDTH, int(top + height + FOOTER_H))
    draw = ImageDraw.Draw(image)
    image.paste(theme.title_band(WIDTH, TITLE_H), (0, 0))
    heading = theme.ellipsize(theme.printable(title) or tr("Bracket"), 34, WIDTH - 2 * MARGIN, bold=True)
    theme.draw_key(draw, (MARGIN, TITLE_H // 2 - 4), heading, 34, theme.HEADER_INK, anchor="lm", bold=True)
    if data.champions:
        strip = (MARGIN, TITLE_H + 8, WIDTH - MARGIN, TITLE_H + champion_h)
        theme.panel(draw, strip, fill=theme.LEAD, outline=theme.LEAD_EDGE, radius=12)
        who = join([player_name(p, names) for p in data.champions])
        text = trn("Champion: {players}", "Champions: {players}", len(data.champions), players=who)
        theme.draw_key(draw, (WIDTH / 2, (strip[1] + strip[3]) / 2),
                       theme.ellipsize(text, 30, WIDTH - 4 * MARGIN, True), 30, theme.INK, anchor="mm", bold=True)

    index = 0
    for band_top, band in bands:
        for c, round_ in enumerate(band):
            column = boxes[index + c]
            centre = column[0].x + column[0].width / 2
            theme.draw_legend(draw, (centre, band_top + HEAD_H / 2), round_name(round_), LABEL + 4, theme.INK,
                              anchor="mm", bold=True)
            if c + 1 < len(band):
                _connect(draw, column, boxes[index + c + 1])
        index += len(band)
    for column in boxes:
        for box in column:
            _draw_box(draw, box, names)
    if any(t.planned for r in data.rounds for t in r.tables):
        key = tr("Highlighted: through to the next round (in the final: the winner) · ? still to be decided")
    else:
        key = tr("Highlighted: through to the next round (in the final: the winner)")
    theme.draw_legend(draw, (WIDTH / 2, image.height - FOOTER_H / 2), theme.ellipsize(key, LABEL, WIDTH - 2 * MARGIN),
                      LABEL, theme.MUTED, anchor="mm")
    return theme.to_png(image)


def _connect(draw: ImageDraw.ImageDraw, column: Sequence[_Box], following: Sequence[_Box]) -> None:
    """A line from each seat that went through to the same player's seat in the next round. The lines into one
    box turn at their own distance across the gap, so lines into different boxes do not run together."""
    seats_next = {
        seat.player: (n, box, row)
        for n, box in enumerate(following)
        for seat, row in zip(box.seats, box.rows, strict=True)
        if seat.player is not None
    }
    for box in column:
        for seat, row in zip(box.seats, box.rows, strict=True):
            target = seats_next.get(seat.player) if seat.through and seat.player is not None else None
            if target is None:
                continue
            n, other, other_row = target
            start, end = box.x + box.width, other.x
            middle = start + (end - start) * (n + 1) / (len(following) + 1)
            draw.line([(start, row), (middle, row), (middle, other_row), (end, other_row)], fill=theme.LEAD_EDGE,
                      width=LINE, joint="curve")


def _draw_box(draw: ImageDraw.ImageDraw, box: _Box, names: Mapping[int, str]) -> None:
    outline = theme.CLOSED_INK if box.planned else theme.PANEL_EDGE
    fill = theme.BACKGROUND if box.planned else theme.PANEL
    theme.panel(draw, (round(box.x), round(box.y), round(box.x + box.width), round(box.y + box.height)), fill=fill,
                outline=outline, radius=10)
    left, right = box.x + 12, box.x + box.width - 12
    if box.head:
        theme.draw_legend(draw, (left, box.y + PAD + BYE_HEAD / 2), box.head, LABEL, theme.MUTED, anchor="lm",
                          bold=True)
    for seat, row in zip(box.seats, box.rows, strict=True):
        if seat.through and seat.player is not None:
            theme.panel(draw, (round(box.x + 4), round(row - ROW / 2 + 3), round(box.x + box.width - 4),
                               round(row + ROW / 2 - 3)), fill=theme.LEAD, outline=None, radius=8)
        place = theme.ordinal(seat.place) if seat.place is not None else ""
        room = right - left - (theme.text_width(place, LABEL) + 10 if place else 0)
        name = theme.ellipsize(player_name(seat.player, names), NAME, int(room), bold=seat.through)
        ink = theme.MUTED if seat.player is None or (box.over and not seat.through) else theme.INK
        theme.draw_key(draw, (left, row), name, NAME, ink, anchor="lm", bold=seat.through and seat.player is not None)
        if place:
            theme.draw_legend(draw, (right, row), place, LABEL, ink, anchor="rm")


# -- alt text -----------------------------------------------------------------------------------------------------
def _seat_words(seat: BracketSeat, names: Mapping[int, str]) -> str:
    name = clean_name(player_name(seat.player, names))
    return tr("{player} ({place})", player=name, place=theme.ordinal(seat.place)) if seat.place is not None else name


def _table_words(round_: BracketRound, table: BracketTable, names: Mapping[int, str]) -> str:
    players = join([_seat_words(s, names) for s in table.seats])
    where = round_name(round_) if round_.final else tr("{round}, table {table}", round=round_name(round_),
                                                       table=table.number)
    if not table.over:
        return tr("{where}: {players}, playing.", where=where, players=players)
    through = [clean_name(player_name(s.player, names)) for s in table.seats if s.through]
    if round_.final:
        return tr("{where}: {players}; won by {winners}.", where=where, players=players, winners=join(through))
    return tr("{where}: {players}; through: {through}.", where=where, players=players, through=join(through))


def _round_words(round_: BracketRound, names: Mapping[int, str]) -> list[str]:
    if all(t.planned for t in round_.tables):
        tables = trn("{round}: {n} table to come", "{round}: {n} tables to come", len(round_.tables),
                     round=round_name(round_))
        if not round_.byes:
            return [tr("{sentence}.", sentence=tables)]
        return [trn("{tables}, and {n} bye.", "{tables}, and {n} byes.", len(round_.byes), tables=tables)]
    said = [_table_words(round_, t, names) for t in round_.tables]
    if round_.byes:
        byes = join([clean_name(player_name(s.player, names)) for s in round_.byes])
        said.append(tr("{round}, bye: {players}.", round=round_name(round_), players=byes))
    return said


def bracket_words(data: Bracket, names: Mapping[int, str], title: str) -> str:
    """The bracket's alt text: its title, the champion, then the rounds, the latest first (the likeliest to be
    cut is the first round, told already when it was played)."""
    sentences = [tr("Bracket: {title}.", title=clean_name(title))]
    if data.champions:
        who = join([clean_name(player_name(p, names)) for p in data.champions])
        sentences.append(trn("Champion: {players}.", "Champions: {players}.", len(data.champions), players=who))
    played = [r for r in data.rounds if not all(t.planned for t in r.tables)]
    to_come = [r for r in data.rounds if all(t.planned for t in r.tables)]
    for round_ in [*reversed(played), *to_come]:
        sentences += _round_words(round_, names)
    return fit(sentences, LIMIT)


__all__ = ["bracket", "bracket_words", "round_name"]
