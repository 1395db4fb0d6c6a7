"""The Great Wall's close-up: the sections in question (every open one when none is named), drawn as on the
board, under a caption stating each participant's strength when it is one section."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.base.language import tr, trp
from render.crops import frame
from render.game import Part
from render.great_wall.players import seats_of
from render.great_wall.table import draw_sections

if TYPE_CHECKING:
    from PIL import Image

    from bot.games.great_wall.schema import GreatWallView
    from render.great_wall.players import Seats


def slots_of(view: GreatWallView, part: Sequence[int | str]) -> list[int]:
    """The section slots a focus names (0-based, sorted); every open section (else every one) for none."""
    count = len(view["sections"])
    if not all(isinstance(slot, int) and 0 <= slot < count for slot in part):
        raise ValueError(f"Great Wall sections are 0-{count - 1}; got {list(part)!r}")
    if part:
        return sorted({int(slot) for slot in part})
    return [s["slot"] for s in view["sections"] if s["open"]] or list(range(count))


def caption(view: GreatWallView, seats: Seats, slots: Sequence[int]) -> str:
    """ "Section 2 · Ann 3, Bob 5 · markers 5 and 3", or "Sections 1, 2 and 4"."""
    if len(slots) > 1:
        numbers = [str(s + 1) for s in slots]
        comma = trp("great wall list", ", ")
        return tr("Sections {sections} and {last}", sections=comma.join(numbers[:-1]), last=numbers[-1])
    section = view["sections"][slots[0]]
    number = slots[0] + 1
    if not section["open"]:
        return tr("Section {section} · closed", section=number)
    strengths = [f"{seats.name(s)} {p}" for s, p in enumerate(section["progress"]) if p is not None]
    markers = trp("great wall list", " and ").join(str(m) for m in section["markers"])
    head = tr("Section {section} · {strengths}", section=number,
              strengths=trp("great wall list", ", ").join(strengths) or tr("no cards yet"))
    return head + (tr(" · markers {markers}", markers=markers) if markers else "")


def sections(view: GreatWallView, names: Sequence[str] | None, part: Sequence[int | str]) -> Image.Image:
    slots = slots_of(view, part)
    seats = seats_of(view, names)
    return frame.banded(draw_sections(view, seats, slots), caption(view, seats, slots))


def samples(view: GreatWallView) -> list[Part]:
    """The open sections, as a play prompt shows them."""
    return [()]
