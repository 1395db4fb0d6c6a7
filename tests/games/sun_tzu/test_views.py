"""Views (spec §6): every schema key always present, hidden fields None, nothing hidden shown."""

from __future__ import annotations

import json
from typing import Any, get_type_hints

import pytest

from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.schema import BattleView, PlayerView, ProvinceView, SunTzuView
from bot.games.sun_tzu.state import Stage
from tests.games.sun_tzu.helpers import BLUE, RED, fight, make, play_random

PRIVATE = ("hand", "assignment", "deck_bottom", "warlords_held", "warlords_unchosen", "drawn", "out_hidden")


@pytest.fixture(scope="module")
def states() -> list[Any]:
    return play_random(3, {"events": True})[::7]


def test_every_key_of_the_schema_is_always_present(states: list[Any]) -> None:
    for state in states:
        for seat in (None, 0, 1):
            view = GAME.view(state, seat)
            assert set(view) == set(get_type_hints(SunTzuView))
            assert all(set(p) == set(get_type_hints(PlayerView)) for p in view["players"])
            assert all(set(p) == set(get_type_hints(ProvinceView)) for p in view["provinces"])
            assert all(set(b) == set(get_type_hints(BattleView)) for b in view["battles"])
            assert json.loads(json.dumps(view)) == view


def test_private_fields_only_in_the_own_view(states: list[Any]) -> None:
    for state in states:
        public = GAME.view(state, None)
        assert all(public[key] is None for key in PRIVATE)
        for seat in (0, 1):
            own = GAME.view(state, seat)
            assert all(own[key] is not None for key in PRIVATE if key != "assignment")
            colour = state.colour_of(seat)
            assert [c["id"] for c in own["hand"]] == list(state.side(colour).hand)


def test_the_warlord_stays_hidden_until_used() -> None:
    state = make(options={"warlords": True}, red={"warlords_held": ("chu_counter_plague",)})
    for seat in (None, 0):
        view = GAME.view(state, seat)
        assert "chu_counter_plague" not in json.dumps(view)
        assert view["players"][1]["warlords_unused"] == 1
    assert GAME.view(state, 1)["warlords_held"] == ["chu_counter_plague"]


def test_revealed_cards_and_values_are_public() -> None:
    state, _ = fight(make(board={"chu": (RED, 1)}), "chu", "plus1.1", "n7")
    view = GAME.view(state, None)
    battle = view["battles"][-1]
    assert (battle["blue"]["label"], battle["red"]["label"]) == ("+1", "7")
    assert (battle["blue_value"], battle["red_value"], battle["winner"]) == (8, 7, 0)
    chu = view["provinces"][1]
    assert chu["resolved"] == 5 and chu["owner"] is None and chu["screen"]["current"] == 1


def test_a_pending_payment_shows_its_choices_to_the_payer_only() -> None:
    board = {"chu": (BLUE, 2), "han_qi": (BLUE, 3)}
    state, _ = fight(make(board=board, blue={"reserve": 0, "set_aside": 0}), "wu", "n10", "n6")
    assert state.stage is Stage.PLACEMENT
    assert GAME.view(state, 0)["pending"]["payments"][0]["choices"] == ["chu", "han_qi"]
    for seat in (None, 1):
        pending = GAME.view(state, seat)["pending"]
        assert pending["seats"] == [0] and pending["payments"][0]["choices"] is None
        assert pending["payments"][0]["owed"] == 4 and pending["province"] == "wu"
