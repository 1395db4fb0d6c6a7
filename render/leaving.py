"""How the pictures and alt texts mark a player who left play early: resigned, or out of time (a forfeit is no
resignation). ``player`` is a view's player or a result's breakdown part: both have ``resigned`` (out of play)
and ``timed_out`` (left by running out of time)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base.language import tr


def tag(player: Mapping[str, Any]) -> str | None:
    """The pill over a player's box: OUT OF TIME or RESIGNED; None while the player is in play."""
    if not player["resigned"]:
        return None
    return tr("OUT OF TIME") if player["timed_out"] else tr("RESIGNED")


def word(player: Mapping[str, Any]) -> str | None:
    """"out of time" or "resigned" in a list of the player's facts; None while the player is in play."""
    if not player["resigned"]:
        return None
    return tr("out of time") if player["timed_out"] else tr("resigned")


def ranked_name(name: str, player: Mapping[str, Any]) -> str:
    """The player's name in a final ranking, marked when it left play."""
    if not player["resigned"]:
        return name
    return tr("{player} (out of time)", player=name) if player["timed_out"] else tr("{player} (resigned)", player=name)
