"""Per-game controls: a player's legal choices as Discord components, and the way back to an action dict.

A game slots in by adding one module ``cogs/controls/<key>.py`` that satisfies :class:`Controls`; until it
has one, :mod:`cogs.controls.generic` offers its legal actions by their ``action_label``. Modules are found
by key when first needed (not imported here), so they may import :mod:`cogs.components` freely.

Optional members, looked up with getattr: ``RULES_SUMMARY`` (``/rules``), ``phase_summary(table)`` (the
Rules button of prompts: the phase now in a few plain lines, the first naming it), ``may_act(table, seat)``
and ``version_free(payload)`` (:mod:`cogs.play`: acting without being waited for, controls that outlive
other moves), ``thread_extras(table, note)`` (:mod:`cogs.notify`: public messages after the board, as
(ref, send() arguments)), ``extra_outcome(table, ref)`` (the outcome line that closes such a message),
``private_alerts(table, note)`` (seats to tell by DM of something only they see, e.g. a private offer),
``focus(table, seat)`` (the close-up the first step's decision needs),
``awaited(table)`` (what the seats to act are asked for, for refusals: "to commit their orders") and
``option_help(option, value)`` (one description per option value in the lobby).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, cast

from bot.games.words import join

if TYPE_CHECKING:
    import discord

    from bot.games.base import Action, Option
    from bot.tables import Table
    from cogs.components import Panel


class Controls(Protocol):
    """What a controls module offers. Every function reads the table; none of them changes anything."""

    def prompt(self, table: Table, seat: int) -> str:
        """The private text above the controls: whose move, what is due, the seat's own hand."""

    def build(self, table: Table, seat: int) -> discord.ui.View | None:
        """The first step of the seat's controls, only legal choices; None when there is nothing to choose."""

    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        """A clicked control (payload from its custom_id, values from a select; both untrusted) as the
        action to submit, or the next step. Raises UserError for something it cannot read."""

    def hand_text(self, table: Table, seat: int) -> str:
        """A sentence on the seat's own hidden holdings, for "My hand"."""

    def option_label(self, option: Option, value: Any) -> str | None:
        """How a table option's value reads in the lobby; None for the plain default wording."""


@cache
def controls_for(key: str) -> Controls:
    name = f"{__name__}.{key}"
    if importlib.util.find_spec(name) is None:
        name = f"{__name__}.generic"
    return cast(Controls, importlib.import_module(name))


def panel(table: Table, seat: int) -> Panel:
    """The seat's current controls: the prompt and the first step, with a Rules button for the phase."""
    from cogs.components import Panel, Ref, with_rules

    controls = controls_for(table.key)
    return Panel(controls.prompt(table, seat), with_rules(controls.build(table, seat), Ref.of(table)))


def may_act(table: Table, seat: int) -> bool:
    """Waited for, or allowed to act anyway where the game's controls module says so with an optional
    ``may_act(table, seat)`` (Chinatown: every player may trade, even one who is done trading)."""
    if seat in table.to_act():
        return True
    hook = getattr(controls_for(table.key), "may_act", None)
    return bool(hook is not None and hook(table, seat))


def option_text(key: str, option: Option, value: Any) -> str:
    label = controls_for(key).option_label(option, value)
    if label is not None:
        return label
    if value is None:
        return "random"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def option_help(key: str, option: Option, value: Any) -> str | None:
    """The description of one value of a table option (the lobby's select shows one under each value): the
    game's own words for that value, else the option's general help."""
    hook = getattr(controls_for(key), "option_help", None)
    text = hook(option, value) if hook is not None else None
    return text or option.help or None


def waiting_text(table: Table) -> str:
    """Whom the game waits for and what for, in plain names (refusals are private and never ping):
    "Bob to commit their orders", "Ana and Bob to choose which Building cards to keep"; "" when nobody."""
    seats = sorted(table.to_act())
    if not seats or table.state is None:
        return ""
    names = table.names()
    hook = getattr(controls_for(table.key), "awaited", None)
    what = hook(table) if hook is not None else ""
    who = join([names[s] for s in seats])
    return f"{who} {what}" if what else who
