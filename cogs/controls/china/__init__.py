"""China in the Discord layer: its controls (``controls``: the turn; ``place``: the steps of a placement),
their words (``words``), and the game's spec."""

from __future__ import annotations

from bot.games.china import GAME, hidden
from cogs.controls.china import controls, words
from cogs.controls.spec import GameSpec

SPEC = GameSpec.declare(GAME, controls.ChinaControls(), words.RULES_SUMMARY, hidden.resample, demo_moves=40)
