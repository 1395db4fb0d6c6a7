"""Every game's :class:`~cogs.controls.spec.GameSpec`, found by the game's key: ``cogs/controls/<key>/``
exports ``SPEC``. Nothing here names a game: the keys are ``bot.games.GAMES`` (found by discovery), and a
game whose controls package is missing fails ``spec`` with a sentence naming the package
(``tests/cogs/test_wiring.py`` asks it for every game).
"""

from __future__ import annotations

import importlib
from functools import cache

from bot import games
from cogs.controls.spec import GameSpec


@cache
def spec(key: str) -> GameSpec:
    """The spec of game ``key``; KeyError names the known games, or the part a known game lacks."""
    games.get(key)  # KeyError for a game that does not exist
    try:
        package = importlib.import_module(f"{__package__}.{key}")
    except ModuleNotFoundError as error:
        if error.name != f"{__package__}.{key}":
            raise
        raise KeyError(f"game {key!r} has no controls: cogs/controls/{key}/ is missing") from None
    found = getattr(package, "SPEC", None)
    if not isinstance(found, GameSpec):
        raise KeyError(f"game {key!r} has no spec: cogs/controls/{key}/__init__.py must export SPEC")
    if found.key != key:
        raise KeyError(f"cogs/controls/{key}/ declares the spec of {found.key!r}")
    return found


def specs() -> dict[str, GameSpec]:
    """Every game's spec, in menu order."""
    return {key: spec(key) for key in games.GAMES}
