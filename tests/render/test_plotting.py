"""The charts' shared look: words drawn by the pictures' helpers at the legibility minimum, any script."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from render import plotting, theme


def _drawn(title: str, names: list[str]) -> tuple[Image.Image, list[theme.Label]]:
    with theme.audit() as labels, plotting.chart() as (figure, axes):
        for colour, name in zip(theme.SEAT_ORDER, names, strict=False):
            axes.plot([1, 2, 3], [0, len(name), 2 * len(name)], **plotting.style(colour))
        data = plotting.png(
            figure,
            title=title,
            legend=[plotting.Key(name, colour) for colour, name in zip(theme.SEAT_ORDER, names, strict=False)],
            x_caption="ラウンド",
            y_caption="Puntos",
            notes=[(2.0, "決算")],
        )
    return Image.open(io.BytesIO(data)), labels


def test_a_chart_is_the_reference_width_and_grows_with_its_legend() -> None:
    two, _ = _drawn("Scores", ["Ana", "Bob"])
    five, _ = _drawn("Scores", ["Ana de la Peña Fernández", "ボブ・スミス", "Carla", "Dmitri Ivanovich", "Eve"])
    assert two.width == five.width == plotting.WIDTH
    assert five.height > two.height  # five long names need a second legend row


def test_every_badge_of_the_legend_is_checked_for_legibility() -> None:
    _, labels = _drawn("得点の推移", ["Ana", "Bob", "Carla"])
    marks = [label for label in labels if label.role == "mark"]
    assert [label.text for label in marks] == list(theme.SEAT_ORDER[:3])
    assert all(label.px >= theme.minimum("mark", plotting.WIDTH) for label in marks)


def test_the_words_are_at_least_the_phone_minimum() -> None:
    assert min(plotting.TEXT, plotting.TICKS, plotting.TITLE) >= theme.phone_minimum(plotting.WIDTH)


def test_each_player_is_told_apart_by_shape_not_colour_alone() -> None:
    markers = {plotting.style(colour)["marker"] for colour in theme.SEAT_ORDER}
    assert len(markers) == len(theme.SEAT_ORDER)


def test_notes_too_close_for_their_words_keep_their_lines_and_the_last_its_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[str] = []
    draw_text = theme.draw_text

    def recorded(draw: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        drawn.append(text)
        draw_text(draw, xy, text, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", recorded)
    with plotting.chart() as (figure, axes):
        axes.plot(range(40), range(40), **plotting.style(theme.SEAT_ORDER[0]))
        plotting.png(figure, title="Scores", notes=[(10.0, "Scoring 1"), (11.0, "Scoring 2"), (30.0, "Final scoring")])
    assert "Final scoring" in drawn and "Scoring 2" in drawn and "Scoring 1" not in drawn  # from the right
    assert len([line for line in axes.lines if line.get_linestyle() == "--"]) == 3
