"""Close-ups for private prompts (``render.focus``, render/crops), for every game by what its ``GamePictures``
promises: drawn at the key size for their width, never another seat's hidden information, alt text that
says what they show, refusals of a kind or part the game lacks. What each game's close-ups show is in
tests/render/test_<key>_focus.py.

The no-leak property reuses the games' resamplers (their specs, as tests/games/test_contract.py), as the alt text's test
does: a close-up drawn from a seat's own view must not change when what that seat cannot see is reshuffled.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from PIL import Image

import render
from bot.games import GAMES, get
from cogs.controls.registry import spec
from render import BOARD, Focus, theme
from render.alt_text import LIMIT, alt_text
from render.crops import frame, kinds
from tests.games.strategies import played_games
from tests.render.close_ups import NAMES, play, png
from tests.render.pictures import decode

SETTINGS = settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # no shrinking: whole games shrink slowly
)
SAMPLES = 3  # states looked at in each random game
PER_KIND = 2  # parts of each close-up kind looked at in a view


def focuses(key: str, view: dict[str, Any]) -> list[Focus]:
    """Close-ups a prompt may ask for in this view: the first sample parts of each kind the game has."""
    close_ups = render.pictures(key).close_ups
    return [Focus(kind, part) for kind, close_up in close_ups.items() for part in close_up.samples(view)[:PER_KIND]]


# -- legible, and narrower than the board -----------------------------------------------------------------
# The fewest and the most players each game seats, early and late in a game.
CASES = [(key, players, moves) for key in GAMES
         for players, moves in sorted({(get(key).min_players, 40), (get(key).max_players, 80)})]


@pytest.mark.parametrize(("key", "players", "moves"), CASES)
def test_close_ups_read_at_the_key_size_of_their_own_width(key: str, players: int, moves: int) -> None:
    game = get(key)
    state = play(key, players, seed=players, moves=moves)
    board_width = decode(render.board(key, game.view(state, None), NAMES[:players])).width
    for seat in range(players):
        view = cast(dict[str, Any], game.view(state, seat))
        for focus in focuses(key, view):
            with theme.audit() as labels:
                image = decode(png(key, view, focus))
            assert image.width <= board_width and labels
            # Nothing is scaled: a label is as many pixels in the close-up as it was drawn, so it must meet its
            # minimum for the close-up's own width (a narrower picture shows every label larger on a phone).
            for label in labels:
                assert label.px >= theme.minimum(label.role, image.width), (focus, label)
            assert any(label.role == "key" and label.width == image.width for label in labels)  # the caption


def test_the_spotlight_keeps_the_parts_rings_them_and_fades_the_rest() -> None:
    """Each part keeps its colours inside a dark gold ring; everything else fades toward the background, as a
    blend with it would; a part reaching past the picture's edge is cut there, and no part only fades."""
    red = (200, 40, 40)
    image = Image.new("RGB", (300, 200), red)
    parts = [frame.box_polygon((40, 40, 100, 100)), frame.box_polygon((90, 40, 150, 100)),  # overlapping
             frame.box_polygon((250, 150, 400, 300))]  # past the bottom right corner
    out = frame.spotlight(image, parts)
    faded = Image.blend(image, theme.canvas(300, 200), frame.FADE).getpixel((0, 0))
    assert out.size == image.size and out.getpixel((5, 5)) == out.getpixel((200, 20)) == faded != red
    for inside in ((60, 60), (95, 70), (140, 90), (290, 190)):
        assert out.getpixel(inside) == red, inside
    for edge in ((40, 70), (70, 40), (150, 70), (250, 170), (270, 150)):
        assert out.getpixel(edge) == frame.OUTLINE, edge
    assert frame.spotlight(image, []).getpixel((60, 60)) == faded
    assert frame.spotlight(image, parts, outline=False).getpixel((40, 70)) != frame.OUTLINE


# -- nothing hidden ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", GAMES)
@SETTINGS
@given(data=st.data())
def test_a_close_up_is_blind_to_what_its_seat_cannot_see(key: str, data: st.DataObject) -> None:
    played = data.draw(played_games(key))
    game, rng, names = played.game, random.Random(played.seed), NAMES[: played.players]
    step = max(1, len(played.states) // SAMPLES)
    for state in played.states[::step][:SAMPLES]:
        seat = rng.randrange(played.players)
        view = cast(dict[str, Any], game.view(state, seat))
        shuffled = game.view(spec(key).resample(state, seat, rng), seat)
        for focus in focuses(key, view):
            before = (render.focus(key, view, names, focus), alt_text(key, "focus", view, names, focus=focus))
            after = (render.focus(key, shuffled, names, focus), alt_text(key, "focus", shuffled, names, focus=focus))
            assert after == before, f"{key}: the close-up {focus} for seat {seat} depends on hidden information"


# -- alt text and refusals ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("key", "players", "moves"), CASES)
def test_close_ups_are_described(key: str, players: int, moves: int) -> None:
    game = get(key)
    state = play(key, players, seed=players, moves=moves)
    view = cast(dict[str, Any], game.view(state, 0))
    for focus in [*focuses(key, view), BOARD]:
        text = alt_text(key, "focus", view, NAMES[:players], focus=focus)
        assert text and len(text) <= LIMIT
    assert alt_text(key, "focus", view, NAMES[:players], focus=BOARD) == alt_text(key, "board", view, NAMES[:players])


@pytest.mark.parametrize("key", GAMES)
def test_refusals(key: str) -> None:
    game = get(key)
    view = game.view(game.new(game.min_players, 0), 0)
    with pytest.raises(ValueError):
        render.focus(key, view, None, Focus("no such kind", ()))
    for kind in kinds(key):
        with pytest.raises(ValueError):
            render.focus(key, view, None, Focus(kind, ("atlantis", 999)))
    with pytest.raises(ValueError):
        alt_text(key, "focus", view, NAMES)  # a close-up's words need its focus
    for other in (k for k in GAMES if k != key):
        with pytest.raises(ValueError):  # a view of another game
            render.focus(other, view, None, Focus(kinds(other)[0]) if kinds(other) else BOARD)


def test_a_focus_names_its_file() -> None:
    assert Focus("region", ("qin",)).tag == "region-qin"
    assert Focus("lots", (3, 17)).tag == "lots-3.17"
    assert BOARD.tag == "board" and Focus("sections").tag == "sections"
