"""The registry of game engines: ``get(key)`` and ``GAMES``."""

from __future__ import annotations

from bot.games.base import Event, Game, IllegalAction, Option, Result
from bot.games.china import GAME as _CHINA
from bot.games.chinatown import GAME as _CHINATOWN
from bot.games.great_wall import GAME as _GREAT_WALL
from bot.games.sun_tzu import GAME as _SUN_TZU

_REGISTRY: dict[str, Game] = {game.key: game for game in (_CHINA, _GREAT_WALL, _SUN_TZU, _CHINATOWN)}

#: Keys of the games that can be played, in menu order.
GAMES: tuple[str, ...] = tuple(_REGISTRY)


def get(key: str) -> Game:
    """The engine for ``key``; raises KeyError with a readable message for an unknown key."""
    try:
        return _REGISTRY[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known games: {', '.join(GAMES)}") from None


__all__ = ["GAMES", "Event", "Game", "IllegalAction", "Option", "Result", "get"]
