"""``GameSpec``: everything the bot needs of one game, declared once in the game's controls package
(``cogs/controls/<key>/__init__.py``, as ``SPEC``) and found by the game's key (:mod:`cogs.controls.registry`).

The spec lives in the Discord layer because it holds the controls; the layers below it find their own part
by the same key (``bot.games.get`` for the services, ``render.pictures`` for the pictures), and the wiring
test (``tests/cogs/test_wiring.py``) checks that every spec names the same engine and pictures as they do.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import render
from bot.games.base import Game
from cogs.controls.base import Controls
from render import Renderers

#: Reshuffles what ``seat`` (None: a spectator) cannot see; that seat's view must not change.
Resampler = Callable[[Any, int | None, random.Random], Any]


@dataclass(frozen=True)
class GameSpec:
    engine: Game
    renderers: Renderers
    controls: Controls
    rules_summary: str  # ``/rules``: the whole rules in a few lines (at most an embed's 4,096 characters)
    resample: Resampler  # the no-leak property's other half (tests/games/test_contract.py)
    demo_moves: int  # computer moves into the ``/rules`` picture's demo game: well into a game

    @classmethod
    def declare(cls, engine: Game, controls: Controls, rules_summary: str, resample: Resampler, *,
                demo_moves: int) -> GameSpec:
        """A game's spec, with the pictures ``render`` has for it."""
        return cls(engine, render.renderers(engine.key), controls, rules_summary, resample, demo_moves)

    @property
    def key(self) -> str:
        return self.engine.key
