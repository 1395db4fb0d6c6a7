"""Properties over random Great Wall games, for every player count (hypothesis, kept modest)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st

from bot.games.great_wall import GAME
from bot.games.great_wall.data import Phase, State
from bot.games.great_wall.hidden import resample
from bot.games.great_wall.progress import section_progress
from bot.games.great_wall.serial import check
from tests.games.strategies import played_games, replay

# No shrinking: a whole game shrinks slowly on a shared machine, and the failing game is printed anyway.
SETTINGS = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Stage.explicit, Stage.reuse, Stage.generate],
)


def _progress_invariants(state: State) -> None:
    for section in state.sections:
        progress = section_progress(section, state.options.renumber)
        holder = section.first_marker and section.first_marker.card // 20
        for seat, value in progress.items():
            assert value >= 0 or seat == holder, "only the first-marker holder can be negative"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@SETTINGS
@given(data=st.data())
def test_random_games_conserve_cards_and_markers(players: int, data: st.DataObject) -> None:
    played = data.draw(played_games("great_wall", players, resignations=True))
    for state in played.states:
        check(state)  # 20 cards per seat and 36 markers accounted for, among the other invariants
        _progress_invariants(state)
        view = GAME.view(state, None)
        assert view["hand"] is None and view["deck_composition"] is None
        assert sum(p["hand_count"] + p["deck_count"] for p in view["players"]) == sum(
            len(s.hand) + len(s.deck) for s in state.seats
        )
    final = played.final
    assert final.phase is Phase.OVER
    result = GAME.result(final)
    assert list(result.scores) == [sum(seat.scored) for seat in final.seats]
    assert [b["total"] for b in result.breakdown] == list(result.scores)
    assert [sorted(b["markers"]) for b in result.breakdown] == [sorted(s.scored) for s in final.seats]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@SETTINGS
@given(data=st.data())
def test_the_public_view_never_holds_hands_deck_or_supply_order(players: int, data: st.DataObject) -> None:
    played = data.draw(played_games("great_wall", players))
    rng = random.Random(played.seed)
    for state in played.states[:: max(1, len(played.states) // 20)]:
        public = GAME.view(state, None)
        assert GAME.view(resample(state, None, rng), None) == public
        assert '"seed"' not in json.dumps(public)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@SETTINGS
@given(data=st.data())
def test_games_are_deterministic(players: int, data: st.DataObject) -> None:
    played = data.draw(played_games("great_wall", players))
    again = replay(GAME, players, played.seed, played.options, played.moves)
    assert again == played.final
    assert GAME.new(players, played.seed, played.options) == played.states[0]
