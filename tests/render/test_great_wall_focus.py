"""The Great Wall's close-ups: sections as narrow as their cards allow, under a caption of each player's
strength."""

from __future__ import annotations

from typing import Any, cast

from bot.games import get
from render import Focus, theme
from render.great_wall.players import seats_of
from render.great_wall.table import draw_sections
from tests.render.close_ups import NAMES, labels_of, play


def test_great_wall_caption_states_each_players_strength() -> None:
    view = cast(dict[str, Any], get("great_wall").view(play("great_wall", 3, 2, 40), 0))
    section = next(s for s in view["sections"] if any(p is not None for p in s["progress"]))
    number = f"Section {section['slot'] + 1} · "
    labels = labels_of("great_wall", view, Focus("sections", (section["slot"],)))
    caption = " ".join(label.text for label in labels if label.width == labels[-1].width and label.role == "key")
    assert number in caption
    for seat, progress in enumerate(section["progress"]):
        if progress is not None:
            assert f"{theme.printable(NAMES[seat])} {progress}" in caption  # as the font draws the name
    assert any(label.text.startswith("Sections ") for label in labels_of("great_wall", view, Focus("sections")))


def test_great_wall_close_up_is_as_narrow_as_its_cards_allow() -> None:
    view = cast(Any, get("great_wall").view(play("great_wall", 2, 1, 2), None))
    narrow = draw_sections(view, seats_of(view, None), [0])
    assert narrow.width < 1120  # an empty section needs no full-width panel
