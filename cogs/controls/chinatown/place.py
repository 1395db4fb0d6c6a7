"""Phase 4: build shops. Pick a tile type, pick one of your empty lots (the select shows what it adds to your
income); repeat; then "Finish building". Each shop is final once built [R20], so the lot select says so.

Payloads: ``ps.<round>`` (tile type select; values are shop letters), ``pl.<round>.<letter>`` (lot select;
values are lots), ``pd.<round>.<letter>`` (district select, when the lots are more than a short list: values
are lot groups, ``<first>-<last>``), ``end.<round>`` (finish).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.base.language import tr, trn
from bot.games.chinatown.data import BOARD, Shop
from bot.games.chinatown.views import placement_gain
from bot.tables import Table
from cogs.components import ControlButton, ControlSelect, Panel, Ref, choice, persistent_view, selects
from cogs.controls.chinatown.common import (
    LotGroup,
    close_up,
    group_lots,
    group_select,
    lot_groups,
    names,
    next_to,
    payload,
    view_of,
)
from cogs.controls.chinatown.draft import LETTER_SHOP, SHOP_LETTER
from cogs.controls.chinatown.verbs import Verb
from cogs.controls.chinatown.words import join, money, tile
from cogs.controls.routes import GONE, SHORT, UNREADABLE
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
    lines = [tr("Your turn to build in {year}: pick a tile, then one of your empty lots. Each shop is final.",
                year=view["year"])]
    if view["batch"]:
        batch = join([tr("{shop} on {lot}", shop=tile(p["tile"]), lot=p["lot"]) for p in view["batch"]])
        lines.append(tr("Built in secret so far (revealed when everyone is done): {shops}.", shops=batch))
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
            about = tr("complete at {most} · fits {count} of your lots · up to +{money} a year", most=top,
                       count=len(lots), money=money(best))
            label = trn("{shop} ({n} in hand)", "{shop} ({n} in hand)", held[shop.value], shop=tile(shop.value))
            options.append(choice(label, SHOP_LETTER[shop], about))
        items.append(ControlSelect(ref, payload(Verb.PLACE_TILE, view["round"]), options, tr("Build a shop…"), row=0))
    label = tr("Finish building") if places else tr("Finish (nothing to build)")
    end = payload(Verb.END, view["round"])
    items.append(ControlButton(ref, end, label, style=discord.ButtonStyle.secondary, row=1))
    return persistent_view(*items)


def lots_step(table: Table, seat: int, round_no: int, letter: str, group: str | None = None) -> Panel:
    """The lot for a tile: one list of the seat's lots for it, or, past ``SHORT`` of them, first the district
    (``group`` None), then the lots of the district chosen (``group``, a ``LotGroup`` code)."""
    shop = LETTER_SHOP.get(letter)
    if shop is None:
        raise UserError(UNREADABLE)
    lots = _places(table, seat).get(shop)
    if not lots:
        raise UserError(GONE)
    view, ref, who = view_of(table, seat), Ref.of(table), names(table)
    gains = {lot: placement_gain(view, lot, shop.value) for lot in lots}
    back = ControlButton(ref, Verb.HOME, tr("Back"), style=discord.ButtonStyle.secondary, row=4)

    def about(found: LotGroup) -> str:
        best = max(gains[lot][0] for lot in found.lots)
        return trn("lot {lots} · up to +{money} a year", "lots {lots} · up to +{money} a year", len(found.lots),
                   lots=join([str(lot) for lot in found.lots]), money=money(best))

    if len(lots) > SHORT and group is None:
        pick = group_select(ref, payload(Verb.PLACE_DISTRICT, round_no, letter), lot_groups(lots), about)
        text = tr("Where do you build {shop}? First the district: your lots for it are ringed.",
                  shop=tile(shop.value))
        return Panel(text, persistent_view(pick, back), close_up(lots))
    items: list[discord.ui.Item[Any]] = []
    shown = lots
    if group is not None:
        shown = group_lots(lots, group)
        if not shown:
            raise UserError(GONE)
        groups = lot_groups(lots)
        chosen = next((found for found in groups if found.code == group), None)
        items.append(group_select(ref, payload(Verb.PLACE_DISTRICT, round_no, letter), groups, about, chosen))
    options = []
    for lot in shown:
        gain, joins = gains[lot]
        with_what = (
            tr("joins your {shop} on {lots}", shop=tile(shop.value), lots=join([str(n) for n in joins]))
            if joins else tr("a new business")
        )
        near = next_to(view, lot, who)  # "next to 16 you (PH), 18 Bob"
        said = tr("+{money} a year · {joins} · {near}", money=money(gain), joins=with_what, near=near)
        options.append(choice(tr("Lot {lot}", lot=lot), str(lot), said))
    placeholder = tr("Build {shop} on… (final)", shop=tile(shop.value))
    items += selects(ref, payload(Verb.PLACE_LOT, round_no, letter), options, placeholder, first_row=len(items))
    items.append(back)
    text = tr("Where do you build {shop}? A shop stays where it is built. Your lots for it are ringed.",
              shop=tile(shop.value))
    return Panel(text, persistent_view(*items), close_up(shown))


def place(letter: str, lot: str) -> Action:
    shop = LETTER_SHOP.get(letter)
    if shop is None or not lot.isdigit() or len(lot) > 2:
        raise UserError(UNREADABLE)
    return {"type": "place", "lot": int(lot), "tile": shop.value}
