"""The trade builder (ephemeral): pick partners, then what each player gives (lots with any shop on them,
tiles from hand, money), then post the offer. A counter-offer opens it on an offer's current terms and
posts a new version of that offer (any of its players may change it; the change clears acceptances).

The draft travels in the payloads (:mod:`cogs.controls.chinatown.draft`). Payloads:
``new.<round>``, ``who.<round>`` (partners multi-select), ``ctr.<round>.<offer>``, and on a draft ``D``:
``drf.D`` (show), ``add.D.<side>`` (item select: ``L<lot>``, a shop letter, ``M`` or ``lots``),
``giv.D`` (giver select, for five-player offers), ``mny.D.<side>`` (amount select), ``to.D.<side>.<item>.<seat>``
(recipient), ``rmv.D`` / ``rm.D`` (remove an item), ``pst.D`` (post).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import UserError
from bot.games.base import Action
from bot.games.chinatown.data import LOT_COUNT
from bot.games.chinatown.schema import ChinatownView
from bot.tables import Table
from cogs.components import ControlButton, ControlSelect, Panel, Ref, choice, persistent_view
from cogs.controls.chinatown.common import GONE, OLD, UNREADABLE, names, number, payload, view_of
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
    to_whom,
    unit_of,
)

BUILDER_VERBS = frozenset({"new", "who", "ctr", "drf", "add", "giv", "mny", "to", "rmv", "rm", "pst"})


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
    draft = from_offer(round_no, dict(offer), seat, unit_of(view))
    if not draft.fits():
        raise UserError("This offer is too long to change here; decline it and make a new one.")
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
        side = side_of(draft, seat, rest[0])
        if value == "M":
            return money_step(table, seat, draft, side)
        if value == "lots":
            return lots_step(table, seat, draft, side)
        item = item_of(view, draft, side, seat, value if value.startswith("L") else f"{value}1")
        return to_whom(table, seat, draft, side, item)
    if verb == "giv" and not rest and value is not None:
        return giver_step(table, seat, draft, side_of(draft, seat, value))
    if verb == "mny" and len(rest) == 1 and value is not None:
        side = side_of(draft, seat, rest[0])
        return to_whom(table, seat, draft, side, item_of(view, draft, side, seat, f"M{number(value)}"))
    if verb == "to" and len(rest) == 3:
        side, receiver = side_of(draft, seat, rest[0]), side_of(draft, seat, rest[2])
        if receiver == side:
            raise UserError(UNREADABLE)
        return added(table, seat, draft, Leg(side, receiver, item_of(view, draft, side, seat, rest[1])))
    if verb == "rmv" and not rest and draft.legs:
        return remove_step(table, seat, draft)
    if verb == "rm" and not rest and value is not None and number(value, 2) < len(draft.legs):
        return draft_step(table, seat, draft.without(int(value)))
    if verb == "pst" and not rest:
        return post(table, seat, draft)
    raise UserError(UNREADABLE)

