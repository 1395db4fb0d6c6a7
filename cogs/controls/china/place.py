"""China controls, placing pieces: region, then pieces, then (only when there is a choice) the payment.

Every option is read off the engine's legal placements, so only legal choices are shown. The payloads are
``Verb.REGION``, ``PIECES``, ``PAYMENT`` and ``PUT`` (:mod:`cogs.controls.china.verbs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.base.language import tr, trn, trp
from bot.games.china.schema import ChinaView, RegionView
from bot.games.china.text import pieces_label
from bot.tables import Table
from cogs.components import ControlButton, Panel, Ref, choice, persistent_view, selects
from cogs.controls.china.verbs import Verb
from cogs.controls.china.words import (
    card,
    cards_code,
    houses_in,
    payment_text,
    pieces_code,
    pieces_order,
    read_cards,
    read_pieces,
    region_detail,
    region_label,
    region_of,
)
from cogs.controls.routes import GONE, SHORT
from cogs.controls.views import typed_view
from render.crops import Focus


@dataclass(frozen=True)
class Choice:
    """One set of pieces in one region, with every legal way to pay for it (the cheapest first)."""

    region: str
    pieces: tuple[dict[str, Any], ...]
    payments: tuple[tuple[str, ...], ...]

    @property
    def code(self) -> str:
        return pieces_code(self.pieces)

    def action(self, cards: Sequence[str]) -> Action:
        return {"type": "place", "region": self.region, "cards": list(cards), "pieces": [dict(p) for p in self.pieces]}


def view_of(table: Table, seat: int | None) -> ChinaView:
    return typed_view(ChinaView, table, seat)


def choices(table: Table, seat: int) -> dict[str, dict[str, Choice]]:
    """Region id -> pieces code -> Choice, in the engine's (sorted, deterministic) order."""
    pieces: dict[tuple[str, str], tuple[dict[str, Any], ...]] = {}
    payments: dict[tuple[str, str], list[tuple[str, ...]]] = {}
    for action in table.game.legal_actions(table.state, seat):
        if action["type"] == "place":
            key = (action["region"], pieces_code(action["pieces"]))
            pieces.setdefault(key, tuple(dict(p) for p in action["pieces"]))
            payments.setdefault(key, []).append(tuple(action["cards"]))
    found: dict[str, dict[str, Choice]] = {}
    for (region, code), placed in pieces.items():
        cheapest_first = tuple(sorted(payments[region, code], key=len))  # a stable sort: ties keep engine order
        found.setdefault(region, {})[code] = Choice(region, placed, cheapest_first)
    return found


def _choice(table: Table, seat: int, region_id: str, code: str) -> Choice:
    region = region_of(view_of(table, None), region_id)
    canonical = pieces_code(read_pieces(code, region))
    found = choices(table, seat).get(region_id, {}).get(canonical)
    if found is None:
        raise UserError(GONE)
    return found


# -- step 1: the region (part of the first step) ------------------------------------------------------
def region_selects(table: Table, seat: int, view: ChinaView) -> list[discord.ui.Item[Any]]:
    legal = choices(table, seat)
    options = []
    for region in view["regions"]:
        if region["id"] in legal:
            most = max(len(c.pieces) for c in legal[region["id"]].values())
            label = trn("{region} · up to {n} piece", "{region} · up to {n} pieces", most, region=region_label(region))
            options.append(choice(label, region["id"], region_detail(region, seat)))
    return list(selects(Ref.of(table), Verb.REGION, options, tr("Place pieces in a region…")))


# -- step 2: the pieces ------------------------------------------------------------------------------
def close_up(region_id: str) -> Focus:
    """The picture of a decision in one region: its close-up, spaces numbered as the choices name them."""
    return Focus("region", (region_id,))


def _pieces_option(found: Choice, region: RegionView) -> discord.SelectOption:
    name = tr(region["name"])
    pays = trp("china list", " or ").join(payment_text(p, region["color"]) for p in found.payments)
    detail = tr("pay {payments}", payments=pays)
    if not region["scored"] and houses_in(found.pieces) == region["free_spaces"]:
        detail += tr(" · fills {region}: it is scored at once", region=name)
    # The region and the space numbers, as the close-up above the controls draws them.
    return choice(tr("{pieces} in {region}", pieces=pieces_label(found.pieces), region=name), found.code, detail)


def pieces_step(table: Table, seat: int, region_id: str) -> Panel:
    view, ref = view_of(table, seat), Ref.of(table)
    region = region_of(view, region_id)
    legal = choices(table, seat).get(region_id)
    if not legal:
        raise UserError(GONE)
    ordered = sorted(legal.values(), key=lambda c: pieces_order(c.pieces))
    one = [_pieces_option(c, region) for c in ordered if len(c.pieces) == 1]
    two = [_pieces_option(c, region) for c in ordered if len(c.pieces) == 2]
    items: list[discord.ui.Item[Any]] = list(selects(ref, f"{Verb.PIECES}.{region_id}.1", one, tr("One piece…")))
    if len(two) > SHORT:  # a long list becomes two steps: the first piece, then the second
        items += selects(ref, f"{Verb.PAIR}.{region_id}", _first_pieces(ordered, region), tr("Two pieces: the first…"),
                         first_row=len(items))
    elif two:
        items += selects(ref, f"{Verb.PIECES}.{region_id}.2", two, tr("Two pieces…"), first_row=len(items))
    items.append(ControlButton(ref, Verb.HOME, trp("button", "Back"), style=discord.ButtonStyle.secondary, row=4))
    text = tr(
        "**{region}** ({detail}). Which pieces? Each costs one {colour} card, or two cards of one other colour. "
        "House spaces are numbered as in the picture of {region}.",
        region=tr(region["name"]), detail=region_detail(region, seat), colour=card(region["color"]),
    )
    return Panel(text, persistent_view(*items), close_up(region_id))


def _first_pieces(ordered: Sequence[Choice], region: RegionView) -> list[discord.SelectOption]:
    """The first pieces of the two-piece choices (each pair under the first of its two, in reading order)."""
    pairs: dict[str, int] = {}
    for found in ordered:
        if len(found.pieces) == 2:
            first = found.code.split("-")[0]
            pairs[first] = pairs.get(first, 0) + 1
    firsts = sorted(pairs, key=lambda code: pieces_order(read_pieces(code, region)))
    name = tr(region["name"])
    return [choice(tr("{pieces} in {region}", pieces=pieces_label(read_pieces(code, region)), region=name), code,
                   trn("then the second: {n} choice", "then the second: {n} choices", pairs[code]))
            for code in firsts]


def second_step(table: Table, seat: int, region_id: str, first: str) -> Panel:
    """The two-piece choices whose first piece is ``first``, with the region's close-up."""
    view, ref = view_of(table, seat), Ref.of(table)
    region = region_of(view, region_id)
    legal = choices(table, seat).get(region_id, {})
    pairs = sorted((c for c in legal.values() if len(c.pieces) == 2 and c.code.split("-")[0] == first),
                   key=lambda c: pieces_order(c.pieces))
    if not pairs:
        raise UserError(GONE)
    items: list[discord.ui.Item[Any]] = [
        *selects(ref, f"{Verb.PIECES}.{region_id}.2", [_pieces_option(c, region) for c in pairs], tr("Two pieces…")),
        ControlButton(ref, Verb.HOME, trp("button", "Back"), style=discord.ButtonStyle.secondary, row=4),
    ]
    text = tr("**{region}**: {piece}, and which second piece? House spaces are numbered as in the picture of "
              "{region}.", region=tr(region["name"]), piece=pieces_label(read_pieces(first, region)))
    return Panel(text, persistent_view(*items), close_up(region_id))


def pick_pieces(table: Table, seat: int, region_id: str, code: str) -> Action | Panel:
    """The chosen pieces: placed at once when there is one way to pay, else the payment step."""
    found = _choice(table, seat, region_id, code)
    if len(found.payments) == 1:
        return found.action(found.payments[0])
    return payment_step(table, found, found.payments[0])


# -- step 3: the payment, the cheapest preselected ---------------------------------------------------
def payment_step(table: Table, found: Choice, chosen: Sequence[str]) -> Panel:
    ref, region = Ref.of(table), region_of(view_of(table, None), found.region)
    options = [
        choice(
            payment_text(pay, region["color"]),
            cards_code(pay),
            trn("{n} card", "{n} cards", len(pay)) + (tr(" · cheapest") if n == 0 else ""),
            default=tuple(pay) == tuple(chosen),
        )
        for n, pay in enumerate(found.payments)
    ]
    put = f"{Verb.PUT}.{found.region}.{found.code}.{cards_code(chosen)}"
    items: list[discord.ui.Item[Any]] = [
        *selects(ref, f"{Verb.PAYMENT}.{found.region}.{found.code}", options, tr("How do you pay?")),
        ControlButton(ref, put, tr("Place, paying {payment}", payment=payment_text(chosen, region["color"])), row=1),
        ControlButton(ref, Verb.HOME, trp("button", "Back"), style=discord.ButtonStyle.secondary, row=1),
    ]
    text = tr(
        "{pieces} in **{region}**. How do you pay? The cheapest way is chosen.",
        pieces=pieces_label(found.pieces), region=tr(region["name"]),
    )
    return Panel(text, persistent_view(*items), close_up(found.region))


def pick_payment(table: Table, seat: int, region_id: str, code: str, cards: str) -> Panel:
    found = _choice(table, seat, region_id, code)
    chosen = tuple(read_cards(cards))
    if chosen not in found.payments:
        raise UserError(GONE)
    return payment_step(table, found, chosen)


def place(table: Table, seat: int, region_id: str, code: str, cards: str) -> Action:
    """The action of a "Place" button: built from the payload, re-checked by the engine at its version."""
    region = region_of(view_of(table, None), region_id)
    return {"type": "place", "region": region_id, "cards": read_cards(cards), "pieces": read_pieces(code, region)}
