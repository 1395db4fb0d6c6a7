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
from typing import Any, Protocol

import discord

from bot.games.base import Action, Option
from bot.games.base.language import tr
from bot.games.chinatown.text import year_name
from bot.statuses import TableStatus
from bot.tables import Notification, Table
from cogs.components import Panel
from cogs.controls.base import Controls, Extra
from cogs.controls.chinatown import builder, keep, place, trade
from cogs.controls.chinatown.common import in_round, names, view_of
from cogs.controls.chinatown.verbs import Verb
from cogs.controls.chinatown.words import awaited as _awaited
from cogs.controls.chinatown.words import due as _due
from cogs.controls.chinatown.words import hand_text as holdings_text
from cogs.controls.chinatown.words import income_text, phase_summary
from cogs.controls.chinatown.words import option_help as _option_help
from cogs.controls.chinatown.words import option_label as _option_label
from cogs.controls.routes import check_routes, dispatch, route, verb_of
from render.crops import Focus

VERBS = frozenset(Verb)


class PhaseSteps(Protocol):
    """The module of a phase's steps: its first step's controls and picture."""

    def build(self, table: Table, seat: int) -> discord.ui.View | None: ...

    def focus(self, table: Table, seat: int) -> Focus | None: ...


PHASES: dict[str, PhaseSteps] = {
    "deal_buildings": keep,
    "trades": trade,
    "place_tiles": place,
}


class ChinatownControls(Controls):
    def __init__(self) -> None:
        self.routes = check_routes(Verb, {
            Verb.HOME: route(lambda click: self.first_step(click.table, click.seat)),
            Verb.KEEP_PICK: route(in_round(lambda c, round_no: keep.confirm(c.table, c.seat, round_no, c.values)), 1),
            Verb.KEEP: route(in_round(lambda c, _: keep.keep(c.table, c.seat, c.args[1])), 2),
            Verb.PLACE_TILE: route(in_round(lambda c, round_no: place.lots_step(c.table, c.seat, round_no, c.value)), 1,
                                   value=True),
            # a last part: selects()' ".<n>"
            Verb.PLACE_LOT: route(in_round(lambda c, _: place.place(c.args[1], c.value)), range(2, 4), value=True),
            Verb.PLACE_DISTRICT: route(in_round(lambda c, round_no: place.lots_step(c.table, c.seat, round_no,
                                                                                     c.args[1], c.value)),
                                       2, value=True),
            Verb.END: route(in_round(lambda c, _: {"type": "end_turn"}), 1),
            **trade.ROUTES,
            **builder.ROUTES,
        })

    def phase_summary(self, table: Table) -> str:
        return phase_summary(table)

    def hand_text(self, table: Table, seat: int) -> str:
        return holdings_text(view_of(table, seat))

    def option_label(self, option: Option, value: Any) -> str | None:
        return _option_label(option, value)

    def option_help(self, option: Option, value: Any) -> str | None:
        return _option_help(option, value)

    def awaited(self, table: Table, players: str, count: int) -> str:
        return _awaited(view_of(table, None), players, count) or super().awaited(table, players, count)

    def due(self, table: Table, seat: int) -> str:
        return _due(view_of(table, None))

    def may_act(self, table: Table, seat: int) -> bool:
        return table.state is not None and table.game.can_act(table.state, seat)

    def version_free(self, payload: str) -> bool:
        return verb_of(payload) in VERBS

    def thread_extras(self, table: Table, note: Notification) -> list[Extra]:
        return trade.thread_extras(table, note)

    def extra_outcome(self, table: Table, ref: str) -> str | None:
        return trade.extra_outcome(table, ref)

    def private_alerts(self, table: Table, note: Notification) -> dict[int, str]:
        return trade.private_alerts(table, note)

    def prompt(self, table: Table, seat: int) -> str:
        view = view_of(table, seat)
        head = tr("**{title} #{table}**, {year}, the {year_name}.", title=table.game.title, table=table.id,
                  year=view["year"], year_name=year_name(view["zodiac"]))
        phase = view["phase"]
        if phase == "deal_buildings":
            body = [income_text(view), keep.prompt(table, seat)]
        elif phase == "trades":
            body = [trade.prompt(table, seat)]
        elif phase == "place_tiles" and seat in table.to_act():
            body = [place.prompt(table, seat)]
        elif phase == "place_tiles":
            waiting = ", ".join(names(table)[s] for s in sorted(table.to_act()))  # the viewer is done
            body = [tr("Building: waiting for {players}.", players=waiting or tr("nobody"))]
        else:
            body = [tr("The game is over.")]
        return "\n".join(line for line in [head, *body, self.hand_text(table, seat)] if line)

    def focus(self, table: Table, seat: int) -> Focus | None:
        """The first step's picture: the lots it names (dealt, in offers, to build on) in their districts."""
        phase = self._phase(table, seat)
        return phase.focus(table, seat) if phase is not None else None

    def build(self, table: Table, seat: int) -> discord.ui.View | None:
        phase = self._phase(table, seat)
        return phase.build(table, seat) if phase is not None else None

    def _phase(self, table: Table, seat: int) -> PhaseSteps | None:
        """The module of the phase's first step, while the seat may act in it."""
        if table.status != TableStatus.RUNNING or not self.may_act(table, seat):
            return None
        return PHASES.get(view_of(table, seat)["phase"])

    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        return dispatch(Verb, self.routes, table, seat, payload, values)
