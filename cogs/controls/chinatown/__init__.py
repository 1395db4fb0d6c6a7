"""Chinatown in the Discord layer: keeping Building cards (``keep``), trading (``trade``; the builder of
offers: ``builder``, ``draft``, ``draft_steps``), building (``place``), their words (``words``, ``common``),
and the game's spec."""

from __future__ import annotations

import render
from bot.games.chinatown import GAME
from bot.games.chinatown.hidden import resample
from cogs.controls.chinatown.controls import ChinatownControls
from cogs.controls.chinatown.words import RULES_SUMMARY
from cogs.controls.spec import GameSpec

SPEC = GameSpec(
    engine=GAME,
    renderers=render.renderers(GAME.key),
    controls=ChinatownControls(),
    rules_summary=RULES_SUMMARY,
    resample=resample,
    demo_moves=14,
)
