"""A tournament's standings as a picture: rank, player, tournament points, opponents' points, game score.

Pure: rows and names in, PNG bytes out. The table is narrow on purpose (720 px with 28 px rows), so a
phone that shows it ~400 px wide still prints its numbers at ~15 px, above the theme's key minimum for its
width. Shared ranks read "2="; the key under the table names the tie-breaks in the order they apply
(``bot.tournaments.standings.TIE_BREAKS``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from bot.games.base.language import mark, tr, trn, trp
from bot.tournaments.standings import TIE_BREAKS, StandingRow
from render import theme
from render.alt_text.words import LIMIT, clean_name, fit
from render.theme import INK, MUTED

WIDTH = 720
MARGIN = 20
HEADER_H = 76
COLUMNS_H = 40
ROW_H = 50
FOOTER_H = 116
TEXT = 28  # rows; times 400 / WIDTH that is ~15.5 px on a phone
LABEL = 24  # column heads and the key
# Right edges of the number columns; the player column runs from NAME_X to the first of them.
RANK_RIGHT = 88
NAME_X = 104
POINTS_RIGHT = 470
OPPONENTS_RIGHT = 585
SCORE_RIGHT = WIDTH - MARGIN - 12
KEY = mark("Pts: tournament points · 2= a shared rank")
KEY_LINE = 28  # px between the key's lines


def column(english: str) -> str:
    """A column head in the language in force, from its English word."""
    heads = {
        "Rank": lambda: trp("standings column", "Rank"),
        "Player": lambda: trp("standings column", "Player"),
        "Pts": lambda: trp("standings column", "Pts"),
        "Opp": lambda: trp("standings column", "Opp"),
        "Score": lambda: trp("standings column", "Score"),
    }
    return heads[english]()


def key_lines() -> list[str]:
    """The key under the table: the points, shared ranks, and each tie-break in the order it applies."""
    return [tr(KEY)] + [
        tr("Tie-break {n} · {column}: {meaning}", n=n, column=column(tie.column), meaning=tr(tie.name))
        for n, tie in enumerate(TIE_BREAKS, start=1)
    ]


def number(value: float) -> str:
    """1.0 -> "1", 1.5 -> "1.5", 2/3 -> "0.67": tournament points are halves, custom scales may be finer."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def rank_labels(rows: Sequence[StandingRow]) -> list[str]:
    """"3" for a rank held alone, "3=" for a rank shared with another row, so ties are visible."""
    counts = Counter(row.rank for row in rows)
    return [f"{row.rank}=" if counts[row.rank] > 1 else str(row.rank) for row in rows]


def _name(row: StandingRow, names: Mapping[int, str]) -> str:
    # A name of control characters alone still needs something to show.
    return theme.printable(names.get(row.player, "")) or tr("Player {number}", number=row.player % 10_000)


def _suffix(row: StandingRow, note: str | None) -> str:
    notes = [] if not row.byes else [trn("bye", "{n} byes", row.byes)]
    notes += [note] if note else []
    return tr(" ({notes})", notes=trp("list of notes", ", ").join(notes)) if notes else ""


def standings(
    rows: Sequence[StandingRow], names: Mapping[int, str], title: str, marks: Mapping[int, str] | None = None
) -> bytes:
    """The standings in the order given (best first, as ``bot.tournaments.standings`` returns them) as PNG.
    ``names`` maps player ids to names; ``title`` heads the picture (e.g. "Autumn Cup: after round 2");
    ``marks`` adds a word after some names (e.g. "dropped"), next to their byes."""
    body = ROW_H * max(1, len(rows))
    image = theme.canvas(WIDTH, HEADER_H + COLUMNS_H + body + FOOTER_H)
    draw = ImageDraw.Draw(image)
    image.paste(theme.title_band(WIDTH, HEADER_H), (0, 0))
    heading = theme.ellipsize(theme.printable(title) or tr("Standings"), 32, WIDTH - 2 * MARGIN, bold=True)
    theme.draw_key(draw, (MARGIN, HEADER_H // 2 - 4), heading, 32, theme.HEADER_INK, anchor="lm", bold=True)

    y = HEADER_H + COLUMNS_H // 2 + 2
    for text, x, anchor in (
        (column("Rank"), RANK_RIGHT, "rm"),
        (column("Player"), NAME_X, "lm"),
        (column("Pts"), POINTS_RIGHT, "rm"),
        (column("Opp"), OPPONENTS_RIGHT, "rm"),
        (column("Score"), SCORE_RIGHT, "rm"),
    ):
        theme.draw_legend(draw, (x, y), text, LABEL, MUTED, anchor=anchor, bold=True)

    top = HEADER_H + COLUMNS_H
    if not rows:
        theme.draw_legend(draw, (WIDTH / 2, top + ROW_H / 2), tr("No players yet."), TEXT, MUTED, anchor="mm")
    for n, (row, label) in enumerate(zip(rows, rank_labels(rows), strict=True)):
        box = (MARGIN, top + n * ROW_H + 3, WIDTH - MARGIN, top + (n + 1) * ROW_H - 3)
        fill = theme.LEAD if row.rank == 1 else theme.PANEL if n % 2 == 0 else theme.BACKGROUND
        theme.panel(draw, box, fill=fill, outline=theme.LEAD_EDGE if row.rank == 1 else None, radius=10)
        mid = (box[1] + box[3]) // 2
        theme.draw_key(draw, (RANK_RIGHT, mid), label, TEXT, INK, anchor="rm", bold=True)
        suffix = _suffix(row, (marks or {}).get(row.player))
        room = POINTS_RIGHT - 70 - NAME_X - (theme.text_width(suffix, LABEL) if suffix else 0)
        name = theme.ellipsize(_name(row, names), TEXT, room)
        theme.draw_key(draw, (NAME_X, mid), name, TEXT, INK, anchor="lm")
        if suffix:
            after = NAME_X + theme.text_width(name, TEXT)
            theme.draw_legend(draw, (after, mid + 2), suffix, LABEL, MUTED, anchor="lm")
        theme.draw_key(draw, (POINTS_RIGHT, mid), number(row.points), TEXT, INK, anchor="rm", bold=True)
        theme.draw_key(draw, (OPPONENTS_RIGHT, mid), number(row.opponents_points), TEXT, INK, anchor="rm")
        theme.draw_key(draw, (SCORE_RIGHT, mid), number(row.game_score), TEXT, INK, anchor="rm")

    for n, line in enumerate(key_lines()):
        shown = theme.ellipsize(line, LABEL, WIDTH - 2 * MARGIN)
        theme.draw_legend(draw, (WIDTH / 2, top + body + 24 + n * KEY_LINE), shown, LABEL, MUTED, anchor="mm")
    return theme.to_png(image)


def standings_words(rows: Sequence[StandingRow], names: Mapping[int, str], title: str) -> str:
    """The standings picture's alt text: its title, the rows best first, and the key naming the tie-breaks."""
    sentences = [tr("Standings: {title}.", title=clean_name(title))]
    sentences += [
        tr("Rank {rank}: {player}, {points} Pts, {opponents} Opp, {score} Score.", rank=label,
           player=clean_name(_name(row, names)), points=number(row.points), opponents=number(row.opponents_points),
           score=number(row.game_score))
        for row, label in zip(rows, rank_labels(rows), strict=True)
    ]
    key = [tr("{line}.", line=line) for line in key_lines()]
    return fit([*sentences, *key], LIMIT)


__all__ = ["column", "key_lines", "number", "rank_labels", "standings", "standings_words"]
