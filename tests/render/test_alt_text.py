"""Alt text for every picture (render/alt_text), for every game by what its ``GamePictures`` promises: within
Discord's 1,024 characters, naming every player, plain words only, and blind to hidden information. Each
game's scores and words are checked in tests/render/test_<key>_alt_text.py.

The no-leak property reuses the games' resamplers (their specs, as tests/games/test_contract.py does): a
description must not change when what its viewer cannot see is reshuffled.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.games import GAMES, get
from cogs.controls.registry import spec
from render.alt_text import LIMIT, alt_text
from render.alt_text.words import MORE, clean_name, fit
from tests.games.strategies import PlayedGame, played_games
from tests.render.described import LONG, MARKUP, NAMES, describe_all, play

SAMPLES = 10  # states looked at in each random game, besides the last
SETTINGS = settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # no shrinking: whole games shrink slowly
)


def sampled(played: PlayedGame) -> list[Any]:
    step = max(1, len(played.states) // SAMPLES)
    return [*played.states[::step], played.final]


# -- random games -------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", GAMES)
@SETTINGS
@given(data=st.data())
def test_every_picture_of_a_random_game_is_described(key: str, data: st.DataObject) -> None:
    played = data.draw(played_games(key, resignations=data.draw(st.booleans())))
    for state in sampled(played):
        describe_all(key, state, played.players, NAMES)


@pytest.mark.parametrize("key", GAMES)
@SETTINGS
@given(data=st.data())
def test_a_description_is_blind_to_what_its_viewer_cannot_see(key: str, data: st.DataObject) -> None:
    played = data.draw(played_games(key))
    game, rng, names = played.game, random.Random(played.seed), NAMES[: played.players]
    for state in sampled(played):
        for seat in [None, *range(played.players)]:
            kinds = ["board"] if seat is None else ["board", "hand"]
            kinds += ["final"] if game.is_over(state) else []
            before = {kind: alt_text(key, kind, game.view(state, seat), names) for kind in kinds}
            shuffled = spec(key).resample(state, seat, rng)
            after = {kind: alt_text(key, kind, game.view(shuffled, seat), names) for kind in kinds}
            assert after == before, f"{key}: the description for seat {seat} depends on hidden information"


# -- every player count, with the longest names -------------------------------------------------------------
CASES = [(key, n) for key in GAMES for n in range(get(key).min_players, get(key).max_players + 1)]


@pytest.mark.parametrize(("key", "players"), CASES)
def test_long_names_fit(key: str, players: int) -> None:
    states = play(key, players, seed=players)
    step = max(1, len(states) // 6)
    for state in [*states[::step], states[-1]]:
        describe_all(key, state, players, LONG[:players])


# -- words ----------------------------------------------------------------------------------------------
def test_fit_keeps_sentences_in_order_and_cuts_the_first_that_does_not_fit() -> None:
    first = "Ann to play."
    board = "Regions: " + "; ".join(f"region {i} holds {i} houses" for i in range(100)) + "."
    text = fit([first, board, "Never reached."], 200)
    assert len(text) <= 200 and text.startswith(first) and text.endswith(MORE)
    assert "Never reached" not in text and "region 0 holds 0 houses" in text
    assert fit(["A short one.", "x" * 300], 100) == "A short one."  # nothing worth keeping of an unbreakable word
    assert fit(["y" * 2000]) == "y" * LIMIT


def test_names_become_plain_words() -> None:
    assert clean_name("**Bold**\n_it_") == "Bold it"
    assert clean_name("<@1234> @everyone") == "1234 everyone"
    assert clean_name("  李 小龍 ") == "李 小龍"  # other scripts stay: a screen reader says them


@pytest.mark.parametrize("key", GAMES)
def test_names_in_a_description_are_plain_words(key: str) -> None:
    game = get(key)
    players = game.min_players
    names = ["**A**", "<@99>", "||c||", "_d_", "`e`"][:players]
    state = play(key, players, seed=1)[5]
    text = alt_text(key, "board", game.view(state, None), names)
    assert not MARKUP.search(text)
    assert all(clean_name(name) in text for name in names)


@pytest.mark.parametrize("key", GAMES)
def test_refusals_match_the_pictures(key: str) -> None:
    game = get(key)
    state = game.new(game.min_players, 0)
    public = game.view(state, None)
    assert alt_text(key, "hand", game.view(state, 0), NAMES)
    with pytest.raises(ValueError):
        alt_text(key, "hand", public, NAMES)
    with pytest.raises(ValueError):
        alt_text(key, "final", public, NAMES)
    with pytest.raises(ValueError):
        alt_text(key, "thumbnail", public, NAMES)
    other = next(k for k in GAMES if k != key)
    with pytest.raises(ValueError):
        alt_text(other, "board", public, NAMES)
    with pytest.raises(KeyError):
        alt_text("go", "board", public, NAMES)
