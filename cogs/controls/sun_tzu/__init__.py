"""Sun Tzu in the Discord layer: the secret orders (``orders``), the other decisions (``steps``,
``decisions``), a seat's reading of the game (``seat``), their words (``words``), and the game's spec."""

from __future__ import annotations

import render
from bot.games.sun_tzu import GAME
from bot.games.sun_tzu.hidden import resample
from cogs.controls.spec import GameSpec
from cogs.controls.sun_tzu.controls import SunTzuControls
from cogs.controls.sun_tzu.words import RULES_SUMMARY

SPEC = GameSpec(
    engine=GAME,
    renderers=render.renderers(GAME.key),
    controls=SunTzuControls(),
    rules_summary=RULES_SUMMARY,
    resample=resample,
    demo_moves=14,
)
