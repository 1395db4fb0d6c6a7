"""§10 information: what each view shows, and the TypedDict shape of schema.py."""

from __future__ import annotations

import json
import random
from typing import get_type_hints

from bot.games.china import GAME
from bot.games.china.schema import ChinaView, PlayerView, RegionView, SpaceView
from tests.games.china.scenario import A, B, act, place, position


def test_every_schema_key_is_present_in_every_view() -> None:
    state = GAME.new(4, 3, {"fortifications": True})
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        assert set(view) == set(get_type_hints(ChinaView))
        assert set(view["players"][0]) == set(get_type_hints(PlayerView))
        assert set(view["regions"][0]) == set(get_type_hints(RegionView))
        assert set(view["spaces"][0]) == set(get_type_hints(SpaceView))
        json.dumps(view)  # JSON-safe


def test_public_view_hides_hands_and_the_deck() -> None:
    state = GAME.new(5, 8)
    public = GAME.view(state, None)
    assert public["hand"] is None and public["viewer"] is None
    assert [p["hand_count"] for p in public["players"]] == [3] * 5
    assert public["deck_count"] == len(state.deck)
    text = json.dumps(public)
    assert "seed" not in text and "deck\"" not in text


def test_own_view_shows_only_the_own_hand() -> None:
    state = position(hands={A: "rrg", B: "ppp"}, display="rygo")
    view = GAME.view(state, A)
    assert view["hand"] == ["red", "red", "green"] and view["viewer"] == A
    other = position(hands={A: "rrg", B: "ooy"}, display="rygo")
    assert state.deck != other.deck
    assert GAME.view(other, A) == view and GAME.view(other, None) == GAME.view(state, None)
    assert GAME.view(other, B) != GAME.view(state, B)


def test_public_board_and_card_facts() -> None:
    state = position(current=A, hands={A: "rgg"}, houses={"wei1": B})
    state, _ = act(state, place("wei", "rgg", "house@wei2", "emissary"))
    view = GAME.view(state, None)
    wei = next(r for r in view["regions"] if r["id"] == "wei")
    assert wei["houses"] == [1, 1, 0, 0] and wei["emissaries"] == [1, 0, 0, 0] and wei["cap"] == 1
    assert wei["free_spaces"] == 5 and wei["open"] and not wei["scored"]
    assert view["discard_top"] == "green" and view["discard"]["green"] >= 2
    assert view["removed"] == {"red": 1, "yellow": 1, "green": 1, "orange": 1, "purple": 1}
    assert view["phase"] == "refill" and view["draws_owed"] == 3 and view["active"] == A
    assert view["last_placement"] == {"seat": A, "region": "wei", "spaces": ["wei2"], "emissaries": 1}
    assert view["players"][A]["houses"] == 19 and view["players"][A]["supply"] == 19 + 7


def test_final_view_carries_the_result() -> None:
    state = GAME.new(3, 6)
    rng = random.Random(6)
    while not GAME.is_over(state):
        state, _ = GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
    view = GAME.view(state, None)
    assert view["result"] == GAME.result(state).to_dict()
    assert view["active"] is None and view["phase"] == "over" and view["hand"] is None
    assert GAME.view(state, 0)["hand"] is not None  # hands stay private after the game too (R24)
