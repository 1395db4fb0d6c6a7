"""Controls for a game that has none of its own yet: its legal actions by label, in selects of 25.

A select value is the action's index in ``legal_actions``, which is sorted and deterministic: at the version
the control was made for, the index names the same action again (the service rejects any other version).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.base.language import tr, trn
from bot.names import title
from bot.tables import Table
from cogs.components import MAX_SELECTS, SELECT_LIMIT, Panel, Ref, choice, persistent_view, selects
from cogs.controls.base import Controls
from cogs.controls.routes import GONE, UNREADABLE


class GenericControls(Controls):
    def prompt(self, table: Table, seat: int) -> str:
        count = len(table.game.legal_actions(table.state, seat))
        listed = SELECT_LIMIT * MAX_SELECTS
        more = "" if count <= listed else tr(" (the first {listed} are listed)", listed=listed)
        return trn("**{game}**: your move. You have {n} possible move{more}.",
                   "**{game}**: your move. You have {n} possible moves{more}.", count, game=title(table), more=more)

    def build(self, table: Table, seat: int) -> discord.ui.View | None:
        legal = table.game.legal_actions(table.state, seat)
        if not legal:
            return None
        options = [choice(table.game.action_label(action), str(i)) for i, action in enumerate(legal)]
        return persistent_view(*selects(Ref.of(table), "act", options, tr("Choose your move")))

    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        legal = table.game.legal_actions(table.state, seat)
        if not payload.startswith("act.") or len(values) != 1 or not values[0].isdigit():
            raise UserError(UNREADABLE)
        index = int(values[0])
        if index >= len(legal):
            raise UserError(GONE)
        return dict(legal[index])

    def hand_text(self, table: Table, seat: int) -> str:
        return tr("Here is what only you can see in this game.")
