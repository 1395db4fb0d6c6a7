"""Sun Tzu in the Discord layer: the secret orders (``orders``), the other decisions (``steps``,
``decisions``), a seat's reading of the game (``seat``), their words (``words``), and the game's spec."""

from __future__ import annotations

from bot.games.sun_tzu import GAME, hidden
from cogs.controls.spec import GameSpec
from cogs.controls.sun_tzu import controls, words

SPEC = GameSpec.declare(GAME, controls.SunTzuControls(), words.RULES_SUMMARY, hidden.resample, demo_moves=14)
