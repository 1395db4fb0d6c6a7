"""Chinatown in the Discord layer: keeping Building cards (``keep``), trading (``trade``; the builder of
offers: ``builder``, ``draft``, ``draft_steps``), building (``place``), their words (``words``, ``common``),
and the game's spec."""

from __future__ import annotations

from bot.games.chinatown import GAME, hidden
from cogs.controls.chinatown import controls, words
from cogs.controls.spec import GameSpec

SPEC = GameSpec.declare(GAME, controls.ChinatownControls(), words.RULES_SUMMARY, hidden.resample, demo_moves=14)
