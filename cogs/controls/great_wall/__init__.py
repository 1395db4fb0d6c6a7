"""The Great Wall of China in the Discord layer: its controls (``controls``), the words of its Rules button
and summary (``words``), and the game's spec."""

from __future__ import annotations

from bot.games.great_wall import GAME, hidden
from cogs.controls.great_wall import controls, words
from cogs.controls.spec import GameSpec

SPEC = GameSpec.declare(GAME, controls.GreatWallControls(), words.RULES_SUMMARY, hidden.resample, demo_moves=24)
