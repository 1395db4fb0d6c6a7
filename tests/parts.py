"""What a game is made of, asked of every layer by key: its engine (``bot/games/<key>/``), its pictures
(``render/<key>/``) and its controls (``cogs/controls/<key>/``). ``missing_parts`` names each part that is not
there, and each picture or controls package that has no engine, so a test can say exactly what to add."""

from __future__ import annotations

import importlib
import pkgutil

import render
from bot import games
from cogs.controls import registry


def _packages(layer: str) -> set[str]:
    package = importlib.import_module(layer)
    return {m.name for m in pkgutil.iter_modules(package.__path__) if m.ispkg}


def missing_parts(keys: tuple[str, ...] | None = None) -> list[str]:
    """One sentence per missing part of the games ``keys`` (every game by default), and per orphan part."""
    missing: list[str] = []
    for key in games.GAMES if keys is None else keys:
        for find in (render.pictures, registry.spec):
            try:
                find(key)
            except (KeyError, TypeError) as error:
                missing.append(str(error).strip("'\""))
    for layer, folder, part in (("render", "render", "PICTURES"), ("cogs.controls", "cogs/controls", "SPEC")):
        for name in sorted(_packages(layer) - set(games.GAMES)):
            try:
                orphan = hasattr(importlib.import_module(f"{layer}.{name}"), part)
            except ModuleNotFoundError as error:  # it imports the engine it has not got
                orphan = error.name == f"bot.games.{name}"
            if orphan:
                missing.append(f"{folder}/{name}/ has no engine: bot/games/{name}/ is missing")
    return missing
