"""The "normal" computer player: it plans its assignment (ai_commit.py) and plays every other decision
like the "easy" player, whose choices there are already sound."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.base import Action
from bot.games.sun_tzu import ai_commit, ai_easy
from bot.games.sun_tzu.schema import SunTzuView


def choose(view: SunTzuView, legal: Sequence[Action], rng: random.Random) -> Action:
    main = [a for a in legal if a["type"] != "support"]
    if main and main[0]["type"] == "commit":
        planned = ai_commit.choose_commit(view, rng)
        if planned is not None:
            return planned
    return ai_easy.choose(view, legal, rng)
