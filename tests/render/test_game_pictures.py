"""Every game in the registry has its pictures: ``render/<key>/`` exports ``PICTURES``, a ``GamePictures`` with
every part, and the shared lookup refuses a missing or malformed package with a message naming it."""

from __future__ import annotations

import dataclasses
import sys
import types

import pytest

import render
from bot.games import GAMES
from render.game import GamePictures


@pytest.mark.parametrize("key", GAMES)
def test_every_game_has_every_part_of_its_pictures(key: str) -> None:
    try:
        pictures = render.pictures(key)
    except (KeyError, TypeError) as error:
        pytest.fail(f"{key}: {error}")
    for part in dataclasses.fields(GamePictures):
        value = getattr(pictures, part.name, None)
        assert value is not None, f"{key}: PICTURES has no {part.name}"
        if part.name != "close_ups":
            assert callable(value), f"{key}: PICTURES.{part.name} is not a function"
    for kind, close_up in pictures.close_ups.items():
        for member in ("draw", "words", "samples"):
            assert callable(getattr(close_up, member)), f"{key}: close-up {kind!r} has no {member}"
    assert render.renderers(key) is pictures  # what the Discord layer's spec holds


def test_an_unknown_game_names_the_missing_package() -> None:
    with pytest.raises(KeyError, match="render/no_such_game/ is missing"):
        render.pictures("no_such_game")


@pytest.mark.parametrize(("exported", "message"), [
    ({}, "has no PICTURES"),
    ({"PICTURES": object()}, "PICTURES is a object, not a render.game.GamePictures"),
])
def test_a_package_without_its_pictures_is_named(exported: dict[str, object], message: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("render.half_done")
    module.__dict__.update(exported)
    monkeypatch.setitem(sys.modules, "render.half_done", module)
    with pytest.raises(TypeError, match=f"render/half_done/ {message}"):  # a refusal is never cached
        render.pictures("half_done")
