"""The trade builder (ephemeral): pick partners, then what each player gives (lots with any shop on them,
tiles from hand, money), then post the offer. A counter-offer opens it on an offer's current terms and
posts a new version of that offer (any of its players may change it; the change clears acceptances).

The draft travels in the payloads (:mod:`cogs.controls.chinatown.draft`). Payloads:
``new.<round>``, ``who.<round>`` (partners multi-select), ``ctr.<round>.<offer>``, and on a draft ``D``:
``drf.D`` (show), ``add.D.<side>`` (item select: ``L<lot>``, a shop letter, ``M``, ``lots`` or ``tiles``),
``giv.D`` (giver select, for five-player offers), ``mny.D.<side>`` (amount select), ``to.D.<side>.<item>.<seat>``
(recipient), ``rmv.D`` / ``rm.D`` (remove an item), ``pst.D`` (post).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.errors import UserError
from bot.games.base import Action
from bot.games.base.language import tr
from bot.games.chinatown.data import LOT_COUNT
from bot.games.chinatown.schema import ChinatownView
from bot.tables import Table
from cogs.components import ControlButton, ControlSelect, Panel, Ref, choice, persistent_view
from cogs.controls.chinatown.common import OLD, in_round, names, number, payload, view_of
from cogs.controls.chinatown.draft import Draft, Leg, from_offer
from cogs.controls.chinatown.draft_steps import (
    BACK,
    added,
    draft_step,
    giver_step,
    item_of,
    lots_step,
    money_step,
    post_problem,
    remove_step,
    side_of,
    tiles_step,
    to_whom,
    unit_of,
)
from cogs.controls.chinatown.verbs import Verb
from cogs.controls.routes import GONE, UNREADABLE, Click, Handler, Route, route


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
        raise UserError(tr(OLD))
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
    pick = ControlSelect(ref, payload(Verb.PARTNERS, round_no), options, tr("Trade with… (one or more)"), min_values=1,
                         max_values=len(others))
    back = ControlButton(ref, Verb.HOME, tr("Back"), style=BACK, row=1)
    text = tr("**New offer**: who do you want to trade with? Pick one or more players.")
    return Panel(text, persistent_view(pick, back))


def partners(table: Table, seat: int, round_no: int, values: Sequence[str]) -> Panel:
    chosen = sorted({number(value, 1) for value in values})
    if not chosen or not set(chosen) <= set(_active_others(view_of(table, None), seat)):
        raise UserError(GONE)
    return draft_step(table, seat, Draft(round_no, 0, tuple(chosen)))


def counter(table: Table, seat: int, round_no: int, offer_id: int) -> Panel:
    view = view_of(table, seat)
    offer = next((o for o in view["offers"] if o["id"] == offer_id and o["status"] == "open"), None)
    if offer is None:
        raise UserError(tr("That offer is closed."))
    if seat not in offer["participants"]:
        raise UserError(tr("Only the players of offer #{offer} can change it; make your own with New offer.",
                           offer=offer_id))
    draft = from_offer(round_no, dict(offer), seat, unit_of(view))
    if not draft.fits():
        raise UserError(tr("This offer is too long to change here; decline it and make a new one."))
    return draft_step(table, seat, draft)


def post(table: Table, seat: int, draft: Draft) -> Action:
    """The offer as a propose (or, for a counter-offer, an edit). Checked again here: a second click on the
    same Post button must not make a second offer."""
    view = view_of(table, seat)
    problem = post_problem(view, seat, draft)
    if problem is not None:
        raise UserError(problem)
    legs = draft.action_legs(unit_of(view))
    if draft.offer:
        offer = next((o for o in view["offers"] if o["id"] == draft.offer), None)
        note = offer["note"] if offer is not None and offer["author"] == seat else ""  # the author's own words
        return {"type": "edit", "offer": draft.offer, "legs": legs, "note": note}
    return {"type": "propose", "legs": legs, "note": ""}


def _in_draft(step: Callable[[Click, Draft], Action | Panel]) -> Handler:
    """A handler of a payload whose first argument is a draft, read and checked against the table."""
    return lambda click: step(click, read_draft(click.table, click.seat, click.args[0]))


def _add(click: Click, draft: Draft) -> Panel:
    table, seat, value = click.table, click.seat, click.value
    side = side_of(draft, seat, click.args[1])
    if value == "M":
        return money_step(table, seat, draft, side)
    if value == "lots":
        return lots_step(table, seat, draft, side)
    if value == "tiles":
        return tiles_step(table, seat, draft, side)
    item = item_of(view_of(table, seat), draft, side, seat, value if value.startswith("L") else f"{value}1")
    return to_whom(table, seat, draft, side, item)


def _lot_group(click: Click, draft: Draft) -> Panel:
    """The lots of the district chosen, when the lots a side may give are too many for one list."""
    return lots_step(click.table, click.seat, draft, side_of(draft, click.seat, click.args[1]), click.value)


def _money(click: Click, draft: Draft) -> Panel:
    side = side_of(draft, click.seat, click.args[1])
    item = item_of(view_of(click.table, click.seat), draft, side, click.seat, f"M{number(click.value)}")
    return to_whom(click.table, click.seat, draft, side, item)


def _to(click: Click, draft: Draft) -> Panel:
    _, giver, code, receiver = click.args
    side, to = side_of(draft, click.seat, giver), side_of(draft, click.seat, receiver)
    if to == side:
        raise UserError(UNREADABLE)
    return added(click.table, click.seat, draft, Leg(side, to, item_of(view_of(click.table, click.seat), draft, side,
                                                                        click.seat, code)))


def _remove_pick(click: Click, draft: Draft) -> Panel:
    if not draft.legs:
        raise UserError(UNREADABLE)
    return remove_step(click.table, click.seat, draft)


def _remove(click: Click, draft: Draft) -> Panel:
    if number(click.value, 2) >= len(draft.legs):
        raise UserError(UNREADABLE)
    return draft_step(click.table, click.seat, draft.without(int(click.value)))


#: The builder's steps. A new offer, its partners and a counter-offer carry the round; every later step
#: carries the draft.
ROUTES: dict[Verb, Route] = {
    Verb.NEW: route(in_round(lambda c, round_no: start(c.table, c.seat, round_no)), 1),
    Verb.PARTNERS: route(in_round(lambda c, round_no: partners(c.table, c.seat, round_no, c.values)), 1),
    Verb.COUNTER: route(in_round(lambda c, round_no: counter(c.table, c.seat, round_no, number(c.args[1]))), 2),
    Verb.DRAFT: route(_in_draft(lambda c, draft: draft_step(c.table, c.seat, draft)), 1),
    Verb.ADD: route(_in_draft(_add), range(2, 4), value=True),  # a last part: selects()' ".<n>"
    Verb.LOT_GROUP: route(_in_draft(_lot_group), 2, value=True),
    Verb.GIVER: route(_in_draft(lambda c, draft: giver_step(c.table, c.seat, draft, side_of(draft, c.seat, c.value))),
                      1, value=True),
    Verb.MONEY: route(_in_draft(_money), range(2, 4), value=True),  # a last part: which select of amounts
    Verb.TO: route(_in_draft(_to), 4),
    Verb.REMOVE_PICK: route(_in_draft(_remove_pick), 1),
    Verb.REMOVE: route(_in_draft(_remove), 1, value=True),
    Verb.POST: route(_in_draft(lambda c, draft: post(c.table, c.seat, draft)), 1),
}

BUILDER_VERBS = frozenset(ROUTES)
