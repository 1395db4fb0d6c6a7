"""Nothing covered: in every picture of every game (boards, hands, finals, close-ups, the /rules board with its
callouts), in every language and with long and accented names, no mark (a player's badge, a token, a pill such
as "YOUR TURN", a /rules marker) lies on a text's letters. The theme records where each text and mark is drawn
(``theme.drawing``); a layer pasted on a picture (a cached map) brings its texts along."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pytest
from PIL import Image, ImageChops

from bot import games, i18n
from render import theme
from tests.render.every_picture import forget_drawn_layers, pictures

LANGUAGES = ("en", "es-ES", "ja")
INK = 128  # a pixel counts where both the letter and the mark cover at least half of it


@dataclass(frozen=True)
class Placed:
    """A text or mark where it lies on the surface it ends up on."""

    item: theme.Drawn
    box: theme.Box


def _on_surfaces(records: Iterable[theme.Drawn | theme.Pasted | theme.Finished]) -> dict[int, list[Placed]]:
    """Each surface's texts and marks, a layer's drawings lifted onto the surfaces it was pasted on. The /rules
    picture pastes its board decoded from the board's PNG: the picture finished just before is that layer."""
    records = list(records)
    drawn: dict[int, list[Placed]] = {}
    finished: object | None = None
    for record in records:
        if isinstance(record, theme.Drawn):
            drawn.setdefault(id(record.surface), []).append(Placed(record, record.box))
        elif isinstance(record, theme.Finished):
            finished = record.surface
        else:
            layer = id(record.layer) if id(record.layer) in drawn or finished is None else id(finished)
            dx, dy = record.offset
            drawn.setdefault(id(record.surface), []).extend(
                Placed(p.item, (p.box[0] + dx, p.box[1] + dy, p.box[2] + dx, p.box[3] + dy))
                for p in drawn.get(layer, []))
    return drawn


def _covers(mark: Placed, text: Placed) -> bool:
    """Whether ``mark`` lies on some of ``text``'s letters (their coverage, not only their boxes)."""
    x0, y0 = max(mark.box[0], text.box[0]), max(mark.box[1], text.box[1])
    x1, y1 = min(mark.box[2], text.box[2]), min(mark.box[3], text.box[3])
    if x0 >= x1 or y0 >= y1:
        return False

    def part(p: Placed) -> Image.Image:
        return p.item.mask.crop((x0 - p.box[0], y0 - p.box[1], x1 - p.box[0], y1 - p.box[1]))

    both = ImageChops.darker(part(mark), part(text))
    return sum(both.histogram()[INK:]) > 0


def covered(draw: Callable[[], bytes]) -> list[str]:
    """What ``draw`` covers: "<mark> on <text>" for each mark lying on a text's letters."""
    forget_drawn_layers()
    with theme.drawing() as records:
        draw()
    found = []
    for items in _on_surfaces(records).values():
        marks = [p for p in items if p.item.kind != "text"]
        texts = [p for p in items if p.item.kind == "text" and p.item.text.strip()]
        for mark in marks:
            for text in texts:
                if text.item.of is not mark.item and _covers(mark, text):
                    found.append(f"{mark.item.kind} {mark.item.text!r} on {text.item.text!r}")
    return sorted(set(found))


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("key", games.GAMES)
def test_no_mark_covers_a_text(key: str, code: str) -> None:
    problems = []
    with i18n.speaking(i18n.ENGLISH if code == "en" else code):
        for what, draw in pictures(key):
            if found := covered(draw):
                problems.append(f"{what}: {found}")
    assert not problems, f"{key} in {code}, {len(problems)} pictures:\n" + "\n".join(problems[:25])
