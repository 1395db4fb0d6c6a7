"""End of game (spec §7): last round, last turns, check-only round, immediate end, scoring."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.great_wall import GAME
from bot.games.great_wall.data import Phase, State
from tests.games.great_wall.helpers import draw, play, scenario


def _declared(players: int, declarer: int) -> State:
    state = scenario(
        players,
        ["{3,5}", "{1,2}", "{2,4}", "{3,4}"][: {2: 2, 3: 3, 4: 4, 5: 4}[players]],
        active=declarer,
        hands={declarer: "WALL"},
        decks={declarer: 0},
    )
    state, _ = play(state, declarer, "WALL", 1)
    return state


@pytest.mark.parametrize(("players", "declarer"), [(2, 0), (3, 1), (4, 3), (5, 2)])
def test_every_other_player_gets_one_last_turn_then_everyone_checks(players: int, declarer: int) -> None:
    state = _declared(players, declarer)
    turns = []
    while state.phase is Phase.ACTIONS and state.active is not None:
        seat = state.active
        turns.append(seat)
        state, events = draw(draw(state, seat)[0], seat)
    others = [(declarer + k) % players for k in range(1, players)]
    assert turns == others
    (round_start,) = [e for e in events if e.type == "check_round"]
    assert round_start.public["order"] == [(declarer + k) % players for k in range(players)]
    # The declarer, sole participant in section 2, checks first and must place a first marker.
    assert state.phase is Phase.FINAL_CHECK and state.active == declarer and state.pending == 1
    state, events = GAME.apply(state, declarer, GAME.legal_actions(state, declarer)[0])
    assert GAME.is_over(state) and events[-1].type == "game_over"


def test_the_last_round_view_counts_down() -> None:
    state = _declared(4, 1)
    view = GAME.view(state, None)["last_round"]
    assert view == {"declarer": 1, "stage": "last_turns", "remaining": [3, 0]}
    assert GAME.view(state, None)["active"] == 2


def test_no_play_or_draw_in_the_check_only_round() -> None:
    state = scenario(
        2, ["{2,8} P0:TOWER, P0:GATE, P1:GATE", "{1,3}"], active=1, decks={0: 0}, hands={1: "CAV"}, declarer=0
    )
    state, _ = draw(draw(state, 1)[0], 1)
    assert state.phase is Phase.FINAL_CHECK and GAME.view(state, None)["phase"] == "final_check"
    assert not GAME.view(state, None)["cavalry_allowed"]
    assert all(a["type"] == "claim" for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="check-only round"):
        draw(state, 0)


def test_result_is_only_available_at_the_end() -> None:
    state = GAME.new(3, 1)
    with pytest.raises(ValueError):
        GAME.result(state)


def test_markers_on_cards_score_nothing_and_ties_share_the_place() -> None:
    state = scenario(
        2,
        ["{4} P0:TOWER[1], P1:GATE", "{3,5}"],
        scored={0: [7, 1], 1: [5, 3]},
        active=1,
        hands={1: "WALL"},
        decks={1: 0},
    )
    state, _ = play(state, 1, "WALL", 1)  # P1 declares
    state, _ = draw(draw(state, 0)[0], 0)  # P0's last turn; then P1 checks first and must choose
    assert state.phase is Phase.FINAL_CHECK and state.pending == 1
    wall = state.sections[1].row[0][0]
    state, _ = GAME.apply(state, 1, {"type": "claim", "section": 1, "marker": 3, "card": wall})
    result = GAME.result(state)
    assert result.scores == (8, 8) and result.ranking == (1, 1)
    assert result.breakdown[0]["lost_on_cards"] == [1] and result.breakdown[1]["lost_on_cards"] == [3]
    assert result.reason == "normal"
