"""High Lantern in the Discord layer: its one control and its spec."""

from __future__ import annotations

from bot.games.toy import GAME, hidden
from cogs.controls.toy.controls import LanternControls

from cogs.controls.spec import GameSpec

RULES_SUMMARY = (
    "Each player holds eight cards. In turn, play one face up; when everybody still in has played, the highest "
    "card wins the trick and leads the next. Most tricks wins."
)

SPEC = GameSpec.declare(GAME, LanternControls(), RULES_SUMMARY, hidden.resample, demo_moves=2)
