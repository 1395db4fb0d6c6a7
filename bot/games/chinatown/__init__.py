"""Chinatown (Karsten Hartwig, Z-Man Games 2014), 3-5 players, with trading."""

from bot.games.chinatown.rules import GAME, Chinatown

__all__ = ["GAME", "Chinatown"]
