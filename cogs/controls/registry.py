"""Every game the bot hosts, registered once: its :class:`~cogs.controls.spec.GameSpec`, in menu order.

A new game adds its spec here (and its engine to ``bot.games``, its pictures to ``render``: the layers below
cannot import this one); ``tests/cogs/test_wiring.py`` checks the three agree and every part is there.
"""

from __future__ import annotations

from bot import games
from cogs.controls import china, chinatown, great_wall, sun_tzu
from cogs.controls.spec import GameSpec

SPECS: dict[str, GameSpec] = {spec.key: spec for spec in (china.SPEC, great_wall.SPEC, sun_tzu.SPEC, chinatown.SPEC)}


def spec(key: str) -> GameSpec:
    """The spec of game ``key``; KeyError names the known games."""
    try:
        return SPECS[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known games: {', '.join(games.GAMES)}") from None
