"""Nothing covered: in every picture of every game (boards, hands, finals, close-ups, the /rules board with its
callouts), in every language and with long and accented names, no mark (a player's badge, a token, a pill such
as "YOUR TURN", a /rules marker) lies on a text's letters. The theme records where each text and mark is drawn
(``theme.drawing``); a layer pasted on a picture (a cached map) brings its texts along."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot import games, i18n
from render import annotate, theme
from tests.render.every_picture import forget_drawn_layers, pictures

LANGUAGES = ("en", "es-ES", "ja")
INK = 128  # a pixel counts where both the letter and the mark cover at least half of it


@dataclass(frozen=True)
class Placed:
    """A text or mark where it lies on the surface it ends up on."""

    item: theme.Drawn
    box: theme.Box


Layers = dict[int, list[Placed]]  # a surface's id: what was drawn on it


def _on_surfaces(records: Iterable[theme.Drawn | theme.Pasted | theme.Finished], cached: Layers) -> Layers:
    """Each surface's texts and marks, a layer's drawings lifted onto the surfaces it was pasted on. A cached
    layer (drawn once, pasted by later pictures too) brings what it was drawn with (``cached`` keeps each layer's
    drawings: their records hold its surface, so no id is reused). The /rules picture pastes its board decoded
    from the board's PNG: the picture finished just before is that layer."""
    drawn: Layers = {}
    finished: object | None = None
    for record in records:
        if isinstance(record, theme.Drawn):
            drawn.setdefault(id(record.surface), []).append(Placed(record, record.box))
        elif isinstance(record, theme.Finished):
            finished = record.surface
        else:
            if id(record.layer) in drawn:  # drawn now: kept for the pictures that paste it from the cache
                cached[id(record.layer)] = layer = drawn[id(record.layer)]
            else:
                layer = cached.get(id(record.layer)) or (drawn.get(id(finished), []) if finished else [])
            dx, dy = record.offset
            drawn.setdefault(id(record.surface), []).extend(
                Placed(p.item, (p.box[0] + dx, p.box[1] + dy, p.box[2] + dx, p.box[3] + dy)) for p in layer)
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


def covered(draw: Callable[[], bytes], cached: Layers) -> list[str]:
    """What ``draw`` covers: "<mark> on <text>" for each mark lying on a text's letters. ``cached``: the layers
    drawn so far in the language in force (the static layers are cached, and drawn once)."""
    with theme.drawing() as records:
        draw()
    found = []
    for items in _on_surfaces(records, cached).values():
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
    problems, cached = [], {}
    with i18n.speaking(i18n.ENGLISH if code == "en" else code):
        forget_drawn_layers()  # drawn again in this language, recorded
        for what, draw in pictures(key):
            if found := covered(draw, cached):
                problems.append(f"{what}: {found}")
    assert not problems, f"{key} in {code}, {len(problems)} pictures:\n" + "\n".join(problems[:25])


# -- the audit itself ------------------------------------------------------------------------------------------
def _picture(draw_on: Callable[[Image.Image, ImageDraw.ImageDraw], None]) -> Callable[[], bytes]:
    def draw() -> bytes:
        image = theme.canvas(600, 200)
        draw_on(image, ImageDraw.Draw(image))
        return theme.to_png(image)

    return draw


def test_a_badge_on_a_word_is_found_and_one_beside_it_is_not() -> None:
    def on(x: int) -> Callable[[], bytes]:
        return _picture(lambda image, draw: (theme.draw_text(draw, (100, 100), "María José", 28, anchor="lm"),
                                             theme.draw_badge(image, "BLUE", (x, 100), 48)))

    assert covered(on(150), {}) == ["badge 'BLUE' on 'María José'"]
    assert covered(on(400), {}) == []


def test_a_pill_over_the_accents_of_the_line_under_it_is_found_but_not_over_its_own_words() -> None:
    def name_at(y: int) -> Callable[[], bytes]:
        return _picture(lambda image, draw: (
            theme.draw_text(draw, (100, y), "Ñandú Óscar", 28, anchor="lm", bold=True),
            theme.draw_pill(draw, (160, 60), "SU TURNO", 24, theme.INK, theme.LEAD, centered=True)))

    assert covered(name_at(80), {}) == ["pill 'SU TURNO' on 'Ñandú Óscar'"]  # its accents under the pill
    assert covered(name_at(110), {}) == []


def test_a_mark_on_a_cached_layer_s_words_is_found_in_every_picture_that_pastes_it() -> None:
    layer = Image.new("RGB", (300, 100), theme.PANEL)

    def draw_layer() -> None:
        theme.draw_text(ImageDraw.Draw(layer), (20, 50), "Antigüedades (6)", 24, anchor="lm")

    def paste(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        theme.paste_layer(image, layer, (200, 50))
        theme.draw_token(image, "3", 48, (290, 100))

    cached: Layers = {}
    assert covered(_picture(lambda image, draw: (draw_layer(), paste(image, draw))), cached) == [
        "token '3' on 'Antigüedades (6)'"]
    assert covered(_picture(paste), cached) == ["token '3' on 'Antigüedades (6)'"]  # the layer from the cache


def test_a_rules_marker_on_the_board_s_words_is_found() -> None:
    board = _picture(lambda image, draw: theme.draw_text(draw, (40, 100), "Last: Ana built", 28, anchor="lm"))

    def rules(x: float) -> Callable[[], bytes]:
        return lambda: annotate.annotate(board(), [annotate.Callout(x, 100, "The last move")])

    assert covered(rules(120), {}) == ["marker '1' on 'Last: Ana built'"]
    assert covered(rules(500), {}) == []
