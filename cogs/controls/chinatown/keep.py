"""Phase 1: keep Building cards. A private multi-select of the dealt lots, then a confirmation (a keep is final).

Payloads: ``kp.<round>`` (the select; values are lots) and ``kc.<round>.<lot>-<lot>-...`` (confirm).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.base.language import tr, trn
from bot.tables import Table
from cogs.components import ControlButton, ControlSelect, Panel, Ref, choice, persistent_view
from cogs.controls.chinatown.common import close_up, lot_neighbours, names, number, payload, view_of
from cogs.controls.chinatown.verbs import Verb
from cogs.controls.chinatown.words import join
from cogs.controls.routes import GONE, UNREADABLE
from render.crops import Focus


def prompt(table: Table, seat: int) -> str:
    view = view_of(table, seat)
    if view["keep_choice"] is not None:
        return tr("You keep lots {lots}; revealed when everyone has chosen.",
                  lots=join([str(lot) for lot in view["keep_choice"]]))
    cards = join([str(lot) for lot in view["hand_cards"] or []])
    return tr("Keep {keep} of your {deal} Building cards: lots {lots}. Your choice is secret until everyone has "
              "chosen, and final.", keep=view["keep"], deal=view["deal"], lots=cards)


def focus(table: Table, seat: int) -> Focus | None:
    """The dealt lots, ringed in their districts, until the seat has chosen which to keep."""
    view = view_of(table, seat)
    if view["keep_choice"] is not None or not view["hand_cards"]:
        return None
    return close_up(view["hand_cards"])


def build(table: Table, seat: int) -> discord.ui.View | None:
    view = view_of(table, seat)
    dealt = view["hand_cards"] or []
    if view["keep_choice"] is not None or not dealt:
        return None
    who = names(table)
    options = [choice(tr("Lot {lot}", lot=lot), str(lot), lot_neighbours(view, lot, who)) for lot in dealt]
    keep = view["keep"]
    select = ControlSelect(
        Ref.of(table),
        payload(Verb.KEEP_PICK, view["round"]),
        options,
        trn("Choose the {n} lot to keep…", "Choose the {n} lots to keep…", keep),
        min_values=keep,
        max_values=keep,
    )
    return persistent_view(select)


def _chosen(table: Table, seat: int, lots: Sequence[str]) -> list[int]:
    view = view_of(table, seat)
    chosen = sorted({number(lot, 2) for lot in lots})
    if view["keep_choice"] is not None or not view["hand_cards"]:
        raise UserError(GONE)
    if len(chosen) != len(lots) or len(chosen) != view["keep"] or not set(chosen) <= set(view["hand_cards"]):
        raise UserError(trn("Choose exactly {n} lot of the ones you were dealt.",
                            "Choose exactly {n} different lots of the ones you were dealt.", view["keep"]))
    return chosen


def confirm(table: Table, seat: int, round_no: int, values: Sequence[str]) -> Panel:
    chosen = _chosen(table, seat, values)
    ref = Ref.of(table)
    buttons = persistent_view(
        ControlButton(ref, payload(Verb.KEEP, round_no, "-".join(map(str, chosen))), tr("Keep these"), row=0),
        ControlButton(ref, Verb.HOME, tr("Back"), style=discord.ButtonStyle.secondary, row=0),
    )
    text = tr("Keep lots {lots}? This is final.", lots=join([str(lot) for lot in chosen]))
    return Panel(text, buttons, close_up(chosen))


def keep(table: Table, seat: int, lots: str) -> Action:
    if not lots:
        raise UserError(UNREADABLE)
    return {"type": "keep", "lots": _chosen(table, seat, lots.split("-"))}
