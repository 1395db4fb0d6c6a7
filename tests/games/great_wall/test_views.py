"""Information (spec §8): the view shape of schema.py, what each seat sees, and nothing more."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any, get_type_hints

import pytest

from bot.games.great_wall import GAME
from bot.games.great_wall.data import CardType, State, card_type
from bot.games.great_wall.hidden import resample
from bot.games.great_wall.schema import (
    CardView,
    FirstMarkerView,
    GreatWallView,
    LastMoveView,
    LastRoundView,
    PendingClaimView,
    PlayerView,
    SectionView,
)
from tests.games.great_wall.helpers import NAMES, card_at, check, draw, play, scenario


def _keys(typed: Any) -> set[str]:
    return set(get_type_hints(typed))


def _assert_shape(view: dict[str, Any]) -> None:
    assert set(view) == _keys(GreatWallView)
    for section in view["sections"]:
        assert set(section) == _keys(SectionView)
        assert all(set(card) == _keys(CardView) for stack in section["row"] for card in stack)
        if section["first_marker"] is not None:
            assert set(section["first_marker"]) == _keys(FirstMarkerView)
    assert all(set(player) == _keys(PlayerView) for player in view["players"])
    for key, typed in [("pending_claim", PendingClaimView), ("last_round", LastRoundView), ("last_move", LastMoveView)]:
        assert view[key] is None or set(view[key]) == _keys(typed)
    assert view["hand"] is None or all(set(card) == _keys(CardView) for card in view["hand"])


def _busy_state() -> Any:
    state = scenario(
        3,
        ["{3,5} P0:WALL, P1:DRAGON>P0:GATE, P2:NOBLE", "{4} P1:TOWER[2], P0:INF", "{1,7}"],
        scored={0: [5, 4], 1: [8, 3]},
        hands={0: "WALL GATE", 1: "CAV"},
        declarer=None,
    )
    state, _ = check(state, 0)
    return state


def test_every_view_has_exactly_the_schema_shape() -> None:
    state = _busy_state()
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        _assert_shape(view)
        assert json.loads(json.dumps(view)) == view


def test_the_public_view_shows_no_hand_deck_or_marker_values() -> None:
    view = GAME.view(_busy_state(), None)
    assert view["viewer"] is None and view["hand"] is None and view["deck_composition"] is None
    assert [p["markers"] for p in view["players"]] == [None, None, None]
    assert [p["score"] for p in view["players"]] == [None, None, None]
    assert [p["markers_count"] for p in view["players"]] == [2, 2, 0]
    assert "seed" not in json.dumps(view)


def test_a_seat_sees_its_own_hand_deck_composition_and_markers_only() -> None:
    state = _busy_state()
    view = GAME.view(state, 0)
    assert sorted(card["type"] for card in view["hand"]) == ["GATE", "WALL"]
    assert all(card["owner"] == 0 and not card["covered"] and card["marker"] is None for card in view["hand"])
    assert {c["type"]: c["value"] for c in view["hand"]} == {"WALL": 1, "GATE": 2}
    deck = Counter(card_type(card).value for card in state.seats[0].deck)
    assert view["deck_composition"] == {kind.value: deck[kind.value] for kind in CardType}
    assert [p["markers"] for p in view["players"]] == [[5, 4], None, None]
    assert view["players"][0]["score"] == 9


def test_unplayed_cards_and_the_supply_multiset_are_derived_correctly() -> None:
    state = _busy_state()
    view = GAME.view(state, None)
    for seat, mine in enumerate(state.seats):
        counts = Counter(card_type(card).value for card in (*mine.deck, *mine.hand))
        assert view["players"][seat]["unplayed"] == {kind.value: counts[kind.value] for kind in CardType}
    supply = Counter(state.supply)
    assert view["supply_values"] == {str(v): supply[v] for v in (1, 2, 3, 4, 5, 7, 8)}
    assert view["supply_count"] == len(state.supply)


def test_section_views_show_values_cover_marker_progress_and_leader() -> None:
    view = GAME.view(_busy_state(), None)
    first, second, third = view["sections"]
    assert first["noble_active"] and first["progress"] == [1, 1, 1] and first["leader"] is None
    (gate, dragon) = first["row"][1]
    assert gate["covered"] and gate["value"] == 0 and not dragon["covered"] and dragon["value"] == 1
    assert second["first_marker"]["value"] == 2 and second["first_marker"]["owner"] == 1
    assert second["progress"] == [1, 1, None] and second["markers"] == [4]
    assert [card["marker"] for (card,) in second["row"]] == [2, None]
    assert third["progress"] == [None, None, None] and third["row"] == []


def test_pending_claim_shows_the_public_options() -> None:
    state = scenario(2, ["{3,5} P0:WALL, P0:GATE", "{1,2}"])
    state, _ = check(state, 0)
    view = GAME.view(state, 1)
    cards = sorted([card_at(state, 0, 0), card_at(state, 0, 1)])
    assert view["phase"] == "check" and view["actions_left"] == 0 and not view["cavalry_allowed"]
    assert view["pending_claim"] == {"section": 0, "markers": [3, 5], "cards": cards}


def test_last_move_describes_the_latest_play_draw_and_claim() -> None:
    state = scenario(2, ["{3,5} P0:WALL, P0:GATE", "{1,2}"], hands={0: "WALL WALL"})
    assert GAME.view(state, None)["last_move"] is None
    state, events = play(state, 0, "WALL", 1, count=2)
    assert GAME.view(state, None)["last_move"] == {
        "seat": 0, "kind": "play", "section": 1, "cards": events[0].public["cards"]
    }  # fmt: skip
    state, _ = draw(state, 0)
    assert GAME.view(state, None)["last_move"] == {"seat": 0, "kind": "draw", "section": None, "cards": []}


def test_everything_is_revealed_at_the_end() -> None:
    state = scenario(2, ["{4} P0:WALL[5]", "closed"], scored={1: [8, 3]}, exact_supply=True, spare_to=1)
    state, _ = check(state, 0)
    view = GAME.view(state, None)
    assert view["phase"] == "over" and view["active"] is None and view["last_round"] is None
    assert view["players"][0]["markers"] == [5, 4] and view["players"][1]["score"] == sum(state.seats[1].scored)
    assert view["result"] == GAME.result(state).to_dict()


def test_a_draw_is_private_to_the_drawer() -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], decks={0: "TOWER"})
    _, (event,) = draw(state, 0)
    assert event.public == {"seat": 0} and set(event.private) == {0}
    assert "TOWER" not in json.dumps(event.public)


def test_views_ignore_what_the_viewer_cannot_see() -> None:
    state = _busy_state()
    rng = random.Random(5)
    for seat in (None, 0, 1, 2):
        for _ in range(5):
            assert GAME.view(resample(state, seat, rng), seat) == GAME.view(state, seat)


def _split_again(state: State, viewer: int | None, rng: random.Random) -> State:
    """``state`` with what ``viewer`` cannot see redrawn by the resampler (other seats' hand/deck splits
    above all), but the supply order and face-down markers kept: a play may reveal those (a refill after
    the next check, the final scores), and that is not what this is about."""
    other = resample(state, viewer, rng)
    seats = tuple(replace(new, scored=old.scored) for new, old in zip(other.seats, state.seats, strict=True))
    return replace(other, seats=seats, supply=state.supply)


def test_a_play_shows_the_same_cards_whichever_copies_wait_in_the_deck() -> None:
    """Which copies of a type are in a hand and which in the deck is hidden. The same play must show the
    same card ids whatever the split: were the lowest id in the hand played, playing the highest Wall
    would tell the table that no other Wall is in that hand."""
    rng = random.Random(7)
    state = GAME.new(3, 21)
    plays = 0
    while not GAME.is_over(state):
        seat = state.active
        assert seat is not None
        for viewer in (None, (seat + 1) % 3):
            other = _split_again(state, viewer, rng)
            for action in GAME.legal_actions(state, seat):
                if action["type"] != "play" or action not in GAME.legal_actions(other, seat):
                    continue
                after, events = GAME.apply(state, seat, action)
                again, events_again = GAME.apply(other, seat, action)
                assert GAME.view(again, viewer) == GAME.view(after, viewer), action
                assert [(e.type, e.public) for e in events_again] == [(e.type, e.public) for e in events]
                assert [GAME.describe(e, NAMES) for e in events_again] == [GAME.describe(e, NAMES) for e in events]
                plays += 1
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert plays > 100


def test_a_view_for_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(ValueError):
        GAME.view(GAME.new(2, 0), 2)
