"""The games the bot hosts, found by discovery: ``get(key)`` and ``GAMES``.

A game is a package ``bot/games/<key>/`` exporting its engine as ``GAME`` (``base`` holds what the games
share and is not one). Nothing lists the games: a new package is a new game, placed in the menus by its
``menu_order``. The other layers find their part of a game by the same key (``render.pictures(key)``,
``cogs.controls.registry.spec(key)``), and the wiring tests fail, naming the part, where one is missing.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from bot.games.base import Event, Game, IllegalAction, Option, Result

SHARED = frozenset({"base"})  # packages of bot/games that are not games


@cache
def _registry() -> dict[str, Game[Any, Any]]:
    # Found at first use, not at import: a game on an extended ``__path__`` (the tests' toy game) counts too.
    found: list[Game[Any, Any]] = []
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg or module.name in SHARED or module.name.startswith("_"):
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        game = getattr(package, "GAME", None)
        if not isinstance(game, Game):
            raise TypeError(f"bot/games/{module.name}/ is a game package without its engine: it must export GAME")
        if game.key != module.name:
            raise ValueError(f"bot/games/{module.name}/ exports the engine of {game.key!r}; the key names the package")
        found.append(game)
    return {game.key: game for game in sorted(found, key=lambda g: (g.menu_order, g.key))}


def keys() -> tuple[str, ...]:
    """The keys of the games that can be played, in menu order."""
    return tuple(_registry())


def get(key: str) -> Game[Any, Any]:
    """The engine for ``key``; raises KeyError with a readable message for an unknown key."""
    try:
        return _registry()[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known games: {', '.join(keys())}") from None


def __getattr__(name: str) -> Any:
    # ``GAMES`` reads like the constant it was, but is looked up when first read (see ``_registry``).
    if name == "GAMES":
        return keys()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


GAMES: tuple[str, ...]  # menu order; provided by __getattr__

__all__ = ["GAMES", "Event", "Game", "IllegalAction", "Option", "Result", "get", "keys"]
