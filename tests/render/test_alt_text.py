"""Alt text for every picture (render/alt_text): within Discord's 1,024 characters, naming every player and
every score the picture shows, plain words only, and blind to hidden information.

The no-leak property reuses the games' resamplers (their specs, as tests/games/test_contract.py does): a
description must not change when what its viewer cannot see is reshuffled.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.games import GAMES, get
from bot.games.chinatown.text import money
from cogs.controls.registry import spec
from render.alt_text import LIMIT, alt_text
from render.alt_text.words import MORE, clean_name, fit
from tests.games.chinatown.helpers import ANN, BEN, act, lot, propose, scenario
from tests.games.chinatown.helpers import money as pay
from tests.games.strategies import PlayedGame, played_games

NAMES = ("Ann", "Bo Li", "Chén", "Dana Ng", "Eli")
LONG = tuple(f"{letter}{'x' * 30}{letter}" for letter in "ABCDE")  # Discord display names: at most 32 characters
MARKUP = re.compile(r"[*_`~|<>@#\n]")
SAMPLES = 10  # states looked at in each random game, besides the last
SETTINGS = settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # no shrinking: whole games shrink slowly
)


# -- what a description must say ----------------------------------------------------------------------
def _score(key: str, score: int) -> str:
    if key == "sun_tzu":
        return f"{score:+d}"  # the marker counted toward the player, as on the final picture
    return money(score) if key == "chinatown" else str(score)


def shown_scores(key: str, view: dict[str, Any]) -> list[str | None]:
    """Each seat's score as the picture shows it, or None where the view hides it (Great Wall's face-down
    markers, Chinatown's cash before the end)."""
    result = view["result"]
    if result is not None:
        return [_score(key, s) for s in result["scores"]]
    players = view["players"]
    if key == "china":
        return [str(p["score"]) for p in players]
    if key == "great_wall":
        return [None if p["score"] is None else str(p["score"]) for p in players]
    if key == "chinatown":
        return [None if p["cash"] is None else money(p["cash"]) for p in players]
    marker = view["score_marker"]
    return [_score(key, marker if p["colour"] == "blue" else -marker) for p in players]


def check(key: str, kind: str, view: dict[str, Any], names: Sequence[str]) -> str:
    text = alt_text(key, kind, view, names)
    assert text and len(text) <= LIMIT, f"{key} {kind}: {len(text)} characters"
    assert not MARKUP.search(text), f"{key} {kind} holds markdown or mention syntax: {text}"
    for seat, score in enumerate(shown_scores(key, view)):
        name = clean_name(names[seat])
        assert name in text, f"{key} {kind} does not name seat {seat}: {text}"
        if score is not None:
            assert f"{name} {score}" in text, f"{key} {kind} does not give {name}'s score {score}: {text}"
    return text


def sampled(played: PlayedGame) -> list[Any]:
    step = max(1, len(played.states) // SAMPLES)
    return [*played.states[::step], played.final]


def describe_all(key: str, state: Any, players: int, names: Sequence[str]) -> None:
    game = get(key)
    public = game.view(state, None)
    check(key, "board", public, names)
    if game.is_over(state):
        check(key, "final", public, names)
    for seat in range(players):
        own = game.view(state, seat)
        check(key, "board", own, names)
        check(key, "hand", own, names)


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
def play(key: str, players: int, seed: int) -> list[Any]:
    game, rng = get(key), random.Random(seed)
    states = [game.new(players, seed)]
    while not game.is_over(states[-1]):
        state = states[-1]
        seat = min(game.to_act(state))
        states.append(game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))[0])
    return states


CASES = [(key, n) for key in GAMES for n in range(get(key).min_players, get(key).max_players + 1)]


@pytest.mark.parametrize(("key", "players"), CASES)
def test_long_names_and_every_score_fit(key: str, players: int) -> None:
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
    states = play("great_wall", 3, seed=1)
    text = alt_text("great_wall", "board", get("great_wall").view(states[5], None), ["**A**", "<@99>", "||c||"])
    assert not MARKUP.search(text) and "A " in text and "99" in text


def test_seats_without_a_name_are_called_by_their_colour() -> None:
    states = play("sun_tzu", 2, seed=2)
    text = alt_text("sun_tzu", "board", get("sun_tzu").view(states[3], None), [])
    assert "Blue" in text and "Red" in text
    states = play("china", 3, seed=2)
    assert "Grey" not in alt_text("china", "board", get("china").view(states[3], None), ["Ann", "", "Cy"])
    assert "Green" in alt_text("china", "board", get("china").view(states[3], None), ["Ann", "", "Cy"])


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


# -- what each game's words say -----------------------------------------------------------------------------
def test_great_wall_shows_marker_values_only_where_the_view_does() -> None:
    game = get("great_wall")
    state = next(s for s in play("great_wall", 3, seed=4) if sum(len(p.scored) for p in s.seats) >= 3)
    public = alt_text("great_wall", "board", game.view(state, None), NAMES)
    assert "face-down marker" in public and " + " not in public  # counts only, never values
    seat = next(s for s, p in enumerate(state.seats) if p.scored)
    own = game.view(state, seat)
    text = alt_text("great_wall", "hand", own, NAMES)
    assert f"Your markers: {' + '.join(str(m) for m in own['players'][seat]['markers'])}" in text
    assert "Still in your deck, order unknown" in text


def test_china_hand_names_the_cards_and_what_they_pay_for() -> None:
    game = get("china")
    state = play("china", 4, seed=5)[10]
    own = cast(dict[str, Any], game.view(state, 2))
    text = alt_text("china", "hand", own, NAMES)
    assert "In your hand: " in text and "pays for" in text
    assert "In your hand" not in alt_text("china", "board", game.view(state, None), NAMES)


def test_sun_tzu_board_describes_every_province_and_the_marker() -> None:
    game = get("sun_tzu")
    state = play("sun_tzu", 2, seed=6)[30]
    view = game.view(state, None)
    text = alt_text("sun_tzu", "board", view, NAMES)
    assert "Score marker" in text
    assert all(f"{p['name']}: " in text for p in view["provinces"])
    assert "Your hand: " in alt_text("sun_tzu", "hand", game.view(state, 0), NAMES)


def test_chinatown_keeps_cash_secret_until_the_end() -> None:
    game = get("chinatown")
    states = play("chinatown", 3, seed=7)
    state = states[len(states) // 2]
    assert "Cash stays secret until the end." in alt_text("chinatown", "board", game.view(state, None), NAMES)
    own = game.view(state, 1)
    assert f"Your cash: {money(own['players'][1]['cash'])}" in alt_text("chinatown", "hand", own, NAMES)
    final = game.view(states[-1], None)
    assert "secret" not in alt_text("chinatown", "final", final, NAMES)


def test_chinatown_offers_are_described_without_notes_or_hidden_amounts() -> None:
    state = scenario(3, owners={23: ANN, 30: BEN}, tiles={23: "photo"}, options={"announce_trade_money": False})
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), pay(BEN, ANN, 20_000), note="**deal?** <@1>"))
    game = get("chinatown")
    public = alt_text("chinatown", "board", game.view(state, None), NAMES)
    assert "Open offer 1: Ann gives lot 23 (Photo) to Bo Li; Bo Li gives money to Ann; accepted by Ann." in public
    assert "$20,000" not in public and "deal" not in public
    assert "Bo Li gives $20,000 to Ann" in alt_text("chinatown", "hand", game.view(state, BEN), NAMES)
