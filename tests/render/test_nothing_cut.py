"""Nothing cut in translation: every picture of every game (boards, hands, final, close-ups, the /rules board
with its callouts), drawn in Spanish and Japanese with long and accented names, shortens no label ("…") more
than the same picture in English does. A player's own name may be cut (the English one is too)."""

from __future__ import annotations

from typing import Any

import pytest

from bot import games, i18n
from render import theme
from tests.render.every_picture import NAMES, forget_drawn_layers, pictures

LANGUAGES = ("es-ES", "ja")


def _cut(draw: Any) -> list[theme.Shortened]:
    """What ``draw`` shortens that is not one of the players' names."""
    forget_drawn_layers()
    with theme.shortening() as cut:
        draw()
    return [c for c in cut if not any(c.text.startswith(name) or (name.startswith(c.shown[:-1]) and c.shown[:-1])
                                      for name in NAMES)]


CASES = [(key, code) for key in games.GAMES for code in LANGUAGES]


@pytest.mark.parametrize(("key", "code"), CASES)
def test_no_label_is_cut_where_the_english_one_is_not(key: str, code: str) -> None:
    problems = []
    for what, draw in pictures(key):
        with i18n.speaking(i18n.ENGLISH):
            english = _cut(draw)
        with i18n.speaking(code):
            there = _cut(draw)
        if len(there) > len(english):
            problems.append(f"{what}: {[c.shown for c in there]} (English: {[c.shown for c in english]})")
    assert not problems, f"{key} in {code}, {len(problems)} pictures cut:\n" + "\n".join(problems[:25])
