"""How the pictures, alt texts and final rankings mark a player who left play early: resigned, out of time (a
forfeit is no resignation), or dropped from a tournament by its organiser. ``player`` is a view's player or a
result's breakdown part: both have ``resigned`` (out of play) and ``timed_out`` (left by running out of time)
in the games that let a seat leave, and ``dropped`` once the table marked a drop (bot/tables/model.py,
``with_drops``); a part without them is a seat in play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base.language import tr


def dropped(player: Mapping[str, Any]) -> bool:
    """Whether the player left play by being dropped from a tournament (a resignation, to the rules)."""
    return bool(player.get("resigned") and player.get("dropped"))


def seat_part(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    """The entry of ``view`` that says whether ``seat`` left play: its player, else its part of the result's
    breakdown; empty for a game whose view says neither (its seats never leave)."""
    players = view.get("players")
    result = view.get("result")
    parts = result.get("breakdown") if isinstance(result, Mapping) else None
    for entries in (players, parts):
        entry = entries[seat] if isinstance(entries, list) and seat < len(entries) else None
        if isinstance(entry, Mapping) and "resigned" in entry:
            return entry
    return {}


def tag(player: Mapping[str, Any]) -> str | None:
    """The pill over a player's box: DROPPED, OUT OF TIME or RESIGNED; None while the player is in play."""
    if not player.get("resigned"):
        return None
    if dropped(player):
        return tr("DROPPED")
    return tr("OUT OF TIME") if player.get("timed_out") else tr("RESIGNED")


def word(player: Mapping[str, Any]) -> str | None:
    """"dropped", "out of time" or "resigned" in a list of the player's facts; None while the player is in play."""
    if not player.get("resigned"):
        return None
    if dropped(player):
        return tr("dropped")
    return tr("out of time") if player.get("timed_out") else tr("resigned")


def ranked_name(name: str, player: Mapping[str, Any]) -> str:
    """The player's name in a final ranking, marked when it left play."""
    if not player.get("resigned"):
        return name
    if dropped(player):
        return tr("{player} (dropped)", player=name)
    if player.get("timed_out"):
        return tr("{player} (out of time)", player=name)
    return tr("{player} (resigned)", player=name)
