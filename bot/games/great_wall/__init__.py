"""The Great Wall of China (Reiner Knizia), 2-5 players."""

from bot.games.great_wall.rules import GAME, GreatWall

__all__ = ["GAME", "GreatWall"]
