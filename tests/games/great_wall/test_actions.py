"""Turn actions (spec §4): plays, groups, draws, free Cavalry, Dragon covers, lapses and parsing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import IllegalAction
from bot.games.great_wall import GAME
from bot.games.great_wall.actions import Claim, Draw, Play, parse
from bot.games.great_wall.data import CardType, Phase
from tests.games.great_wall.helpers import card_at, draw, play, scenario


def _hand(state: Any, seat: int) -> list[str]:
    return sorted(card["type"] for card in GAME.view(state, seat)["hand"])


def test_legal_actions_list_every_group_size_section_and_cover() -> None:
    state = scenario(2, ["{3,5} P1:WALL", "{1,2}"], hands={0: "WALL WALL DRAGON CAV CAV"}, decks={0: 3})
    legal = GAME.legal_actions(state, 0)
    plays = {(a["card"], a["count"], a["section"], a.get("cover")) for a in legal if a["type"] == "play"}
    wall = card_at(state, 0, 0)
    expected: set[tuple[str, int, int, int | None]] = {
        (c, n, s, None) for s in (0, 1) for c, n in [("WALL", 1), ("WALL", 2), ("DRAGON", 1)]
    }
    expected |= {("CAVALRY", n, s, None) for s in (0, 1) for n in (1, 2)}
    expected |= {("DRAGON", 1, 0, wall)}
    assert plays == expected
    assert {"type": "draw"} in legal


def test_a_group_goes_to_the_end_of_the_row_in_one_action() -> None:
    state = scenario(2, ["{3,5} P1:GATE", "{1,2}"], hands={0: "WALL WALL WALL GATE"})
    state, events = play(state, 0, "WALL", 0, count=3)
    assert [len(stack) for stack in state.sections[0].row] == [1, 1, 1, 1]
    assert state.actions_left == 1 and _hand(state, 0) == ["GATE"]
    assert events[0].public["cards"] == [card for (card,) in state.sections[0].row[1:]]


def test_any_open_section_is_a_target_even_where_you_hold_the_first_marker() -> None:
    state = scenario(2, ["{3} P0:TOWER[5]", "{1,2}"], hands={0: "WALL"})
    state, _ = play(state, 0, "WALL", 0)
    assert len(state.sections[0].row) == 2


def test_draw_takes_the_top_card_and_uses_an_action() -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], decks={0: "TOWER WALL"})
    after, events = draw(state, 0)
    assert _hand(after, 0) == ["TOWER"] and len(after.seats[0].deck) == 1 and after.actions_left == 1
    assert events[0].public == {"seat": 0} and events[0].private[0]["type"] == "TOWER"


def test_no_hand_limit() -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], hands={0: "WALL " * 7}, decks={0: 10})
    state, _ = draw(state, 0)
    assert len(state.seats[0].hand) == 8


@pytest.mark.parametrize("count", [0, 3])
def test_group_sizes_must_match_the_hand(count: int) -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], hands={0: "WALL WALL"})
    with pytest.raises(IllegalAction):
        play(state, 0, "WALL", 0, count=count)


def test_cavalry_is_free_and_one_or_two_at_a_time() -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], hands={0: "CAV CAV WALL"})
    after, events = play(state, 0, "CAV", 1, count=2)
    assert after.actions_left == 2 and events[0].public["free"] is True
    with pytest.raises(IllegalAction):
        play(state, 0, "CAV", 1, count=3)


def test_cavalry_is_allowed_between_actions_but_not_after_the_third() -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], hands={0: "CAV CAV WALL GATE", 1: "WALL"})
    state, _ = play(state, 0, "WALL", 0)
    assert GAME.view(state, None)["cavalry_allowed"]
    state, _ = play(state, 0, "CAV", 0)
    state, _ = play(state, 0, "GATE", 0)
    assert state.active == 1 and not GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="not your turn"):
        play(state, 0, "CAV", 0)


def test_only_a_dragon_covers_and_only_in_its_own_section() -> None:
    state = scenario(2, ["{3,5} P1:WALL", "{1,2} P1:GATE"], hands={0: "WALL DRAGON"})
    with pytest.raises(IllegalAction, match="Only a Dragon"):
        play(state, 0, "WALL", 0, cover=card_at(state, 0, 0))
    with pytest.raises(IllegalAction, match="not in section 1"):
        play(state, 0, "DRAGON", 0, cover=card_at(state, 1, 0))
    after, _ = play(state, 0, "DRAGON", 1, cover=card_at(state, 1, 0))
    assert after.sections[1].row == ((card_at(state, 1, 0), after.sections[1].row[0][1]),)


def test_playing_the_last_card_lapses_the_turn_and_declares() -> None:
    state = scenario(3, ["{3,5}", "{1,2}", "{2,4}"], hands={0: "WALL WALL"}, decks={0: 0})
    state, events = play(state, 0, "WALL", 0, count=2)
    assert [e.type for e in events] == ["play", "last_round"]
    assert state.declarer == 0 and state.active == 1 and state.owed == (2,)


@pytest.mark.parametrize(
    "data",
    [
        "draw",
        {},
        {"type": "pass"},
        {"type": "draw", "card": "WALL"},
        {"type": "play", "card": "ROOF", "count": 1, "section": 0},
        {"type": "play", "card": "WALL", "count": "1", "section": 0},
        {"type": "play", "card": "WALL", "count": 1},
        {"type": "play", "card": "WALL", "count": True, "section": 0},
        {"type": "claim", "section": 0, "marker": 3},
    ],
)
def test_malformed_actions_raise_illegal_action(data: Any) -> None:
    with pytest.raises(IllegalAction):
        parse(data)
    state = scenario(2, ["{3,5}", "{1,2}"], hands={0: "WALL"})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, data)


def test_actions_round_trip_through_their_dicts() -> None:
    for action in (Play(CardType.DRAGON, 1, 1, 43), Play(CardType.WALL, 2, 0), Draw(), Claim(0, 5, 27)):
        assert parse(action.to_dict()) == action
    assert Play(CardType.WALL, 2, 1).to_dict() == {"type": "play", "card": "WALL", "count": 2, "section": 1}


def test_play_to_a_section_that_does_not_exist() -> None:
    state = scenario(2, ["{3,5}", "{1,2}"], hands={0: "WALL"})
    with pytest.raises(IllegalAction, match="no section 3"):
        play(state, 0, "WALL", 2)
    assert state.phase is Phase.ACTIONS
