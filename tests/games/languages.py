"""What a game says in another language, asked the way every game's language tests ask it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import Game
from bot.i18n import speaking


def label_in(code: str, game: Game, action: Mapping[str, Any]) -> str:
    """``action``'s button label with ``code`` the language in force."""
    with speaking(code):
        return game.action_label(action)
