"""Sun Tzu (Alan M. Newman), 2 players: secret simultaneous orders over five provinces."""

from bot.games.sun_tzu.rules import GAME, SunTzu

__all__ = ["GAME", "SunTzu"]
