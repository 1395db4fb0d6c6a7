"""China (Michael Schacht), 3 to 5 players: houses, emissaries and alliances in the nine regions."""

from bot.games.china.rules import GAME, China

__all__ = ["GAME", "China"]
