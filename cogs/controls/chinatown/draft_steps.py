"""The trade builder's draft screen and its item steps: what each player gives, to whom, how much.

Each step is built from the builder's own view (its own cash; others' cash is never known) and the public
lots and hands, and offers only what can still be given, so every path ends in an offer the engine takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base.language import mark, tr, trn
from bot.games.base.words import join as join_names
from bot.games.chinatown.data import BOARD, LOT_COUNT, Shop
from bot.games.chinatown.schema import ChinatownView
from bot.tables import Table
from cogs.components import ControlButton, ControlSelect, Panel, Ref, choice, persistent_view, selects
from cogs.controls.chinatown.common import (
    LotGroup,
    close_up,
    group_lots,
    group_select,
    lot_groups,
    lot_neighbours,
    lots_with_shops,
    names,
    number,
    payload,
    view_of,
)
from cogs.controls.chinatown.draft import LIMIT, SHOP_LETTER, Draft, Item, Leg, same_terms
from cogs.controls.chinatown.trade import my_open_offers
from cogs.controls.chinatown.verbs import Verb
from cogs.controls.chinatown.words import leg_line, lot_label, lot_text, money, tile
from cogs.controls.routes import GONE, SHORT, UNREADABLE, short_runs

PRESETS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150)  # money units
TOO_LONG = mark("This offer is as long as the builder allows: post it, and make a second offer for the rest.")
BACK = discord.ButtonStyle.secondary
ROOM = 10  # characters the longest item adds to a draft ("_01" and "M1500" or so)


def unit_of(view: ChinatownView) -> int:
    return int(str(view["options"]["money_unit"]))


def gives(seat: int, me: int, who_is: Sequence[str]) -> str:
    """ "You give…" / "Bob gives…": a select's placeholder for what a side gives."""
    return tr("You give…") if seat == me else tr("{player} gives…", player=who_is[seat])


def leg_view(view: ChinatownView, leg: Leg, unit: int) -> dict[str, Any]:
    item = leg.item
    lot_tile = view["lots"][item.lot - 1]["tile"] if item.kind == "lot" else None
    return {
        "from": leg.giver,
        "to": leg.receiver,
        "kind": item.kind,
        "lot": item.lot,
        "lot_tile": lot_tile,
        "tile_type": item.shop.value if item.shop else None,
        "count": item.count,
        "amount": item.units * unit,
    }


def money_left(view: ChinatownView, draft: Draft, seat: int) -> int:
    """Money units the viewer can still list (only the viewer's own cash is known)."""
    return (view["players"][seat]["cash"] or 0) // unit_of(view) - draft.given(seat, "money")


def lot_option(view: ChinatownView, lot: int, who_is: Sequence[str]) -> discord.SelectOption:
    return choice(lot_label(lot, view["lots"][lot - 1]["tile"]), f"L{lot}", lot_neighbours(view, lot, who_is))


def tile_options(view: ChinatownView, draft: Draft, side: int) -> list[discord.SelectOption]:
    """The tiles ``side`` can still give, one option a shop."""
    options: list[discord.SelectOption] = []
    for shop_id, held in view["players"][side]["hand_tiles"].items():
        shop = Shop(shop_id)
        left = held - draft.given(side, "tiles", shop)
        if left > 0:
            about = trn("{n} left to give · complete at {most}", "{n} left to give · complete at {most}", left,
                        most=BOARD.shops[shop].max_size)
            options.append(choice(tr("1 × {shop}", shop=tile(shop_id)), SHOP_LETTER[shop], about))
    return options


def side_options(view: ChinatownView, draft: Draft, side: int, me: int, who_is: Sequence[str]) -> list[Any]:
    """What ``side`` can give, as one short list: when lots, tiles and money are more than ``SHORT`` options,
    the lots become one "A lot…" step, then (if still too many) the tiles one "A tile…" step."""
    listed = draft.lots()
    lots = [lot for lot in view["lots"] if lot["owner"] == side and lot["lot"] not in listed]
    tiles = tile_options(view, draft, side)
    money_option = []
    if side != me or money_left(view, draft, me) > 0:
        money_option.append(choice(tr("Money…"), "M", tr("choose an amount")))
    lot_options = [lot_option(view, lot["lot"], who_is) for lot in lots]
    if len(lot_options) + len(tiles) + len(money_option) > SHORT:
        many = trn("A lot… ({n} lot)", "A lot… ({n} lots)", len(lots))
        lot_options = [choice(many, "lots", tr("choose from the list"))] if lots else []
    if len(lot_options) + len(tiles) + len(money_option) > SHORT:
        kinds = trn("A tile… ({n} kind)", "A tile… ({n} kinds)", len(tiles))
        tiles = [choice(kinds, "tiles", tr("choose from the list"))]
    return [*lot_options, *tiles, *money_option]


def post_problem(view: ChinatownView, seat: int, draft: Draft) -> str | None:
    """Why the draft cannot be posted as it is (the engine would refuse it, or it changes nothing); None when
    it can. Only what the poster knows is checked: their own money, never anybody else's."""
    unit = unit_of(view)
    if not draft.legs:
        return tr("Nothing yet.")
    if all(seat not in (leg.giver, leg.receiver) for leg in draft.legs):
        return tr("Add something you give or receive: whoever posts an offer is part of it (a broker lists a fee).")
    if money_left(view, draft, seat) < 0:
        return tr("You do not have all the money you give here: lower it or remove it.")
    if draft.offer:
        offer = next((o for o in view["offers"] if o["id"] == draft.offer and o["status"] == "open"), None)
        if offer is not None and same_terms(draft, dict(offer), unit):
            if seat not in offer["accepted"]:
                return tr("These are the terms of offer #{offer} already; accept it instead. Change something to post "
                          "a new version.", offer=draft.offer)
            return tr("These are the terms of offer #{offer} already. Change something to post a new version.",
                      offer=draft.offer)
        return None
    for offer in my_open_offers(view, seat):
        if offer["author"] == seat and same_terms(draft, dict(offer), unit):
            return tr("You have posted this offer already: #{offer}.", offer=offer["id"])
    return None


def draft_step(table: Table, seat: int, draft: Draft) -> Panel:
    view, ref, who_is = view_of(table, seat), Ref.of(table), names(table)
    sides, code, unit = draft.sides(seat), draft.encode(), unit_of(view)
    partners = join_names([who_is[s] for s in sides if s != seat])  # the builder's own, with them
    if draft.offer:
        lines = [tr("**Counter-offer to #{offer}** with {players}:", offer=draft.offer, players=partners)]
    else:
        lines = [tr("**New offer** with {players}:", players=partners)]
    lines += [f"• {leg_line(leg_view(view, leg, unit), seat, who_is)}" for leg in draft.legs]
    problem = post_problem(view, seat, draft)
    lines.append(problem or tr("Post it when it is complete: posting counts as your acceptance."))
    lines.append(tr("Your money: {money}.", money=money(view["players"][seat]["cash"])))
    items: list[discord.ui.Item[Any]] = []
    givers = {side: side_options(view, draft, side, seat, who_is) for side in sides}
    givers = {side: options for side, options in givers.items() if options}
    if len(code) > LIMIT - ROOM:  # one more item might not fit in the custom_ids any more
        lines.append(tr("The offer is as long as the builder allows: post it, or remove an item to add another."))
    elif len(sides) <= 4:
        for row, (side, options) in enumerate(givers.items()):
            add = payload(Verb.ADD, code, side)
            items.append(ControlSelect(ref, add, options, gives(side, seat, who_is), row=row))
    else:
        options = [choice(gives(side, seat, who_is), str(side)) for side in givers]
        items.append(ControlSelect(ref, payload(Verb.GIVER, code), options, tr("Who gives something?"), row=0))
    if problem is None:
        label = tr("Post counter-offer") if draft.offer else tr("Post offer")
        items.append(ControlButton(ref, payload(Verb.POST, code), label, style=discord.ButtonStyle.success, row=4))
    if draft.legs:
        items.append(ControlButton(ref, payload(Verb.REMOVE_PICK, code), tr("Remove an item"), style=BACK, row=4))
    items.append(ControlButton(ref, Verb.HOME, tr("Cancel"), style=BACK, row=4))
    return Panel("\n".join(lines), persistent_view(*items), close_up(draft.lots()))


def side_of(draft: Draft, seat: int, text: str) -> int:
    side = number(text, 1)
    if side not in draft.sides(seat):
        raise UserError(UNREADABLE)
    return side


def giver_step(table: Table, seat: int, draft: Draft, side: int) -> Panel:
    view, ref, who_is = view_of(table, seat), Ref.of(table), names(table)
    options = side_options(view, draft, side, seat, who_is)
    if not options:
        raise UserError(tr("There is nothing left that you could give.") if side == seat else
                        tr("There is nothing left that {player} could give.", player=who_is[side]))
    code = draft.encode()
    pick = ControlSelect(ref, payload(Verb.ADD, code, side), options, gives(side, seat, who_is), row=0)
    back = ControlButton(ref, payload(Verb.DRAFT, code), tr("Back"), style=BACK, row=1)
    lots = [lot["lot"] for lot in view["lots"] if lot["owner"] == side and lot["lot"] not in draft.lots()]
    text = tr("What do you give?") if side == seat else tr("What does {player} give?", player=who_is[side])
    return Panel(text, persistent_view(pick, back), close_up(lots))


def item_of(view: ChinatownView, draft: Draft, side: int, me: int, code: str) -> Item:
    """An item ``side`` can still give (lot owned and not listed, tile in hand, money the viewer has)."""
    try:
        item = Item.parse(code)
    except ValueError:
        raise UserError(UNREADABLE) from None
    if item.kind == "lot":
        ok = 1 <= item.lot <= LOT_COUNT and view["lots"][item.lot - 1]["owner"] == side and item.lot not in draft.lots()
    elif item.kind == "tiles" and item.shop is not None:
        held = view["players"][side]["hand_tiles"].get(item.shop.value, 0)
        ok = 0 < item.count <= held - draft.given(side, "tiles", item.shop)
    else:
        ok = item.units > 0 and (side != me or item.units <= money_left(view, draft, me))
    if not ok:
        raise UserError(GONE)
    return item


def item_text(view: ChinatownView, item: Item) -> str:
    if item.kind == "lot":
        return lot_text(item.lot, view["lots"][item.lot - 1]["tile"])
    if item.kind == "tiles" and item.shop is not None:
        return tile(item.shop.value, item.count)
    return money(item.units * unit_of(view))


def to_whom(table: Table, seat: int, draft: Draft, side: int, item: Item) -> Panel:
    receivers = [s for s in draft.sides(seat) if s != side]
    if len(receivers) == 1:
        return added(table, seat, draft, Leg(side, receivers[0], item))
    view, ref, who_is, code = view_of(table, seat), Ref.of(table), names(table), draft.encode()
    buttons: list[discord.ui.Item[Any]] = [
        ControlButton(ref, payload(Verb.TO, code, side, item.code(), r),
                      tr("To you") if r == seat else tr("To {player}", player=who_is[r]), row=0)
        for r in receivers
    ]
    buttons.append(ControlButton(ref, payload(Verb.DRAFT, code), tr("Back"), style=BACK, row=1))
    item_said = item_text(view, item)
    text = (tr("Who receives {item} from you?", item=item_said) if side == seat else
            tr("Who receives {item} from {player}?", item=item_said, player=who_is[side]))
    return Panel(text, persistent_view(*buttons), close_up([item.lot]) if item.kind == "lot" else None)


def added(table: Table, seat: int, draft: Draft, leg: Leg) -> Panel:
    longer = draft.add(leg)
    if not longer.fits():
        raise UserError(tr(TOO_LONG))
    return draft_step(table, seat, longer)


def money_step(table: Table, seat: int, draft: Draft, side: int) -> Panel:
    view, ref, who_is = view_of(table, seat), Ref.of(table), names(table)
    unit, left = unit_of(view), money_left(view, draft, seat)
    amounts = [k for k in PRESETS if side != seat or k <= left]
    if not amounts:
        raise UserError(tr("You have no money left to offer."))
    code, runs = draft.encode(), short_runs(amounts)
    # Past a short list, the amounts are split over selects, each saying its range.
    picks: list[discord.ui.Item[Any]] = [
        ControlSelect(
            ref,
            payload(Verb.MONEY, code, side) + (f".{n}" if len(runs) > 1 else ""),  # as selects() numbers them
            [choice(money(k * unit), str(k)) for k in run],
            tr("How much?") if len(runs) == 1 else tr("How much? {low} to {high}", low=money(run[0] * unit),
                                                       high=money(run[-1] * unit)),
            row=n,
        )
        for n, run in enumerate(runs)
    ]
    back = ControlButton(ref, payload(Verb.DRAFT, code), tr("Back"), style=BACK, row=len(runs))
    text = (tr("How much money do you give? Pick again later to add more.") if side == seat else
            tr("How much money does {player} give? Pick again later to add more.", player=who_is[side]))
    return Panel(text, persistent_view(*picks, back))


def lots_step(table: Table, seat: int, draft: Draft, side: int, group: str | None = None) -> Panel:
    """Which lot ``side`` gives: one list, or, past ``SHORT`` lots, first the district (``group`` None), then
    the lots of the district chosen (``group``, a ``LotGroup`` code)."""
    view, ref, who_is, code = view_of(table, seat), Ref.of(table), names(table), draft.encode()
    listed = draft.lots()
    lots = [lot["lot"] for lot in view["lots"] if lot["owner"] == side and lot["lot"] not in listed]
    if not lots:
        raise UserError(GONE)
    back = ControlButton(ref, payload(Verb.DRAFT, code), tr("Back"), style=BACK, row=4)
    groups = lot_groups(lots)

    def about(found: LotGroup) -> str:
        return trn("lot {lots}", "lots {lots}", len(found.lots), lots=lots_with_shops(view, found.lots))

    if len(lots) > SHORT and group is None:
        pick = group_select(ref, payload(Verb.LOT_GROUP, code, side), groups, about)
        text = (tr("Which lot do you give? First the district: your lots are ringed.") if side == seat else
                tr("Which lot does {player} give? First the district: their lots are ringed.", player=who_is[side]))
        return Panel(text, persistent_view(pick, back), close_up(lots))
    steps: list[discord.ui.Item[Any]] = []
    shown = lots
    if group is not None:
        shown = group_lots(lots, group)
        if not shown:
            raise UserError(GONE)
        chosen = next((found for found in groups if found.code == group), None)
        steps.append(group_select(ref, payload(Verb.LOT_GROUP, code, side), groups, about, chosen))
    options = [lot_option(view, lot, who_is) for lot in shown]
    steps += selects(ref, payload(Verb.ADD, code, side), options, tr("Which lot?"), first_row=len(steps))
    steps.append(back)
    text = tr("Which lot do you give?") if side == seat else tr("Which lot does {player} give?", player=who_is[side])
    return Panel(text, persistent_view(*steps), close_up(shown))


def tiles_step(table: Table, seat: int, draft: Draft, side: int) -> Panel:
    """Which tile ``side`` gives, when the tiles were too many for the draft's list; its lots' close-up."""
    view, ref, who_is, code = view_of(table, seat), Ref.of(table), names(table), draft.encode()
    options = tile_options(view, draft, side)
    if not options:
        raise UserError(GONE)
    steps: list[discord.ui.Item[Any]] = list(selects(ref, payload(Verb.ADD, code, side), options, tr("Which tile?")))
    steps.append(ControlButton(ref, payload(Verb.DRAFT, code), tr("Back"), style=BACK, row=4))
    lots = [lot["lot"] for lot in view["lots"] if lot["owner"] == side]
    text = (tr("Which tile do you give? Pick again later to add more.") if side == seat
            else tr("Which tile does {player} give? Pick again later to add more.", player=who_is[side]))
    return Panel(text, persistent_view(*steps), close_up(lots))


def remove_step(table: Table, seat: int, draft: Draft) -> Panel:
    view, ref, who_is, code = view_of(table, seat), Ref.of(table), names(table), draft.encode()
    unit = unit_of(view)
    options = [choice(leg_line(leg_view(view, leg, unit), seat, who_is), str(i)) for i, leg in enumerate(draft.legs)]
    pick = ControlSelect(ref, payload(Verb.REMOVE, code), options[:25], tr("Remove which item?"), row=0)
    back = ControlButton(ref, payload(Verb.DRAFT, code), tr("Back"), style=BACK, row=1)
    picture = close_up(draft.lots()) if draft.lots() else None
    return Panel(tr("Which item comes off the offer?"), persistent_view(pick, back), picture)
