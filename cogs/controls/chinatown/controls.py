"""Chinatown controls: keep Building cards, trade (panel, offers, builder), build shops, all from a phone.

The phases have their own modules: ``keep`` (secret multi-select of the dealt lots), ``trade`` (the
trading panel, answers to offers, the offer messages in the thread), ``builder`` with ``draft_steps`` (the
ephemeral trade builder; its draft lives in the custom_ids, ``draft``) and ``place`` (tile, then lot). This
module is the :class:`cogs.controls.base.Controls` entry point; besides the four parts every game writes
it overrides these hooks:

- ``may_act``: every player may trade at any time of the trading phase, even after "Done trading";
- ``version_free``: these controls carry the round (and an offer's version), so they keep working while the
  others trade or keep; the engine refuses a repeat or an outdated answer;
- ``thread_extras``: a new or changed offer is posted in the thread with Accept / Decline / Counter-offer /
  Withdraw buttons; ``extra_outcome``: once answered, changed or closed, it says so and loses its buttons.

Private texts (money, dealt cards, the income summary) come from the seat's own view and are only ever
shown in its DM or an ephemeral message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action, Option
from bot.tables import Notification, Table
from cogs.components import Panel
from cogs.controls.base import Controls, Extra
from cogs.controls.chinatown import builder as chinatown_builder
from cogs.controls.chinatown import keep as chinatown_keep
from cogs.controls.chinatown import place as chinatown_place
from cogs.controls.chinatown import trade as chinatown_trade
from cogs.controls.chinatown.common import UNREADABLE, names, this_round, view_of
from cogs.controls.chinatown.words import awaited as _awaited
from cogs.controls.chinatown.words import hand_text as holdings_text
from cogs.controls.chinatown.words import income_text, phase_summary, who
from cogs.controls.chinatown.words import option_help as _option_help
from cogs.controls.chinatown.words import option_label as _option_label
from render.crops import Focus

KEEP_VERBS = frozenset({"kp", "kc"})
PLACE_VERBS = frozenset({"ps", "pl", "end"})
VERBS = KEEP_VERBS | PLACE_VERBS | chinatown_trade.TRADE_VERBS | chinatown_builder.BUILDER_VERBS | {"home"}


class ChinatownControls(Controls):
    def phase_summary(self, table: Table) -> str:
        return phase_summary(table)

    def hand_text(self, table: Table, seat: int) -> str:
        return holdings_text(view_of(table, seat))

    def option_label(self, option: Option, value: Any) -> str | None:
        return _option_label(option, value)

    def option_help(self, option: Option, value: Any) -> str | None:
        return _option_help(option, value)

    def awaited(self, table: Table) -> str:
        return _awaited(view_of(table, None))

    def may_act(self, table: Table, seat: int) -> bool:
        return table.state is not None and table.game.can_act(table.state, seat)

    def version_free(self, payload: str) -> bool:
        return payload.split(".", 1)[0] in VERBS

    def thread_extras(self, table: Table, note: Notification) -> list[Extra]:
        return chinatown_trade.thread_extras(table, note)

    def extra_outcome(self, table: Table, ref: str) -> str | None:
        return chinatown_trade.extra_outcome(table, ref)

    def private_alerts(self, table: Table, note: Notification) -> list[int]:
        return chinatown_trade.private_alerts(table, note)

    def prompt(self, table: Table, seat: int) -> str:
        view = view_of(table, seat)
        head = f"**{table.game.title} #{table.id}**, {view['year']}, the Year of the {view['zodiac']}."
        phase = view["phase"]
        if phase == "deal_buildings":
            body = [income_text(view), chinatown_keep.prompt(table, seat)]
        elif phase == "trades":
            body = [chinatown_trade.prompt(table, seat)]
        elif phase == "place_tiles" and seat in table.to_act():
            body = [chinatown_place.prompt(table, seat)]
        elif phase == "place_tiles":
            waiting = ", ".join(who(s, seat, names(table)) for s in sorted(table.to_act()))
            body = [f"Building: waiting for {waiting or 'nobody'}."]
        else:
            body = ["The game is over."]
        return "\n".join(line for line in [head, *body, self.hand_text(table, seat)] if line)

    def focus(self, table: Table, seat: int) -> Focus | None:
        """The first step's picture: the lots it names (dealt, in offers, to build on) in their districts."""
        if table.status != "running" or not self.may_act(table, seat):
            return None
        phase = view_of(table, seat)["phase"]
        if phase == "deal_buildings":
            return chinatown_keep.focus(table, seat)
        if phase == "trades":
            return chinatown_trade.focus(table, seat)
        if phase == "place_tiles":
            return chinatown_place.focus(table, seat)
        return None

    def build(self, table: Table, seat: int) -> discord.ui.View | None:
        if table.status != "running" or not self.may_act(table, seat):
            return None
        phase = view_of(table, seat)["phase"]
        if phase == "deal_buildings":
            return chinatown_keep.build(table, seat)
        if phase == "trades":
            return chinatown_trade.build(table, seat)
        if phase == "place_tiles":
            return chinatown_place.build(table, seat)
        return None

    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        verb, *args = payload.split(".")
        if verb == "home" and not args:
            return Panel(self.prompt(table, seat), self.build(table, seat), self.focus(table, seat))
        if verb not in VERBS or not args:
            raise UserError(UNREADABLE)
        if verb in chinatown_builder.BUILDER_VERBS:
            if verb in ("new", "who", "ctr"):
                this_round(table, args[0])
            return chinatown_builder.resolve(table, seat, verb, args, values)
        round_no, rest = this_round(table, args[0]), args[1:]
        if verb in chinatown_trade.TRADE_VERBS:
            return chinatown_trade.resolve(table, seat, verb, round_no, rest, values)
        if verb == "kp" and not rest:
            return chinatown_keep.confirm(table, seat, round_no, values)
        if verb == "kc" and len(rest) == 1:
            return chinatown_keep.keep(table, seat, rest[0])
        if verb == "ps" and not rest and len(values) == 1:
            return chinatown_place.lots_step(table, seat, round_no, values[0])
        if verb == "pl" and len(rest) in (1, 2) and len(values) == 1:  # a second part: selects()' ".<n>"
            return chinatown_place.place(rest[0], values[0])
        if verb == "end" and not rest:
            return {"type": "end_turn"}
        raise UserError(UNREADABLE)
