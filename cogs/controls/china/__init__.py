"""China in the Discord layer: its controls (``controls``: the turn; ``place``: the steps of a placement),
their words (``words``), and the game's spec."""

from __future__ import annotations

import render
from bot.games.china import GAME
from bot.games.china.hidden import resample
from cogs.controls.china.controls import ChinaControls
from cogs.controls.china.words import RULES_SUMMARY
from cogs.controls.spec import GameSpec

SPEC = GameSpec(
    engine=GAME,
    renderers=render.renderers(GAME.key),
    controls=ChinaControls(),
    rules_summary=RULES_SUMMARY,
    resample=resample,
    demo_moves=40,
)
