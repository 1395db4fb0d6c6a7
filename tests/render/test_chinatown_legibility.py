"""Chinatown legible on a phone: lots, shops, money and the last move are key labels."""

from __future__ import annotations

import pytest

import render
from render import theme
from render.chinatown import lots, table
from render.chinatown.common import SHOP_CODE, money
from tests.render.legible import drawn, keys, public_views


def test_chinatown_lots_shops_money_and_the_last_move_are_key_labels() -> None:
    boards, _, _ = public_views("chinatown")
    for view in boards:
        labels = drawn(render.board, "chinatown", view)
        shown = keys(labels)
        assert {str(lot["lot"]) for lot in view["lots"]} <= shown
        assert {SHOP_CODE[lot["tile"]] for lot in view["lots"] if lot["tile"]} <= shown
        assert {money(p["income_now"]) for p in view["players"]} <= shown
        assert any(text.startswith(("Last: ", "No move yet")) for text in shown)
        owners = sum(1 for lot in view["lots"] if lot["owner"] is not None)
        assert sum(1 for label in labels if label.role == "mark") >= owners  # a badge on every owned lot


def test_chinatown_names_its_last_move() -> None:
    boards, _, _ = public_views("chinatown")
    lines = {text for view in boards for text in keys(drawn(render.board, "chinatown", view))
             if text.startswith("Last: ")}
    assert len(lines) >= 3  # built, traded, chose...: not one fixed sentence




@pytest.mark.parametrize(("module", "size"), [(lots, 11), (table, 20)])  # lot numbers of old; the last move, names
def test_a_board_refuses_a_key_label_under_the_minimum(module: object, size: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    boards, _, _ = public_views("chinatown")
    monkeypatch.setattr(module, "KEY", size)
    with pytest.raises(theme.Illegible, match="key label"):
        for view in boards:
            render.board("chinatown", view)
