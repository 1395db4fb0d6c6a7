"""The Great Wall legible on a phone: cards, markers, sections and the last move are key labels."""

from __future__ import annotations

import pytest

import render
from render import theme
from render.great_wall import cards as great_wall_cards
from tests.render import fixtures as fx
from tests.render.legible import drawn, keys, public_views


def test_great_wall_cards_markers_sections_and_the_last_move_are_key_labels() -> None:
    for view in (fx.midgame(4), fx.long_rows(), fx.pending_claim(), fx.last_round()):
        shown = keys(drawn(render.board, "great_wall", view))
        for section in view["sections"]:
            assert str(section["slot"] + 1) in shown
            assert {str(m) for m in section["markers"]} <= shown
            for stack in section["row"]:
                for card in stack:
                    assert {great_wall_cards.CARD_KINDS[card["type"]].initial, str(card["value"])} <= shown
            if section["first_marker"] is not None:
                assert str(section["first_marker"]["value"]) in shown
            assert {str(p) for p in section["progress"] if p is not None} <= shown
        assert any(text.startswith(("Last: ", "First turn")) for text in shown)


def test_great_wall_pictures_of_a_whole_game_check_their_card_tiles() -> None:
    """Card tiles are cached; their sizes are checked each time one is placed on a picture."""
    view = fx.midgame(3)
    first = drawn(render.board, "great_wall", view)
    again = drawn(render.board, "great_wall", view)
    assert [label for label in first if label.role == "key"] == [label for label in again if label.role == "key"]


def test_a_board_refuses_a_key_label_under_the_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    boards, _, _ = public_views("great_wall")
    monkeypatch.setattr(great_wall_cards, "KEY", 21)  # the 21 px card values of old
    with pytest.raises(theme.Illegible, match="key label"):
        for view in boards:
            render.board("great_wall", view)
