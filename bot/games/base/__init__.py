"""What every engine may import: the engine contract and the helpers the games share.

``contract`` is the :class:`Game` contract itself; ``modular`` the delegations every game's ``rules.py``
shares (the same module names for the same jobs); ``snapshots`` the snapshot-format check; ``search`` the
determinized Monte Carlo loop of the computer players; ``leaving`` a seat leaving play early (resigned, or out
of time), its event and words the same in every game.
"""

from __future__ import annotations

from bot.games.base.contract import (
    JSON,
    LEVELS,
    TAKE_BACK,
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Result,
    ResultView,
    action_sort_key,
    check_choice,
    competition_ranking,
    own_seat,
)
from bot.games.base.modular import Handler, HandlerTable, ModularGame, Modules, accepts, dispatch, on
from bot.games.base.snapshots import FORMAT_KEY, check_format

__all__ = [
    "FORMAT_KEY",
    "JSON",
    "LEVELS",
    "TAKE_BACK",
    "Action",
    "Event",
    "Game",
    "Handler",
    "HandlerTable",
    "IllegalAction",
    "ModularGame",
    "Modules",
    "Option",
    "Result",
    "ResultView",
    "accepts",
    "action_sort_key",
    "check_choice",
    "check_format",
    "competition_ranking",
    "dispatch",
    "on",
    "own_seat",
]
