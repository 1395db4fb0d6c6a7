"""The trade builder (ephemeral): pick partners, then what each player gives (lots with any shop on them,
tiles from hand, money), then post the offer. A counter-offer opens it on an offer's current terms and
posts a new version of that offer (any of its players may change it; the change clears acceptances).

The draft travels in the payloads (:mod:`cogs.controls.chinatown_draft`). Payloads:
``new.<round>``, ``who.<round>`` (partners multi-select), ``ctr.<round>.<offer>``, and on a draft ``D``:
``drf.D`` (show), ``add.D.<side>`` (item select: ``L<lot>``, a shop letter, ``M`` or ``lots``),
``giv.D`` (giver select, for five-player offers), ``mny.D.<side>`` (amount select), ``to.D.<side>.<item>.<seat>``
(recipient), ``rmv.D`` / ``rm.D`` (remove an item), ``pst.D`` (post).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.chinatown.data import BOARD, LOT_COUNT, Shop
from bot.games.chinatown.schema import ChinatownView
from bot.tables import Table
from cogs.components import ControlButton, ControlSelect, Panel, Ref, choice, persistent_view, selects
from cogs.controls.chinatown_common import GONE, OLD, UNREADABLE, names, number, payload, view_of
from cogs.controls.chinatown_draft import LIMIT, SHOP_LETTER, Draft, Item, Leg, from_offer, same_terms
from cogs.controls.chinatown_trade import my_open_offers
from cogs.controls.chinatown_words import join, leg_line, lot_text, money, neighbours_text, tile, who

PRESETS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150)  # money units
TOO_LONG = "This offer is as long as the builder allows: post it, and make a second offer for the rest."
BUILDER_VERBS = frozenset({"new", "who", "ctr", "drf", "add", "giv", "mny", "to", "rmv", "rm", "pst"})
BACK = discord.ButtonStyle.secondary
ROOM = 10  # characters the longest item adds to a draft ("_01" and "M1500" or so)


def _unit(view: ChinatownView) -> int:
    return int(str(view["options"]["money_unit"]))


def _subject(seat: int, me: int, who_is: Sequence[str], verb: str = "give") -> str:
    """ "You give" / "Bob gives"."""
    name = who(seat, me, who_is)
    return f"{name[0].upper()}{name[1:]} {verb if seat == me else verb + 's'}"


def _active_others(view: ChinatownView, seat: int) -> list[int]:
    return [p["seat"] for p in view["players"] if not p["resigned"] and p["seat"] != seat]


def read_draft(table: Table, seat: int, text: str) -> Draft:
    """A draft from a payload, checked against the table: this round, players still in, sensible legs."""
    try:
        draft = Draft.decode(text)
    except ValueError:
        raise UserError(UNREADABLE) from None
    view = view_of(table, None)
    if draft.round != view["round"]:
        raise UserError(OLD)
    if not draft.partners or not set(draft.partners) <= set(_active_others(view, seat)):
        raise UserError(GONE)
    sides = set(draft.sides(seat))
    for leg in draft.legs:
        item = leg.item
        if leg.giver not in sides or leg.receiver not in sides or leg.giver == leg.receiver:
            raise UserError(UNREADABLE)
        empty = item.kind != "lot" and item.count + item.units == 0
        if empty or (item.kind == "lot" and not 1 <= item.lot <= LOT_COUNT):
            raise UserError(UNREADABLE)
    return draft


# -- starting ----------------------------------------------------------------------------------------------
def start(table: Table, seat: int, round_no: int) -> Panel:
    view, ref, who_is = view_of(table, seat), Ref.of(table), names(table)
    others = _active_others(view, seat)
    if len(others) == 1:
        return draft_step(table, seat, Draft(round_no, 0, (others[0],)))
    options = [choice(who_is[s], str(s)) for s in others]
    pick = ControlSelect(
        ref, payload("who", round_no), options, "Trade with… (one or more)", min_values=1, max_values=len(others)
    )
    back = ControlButton(ref, "home", "Back", style=BACK, row=1)
    return Panel("**New offer**: who do you want to trade with? Pick one or more players.", persistent_view(pick, back))


def partners(table: Table, seat: int, round_no: int, values: Sequence[str]) -> Panel:
    chosen = sorted({number(value, 1) for value in values})
    if not chosen or not set(chosen) <= set(_active_others(view_of(table, None), seat)):
        raise UserError(GONE)
    return draft_step(table, seat, Draft(round_no, 0, tuple(chosen)))


def counter(table: Table, seat: int, round_no: int, offer_id: int) -> Panel:
    view = view_of(table, seat)
    offer = next((o for o in view["offers"] if o["id"] == offer_id and o["status"] == "open"), None)
    if offer is None:
        raise UserError("That offer is closed.")
    if seat not in offer["participants"]:
        raise UserError(f"Only the players of offer #{offer_id} can change it; make your own with New offer.")
    draft = from_offer(round_no, dict(offer), seat, _unit(view))
    if not draft.fits():
        raise UserError("This offer is too long to change here; decline it and make a new one.")
    return draft_step(table, seat, draft)


# -- the draft ---------------------------------------------------------------------------------------------
def _leg_view(view: ChinatownView, leg: Leg, unit: int) -> dict[str, Any]:
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


def _money_left(view: ChinatownView, draft: Draft, seat: int) -> int:
    """Money units the viewer can still list (only the viewer's own cash is known)."""
    return (view["players"][seat]["cash"] or 0) // _unit(view) - draft.given(seat, "money")


def _lot_option(view: ChinatownView, lot: int, who_is: Sequence[str]) -> discord.SelectOption:
    label = lot_text(lot, view["lots"][lot - 1]["tile"])
    return choice(label[0].upper() + label[1:], f"L{lot}", neighbours_text(view, lot, who_is))


def _side_options(view: ChinatownView, draft: Draft, side: int, me: int, who_is: Sequence[str]) -> list[Any]:
    listed = draft.lots()
    lots = [lot for lot in view["lots"] if lot["owner"] == side and lot["lot"] not in listed]
    others: list[discord.SelectOption] = []
    for shop_id, held in view["players"][side]["hand_tiles"].items():
        shop = Shop(shop_id)
        left = held - draft.given(side, "tiles", shop)
        if left > 0:
            about = f"{left} left to give · complete at {BOARD.shops[shop].max_size}"
            others.append(choice(f"1 × {tile(shop_id)}", SHOP_LETTER[shop], about))
    if side != me or _money_left(view, draft, me) > 0:
        others.append(choice("Money…", "M", "choose an amount"))
    lot_options = [_lot_option(view, lot["lot"], who_is) for lot in lots]
    if len(lot_options) + len(others) > 25:
        lot_options = [choice(f"A lot… ({len(lots)} lots)", "lots", "choose from the list")]
    return [*lot_options, *others]


def _post_problem(view: ChinatownView, seat: int, draft: Draft) -> str | None:
    """Why the draft cannot be posted as it is (the engine would refuse it, or it changes nothing); None when
    it can. Only what the poster knows is checked: their own money, never anybody else's."""
    unit = _unit(view)
    if not draft.legs:
        return "Nothing yet."
    if all(seat not in (leg.giver, leg.receiver) for leg in draft.legs):
        return "Add something you give or receive: whoever posts an offer is part of it (a broker lists a fee)."
    if _money_left(view, draft, seat) < 0:
        return "You do not have all the money you give here: lower it or remove it."
    if draft.offer:
        offer = next((o for o in view["offers"] if o["id"] == draft.offer and o["status"] == "open"), None)
        if offer is not None and same_terms(draft, dict(offer), unit):
            then = "; accept it instead" if seat not in offer["accepted"] else ""
            return f"These are the terms of offer #{draft.offer} already{then}. Change something to post a new version."
        return None
    for offer in my_open_offers(view, seat):
        if offer["author"] == seat and same_terms(draft, dict(offer), unit):
            return f"You have posted this offer already: #{offer['id']}."
    return None


def draft_step(table: Table, seat: int, draft: Draft) -> Panel:
    view, ref, who_is = view_of(table, seat), Ref.of(table), names(table)
    sides, code, unit = draft.sides(seat), draft.encode(), _unit(view)
    head = f"**Counter-offer to #{draft.offer}**" if draft.offer else "**New offer**"
    lines = [f"{head} between {join([who(s, seat, who_is) for s in sides])}:"]
    lines += [f"• {leg_line(_leg_view(view, leg, unit), seat, who_is)}" for leg in draft.legs]
    problem = _post_problem(view, seat, draft)
    lines.append(problem or "Post it when it is complete: posting counts as your acceptance.")
    lines.append(f"Your money: {money(view['players'][seat]['cash'])}.")
    items: list[discord.ui.Item[Any]] = []
    givers = {side: _side_options(view, draft, side, seat, who_is) for side in sides}
    givers = {side: options for side, options in givers.items() if options}
    if len(code) > LIMIT - ROOM:  # one more item might not fit in the custom_ids any more
        lines.append("The offer is as long as the builder allows: post it, or remove an item to add another.")
    elif len(sides) <= 4:
        for row, (side, options) in enumerate(givers.items()):
            add = payload("add", code, side)
            items.append(ControlSelect(ref, add, options, f"{_subject(side, seat, who_is)}…", row=row))
    else:
        options = [choice(_subject(side, seat, who_is) + "…", str(side)) for side in givers]
        items.append(ControlSelect(ref, payload("giv", code), options, "Who gives something?", row=0))
    if problem is None:
        label = "Post counter-offer" if draft.offer else "Post offer"
        items.append(ControlButton(ref, payload("pst", code), label, style=discord.ButtonStyle.success, row=4))
    if draft.legs:
        items.append(ControlButton(ref, payload("rmv", code), "Remove an item", style=BACK, row=4))
    items.append(ControlButton(ref, "home", "Cancel", style=BACK, row=4))
    return Panel("\n".join(lines), persistent_view(*items))


def _side(draft: Draft, seat: int, text: str) -> int:
    side = number(text, 1)
    if side not in draft.sides(seat):
        raise UserError(UNREADABLE)
    return side


def _giver_step(table: Table, seat: int, draft: Draft, side: int) -> Panel:
    view, ref, who_is = view_of(table, seat), Ref.of(table), names(table)
    options = _side_options(view, draft, side, seat, who_is)
    if not options:
        raise UserError(f"There is nothing left that {who(side, seat, who_is)} could give.")
    code = draft.encode()
    pick = ControlSelect(ref, payload("add", code, side), options, f"{_subject(side, seat, who_is)}…", row=0)
    back = ControlButton(ref, payload("drf", code), "Back", style=BACK, row=1)
    return Panel(f"What does {who(side, seat, who_is)} give?", persistent_view(pick, back))


def _item(view: ChinatownView, draft: Draft, side: int, me: int, code: str) -> Item:
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
        ok = item.units > 0 and (side != me or item.units <= _money_left(view, draft, me))
    if not ok:
        raise UserError(GONE)
    return item


def _item_text(view: ChinatownView, item: Item) -> str:
    if item.kind == "lot":
        return lot_text(item.lot, view["lots"][item.lot - 1]["tile"])
    if item.kind == "tiles" and item.shop is not None:
        return tile(item.shop.value, item.count)
    return money(item.units * _unit(view))


def _to_whom(table: Table, seat: int, draft: Draft, side: int, item: Item) -> Panel:
    receivers = [s for s in draft.sides(seat) if s != side]
    if len(receivers) == 1:
        return _added(table, seat, draft, Leg(side, receivers[0], item))
    view, ref, who_is, code = view_of(table, seat), Ref.of(table), names(table), draft.encode()
    buttons: list[discord.ui.Item[Any]] = [
        ControlButton(ref, payload("to", code, side, item.code(), r), f"To {who(r, seat, who_is)}", row=0)
        for r in receivers
    ]
    buttons.append(ControlButton(ref, payload("drf", code), "Back", style=BACK, row=1))
    text = f"Who receives {_item_text(view, item)} from {who(side, seat, who_is)}?"
    return Panel(text, persistent_view(*buttons))


def _added(table: Table, seat: int, draft: Draft, leg: Leg) -> Panel:
    longer = draft.add(leg)
    if not longer.fits():
        raise UserError(TOO_LONG)
    return draft_step(table, seat, longer)


def _money_step(table: Table, seat: int, draft: Draft, side: int) -> Panel:
    view, ref, who_is = view_of(table, seat), Ref.of(table), names(table)
    unit, left = _unit(view), _money_left(view, draft, seat)
    amounts = [k for k in PRESETS if side != seat or k <= left]
    if not amounts:
        raise UserError("You have no money left to offer.")
    options = [choice(money(k * unit), str(k)) for k in amounts]
    code = draft.encode()
    pick = ControlSelect(ref, payload("mny", code, side), options, "How much?", row=0)
    back = ControlButton(ref, payload("drf", code), "Back", style=BACK, row=1)
    text = f"How much money does {who(side, seat, who_is)} give? Pick again later to add more."
    return Panel(text, persistent_view(pick, back))


def _lots_step(table: Table, seat: int, draft: Draft, side: int) -> Panel:
    view, ref, who_is, code = view_of(table, seat), Ref.of(table), names(table), draft.encode()
    listed = draft.lots()
    options = [
        _lot_option(view, lot["lot"], who_is)
        for lot in view["lots"]
        if lot["owner"] == side and lot["lot"] not in listed
    ]
    steps: list[discord.ui.Item[Any]] = list(selects(ref, payload("add", code, side), options, "Which lot?"))
    steps.append(ControlButton(ref, payload("drf", code), "Back", style=BACK, row=4))
    return Panel(f"Which lot does {who(side, seat, who_is)} give?", persistent_view(*steps))


def _remove_step(table: Table, seat: int, draft: Draft) -> Panel:
    view, ref, who_is, code = view_of(table, seat), Ref.of(table), names(table), draft.encode()
    unit = _unit(view)
    options = [choice(leg_line(_leg_view(view, leg, unit), seat, who_is), str(i)) for i, leg in enumerate(draft.legs)]
    pick = ControlSelect(ref, payload("rm", code), options[:25], "Remove which item?", row=0)
    back = ControlButton(ref, payload("drf", code), "Back", style=BACK, row=1)
    return Panel("Which item comes off the offer?", persistent_view(pick, back))


def post(table: Table, seat: int, draft: Draft) -> Action:
    """The offer as a propose (or, for a counter-offer, an edit). Checked again here: a second click on the
    same Post button must not make a second offer."""
    view = view_of(table, seat)
    problem = _post_problem(view, seat, draft)
    if problem is not None:
        raise UserError(problem)
    legs = draft.action_legs(_unit(view))
    if draft.offer:
        offer = next((o for o in view["offers"] if o["id"] == draft.offer), None)
        note = offer["note"] if offer is not None and offer["author"] == seat else ""  # the author's own words
        return {"type": "edit", "offer": draft.offer, "legs": legs, "note": note}
    return {"type": "propose", "legs": legs, "note": ""}


def resolve(table: Table, seat: int, verb: str, args: Sequence[str], values: Sequence[str]) -> Action | Panel:
    """The builder's steps (``verb`` in BUILDER_VERBS). ``args`` start with the round or the draft."""
    value = values[0] if len(values) == 1 else None
    if verb in ("new", "who", "ctr"):
        round_no = number(args[0], 1)
        if verb == "new" and len(args) == 1:
            return start(table, seat, round_no)
        if verb == "who" and len(args) == 1:
            return partners(table, seat, round_no, values)
        if verb == "ctr" and len(args) == 2:
            return counter(table, seat, round_no, number(args[1]))
        raise UserError(UNREADABLE)
    draft = read_draft(table, seat, args[0])
    rest = args[1:]
    view = view_of(table, seat)
    if verb == "drf" and not rest:
        return draft_step(table, seat, draft)
    if verb == "add" and len(rest) in (1, 2) and value is not None:  # a second part: selects()' ".<n>"
        side = _side(draft, seat, rest[0])
        if value == "M":
            return _money_step(table, seat, draft, side)
        if value == "lots":
            return _lots_step(table, seat, draft, side)
        item = _item(view, draft, side, seat, value if value.startswith("L") else f"{value}1")
        return _to_whom(table, seat, draft, side, item)
    if verb == "giv" and not rest and value is not None:
        return _giver_step(table, seat, draft, _side(draft, seat, value))
    if verb == "mny" and len(rest) == 1 and value is not None:
        side = _side(draft, seat, rest[0])
        return _to_whom(table, seat, draft, side, _item(view, draft, side, seat, f"M{number(value)}"))
    if verb == "to" and len(rest) == 3:
        side, receiver = _side(draft, seat, rest[0]), _side(draft, seat, rest[2])
        if receiver == side:
            raise UserError(UNREADABLE)
        return _added(table, seat, draft, Leg(side, receiver, _item(view, draft, side, seat, rest[1])))
    if verb == "rmv" and not rest and draft.legs:
        return _remove_step(table, seat, draft)
    if verb == "rm" and not rest and value is not None and number(value, 2) < len(draft.legs):
        return draft_step(table, seat, draft.without(int(value)))
    if verb == "pst" and not rest:
        return post(table, seat, draft)
    raise UserError(UNREADABLE)

