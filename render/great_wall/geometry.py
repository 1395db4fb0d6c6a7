"""Sizes and the two layout rules of the Great Wall pictures: cards squeeze along a line, participants
share a line while they fit. Pure arithmetic, so the no-overflow guarantees are tested directly."""

from __future__ import annotations

from collections.abc import Sequence

WIDTH = 1120  # Discord shows ~400 px on a phone: 28 px numbers here stay ~10 px there
MARGIN = 16
GAP = 10  # between panels
KEY = 28  # what a player decides by (values, markers, counts, the last move): the theme's key minimum

# Cards squeeze together down to CARD_MIN_VISIBLE px each (type letter and value still show), and only
# then wrap to a new line.
CARD_W, CARD_H = 60, 82
CARD_GAP = 6
CARD_MIN_VISIBLE = 38  # the type letter and the value badge, both at the key size
STACK_DX, STACK_DY = 38, 6  # how far each card on a stack sits right/down of the one it covers
BLOCK_GAP = 28  # between two participants sharing a line

Placed = list[list[tuple[int, int]]]  # lines of (item index, x offset)


def stack_width(depth: int) -> int:
    return CARD_W + STACK_DX * (depth - 1)


def layout_row(widths: Sequence[int], avail: int) -> Placed:
    """Place items of ``widths`` in ``avail`` px, in order.

    Items keep CARD_GAP apart when they fit; otherwise they overlap evenly, each still showing
    CARD_MIN_VISIBLE px of its own first card; only past that does a new line start.
    """
    squeeze = CARD_W - CARD_MIN_VISIBLE
    lines: Placed = []
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


def flow_blocks(widths: Sequence[int], avail: int, gap: int = BLOCK_GAP) -> Placed:
    """Items side by side, ``gap`` apart, while they fit (participants: sections stay short; a section's
    banners), a new line when one does not."""
    lines: Placed = []
    x = 0
    for index, width in enumerate(widths):
        if lines and x + gap + width <= avail:
            lines[-1].append((index, x + gap))
            x += gap + width
        else:
            lines.append([(index, 0)])
            x = width
    return lines
