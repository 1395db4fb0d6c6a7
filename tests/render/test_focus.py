"""Close-ups for private prompts (``render.focus``, render/crops): drawn at the key size for their width, the
part in question and the numbers it is about, never another seat's hidden information, and alt text that
says what they show.

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
from bot.games.china.text import space_label
from bot.games.chinatown.data import BOARD as CHINATOWN
from cogs.controls.registry import spec
from render import BOARD, Focus, theme
from render.alt_text import LIMIT, alt_text
from render.crops import frame, kinds
from render.great_wall.players import seats_of
from render.great_wall.table import draw_sections
from tests.games.strategies import played_games
from tests.render.pictures import decode

NAMES = ("Ann", "Bo Li", "Chén", "Dana Ng", "Eli")
SETTINGS = settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # no shrinking: whole games shrink slowly
)
SAMPLES = 3  # states looked at in each random game


def play(key: str, players: int, seed: int, moves: int) -> Any:
    game, rng = get(key), random.Random(seed)
    state = game.new(players, seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))[0]
    return state


def focuses(key: str, view: dict[str, Any]) -> list[Focus]:
    """The close-ups a seat's prompts may ask for, chosen from that seat's own view only (as its controls do)."""
    me = view["viewer"]
    if key == "china":
        busiest = max(view["regions"], key=lambda r: (sum(r["houses"]) + sum(r["emissaries"]), r["id"]))
        return [Focus("region", (busiest["id"],)), Focus("region", (view["regions"][0]["id"],))]
    if key == "great_wall":
        pending = view["pending_claim"]
        return [Focus("sections"), Focus("sections", (pending["section"] if pending else 0,))]
    if key == "chinatown":
        mine = [lot["lot"] for lot in view["lots"] if lot["owner"] == me][:6]
        dealt = view["hand_cards"] or []
        return [Focus("lots", tuple(dealt or mine or [1])), Focus("lots")]
    return [Focus("provinces")]


def _png(key: str, view: dict[str, Any], focus: Focus) -> bytes:
    return render.focus(key, view, NAMES[: view["num_players"]], focus)


# -- legible, and narrower than the board -----------------------------------------------------------------
CASES = [("china", 4, 40), ("china", 5, 90), ("great_wall", 3, 30), ("great_wall", 5, 80), ("chinatown", 3, 25),
         ("chinatown", 5, 60), ("sun_tzu", 2, 40)]


@pytest.mark.parametrize(("key", "players", "moves"), CASES)
def test_close_ups_read_at_the_key_size_of_their_own_width(key: str, players: int, moves: int) -> None:
    game = get(key)
    state = play(key, players, seed=players, moves=moves)
    board_width = decode(render.board(key, game.view(state, None), NAMES[:players])).width
    for seat in range(players):
        view = cast(dict[str, Any], game.view(state, seat))
        for focus in focuses(key, view):
            with theme.audit() as labels:
                image = decode(_png(key, view, focus))
            assert image.width <= board_width and labels
            # Nothing is scaled: a label is as many pixels in the close-up as it was drawn, so it must meet its
            # minimum for the close-up's own width (a narrower picture shows every label larger on a phone).
            for label in labels:
                assert label.px >= theme.minimum(label.role, image.width), (focus, label)
            assert any(label.role == "key" and label.width == image.width for label in labels)  # the caption


def test_one_region_or_district_is_a_real_close_up() -> None:
    china = cast(dict[str, Any], get("china").view(play("china", 4, 4, 40), 0))
    board = decode(render.board("china", china)).width
    for region in china["regions"]:
        assert decode(_png("china", china, Focus("region", (region["id"],)))).width < board
    town = cast(dict[str, Any], get("chinatown").view(play("chinatown", 3, 3, 10), 0))
    for district in range(6):
        lots = [lot for lot, d in CHINATOWN.district_of.items() if d == district + 1][:3]
        assert decode(_png("chinatown", town, Focus("lots", tuple(lots)))).width < 700


# -- the numbers the choices name ------------------------------------------------------------------------------
def test_china_caption_names_the_free_spaces_as_the_picture_numbers_them() -> None:
    view = cast(dict[str, Any], get("china").view(play("china", 4, 7, 60), 1))
    region = max(view["regions"], key=lambda r: (sum(r["houses"]), r["id"]))
    free = [space_label(s["id"]) for s in view["spaces"] if s["region"] == region["id"] and s["house"] is None]
    with theme.audit() as labels:
        _png("china", view, Focus("region", (region["id"],)))
    drawn = {label.text for label in labels}
    assert set(free) <= drawn  # every free space's number is on the close-up
    caption = next(label.text for label in labels if label.text.startswith(f"{region['name']}: "))
    assert all(number in caption for number in free) or caption.endswith("…")
    assert "emissaries" in " ".join(label.text for label in labels)


def test_great_wall_caption_states_each_players_strength() -> None:
    view = cast(dict[str, Any], get("great_wall").view(play("great_wall", 3, 2, 40), 0))
    section = next(s for s in view["sections"] if any(p is not None for p in s["progress"]))
    number = f"Section {section['slot'] + 1} · "
    labels = _labels("great_wall", view, Focus("sections", (section["slot"],)))
    caption = " ".join(label.text for label in labels if label.width == labels[-1].width and label.role == "key")
    assert number in caption
    for seat, progress in enumerate(section["progress"]):
        if progress is not None:
            assert f"{theme.printable(NAMES[seat])} {progress}" in caption  # as the font draws the name
    assert any(label.text.startswith("Sections ") for label in _labels("great_wall", view, Focus("sections")))


def test_great_wall_close_up_is_as_narrow_as_its_cards_allow() -> None:
    view = cast(Any, get("great_wall").view(play("great_wall", 2, 1, 2), None))
    narrow = draw_sections(view, seats_of(view, None), [0])
    assert narrow.width < 1120  # an empty section needs no full-width panel


def test_chinatown_rings_the_lots_and_names_them() -> None:
    view = cast(dict[str, Any], get("chinatown").view(play("chinatown", 3, 3, 0), 0))
    dealt = view["hand_cards"]
    assert dealt
    labels = _labels("chinatown", view, Focus("lots", tuple(dealt)))
    drawn = {label.text for label in labels}
    assert {str(lot) for lot in dealt} <= drawn
    assert any("(ringed)" in label.text for label in labels)


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


def _labels(key: str, view: dict[str, Any], focus: Focus) -> list[theme.Label]:
    with theme.audit() as labels:
        _png(key, view, focus)
    return labels


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


def test_china_close_up_words_name_the_region_and_its_free_spaces() -> None:
    view = cast(dict[str, Any], get("china").view(play("china", 4, 5, 30), 0))
    region = view["regions"][3]
    text = alt_text("china", "focus", view, NAMES[:4], focus=Focus("region", (region["id"],)))
    free = [space_label(s["id"]) for s in view["spaces"] if s["region"] == region["id"] and s["house"] is None]
    assert region["name"] in text and "Free house spaces: " in text
    assert all(number in text for number in free)


@pytest.mark.parametrize("key", GAMES)
def test_refusals(key: str) -> None:
    game = get(key)
    view = game.view(game.new(game.min_players, 0), 0)
    assert kinds(key)
    other = next(k for k in GAMES if k != key)
    with pytest.raises(ValueError):
        render.focus(key, view, None, Focus(kinds(other)[0], ()))
    with pytest.raises(ValueError):
        render.focus(key, view, None, Focus(kinds(key)[0], ("atlantis", 999)))
    with pytest.raises(ValueError):
        render.focus(other, view, None, Focus(kinds(other)[0]))
    with pytest.raises(ValueError):
        alt_text(key, "focus", view, NAMES)  # a close-up's words need its focus


def test_a_focus_names_its_file() -> None:
    assert Focus("region", ("qin",)).tag == "region-qin"
    assert Focus("lots", (3, 17)).tag == "lots-3.17"
    assert BOARD.tag == "board" and Focus("sections").tag == "sections"
