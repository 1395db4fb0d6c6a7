"""The Great Wall of China in the Discord layer: its controls (``controls``), the words of its Rules button
and summary (``words``), and the game's spec."""

from __future__ import annotations

import render
from bot.games.great_wall import GAME
from bot.games.great_wall.hidden import resample
from cogs.controls.great_wall.controls import GreatWallControls
from cogs.controls.great_wall.words import RULES_SUMMARY
from cogs.controls.spec import GameSpec

SPEC = GameSpec(
    engine=GAME,
    renderers=render.renderers(GAME.key),
    controls=GreatWallControls(),
    rules_summary=RULES_SUMMARY,
    resample=resample,
    demo_moves=24,
)
