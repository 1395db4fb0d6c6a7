"""The computer player, from its own view and the legal actions only, at two levels.

"easy" (ai_easy.py): simple, sensible and fast. "normal" (ai_normal.py): plans its assignments by
determinized Monte Carlo over the opponent's hidden cards and otherwise plays like "easy".
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.base import Action, check_choice
from bot.games.sun_tzu import ai_easy, ai_normal
from bot.games.sun_tzu.schema import SunTzuView


def choose_action(view: SunTzuView, legal: Sequence[Action], rng: random.Random, level: str = "easy") -> Action:
    check_choice(level, legal)
    if level == "normal":
        return ai_normal.choose(view, legal, rng)
    return ai_easy.choose(view, legal, rng)
