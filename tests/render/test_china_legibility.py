"""China legible on a phone: free spaces, dragons, names and scores are key labels; emissaries are badges."""

from __future__ import annotations

import pytest

import render
from render import china, theme
from render.china import board_map
from tests.render.legible import drawn, keys, public_views


def test_china_space_numbers_dragons_names_and_scores_are_key_labels() -> None:
    boards, _, _ = public_views("china")
    for view in boards:
        shown = keys(drawn(render.board, "china", view))
        free = {s["id"].lstrip("abcdefghijklmnopqrstuvwxyz") for s in view["spaces"] if s["house"] is None}
        assert free <= shown
        for region in view["regions"]:
            placed = sum(region["emissaries"])
            assert {region["name"], f"{placed}/{region['cap']}", f"{placed} of {region['cap']}"} <= shown
        assert {str(p["score"]) for p in view["players"]} <= shown
        assert any(text.startswith(("Last placement: ", "No piece placed")) for text in shown)


def test_china_emissaries_are_badges_a_phone_shows() -> None:
    boards, _, _ = public_views("china")
    view = boards[-1]
    labels = drawn(render.board, "china", view)
    badges = [label for label in labels if label.role == "mark"]
    emissaries = sum(sum(r["emissaries"]) for r in view["regions"])
    houses = sum(1 for s in view["spaces"] if s["house"] is not None)
    assert emissaries and len(badges) >= emissaries + houses
    assert min(label.px for label in badges) >= theme.minimum("mark", china.WIDTH)




def test_a_board_refuses_a_key_label_under_the_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    boards, _, _ = public_views("china")
    monkeypatch.setattr(board_map, "KEY", 18)  # the 18 px house-space numbers of old
    with pytest.raises(theme.Illegible, match="key label"):
        for view in boards:
            render.board("china", view)
