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
        assert str(abs(marker)) in shown  # the marker, counted from the middle: no side reads a minus
        assert not {label for label in shown if label.startswith("-")}
        if marker:
            assert any(label.endswith(f" +{abs(marker)}") for label in shown)  # "Blue +5": the leader


def test_the_track_says_the_lead_from_the_leaders_side_and_its_scale_unsigned() -> None:
    boards, _, _ = public_views("sun_tzu")
    led = {**boards[-1], "score_marker": -3}  # red ahead: the track read "-3" from blue's side of old
    labels = drawn(render.board, "sun_tzu", led)
    shown = {label.text for label in labels}
    assert f"Red +{-led['score_marker']}" in shown and {"0", "4", "8"} <= shown
    assert not {text for text in shown if text.startswith("-") or text.startswith("+")}
    assert all(label.px >= theme.phone_minimum(label.width) for label in labels if label.text in {"0", "4", "8"})




def test_a_board_refuses_a_key_label_under_the_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    boards, _, _ = public_views("sun_tzu")
    monkeypatch.setattr(drawing, "KEY", 22)
    with pytest.raises(theme.Illegible, match="key label"):
        for view in boards:
            render.board("sun_tzu", view)
