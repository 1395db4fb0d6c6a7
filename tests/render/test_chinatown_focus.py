"""Chinatown's close-ups: the districts of the lots in question, those lots ringed and numbered."""

from __future__ import annotations

from typing import Any, cast

from bot.games import get
from bot.games.chinatown.data import BOARD as CHINATOWN
from render import Focus
from tests.render.close_ups import labels_of, play, png
from tests.render.pictures import decode


def test_one_district_is_a_real_close_up() -> None:
    town = cast(dict[str, Any], get("chinatown").view(play("chinatown", 3, 3, 10), 0))
    for district in range(6):
        lots = [lot for lot, d in CHINATOWN.district_of.items() if d == district + 1][:3]
        assert decode(png("chinatown", town, Focus("lots", tuple(lots)))).width < 700


def test_chinatown_rings_the_lots_and_names_them() -> None:
    view = cast(dict[str, Any], get("chinatown").view(play("chinatown", 3, 3, 0), 0))
    dealt = view["hand_cards"]
    assert dealt
    labels = labels_of("chinatown", view, Focus("lots", tuple(dealt)))
    drawn = {label.text for label in labels}
    assert {str(lot) for lot in dealt} <= drawn
    assert any("(ringed)" in label.text for label in labels)
