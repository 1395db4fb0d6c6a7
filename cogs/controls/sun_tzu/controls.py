"""Sun Tzu controls: the secret orders (D2) in the seat's DM or ephemeral message, then each decision of
spec §7 asked only of the seat that decides, and exceptional support at any time.

The orders are built in :mod:`cogs.controls.sun_tzu.orders` (five selects, a summary, Confirm), the other
decisions in :mod:`cogs.controls.sun_tzu.steps`; both read only the seat's own view and its legal actions,
so no control can show the other player's face-down cards. Both seats may act while the game runs (the
engine's ``can_act``): a seat that committed while the other has not gets "Change my orders", and a seat
with a set-aside army and a non-framed card gets "Exceptional support…" even while it is not waited for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.games.base import Action, Option
from bot.games.sun_tzu.schema import SunTzuView
from bot.tables import Table
from cogs.components import Panel
from cogs.controls.base import Controls
from cogs.controls.routes import check_routes, dispatch, verb_of
from cogs.controls.sun_tzu import orders, steps, words
from cogs.controls.sun_tzu.seat import Seat
from cogs.controls.sun_tzu.verbs import ORDER_VERBS, Verb
from cogs.controls.views import typed_view
from render.crops import Focus

ROUTES = check_routes(Verb, {**orders.ROUTES, **steps.ROUTES})


class SunTzuControls(Controls):
    def prompt(self, table: Table, seat: int) -> str:
        return steps.root(Seat(table, seat)).content

    def build(self, table: Table, seat: int) -> discord.ui.View | None:
        return steps.root(Seat(table, seat)).view

    def focus(self, table: Table, seat: int) -> Focus | None:
        """The first step's picture: the provinces, for the orders and the decisions about them."""
        return steps.root(Seat(table, seat)).focus

    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        return dispatch(Verb, ROUTES, table, seat, payload, values)

    def may_act(self, table: Table, seat: int) -> bool:
        """A seat the game is not waiting for may still act (the engine's ``can_act``) when it has something
        to choose: committed orders to change while the other has not committed, or exceptional support."""
        if seat in table.to_act():
            return True
        return steps.idle_choices(Seat(table, seat))

    def version_free(self, payload: str) -> bool:
        """Half-built orders stay good while the other player moves (commits, changes, support): they read
        only the seat's own hand and the round's orders are still open (checked in each step; ``apply``
        re-checks the commitment). Otherwise a player who is still choosing would lose their orders to the
        other's Confirm."""
        return verb_of(payload) in ORDER_VERBS

    def hand_text(self, table: Table, seat: int) -> str:
        return words.hand_text(Seat(table, seat).view)

    def option_label(self, option: Option, value: Any) -> str | None:
        return words.option_label(option, value)

    def option_help(self, option: Option, value: Any) -> str | None:
        return words.option_help(option, value)

    def phase_summary(self, table: Table) -> str:
        return words.phase_summary(table)

    def awaited(self, table: Table, players: str, count: int) -> str:
        return words.awaited(typed_view(SunTzuView, table, None), players, count)

    def due(self, table: Table, seat: int) -> str:
        return words.due(typed_view(SunTzuView, table, None))
