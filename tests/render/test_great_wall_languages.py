"""The Great Wall's pictures in Spanish and Japanese: every picture draws in the language in force, and a
cached card face never carries one language's letter into another's picture."""

from __future__ import annotations

import pytest

import render
from bot.i18n import speaking
from render import theme
from render.crops import Focus
from render.great_wall import crops as great_wall_crop
from render.great_wall import geometry, table
from render.great_wall.players import seats_of
from tests.render import fixtures as fx
from tests.render.pictures import decode

HAND = ["WALL", "GATE", "INFANTRY", "CAVALRY", "NOBLE", "DRAGON"]
DECK = {"WALL": 3, "GATE": 1, "TOWER": 0, "INFANTRY": 2, "CAVALRY": 1, "NOBLE": 0, "DRAGON": 0}
PICTURES = {
    "board": lambda: render.board("great_wall", fx.last_round(), ["Ana", "山田太郎", "José"]),
    "pending": lambda: render.board("great_wall", fx.pending_claim()),
    "hand": lambda: render.hand("great_wall", fx.private(fx.midgame(3), 0, HAND, DECK)),
    "final": lambda: render.final("great_wall", fx.resigned_over()),
}


@pytest.mark.parametrize("picture", sorted(PICTURES))
def test_pictures_draw_in_spanish_and_japanese(picture: str) -> None:
    english = PICTURES[picture]()
    with speaking("es-ES"):
        spanish = PICTURES[picture]()
    with speaking("ja"):
        japanese = PICTURES[picture]()
    assert len({english, spanish, japanese}) == 3
    for png in (spanish, japanese):
        decode(png)
    assert PICTURES[picture]() == english  # English is back, not a cached Japanese card face


def test_the_board_words_are_the_rulebooks() -> None:
    view = fx.last_round()
    seats = seats_of(view, ["Ana", "Bo", "Cy"])
    with speaking("es-ES"):
        status, banner = table._status(view, seats), table._last_move_text(view, seats)
    with speaking("ja"):
        japanese = table._status(view, seats)
    assert "acci" in status or "comprueba" in status or "elige" in status, status
    assert banner.startswith(("Último", "Primer turno")), banner
    assert any(word in japanese for word in ("手番", "確認", "マーカー")), japanese


def test_a_close_up_caption_is_translated() -> None:
    view = fx.midgame(3)
    seats = seats_of(view, ["Ana", "Bo", "Cy"])
    english = great_wall_crop.caption(view, seats, [0])
    with speaking("ja"):
        japanese = great_wall_crop.caption(view, seats, [0])
        several = great_wall_crop.caption(view, seats, [0, 1, 2])
    assert english.startswith("Section 1 · ")
    assert japanese.startswith("区画1 · ")
    assert several.startswith("区画")


def test_alt_text_in_japanese_and_spanish() -> None:
    from render.alt_text import alt_text

    view = fx.midgame(3)
    names = ["Ana", "Bo", "Cy"]
    with speaking("ja"):
        japanese = alt_text("great_wall", "board", view, names)
    with speaking("es-ES"):
        spanish = alt_text("great_wall", "board", view, names)
    assert "区画1" in japanese and "Section 1" not in japanese
    assert "Sección 1" in spanish and "Section" not in spanish


@pytest.mark.parametrize("code", ["en", "es-ES", "ja"])
def test_a_participant_with_every_card_covered_fits_its_close_up(code: str) -> None:
    # Bob's only card lies under Ann's Dragon: his part of the section (the last, at its right) is the words
    # "all cards covered", which in Spanish are wider than the room a participant without cards had.
    cards = fx.Cards()
    sections = [fx.section(cards, 0, 2, [2, 5], [[(1, "WALL"), (0, "DRAGON")]])]
    view = fx.view(2, sections, [fx.player(s) for s in range(2)])
    with speaking(code), theme.clipping() as clipped:
        image = decode(render.focus("great_wall", view, ["Ann", "Bob"], Focus("sections", (0,))))
    assert clipped == []
    assert image.width <= geometry.WIDTH
