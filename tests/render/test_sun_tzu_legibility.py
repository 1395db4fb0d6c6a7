"""Sun Tzu legible on a phone: screens, armies and the score are key labels."""

from __future__ import annotations

import pytest

import render
from render import theme
from render.sun_tzu import drawing
from tests.render.legible import drawn, keys, public_views


def test_sun_tzu_screens_armies_and_the_score_are_key_labels() -> None:
    boards, _, _ = public_views("sun_tzu")
    for view in boards:
        shown = keys(drawn(render.board, "sun_tzu", view))
        for province in view["provinces"]:
            assert {province["name"], *(str(v) for v in province["screen"]["values"])} <= shown
            if province["owner"] is not None and province["armies"]:
                assert str(province["armies"]) in shown
        marker = view["score_marker"]
        assert (f"{marker:+d}" if marker else "0") in shown




def test_a_board_refuses_a_key_label_under_the_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    boards, _, _ = public_views("sun_tzu")
    monkeypatch.setattr(drawing, "KEY", 22)
    with pytest.raises(theme.Illegible, match="key label"):
        for view in boards:
            render.board("sun_tzu", view)
