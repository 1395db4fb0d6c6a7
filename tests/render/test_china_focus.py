"""China's close-ups: one region, narrower than the board, its free spaces numbered as the caption and the
alt text name them."""

from __future__ import annotations

from typing import Any, cast

import render
from bot.games import get
from bot.games.china.text import space_label
from render import Focus, theme
from render.alt_text import alt_text
from tests.render.close_ups import NAMES, play, png
from tests.render.pictures import decode


def test_one_region_is_a_real_close_up() -> None:
    china = cast(dict[str, Any], get("china").view(play("china", 4, 4, 40), 0))
    board = decode(render.board("china", china)).width
    for region in china["regions"]:
        assert decode(png("china", china, Focus("region", (region["id"],)))).width < board


def test_china_caption_names_the_free_spaces_as_the_picture_numbers_them() -> None:
    view = cast(dict[str, Any], get("china").view(play("china", 4, 7, 60), 1))
    region = max(view["regions"], key=lambda r: (sum(r["houses"]), r["id"]))
    free = [space_label(s["id"]) for s in view["spaces"] if s["region"] == region["id"] and s["house"] is None]
    with theme.audit() as labels:
        png("china", view, Focus("region", (region["id"],)))
    drawn = {label.text for label in labels}
    assert set(free) <= drawn  # every free space's number is on the close-up
    caption = next(label.text for label in labels if label.text.startswith(f"{region['name']}: "))
    assert all(number in caption for number in free) or caption.endswith("…")
    assert "emissaries" in " ".join(label.text for label in labels)


def test_china_close_up_words_name_the_region_and_its_free_spaces() -> None:
    view = cast(dict[str, Any], get("china").view(play("china", 4, 5, 30), 0))
    region = view["regions"][3]
    text = alt_text("china", "focus", view, NAMES[:4], focus=Focus("region", (region["id"],)))
    free = [space_label(s["id"]) for s in view["spaces"] if s["region"] == region["id"] and s["house"] is None]
    assert region["name"] in text and "Free house spaces: " in text
    assert all(number in text for number in free)
