"""The toy game's engine (``bot.games.toy`` once ``tests.toy.install`` has put it beside the real games)."""

from bot.games.toy.rules import GAME

__all__ = ["GAME"]
