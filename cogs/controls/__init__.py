"""Per-game controls: a player's legal choices as Discord components, and the way back to an action dict.

Each game has a package ``cogs/controls/<key>/`` whose ``SPEC`` (:class:`cogs.controls.spec.GameSpec`) holds
its :class:`cogs.controls.base.Controls`; :mod:`cogs.controls.registry` finds it by the key. The helpers below
are what the generic Discord code asks of whichever game a table plays; they never name a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.games.base.language import tr, trp
from bot.games.base.words import join

if TYPE_CHECKING:
    from bot.games.base import Option
    from bot.tables import Table
    from cogs.components import Panel
    from cogs.controls.base import Controls
    from cogs.controls.spec import GameSpec


def spec_of(key: str) -> GameSpec:
    # Imported when first needed: the registry imports every game's controls, whose modules are in this package.
    from cogs.controls.registry import spec

    return spec(key)


def controls_for(key: str) -> Controls:
    return spec_of(key).controls


def panel(table: Table, seat: int) -> Panel:
    """The seat's current controls: the prompt and the first step, with a Rules button for the phase."""
    from cogs.components import Panel, Ref, with_rules

    controls = controls_for(table.key)
    return Panel(controls.prompt(table, seat), with_rules(controls.build(table, seat), Ref.of(table)))


def may_act(table: Table, seat: int) -> bool:
    """Waited for, or allowed to act anyway where the game's controls say so (Chinatown: every player may
    trade, even one who is done trading)."""
    return seat in table.to_act() or controls_for(table.key).may_act(table, seat)


def option_text(key: str, option: Option, value: Any) -> str:
    label = controls_for(key).option_label(option, value)
    if label is not None:
        return label
    if value is None:
        return trp("option value", "random")
    if isinstance(value, bool):
        return trp("option value", "yes") if value else trp("option value", "no")
    return str(value).replace("_", " ")


def option_help(key: str, option: Option, value: Any) -> str | None:
    """The description of one value of a table option (the lobby's select shows one under each value): the
    game's own words for that value, else the option's general help."""
    return controls_for(key).option_help(option, value) or (tr(option.help) if option.help else None)


def waiting_sentence(table: Table) -> str:
    """The whole sentence on whom the game waits for and what for, in plain names (refusals are private and
    never ping): "The game is waiting for Bob to commit their orders."; "" when nobody. The game's controls
    choose the message (one per awaited step, singular or plural by how many are awaited)."""
    seats = sorted(table.to_act())
    if not seats or table.state is None:
        return ""
    names = table.names()
    return controls_for(table.key).awaited(table, join([names[s] for s in seats]), len(seats))
