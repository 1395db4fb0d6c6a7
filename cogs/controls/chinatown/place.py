"""Phase 4: build shops. Pick a tile type, pick one of your empty lots (the select shows what it adds to your
income); repeat; then "Finish building". Each shop is final once built [R20], so the lot select says so.

Payloads: ``ps.<round>`` (tile type select; values are shop letters), ``pl.<round>.<letter>`` (lot select;
values are lots), ``end.<round>`` (finish).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.chinatown.data import BOARD, Shop
from bot.games.chinatown.views import placement_gain
from bot.tables import Table
from cogs.components import ControlButton, ControlSelect, Panel, Ref, choice, persistent_view, selects
from cogs.controls.chinatown.common import close_up, lot_neighbours, names, payload, view_of
from cogs.controls.chinatown.draft import LETTER_SHOP, SHOP_LETTER
from cogs.controls.chinatown.verbs import Verb
from cogs.controls.chinatown.words import join, money, tile
from cogs.controls.routes import GONE, UNREADABLE
from render.crops import Focus


def _places(table: Table, seat: int) -> dict[Shop, list[int]]:
    """The legal placements by tile type, from the engine's legal actions."""
    found: dict[Shop, list[int]] = {}
    for action in table.game.legal_actions(table.state, seat):
        if action["type"] == "place":
            found.setdefault(Shop(action["tile"]), []).append(int(action["lot"]))
    return found


def prompt(table: Table, seat: int) -> str:
    view = view_of(table, seat)
    lines = [f"Your turn to build in {view['year']}: pick a tile, then one of your empty lots. Each shop is final."]
    if view["batch"]:
        batch = join([f"{tile(p['tile'])} on {p['lot']}" for p in view["batch"]])
        lines.append(f"Built in secret so far (revealed when everyone is done): {batch}.")
    return "\n".join(lines)


def focus(table: Table, seat: int) -> Focus | None:
    """Every lot the seat may build on now, ringed: where its tiles can go."""
    if seat not in table.to_act():
        return None
    return close_up(lot for lots in _places(table, seat).values() for lot in lots)


def build(table: Table, seat: int) -> discord.ui.View | None:
    view = view_of(table, seat)
    if seat not in table.to_act():
        return None
    ref, held = Ref.of(table), view["players"][seat]["hand_tiles"]
    items: list[discord.ui.Item[Any]] = []
    places = _places(table, seat)
    if places:
        options = []
        for shop, lots in places.items():
            best = max(placement_gain(view, lot, shop.value)[0] for lot in lots)
            top = BOARD.shops[shop].max_size
            about = f"complete at {top} · fits {len(lots)} of your lots · up to +{money(best)} a year"
            options.append(choice(f"{tile(shop.value)} ({held[shop.value]} in hand)", SHOP_LETTER[shop], about))
        items.append(ControlSelect(ref, payload(Verb.PLACE_TILE, view["round"]), options, "Build a shop…", row=0))
    label = "Finish building" if places else "Finish (nothing to build)"
    end = payload(Verb.END, view["round"])
    items.append(ControlButton(ref, end, label, style=discord.ButtonStyle.secondary, row=1))
    return persistent_view(*items)


def lots_step(table: Table, seat: int, round_no: int, letter: str) -> Panel:
    shop = LETTER_SHOP.get(letter)
    if shop is None:
        raise UserError(UNREADABLE)
    lots = _places(table, seat).get(shop)
    if not lots:
        raise UserError(GONE)
    view, ref, who = view_of(table, seat), Ref.of(table), names(table)
    options = []
    for lot in lots:
        gain, joins = placement_gain(view, lot, shop.value)
        with_what = f"joins your {tile(shop.value)} on {join([str(n) for n in joins])}" if joins else "a new business"
        near = lot_neighbours(view, lot, who).split(" · ", 1)[1]  # "next to 16 you (PH), 18 Bob"
        options.append(choice(f"Lot {lot}", str(lot), f"+{money(gain)} a year · {with_what} · {near}"))
    steps: list[discord.ui.Item[Any]] = list(
        selects(ref, payload(Verb.PLACE_LOT, round_no, letter), options, f"Build {tile(shop.value)} on… (final)")
    )
    steps.append(ControlButton(ref, Verb.HOME, "Back", style=discord.ButtonStyle.secondary, row=4))
    text = f"Where do you build {tile(shop.value)}? A shop stays where it is built. Your lots for it are ringed."
    return Panel(text, persistent_view(*steps), close_up(lots))


def place(letter: str, lot: str) -> Action:
    shop = LETTER_SHOP.get(letter)
    if shop is None or not lot.isdigit() or len(lot) > 2:
        raise UserError(UNREADABLE)
    return {"type": "place", "lot": int(lot), "tile": shop.value}
