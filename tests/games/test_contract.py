"""The engine contract, checked the OpenSpiel way over every game in ``bot.games.GAMES`` and player count.

Each game's spec (``cogs/controls/<key>/__init__.py``) names a ``resample(state, seat, rng)``: it reshuffles
what ``seat`` cannot see, and that seat's view (and the public view) must not change.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.games import GAMES, Game, get
from cogs.controls.registry import spec
from tests.games.strategies import PlayedGame, action_key, played_games, replay

SECRET_KEYS = {"seed", "rng", "rng_state", "deck_order", "supply_order"}

CASES = [(key, n) for key in GAMES for n in range(get(key).min_players, get(key).max_players + 1)]
# No shrinking: a whole game shrinks slowly on a shared machine, and the failing game is printed anyway.
SETTINGS = settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


def _secret_keys(text: str) -> set[str]:
    """The secret keys at any depth of a JSON text. A key is the only place ``"seed": `` can stand: inside a
    string every quote is escaped, so a value cannot imitate a key (and this reads the text once, fast)."""
    return {key for key in SECRET_KEYS if f'"{key}": ' in text}


def _check_views(game: Game, state: Any, players: int, resample: Callable[..., Any], rng: random.Random) -> None:
    for seat in [None, *range(players)]:
        view = game.view(state, seat)
        text = json.dumps(view)
        assert json.loads(text) == view, "views must be JSON-safe"
        assert not _secret_keys(text)
        shuffled = resample(state, seat, rng)
        assert game.view(shuffled, seat) == view, f"view of seat {seat} leaks hidden information"
        if seat is None:  # a forced pass is applied without asking: only where everybody could tell
            forced = {s: game.forced_action(state, s) for s in game.to_act(state)}
            assert forced == {s: game.forced_action(shuffled, s) for s in game.to_act(shuffled)}, "forced on secrets"


def _check_step(game: Game, played: PlayedGame, index: int, rng: random.Random) -> None:
    state = played.states[index]
    text = json.dumps(game.dump(state))
    loaded = game.load(json.loads(text))
    assert json.dumps(game.dump(loaded)) == text, "dump/load must round-trip"
    acting = game.to_act(state)
    for seat in range(played.players):
        legal = game.legal_actions(state, seat)
        if seat not in acting:
            assert legal == [], "no legal actions for a seat that is not to act"
            continue
        assert legal, "a seat to act has something to do"
        assert legal == sorted(legal, key=action_key), "legal actions are sorted"
        assert len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal), "legal actions are unique"
        forced = game.forced_action(state, seat)
        assert forced is None or forced in legal, "a forced action is a legal one"
    if index < len(played.moves):
        move = played.moves[index]
        if move.action is not None:
            game.apply(state, move.seat, move.action)
            assert json.dumps(game.dump(state)) == text, "apply must not change its input"


@pytest.mark.parametrize(("key", "players"), CASES)
@SETTINGS
@given(data=st.data())
def test_random_games_keep_the_contract(key: str, players: int, data: st.DataObject) -> None:
    played = data.draw(played_games(key, players))
    game, rng = played.game, random.Random(played.seed)
    for index in range(len(played.states)):
        _check_step(game, played, index, rng)
        _check_views(game, played.states[index], players, spec(key).resample, rng)
        # The story's score chart: a whole number per seat at every position; a move that told nothing scored nothing.
        scores = game.running_scores(played.states[index])
        assert len(scores) == players and all(isinstance(score, int) for score in scores)
        assert game.scoring_moment(played.states[index], ()) is None
    final = played.final
    assert game.is_over(final), "random games finish"
    assert game.to_act(final) == frozenset()
    result = game.result(final)
    assert len(result.scores) == len(result.ranking) == len(result.breakdown) == players
    assert all(part["total"] == score for part, score in zip(result.breakdown, result.scores, strict=True))
    assert all(1 <= place <= players for place in result.ranking) and 1 in result.ranking
    again = replay(game, players, played.seed, played.options, played.moves)
    assert game.dump(again) == game.dump(final), "same seed and moves give the same state"


@pytest.mark.parametrize(("key", "players"), CASES)
@SETTINGS
@given(data=st.data())
def test_resignations_keep_the_contract(key: str, players: int, data: st.DataObject) -> None:
    played = data.draw(played_games(key, players, resignations=True))
    game = played.game
    for index in range(len(played.states)):
        _check_step(game, played, index, random.Random(index))
    result = game.result(played.final)
    assert all(part["total"] == score for part, score in zip(result.breakdown, result.scores, strict=True))
    assert game.dump(replay(game, players, played.seed, played.options, played.moves)) == game.dump(played.final)


@pytest.mark.parametrize(("key", "players"), CASES)
@pytest.mark.parametrize("timed_out", [False, True])
def test_a_seat_out_of_time_leaves_as_a_resignation_told_as_time_running_out(
    key: str, players: int, timed_out: bool
) -> None:
    """The same state in every rule sense as a resignation; only the words (event, views) differ."""
    game = get(key)
    state = game.new(players, 7)
    seat = min(game.to_act(state))
    left, events = game.resign(state, seat, timed_out=timed_out)
    resigned, _ = game.resign(state, seat)
    told = [e.public for e in events if e.public.get("seat") == seat and e.type in ("resign", "resigned")]
    assert len(told) == 1 and told[0].get("timed_out", False) is timed_out
    assert ("timed_out" in told[0]) is timed_out, "an ordinary resignation's event is unchanged"
    assert game.to_act(left) == game.to_act(resigned) and game.is_over(left) == game.is_over(resigned)
    if game.is_over(left):
        assert game.result(left).ranking == game.result(resigned).ranking
    dumped = json.dumps(game.dump(left))
    assert json.dumps(game.dump(game.load(json.loads(dumped)))) == dumped, "dump/load must round-trip"
    assert ("timed_out" in dumped) is timed_out, "snapshots without a timeout keep their old form"
    for viewer in (None, *range(players)):
        view = game.view(left, viewer)
        assert view == game.view(game.load(json.loads(dumped)), viewer)
        assert ('"timed_out": true' in json.dumps(view)) is timed_out, "the view tells who ran out of time"


@pytest.mark.parametrize("key", GAMES)
def test_identity_and_options(key: str) -> None:
    game = get(key)
    assert game.key == key and game.title and 1 <= game.min_players <= game.max_players
    assert game.resolve_options() == {option.key: option.default for option in game.options}
    with pytest.raises(ValueError):
        game.new(game.max_players + 1, 0)
    with pytest.raises(ValueError):
        game.new(game.min_players, 0, {"no such option": 1})
