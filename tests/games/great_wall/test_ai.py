"""The computer player: legal, quick, and sensible from its own view only."""

from __future__ import annotations

import random

import pytest

from bot.games.great_wall import GAME
from tests.games.great_wall.helpers import card_at, check, scenario


def _choose(state: object, seat: int) -> dict[str, object]:
    return GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(0))


def test_an_unknown_level_is_refused() -> None:
    state = GAME.new(2, 0)
    with pytest.raises(ValueError, match="unknown AI level"):
        GAME.choose_action(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(0), "grandmaster")


def test_first_marker_goes_small_on_the_most_valuable_card() -> None:
    state, _ = check(scenario(2, ["{3,8} P0:WALL, P0:TOWER, P0:GATE", "{1,2}"]), 0)
    assert _choose(state, 0) == {"type": "claim", "section": 0, "marker": 3, "card": card_at(state, 0, 1)}


def test_it_draws_when_nothing_is_worth_playing_and_the_hand_is_thin() -> None:
    state = scenario(2, ["{3,5} P1:TOWER", "{1,2} P1:INF, P1:INF, P1:INF"], hands={0: "WALL"}, decks={0: 5})
    assert _choose(state, 0) == {"type": "draw"}


def test_it_takes_the_lead_where_the_markers_are_best() -> None:
    state = scenario(3, ["{1,2} P1:WALL", "{7,8} P1:WALL", "{2,3} P1:WALL"], hands={0: "GATE WALL WALL WALL WALL"})
    action = _choose(state, 0)
    assert action["type"] == "play" and action["section"] == 1  # a Gate or a group of Walls: both lead


def test_it_plays_cavalry_for_free_when_that_wins_a_section() -> None:
    state = scenario(2, ["{7,8} P1:GATE", "{1,2}"], hands={0: "CAV WALL WALL WALL WALL WALL"})
    assert _choose(state, 0) == {"type": "play", "card": "CAVALRY", "count": 1, "section": 0}


def test_it_does_not_play_a_noble_against_its_own_lead() -> None:
    state = scenario(2, ["{7,8} P0:TOWER, P1:WALL, P1:WALL", "{1,2}"], hands={0: "NOBLE"}, decks={0: 5})
    action = _choose(state, 0)
    assert not (action.get("card") == "NOBLE" and action.get("section") == 0)


def test_it_covers_the_card_that_keeps_it_behind() -> None:
    state = scenario(2, ["{7,8} P0:GATE, P1:TOWER", "{1,2}"], hands={0: "DRAGON"}, decks={0: 5})
    assert _choose(state, 0) == {
        "type": "play", "card": "DRAGON", "count": 1, "section": 0, "cover": card_at(state, 0, 1)
    }  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ai_games_finish_with_legal_moves_in_well_under_5_ms(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new(players, players)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        action = GAME.choose_action(view, legal, rng)  # its speed: python -m bench ai
        assert action in legal
        state, _ = GAME.apply(state, seat, action)


@pytest.mark.slow
def test_it_beats_random_players_more_often_than_chance() -> None:
    wins = 0
    for seed in range(24):
        state, rng = GAME.new(3, seed), random.Random(seed)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            action = GAME.choose_action(GAME.view(state, 0), legal, rng) if seat == 0 else rng.choice(legal)
            state, _ = GAME.apply(state, seat, action)
        wins += GAME.result(state).ranking[0] == 1
    assert wins >= 12  # chance would be about 8 of 24
