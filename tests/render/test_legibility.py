"""Legible on a phone: over whole seeded games, every number and name a player decides by is drawn through
the theme's key check (so at least 28 px on a 1200 px-wide picture, scaled to the picture's width),
legends at 20 px and badges at 32 px; and each renderer refuses a key label drawn smaller."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

import pytest

import render
from bot import games
from bot.tournaments.standings import StandingRow
from render import china, standings, sun_tzu, theme
from render.china import board_map as china_map
from render.chinatown import lots as chinatown_lots
from render.chinatown import table as chinatown_table
from render.chinatown.common import SHOP_CODE, money
from render.great_wall import cards as great_wall_cards
from tests.render import fixtures as fx

PLAYERS = {"china": 5, "great_wall": 4, "sun_tzu": 2, "chinatown": 5}
Picture = Callable[[str, Mapping[str, Any]], bytes]


@cache
def public_views(key: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """Public views along a seeded game of computer players (about a dozen), seat views at the same moments,
    and the final view."""
    game = games.get(key)
    state = game.new(PLAYERS[key], seed=11)
    rng = random.Random(11)
    moves: list[Any] = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        moves.append(state)
        state, _ = game.apply(state, seat, game.choose_action(game.view(state, seat), game.legal_actions(state, seat),
                                                              rng))
    picked = moves[:: max(1, len(moves) // 12)]
    seats = [game.view(s, n % PLAYERS[key]) for n, s in enumerate(picked)]
    return [game.view(s, None) for s in picked], seats, game.view(state, None)


def drawn(picture: Picture, key: str, view: Mapping[str, Any]) -> list[theme.Label]:
    with theme.audit() as labels:
        picture(key, view)
    return labels


def keys(labels: list[theme.Label]) -> set[str]:
    return {label.text for label in labels if label.role == "key"}


def check_minimums(labels: list[theme.Label]) -> None:
    assert labels
    for label in labels:
        assert label.px >= theme.minimum(label.role, label.width), label


def all_pictures(key: str) -> Iterator[tuple[dict[str, Any], list[theme.Label]]]:
    boards, seats, final = public_views(key)
    for view in boards:
        yield view, drawn(render.board, key, view)
    for view in seats:
        yield view, drawn(render.hand, key, view)
    yield final, drawn(render.final, key, final)
    yield final, drawn(render.board, key, final)


# -- every picture of every game ------------------------------------------------------------------------
@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_every_checked_label_of_a_whole_game_meets_its_minimum(key: str) -> None:
    for _, labels in all_pictures(key):
        check_minimums(labels)


def test_china_space_numbers_dragons_names_and_scores_are_key_labels() -> None:
    boards, _, _ = public_views("china")
    for view in boards:
        shown = keys(drawn(render.board, "china", view))
        free = {s["id"].lstrip("abcdefghijklmnopqrstuvwxyz") for s in view["spaces"] if s["house"] is None}
        assert free <= shown
        for region in view["regions"]:
            placed = sum(region["emissaries"])
            assert {region["name"], f"{placed}/{region['cap']}", f"{placed} of {region['cap']}"} <= shown
        assert {str(p["score"]) for p in view["players"]} <= shown
        assert any(text.startswith(("Last placement: ", "No piece placed")) for text in shown)


def test_china_emissaries_are_badges_a_phone_shows() -> None:
    boards, _, _ = public_views("china")
    view = boards[-1]
    labels = drawn(render.board, "china", view)
    badges = [label for label in labels if label.role == "mark"]
    emissaries = sum(sum(r["emissaries"]) for r in view["regions"])
    houses = sum(1 for s in view["spaces"] if s["house"] is not None)
    assert emissaries and len(badges) >= emissaries + houses
    assert min(label.px for label in badges) >= theme.minimum("mark", china.WIDTH)


def test_chinatown_lots_shops_money_and_the_last_move_are_key_labels() -> None:
    boards, _, _ = public_views("chinatown")
    for view in boards:
        labels = drawn(render.board, "chinatown", view)
        shown = keys(labels)
        assert {str(lot["lot"]) for lot in view["lots"]} <= shown
        assert {SHOP_CODE[lot["tile"]] for lot in view["lots"] if lot["tile"]} <= shown
        assert {money(p["income_now"]) for p in view["players"]} <= shown
        assert any(text.startswith(("Last: ", "No move yet")) for text in shown)
        owners = sum(1 for lot in view["lots"] if lot["owner"] is not None)
        assert sum(1 for label in labels if label.role == "mark") >= owners  # a badge on every owned lot


def test_chinatown_names_its_last_move() -> None:
    boards, _, _ = public_views("chinatown")
    lines = {text for view in boards for text in keys(drawn(render.board, "chinatown", view))
             if text.startswith("Last: ")}
    assert len(lines) >= 3  # built, traded, chose...: not one fixed sentence


def test_great_wall_cards_markers_sections_and_the_last_move_are_key_labels() -> None:
    for view in (fx.midgame(4), fx.long_rows(), fx.pending_claim(), fx.last_round()):
        shown = keys(drawn(render.board, "great_wall", view))
        for section in view["sections"]:
            assert str(section["slot"] + 1) in shown
            assert {str(m) for m in section["markers"]} <= shown
            for stack in section["row"]:
                for card in stack:
                    assert {great_wall_cards.CARD_KINDS[card["type"]].initial, str(card["value"])} <= shown
            if section["first_marker"] is not None:
                assert str(section["first_marker"]["value"]) in shown
            assert {str(p) for p in section["progress"] if p is not None} <= shown
        assert any(text.startswith(("Last: ", "First turn")) for text in shown)


def test_sun_tzu_screens_armies_and_the_score_are_key_labels() -> None:
    boards, _, _ = public_views("sun_tzu")
    for view in boards:
        shown = keys(drawn(render.board, "sun_tzu", view))
        for province in view["provinces"]:
            assert {province["name"], *(str(v) for v in province["screen"]["values"])} <= shown
            if province["owner"] is not None and province["armies"]:
                assert str(province["armies"]) in shown
        marker = view["score_marker"]
        assert (f"{marker:+d}" if marker else "0") in shown


def test_standings_ranks_and_points_are_key_labels() -> None:
    rows = [StandingRow(1, 1, 3.5, 4, 80, games=3, byes=0), StandingRow(2, 2, 1, 6, 40, games=3, byes=1)]
    with theme.audit() as labels:
        standings.standings(rows, {1: "Ann", 2: "Bo"}, "Cup")
    check_minimums(labels)
    assert {"1", "2", "3.5", "Ann", "Bo"} <= keys(labels)


# -- a key label drawn smaller fails --------------------------------------------------------------------
SHRINKS: list[tuple[str, object, str, int]] = [
    ("china", china_map, "KEY", 18),  # the 18 px house-space numbers of old
    ("chinatown", chinatown_lots, "KEY", 11),  # the 11 px lot numbers of old
    ("chinatown", chinatown_table, "KEY", 20),  # the last move, names and tiles in hand
    ("great_wall", great_wall_cards, "KEY", 21),  # the 21 px card values of old
    ("sun_tzu", sun_tzu, "KEY", 22),
]


@pytest.mark.parametrize(("key", "module", "name", "size"), SHRINKS)
def test_a_board_refuses_a_key_label_under_the_minimum(key: str, module: object, name: str, size: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    boards, _, _ = public_views(key)
    monkeypatch.setattr(module, name, size)
    with pytest.raises(theme.Illegible, match="key label"):
        for view in boards:
            render.board(key, view)


def test_the_standings_refuse_rows_under_the_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(standings, "TEXT", 14)  # 720 px wide: the minimum is 17 px
    with pytest.raises(theme.Illegible):
        standings.standings([StandingRow(1, 1, 1, 0, 0, games=1, byes=0)], {1: "Ann"}, "Cup")


def test_great_wall_pictures_of_a_whole_game_check_their_card_tiles() -> None:
    """Card tiles are cached; their sizes are checked each time one is placed on a picture."""
    view = fx.midgame(3)
    first = drawn(render.board, "great_wall", view)
    again = drawn(render.board, "great_wall", view)
    assert [label for label in first if label.role == "key"] == [label for label in again if label.role == "key"]
