"""Great Wall pictures from hand-written views (tests/render/fixtures.py): valid PNGs for every kind of
table, deterministic, blind to hidden fields, and laid out without overflow."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import render
from render import great_wall, theme
from render.great_wall import geometry, table
from render.great_wall.geometry import CARD_GAP, CARD_MIN_VISIBLE, CARD_W, MARGIN, WIDTH, layout_row, stack_width
from render.great_wall.players import seats_of
from tests.render import fixtures as fx
from tests.render.pictures import GuardedView, decode

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView


SCENES: dict[str, Callable[[], GreatWallView]] = {
    **{f"opening-{n}p": partial(fx.opening, n) for n in range(2, 6)},
    **{f"midgame-{n}p": partial(fx.midgame, n) for n in range(2, 6)},
    "long-rows": fx.long_rows,
    "pending-claim": fx.pending_claim,
    "last-round": fx.last_round,
    **{f"over-{n}p": partial(fx.game_over, n) for n in range(2, 6)},
    "over-resigned": fx.resigned_over,
}
HAND = ["WALL", "WALL", "GATE", "INFANTRY", "INFANTRY", "CAVALRY", "NOBLE", "DRAGON", "TOWER"]
DECK = {"WALL": 3, "GATE": 1, "TOWER": 0, "INFANTRY": 2, "CAVALRY": 1, "NOBLE": 0, "DRAGON": 0}


# -- every scene, every picture -------------------------------------------------------------------
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_board_is_a_phone_friendly_png(scene: str) -> None:
    image = decode(render.board("great_wall", SCENES[scene]()))
    assert image.width == WIDTH
    assert 400 < image.height < 2 * image.width  # readable at Discord's ~400 px width


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_board_is_deterministic(scene: str) -> None:
    assert render.board("great_wall", SCENES[scene]()) == render.board("great_wall", SCENES[scene]())


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_public_board_never_reads_hidden_fields(scene: str) -> None:
    view = GuardedView(SCENES[scene](), {"hand", "deck_composition"})
    decode(render.board("great_wall", view))


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_nothing_is_drawn_outside_the_side_margins(scene: str) -> None:
    view = SCENES[scene]()
    image = table.draw_board(view, seats_of(view, None))
    top = table.HEADER_H + (table.LAST_ROUND_H if view["last_round"] else 0)
    for x in (*range(0, MARGIN - 1), *range(image.width - MARGIN + 1, image.width)):
        colours = {image.getpixel((x, y)) for y in range(top, image.height)}
        assert colours == {theme.BACKGROUND}, f"something spills into the margin at x={x}"


@pytest.mark.parametrize("n", range(2, 6))
def test_hand_for_every_player_count(n: int) -> None:
    for seat in range(n):
        image = decode(render.hand("great_wall", fx.private(fx.midgame(n), seat, HAND, DECK)))
        assert image.width == WIDTH and image.height < image.width


def test_hand_with_an_empty_hand_and_deck() -> None:
    decode(render.hand("great_wall", fx.private(fx.last_round(), 1, [], {}, markers=())))


def test_hand_shows_the_viewers_cards() -> None:
    public = fx.midgame(3)
    one = render.hand("great_wall", fx.private(public, 0, ["WALL"], DECK))
    other = render.hand("great_wall", fx.private(public, 0, ["DRAGON"], DECK))
    assert one != other


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_hand_refuses_a_public_view(scene: str) -> None:
    with pytest.raises(ValueError, match="public"):
        render.hand("great_wall", SCENES[scene]())


@pytest.mark.parametrize("n", range(2, 6))
def test_final_for_every_player_count(n: int) -> None:
    image = decode(render.final("great_wall", fx.game_over(n)))
    assert image.width == WIDTH
    heights = [decode(render.final("great_wall", fx.game_over(k))).height for k in (2, n)]
    assert heights[1] >= heights[0]  # one row per player


def test_final_after_resignations() -> None:
    decode(render.final("great_wall", fx.resigned_over()))


def test_final_refuses_an_unfinished_game() -> None:
    with pytest.raises(ValueError, match="finished"):
        render.final("great_wall", fx.midgame(3))


def test_final_shows_markers_lost_on_cards() -> None:
    over = fx.game_over(3)
    without = copy.deepcopy(over)
    without["result"]["breakdown"][0]["lost_on_cards"] = []  # type: ignore[index]
    assert render.final("great_wall", over) != render.final("great_wall", without)


# -- what the board shows -------------------------------------------------------------------------
def test_board_is_the_same_whatever_the_viewer_holds() -> None:
    public = fx.midgame(4)
    a = fx.private(public, 2, ["WALL", "GATE"], {"WALL": 3})  # same sizes (public), other cards
    b = fx.private(public, 2, ["DRAGON", "NOBLE"], {"GATE": 2, "TOWER": 1})
    assert render.board("great_wall", a) == render.board("great_wall", b)


def test_board_shows_marker_values_only_when_the_view_has_them() -> None:
    public = fx.midgame(3)
    own = fx.private(public, 0, HAND, DECK, markers=(5, 3))
    assert render.board("great_wall", own) != render.board("great_wall", public)


def test_board_highlights_the_last_move() -> None:
    view = fx.midgame(3)
    quiet = copy.deepcopy(view)
    quiet["last_move"] = None
    assert render.board("great_wall", view) != render.board("great_wall", quiet)


def test_board_marks_the_noble() -> None:
    view = fx.midgame(3)
    plain = copy.deepcopy(view)
    plain["sections"][2]["noble_active"] = False
    assert render.board("great_wall", view) != render.board("great_wall", plain)


def test_board_labels_players_with_given_names() -> None:
    view = fx.midgame(4)
    named = render.board("great_wall", view, names=["Ana", "Bo 🧱", "李", "Di"])
    assert named != render.board("great_wall", view)
    # Names in any script are drawn; a name of invisible characters alone falls back to the colour.
    assert render.board("great_wall", view, names=["李", "龍", "中", "国"]) != render.board("great_wall", view)
    assert render.board("great_wall", view, names=["\u200b", "\x07", "", " "]) == render.board("great_wall", view)


# -- the registry ---------------------------------------------------------------------------------
def test_registry_dispatches_on_the_game_key() -> None:
    view = fx.midgame(3)
    assert render.board("great_wall", view) == great_wall.board(view)
    assert render.renderers("great_wall").final is great_wall.final


def test_registry_refuses_unknown_games_and_mismatched_views() -> None:
    with pytest.raises(KeyError, match="no_such_game"):
        render.renderers("no_such_game")
    with pytest.raises(ValueError, match="great_wall"):
        render.board("sun_tzu", fx.midgame(3))


# -- row layout -----------------------------------------------------------------------------------
def test_short_rows_keep_their_natural_spacing() -> None:
    lines = layout_row([CARD_W] * 5, 800)
    assert len(lines) == 1
    assert [x for _, x in lines[0]] == [i * (CARD_W + CARD_GAP) for i in range(5)]


def test_twenty_cards_squeeze_into_one_line() -> None:
    lines = layout_row([CARD_W] * 20, 800)
    assert len(lines) == 1
    xs = [x for _, x in lines[0]]
    assert xs[-1] + CARD_W <= 800
    assert min(b - a for a, b in itertools.pairwise(xs)) >= CARD_MIN_VISIBLE


@settings(max_examples=25, deadline=None)
@given(depths=st.lists(st.integers(1, 6), max_size=40), avail=st.integers(300, 900))
def test_rows_never_overflow_and_keep_every_card_readable(depths: list[int], avail: int) -> None:
    widths = [stack_width(d) for d in depths]
    lines = layout_row(widths, avail)
    assert [i for line in lines for i, _ in line] == list(range(len(widths)))  # all, in order, once
    for line in lines:
        assert line[0][1] == 0
        assert line[-1][1] + widths[line[-1][0]] <= avail
        for (i, a), (_, b) in itertools.pairwise(line):
            assert b - a >= widths[i] - (CARD_W - CARD_MIN_VISIBLE)  # the letter and value still show


@settings(max_examples=25, deadline=None)
@given(widths=st.lists(st.integers(150, 900), max_size=6))
def test_participants_share_a_line_only_when_they_fit(widths: list[int]) -> None:
    lines = geometry.flow_blocks(widths, 900)
    assert [i for line in lines for i, _ in line] == list(range(len(widths)))
    for line in lines:
        if len(line) > 1:
            last, x = line[-1]
            assert x + widths[last] <= 900


def test_banners_too_wide_side_by_side_go_on_rows_of_their_own() -> None:
    # A first marker to place in the section where the Noble rules: the two banners do not fit side by side.
    view = fx.pending_claim()
    view["sections"][1]["noble_active"] = True
    names = ["Ann", "Bartholomew Wolfgang", "Cy"]
    with theme.audit() as labels:
        image = decode(render.board("great_wall", view, names=names))
    texts = [label.text for label in labels]
    seats = seats_of(view, names)
    assert "NOBLE: every uncovered card here counts 1" in texts
    assert f"{seats.name(1)} places a first marker here: 3 or 5" in texts
    layout = table.SectionLayout.of(view, view["sections"][1], seats)
    assert [len(row) for row in layout.banners] == [1, 1]
    alone = copy.deepcopy(view)
    alone["sections"][1]["noble_active"] = False
    # Each row of banners adds its height; nothing runs past the panel (the rows fit the cards' width).
    assert image.height == decode(render.board("great_wall", alone, names=names)).height + table.BANNER_H
    for row in layout.banners:
        gaps = table.BANNER_GAP * (len(row) - 1)
        assert sum(theme.pill_width(text, 24) for text, _, _ in row) + gaps <= table.LINES_W


def test_a_banner_wider_than_the_panel_is_cut() -> None:
    banners = [("W" * 80, theme.LEAD, theme.INK), ("ok", theme.LEAD, theme.INK)]
    ((text, _, _),), ((short, _, _),) = table._banner_rows(banners)
    assert text.endswith("…") and theme.pill_width(text, 24) <= table.LINES_W
    assert short == "ok"


def test_the_render_tests_would_catch_banners_side_by_side_past_the_edge(monkeypatch: pytest.MonkeyPatch) -> None:
    view = fx.pending_claim()
    view["sections"][1]["noble_active"] = True
    monkeypatch.setattr(table, "_banner_rows", lambda banners: [banners])  # the layout before rows of banners
    with theme.clipping() as clipped:
        render.board("great_wall", view, names=["Ann", "Bartholomew Wolfgang", "Cy"])
    assert [c.text for c in clipped] == ["NOBLE: every uncovered card here counts 1"]
