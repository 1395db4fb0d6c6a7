"""Phase 3, trading: the private trading panel, one offer's answers, and the offer messages in the thread.

Every player may trade at any time in the phase, done or not (the engine's ``can_act``). Controls here carry
the round and, for an acceptance, the offer's version; the engine refuses a repeat or an old version
(STALE_VERSION, OFFER_CLOSED), so they keep working while other players move (see ``version_free``).

Payloads: ``rdy.<round>.<1|0>`` (done / back to trading), ``ofs.<round>`` (select of my open offers),
``acc.<round>.<offer>.<version>``, ``rej.<round>.<offer>``, ``can.<round>.<offer>`` (withdraw).
The offer builder (``new``, ``ctr`` and the draft steps) lives in :mod:`cogs.controls.chinatown.builder`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.base.language import mark, tr, trn
from bot.games.chinatown.schema import ChinatownView, OfferView
from bot.names import public_names
from bot.statuses import TableStatus
from bot.tables import Notification, Table
from cogs.components import ControlButton, ControlSelect, Panel, PublicControlButton, Ref, choice, persistent_view
from cogs.controls.chinatown.common import close_up, in_round, names, number, payload, view_of
from cogs.controls.chinatown.verbs import Verb
from cogs.controls.chinatown.words import join, offer_lines, offer_title, trading_status
from cogs.controls.routes import GONE, UNREADABLE, Click, Route, route
from render.crops import Focus

SHOWN_OFFERS = 5  # offers written out in the panel's text; all of them are in its select (up to 25)
CANNOT_PAY = mark("You cannot pay your money in this offer now, so you cannot accept it.")

ButtonKind = type[ControlButton] | type[PublicControlButton]


def my_open_offers(view: ChinatownView, seat: int) -> list[OfferView]:
    return [o for o in view["offers"] if o["status"] == "open" and seat in o["participants"]]


def open_offer(view: ChinatownView, seat: int, offer_id: int) -> OfferView:
    for offer in my_open_offers(view, seat):
        if offer["id"] == offer_id:
            return offer
    raise UserError(GONE)


def can_pay(view: ChinatownView, offer: Mapping[str, Any], seat: int) -> bool:
    """V9 for the viewer's own money legs, from the viewer's own cash (others' cash is never known)."""
    owed = sum(leg["amount"] or 0 for leg in offer["legs"] if leg["kind"] == "money" and leg["from"] == seat)
    return owed <= (view["players"][seat]["cash"] or 0)


def prompt(table: Table, seat: int) -> str:
    view, who_is = view_of(table, seat), names(table)
    lines = [
        tr("Trading in {year}: make offers, answer them, and press Done trading when you are finished.",
           year=view["year"]),
        trading_status(view, who_is),
    ]
    mine = my_open_offers(view, seat)
    for offer in mine[:SHOWN_OFFERS]:
        lines += [f"**{offer_title(offer, seat, who_is)}**", *offer_lines(offer, seat, who_is)]
    if len(mine) > SHOWN_OFFERS:
        lines.append(trn("…and {n} more open offer of yours in the menu.",
                         "…and {n} more open offers of yours in the menu.", len(mine) - SHOWN_OFFERS))
    return "\n".join(lines)


def offer_lots(offers: Sequence[Mapping[str, Any]]) -> list[int]:
    """The lots these offers trade."""
    return [leg["lot"] for offer in offers for leg in offer["legs"] if leg["kind"] == "lot"]


def focus(table: Table, seat: int) -> Focus:
    """The trading panel's picture: the lots of the seat's open offers ringed, else every district."""
    return close_up(offer_lots(my_open_offers(view_of(table, seat), seat)))


def _summary(offer: OfferView, seat: int, who_is: Sequence[str]) -> str:
    waiting = [p for p in offer["participants"] if p not in offer["accepted"]]
    state = tr("waiting for you") if seat in waiting else tr(
        "waiting for {players}", players=join([who_is[p] for p in waiting])
    )
    if offer["author"] == seat:
        return tr("#{offer} yours: {state}", offer=offer["id"], state=state)
    return tr("#{offer} by {author}: {state}", offer=offer["id"], author=who_is[offer["author"]], state=state)


def build(table: Table, seat: int) -> discord.ui.View:
    view, ref, who_is = view_of(table, seat), Ref.of(table), names(table)
    round_no = view["round"]
    items: list[discord.ui.Item[Any]] = []
    mine = my_open_offers(view, seat)[:25]
    if mine:
        options = [
            choice(_summary(o, seat, who_is), str(o["id"]),
                   trn("version {version} · {n} item", "version {version} · {n} items", len(o["legs"]),
                       version=o["version"]))
            for o in mine
        ]
        items.append(ControlSelect(ref, payload(Verb.OFFER, round_no), options, tr("Answer or change an offer…"),
                                   row=0))
    items.append(ControlButton(ref, payload(Verb.NEW, round_no), tr("New offer"), row=1))
    if view["players"][seat]["ready"]:
        items.append(
            ControlButton(
                ref, payload(Verb.READY, round_no, 0), tr("Back to trading"), style=discord.ButtonStyle.secondary, row=1
            )
        )
    else:
        items.append(
            ControlButton(ref, payload(Verb.READY, round_no, 1), tr("Done trading"), style=discord.ButtonStyle.success,
                          row=1)
        )
    return persistent_view(*items)


def answer_buttons(
    kind: ButtonKind, ref: Ref, round_no: int, offer: Mapping[str, Any], *, accept: bool = True, withdraw: bool = True
) -> list[discord.ui.Item[Any]]:
    """Accept / Decline / Counter-offer / Withdraw for one offer, as private or public buttons."""
    offer_id = offer["id"]
    buttons: list[discord.ui.Item[Any]] = []
    if accept:
        accept_id = payload(Verb.ACCEPT, round_no, offer_id, offer["version"])
        buttons.append(kind(ref, accept_id, tr("Accept"), style=discord.ButtonStyle.success, row=0))
    decline = payload(Verb.REJECT, round_no, offer_id)
    buttons.append(kind(ref, decline, tr("Decline"), style=discord.ButtonStyle.danger, row=0))
    buttons.append(kind(ref, payload(Verb.COUNTER, round_no, offer_id), tr("Counter-offer"), row=0))
    if withdraw:
        cancel_id = payload(Verb.CANCEL, round_no, offer_id)
        buttons.append(kind(ref, cancel_id, tr("Withdraw"), style=discord.ButtonStyle.secondary, row=0))
    return buttons


def offer_step(table: Table, seat: int, round_no: int, offer_id: int) -> Panel:
    """One of my open offers, with what I may do about it (exactly the engine's legal answers)."""
    view, ref, who_is = view_of(table, seat), Ref.of(table), names(table)
    offer = open_offer(view, seat, offer_id)
    payable = can_pay(view, offer, seat)
    accept = seat not in offer["accepted"] and payable
    buttons = answer_buttons(ControlButton, ref, round_no, offer, accept=accept, withdraw=offer["author"] == seat)
    buttons.append(ControlButton(ref, Verb.HOME, tr("Back"), style=discord.ButtonStyle.secondary, row=1))
    lines = [f"**{offer_title(offer, seat, who_is)}**", *offer_lines(offer, seat, who_is)]
    if not payable:
        lines.append(tr(CANNOT_PAY))
    elif seat in offer["accepted"]:
        lines.append(tr("You have accepted this version; a change by anyone clears the acceptances."))
    lots = offer_lots([offer])
    return Panel("\n".join(lines), persistent_view(*buttons), close_up(lots) if lots else None)


def _ready(click: Click, round_no: int) -> Action:
    if click.args[1] not in ("0", "1"):
        raise UserError(UNREADABLE)
    return {"type": "ready", "ready": click.args[1] == "1"}


#: The panel's own steps and the answers to offers; each carries the round.
ROUTES: dict[Verb, Route] = {
    Verb.READY: route(in_round(_ready), 2),
    Verb.OFFER: route(in_round(lambda c, round_no: offer_step(c.table, c.seat, round_no, number(c.value))), 1,
                      value=True),
    Verb.ACCEPT: route(in_round(lambda c, _: {"type": "accept", "offer": number(c.args[1]),
                                              "version": number(c.args[2])}), 3),
    Verb.REJECT: route(in_round(lambda c, _: {"type": "reject", "offer": number(c.args[1])}), 2),
    Verb.CANCEL: route(in_round(lambda c, _: {"type": "cancel", "offer": number(c.args[1])}), 2),
}


# -- the thread ------------------------------------------------------------------------------------------
def thread_extras(table: Table, note: Notification) -> list[tuple[str, dict[str, Any]]]:
    """After a board message: each offer just proposed or changed, with buttons for its players, as the
    public view shows it (money hidden when the table says so; nothing at all for private offers), named
    ``<offer>.<version>`` so that its outcome can be written under it later."""
    if table.status != TableStatus.RUNNING or table.state is None:
        return []
    view = view_of(table, None)
    current = {o["id"]: o for o in view["offers"]}
    messages = []
    for event in note.events:
        posted = event.public.get("offer") if event.type in ("offer_proposed", "offer_edited") else None
        offer = current.get(posted["id"]) if isinstance(posted, Mapping) else None
        if offer is None or offer["status"] != "open" or posted is None or offer["version"] != posted["version"]:
            continue  # answered or changed already: the newer state has its own message
        changed_by = event.public.get("by") if event.type == "offer_edited" else None
        messages.append((f"{offer['id']}.{offer['version']}", _offer_message(table, view, offer, changed_by)))
    return messages


PRIVATE_OFFER = mark("A private offer for you")


def private_alerts(table: Table, note: Notification) -> dict[int, str]:
    """Seats to tell privately of an offer only its players see (no thread message, and the table does not
    wait for them in public): each participant who has yet to accept it, not its author."""
    if table.status != TableStatus.RUNNING or table.state is None:
        return {}
    seats: dict[int, str] = {}
    for event in note.events:
        if event.type not in ("offer_proposed", "offer_edited") or event.public.get("offer") is not None:
            continue
        for seat, part in event.private.items():
            offer = part.get("offer")
            if isinstance(offer, Mapping) and seat != offer.get("author") and seat not in offer.get("accepted", []):
                seats[seat] = tr(PRIVATE_OFFER)
    return seats


OUTCOMES = {
    "executed": mark("**Accepted by everyone: the trade is done.**"),
    "rejected": mark("**Declined.**"),
    "cancelled": mark("**Withdrawn.**"),
    "void": mark("**Void: it can no longer be carried out.**"),
}


def extra_outcome(table: Table, ref: str) -> str | None:
    """The outcome line of the offer message ``ref`` (``<offer>.<version>``) once it is known; None while
    that version is still open."""
    offer_id, _, version = ref.partition(".")
    view = view_of(table, None) if table.state is not None else None
    offers = {o["id"]: o for o in view["offers"]} if view is not None else {}
    offer = offers.get(int(offer_id)) if offer_id.isdigit() else None
    if offer is None:
        running = table.status == TableStatus.RUNNING
        return tr("**Closed: trading is over.**") if running else tr("**Closed: the game is over.**")
    if str(offer["version"]) != version:
        return tr("**Changed: version {version} is below.**", version=offer["version"])
    if table.status != TableStatus.RUNNING:
        return tr("**Closed: the game is over.**")
    outcome = OUTCOMES.get(offer["status"])
    return tr(outcome) if outcome is not None else None


def _offer_message(table: Table, view: ChinatownView, offer: OfferView, changed_by: int | None) -> dict[str, Any]:
    mentions = public_names(table)
    lines = [f"**{offer_title(offer, None, mentions, changed_by)}**", *offer_lines(offer, None, mentions)]
    lines.append(tr("Its players answer with the buttons; a counter-offer starts from these terms."))
    waiting = [table.player_at(p) for p in offer["participants"] if p not in offer["accepted"]]
    users = [discord.Object(id=p.user_id) for p in waiting if p.user_id is not None and not p.is_ai]
    buttons = answer_buttons(PublicControlButton, Ref.of(table), view["round"], offer)
    return {
        "content": "\n".join(lines),
        "view": persistent_view(*buttons),
        "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False),
    }
