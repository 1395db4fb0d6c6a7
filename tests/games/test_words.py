"""The shared English helpers: counted nouns, "a"/"an", lists and player ranges."""

from __future__ import annotations

import pytest

from bot.games.base.words import a, count, join, noun, one_or_count, players_range, plural


@pytest.mark.parametrize(
    ("word", "many"),
    [
        ("card", "cards"),
        ("army", "armies"),
        ("emissary", "emissaries"),
        ("business", "businesses"),
        ("day", "days"),
        ("Infantry", "Infantry"),
        ("red card", "red cards"),
        ("more open offer", "more open offers"),
    ],
)
def test_plural(word: str, many: str) -> None:
    assert plural(word) == many


def test_counts_use_the_singular_for_one_only() -> None:
    assert count(1, "card") == "1 card"
    assert count(0, "card") == "0 cards"
    assert count(15, "card") == "15 cards"
    assert count(3, "army") == "3 armies"
    assert count(-1, "point") == "-1 point"
    assert noun(2, "space") == "spaces" and noun(1, "space") == "space"
    assert count(2, "Building card", "Building cards") == "2 Building cards"


@pytest.mark.parametrize(
    ("word", "phrase"),
    [
        ("orange card", "an orange card"),
        ("yellow card", "a yellow card"),
        ("emissary", "an emissary"),
        ("Infantry", "an Infantry"),
        ("Wall", "a Wall"),
        ("8", "an 8"),
        ("unit", "a unit"),
        ("hour", "an hour"),
    ],
)
def test_articles_follow_the_sound(word: str, phrase: str) -> None:
    assert a(word) == phrase


def test_one_or_count() -> None:
    assert one_or_count(1, "orange card") == "an orange card"
    assert one_or_count(2, "orange card") == "2 orange cards"


def test_join() -> None:
    assert join([]) == "" and join([], empty="nobody") == "nobody"
    assert join(["Ann"]) == "Ann"
    assert join(["Ann", "Bo"]) == "Ann and Bo"
    assert join(["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy"
    assert join(["Ann", "", "Cy"], last="or") == "Ann or Cy"


def test_player_ranges_never_repeat_a_number() -> None:
    assert players_range(2, 2) == "2 players"
    assert players_range(3, 5) == "3-5 players"
