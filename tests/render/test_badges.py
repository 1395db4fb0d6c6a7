"""A player's badge carries their initial, whatever colour they play: the same letter in every game."""

from __future__ import annotations

import contextvars

from render import theme


def _letters(colours: list[str], names: list[str] | None) -> dict[str, str]:
    """The badge letter of each colour after a picture's Seats named its players (in a fresh context, as
    each picture is drawn in its own)."""

    def draw() -> dict[str, str]:
        theme.Seats(colours, names)
        return {colour: theme.badge_letter(colour) for colour in colours}

    return contextvars.copy_context().run(draw)


def test_the_letter_follows_the_player_not_the_colour() -> None:
    first = _letters(["BLUE", "GREEN"], ["Alice", "Bob"])
    second = _letters(["BLUE", "GREEN", "RED"], ["Bob", "Carol", "Alice"])
    assert first == {"BLUE": "A", "GREEN": "B"}
    assert second == {"BLUE": "B", "GREEN": "C", "RED": "A"}


def test_names_without_a_letter_keep_the_colour_letter() -> None:
    assert _letters(["BLUE", "GREEN"], ["🐉", "élodie"]) == {"BLUE": "B", "GREEN": "É"}
    assert _letters(["RED", "GREY"], ["山田太郎", "влад"]) == {"RED": "山", "GREY": "В"}
    assert _letters(["GREY", "YELLOW"], None) == {"GREY": "K", "YELLOW": "Y"}


def test_a_picture_draws_its_players_letters() -> None:
    assert theme.badge("BLUE", 48, "A").tobytes() != theme.badge("BLUE", 48, "B").tobytes()
    assert theme.badge("BLUE", 48).tobytes() == theme.badge("BLUE", 48, "B").tobytes()  # Blue's own letter
