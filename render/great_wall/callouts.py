"""The Great Wall's /rules callouts: where to point on the public board, from the renderer's own geometry. Each
marker lies where no text is: after the supply in the title band, by a section's number, above the first
participant's progress box and card (under the section's banners), above a player panel's badge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base.language import tr
from render import annotate, theme
from render.annotate import Callout
from render.great_wall import geometry, players, table

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView


def callouts(view: GreatWallView, size: tuple[int, int]) -> list[Callout]:
    height = size[1]
    seats = players.seats_of(view, None)  # the layout hangs on no name (one banner a row)
    sections = table.section_panels(view, seats)
    opened = [(layout, box) for layout, box in sections if layout.section["open"]] or sections
    played = next(((layout, box) for layout, box in opened if layout.lines), opened[0])
    above = played[0].cards_top(played[1][1]) + 14  # a marker's middle above the first line's cards
    supply_end = geometry.MARGIN + 4 + theme.text_width(table.supply_text(view), geometry.KEY)
    found = [
        Callout(supply_end + annotate.MARKER * 0.75, table.SUPPLY_Y + 6,
                tr("The top band: whose turn, the actions left, the last move")),
        Callout(*_section_spot(opened[0]), tr("A section of the wall and the markers still to win there")),
    ]
    if played[0].lines:
        first_card = table.LINES_X + table.CARDS_DX
        found += [
            Callout(table.LINES_X + table.PROGRESS_W - 6, above,
                    tr("A player's progress in that section: gold with a crown when they lead")),
            Callout(first_card + geometry.CARD_W, above,
                    tr("Their cards there, with values; a marker on a card counts against its owner")),
        ]
    else:  # no cards yet: both markers after the words saying so
        after = table.LINES_X + theme.text_width(tr("no cards yet"), 24) + annotate.MARKER * 0.75
        found += [
            Callout(after, above + 18, tr("A player's progress in that section: gold with a crown when they lead")),
            Callout(after + annotate.MARKER * 1.2, above + 18,
                    tr("Their cards there, with values; a marker on a card counts against its owner")),
        ]
    boxes = players.panel_boxes(len(view["players"]), height - geometry.MARGIN - players.players_height(
        len(view["players"])))
    untagged = [box for box, player in zip(boxes, view["players"], strict=True) if players.tag_of(view, player) is None]
    x0, y0, _, _ = (untagged or boxes)[0]
    found.append(Callout(x0 + 24, y0 - 2, tr("Each player: cards in hand and deck, markers won")))
    return found


def _section_spot(section: tuple[table.SectionLayout, theme.Box]) -> tuple[float, float]:
    """Over the section's top left corner, above its number; in a section with no cards yet, whose number sits
    high, at its empty right end (a last-round band may lie just above the panel)."""
    layout, (_, y0, x1, _) = section
    if layout.lines:
        return geometry.MARGIN + 14, y0 + 22
    return x1 - annotate.MARKER, layout.cards_top(y0) + table.EMPTY_ROW_H // 2
