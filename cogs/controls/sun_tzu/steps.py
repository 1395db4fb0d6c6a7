"""Sun Tzu decisions after the orders: the seat's current panel (its decision, or what it may do while the
game waits for the other seat), exceptional support (D14) from any panel, and reading a click: the payloads
are a :class:`~cogs.controls.sun_tzu.verbs.Verb` and its arguments, routed by ``ROUTES``.

Support, which a seat may also use while the game waits for the other one, comes from the seat's own view.
Every payload is untrusted: it is parsed strictly here and the engine re-checks the action.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.errors import UserError
from bot.games.base import Action
from bot.games.base.language import tr, trn, trp
from bot.games.sun_tzu.data import PROVINCES, WARLORD_DEFS
from cogs.components import ControlButton, Panel, persistent_view
from cogs.controls.routes import UNREADABLE, Click, Handler, Route, route
from cogs.controls.sun_tzu import orders
from cogs.controls.sun_tzu.decisions import DECISIONS, SECONDARY, Item, buttons, direct, head, next_row, targets
from cogs.controls.sun_tzu.orders import PROVINCES_PICTURE
from cogs.controls.sun_tzu.seat import Seat
from cogs.controls.sun_tzu.verbs import Verb
from cogs.controls.sun_tzu.words import (
    LABELS,
    awaited,
    card,
    hand_text,
    me,
    opponent,
    support_cards,
)

SOURCES = ("reserve", "none", *PROVINCES)
# Decisions about the seat's own cards and warlords, which its own picture shows; the others are about the
# provinces (which to reveal, where a warlord acts, where armies come from, the battle just fought).
ABOUT_CARDS = frozenset({"choose_warlord", "keep", "recycle", "chariot"})


def _with_support(seat: Seat, items: list[Item]) -> list[Item]:
    if support_cards(seat.view):
        support = ControlButton(seat.ref, Verb.SUPPORT, tr("Exceptional support…"), style=SECONDARY,
                                 row=next_row(items))
        items.append(support)
    return items


# -- the root panel of each decision -----------------------------------------------------------------
def root(seat: Seat) -> Panel:
    """The seat's current panel: its decision when the game waits for it, else what it may still do."""
    view = seat.view
    if view["stage"] == "over":
        return Panel(f"{head(seat)}{tr('The game is over: the final result is on the board.')}", None)
    decision = seat.decision if seat.waited_for else None
    if decision == "commit":
        return orders.editor(seat, orders.tidy(view, list(orders.committed_codes(view))))
    if decision is None:
        return _idle(seat)
    due, items = DECISIONS["window" if decision in ("pass", "use_warlord") else decision](seat)
    items = _with_support(seat, items)
    text = f"{head(seat)}{due}\n{hand_text(view)}"
    picture = PROVINCES_PICTURE if items and decision not in ABOUT_CARDS else None
    return Panel(text, persistent_view(*items) if items else None, picture)


def _may_change_orders(seat: Seat) -> bool:
    view = seat.view
    return view["stage"] == "assign" and me(view)["committed"] and not opponent(view)["committed"]


def idle_choices(seat: Seat) -> bool:
    """Whether a seat the game does not wait for has anything to choose (change its orders, support)."""
    return _may_change_orders(seat) or bool(support_cards(seat.view))


def _idle(seat: Seat) -> Panel:
    view, items = seat.view, list[Item]()
    waiting = sorted(seat.table.to_act())
    players = trp("sun tzu list", " and ").join(seat.names[s] for s in waiting)
    lines = [tr("Nothing is due from you now.") + " " + awaited(view, players, len(waiting))]
    if _may_change_orders(seat):
        lines.append(tr("Your orders are committed; you can change them until {player} commits.", player=seat.other))
        items.append(ControlButton(seat.ref, f"{Verb.EDIT}.{orders.committed_codes(view)}", tr("Change my orders"),
                                   row=0))
    lines.append(orders.passing_line(view))
    items = _with_support(seat, items)
    if support_cards(view):
        lines.append(tr("You may use exceptional support at any time."))
    text = f"{head(seat)}{' '.join(filter(None, lines))}\n{hand_text(view)}"
    if not items:
        return Panel(text, None)
    return Panel(text, persistent_view(*items), PROVINCES_PICTURE if _may_change_orders(seat) else None)


# -- exceptional support -------------------------------------------------------------------------------
def support_step(seat: Seat, back: str = Verb.HOME) -> Panel:
    found = support_cards(seat.view)
    if not found:
        raise UserError(tr("Exceptional support needs a set-aside army and a card in hand that is not framed (1-6)."))
    specs = [(f"{Verb.SUPPORT}.{c['id']}", tr("Discard {card}", card=card(c["id"]))) for c in found]
    items = buttons(seat, specs)
    items.append(ControlButton(seat.ref, back, tr("Back"), style=SECONDARY, row=next_row(items)))
    text = trn(
        "Exceptional support: discard a card that is not framed. It is shown to {player} and leaves the game, "
        "and your {n} set-aside army returns to your reserve.",
        "Exceptional support: discard a card that is not framed. It is shown to {player} and leaves the game, "
        "and one of your {n} set-aside armies returns to your reserve.", me(seat.view)["set_aside"],
        player=seat.other,
    )
    return Panel(text, persistent_view(*items))


# -- reading a click -----------------------------------------------------------------------------------
def _card_arg(text: str) -> str:
    """A card instance id such as ``n7`` or ``plus1.2`` (whether the seat holds it is the engine's check)."""
    base, dot, copy = text.partition(".")
    if base not in LABELS or (dot and not (copy.isdigit() and len(copy) <= 2)):
        raise UserError(UNREADABLE)
    return text


def _flag(args: list[str]) -> bool:
    if args not in (["0"], ["1"]):
        raise UserError(UNREADABLE)
    return args == ["1"]


def _province_arg(text: str) -> str:
    if text not in PROVINCES:
        raise UserError(UNREADABLE)
    return text


def _warlord_arg(text: str) -> str:
    if text not in WARLORD_DEFS:
        raise UserError(UNREADABLE)
    return text


def _on_seat(step: Callable[[Seat, Click], Action | Panel]) -> Handler:
    return lambda click: step(Seat(click.table, click.seat), click)


def _support(seat: Seat, click: Click) -> Action | Panel:
    if not click.args:
        return support_step(seat)
    return {"type": "support", "card": _card_arg(click.rest)}


def _use(seat: Seat, click: Click) -> Action | Panel:
    wid = _warlord_arg(click.args[0])
    if len(click.args) == 2:
        return {"type": "use_warlord", "warlord": wid, "province": _province_arg(click.args[1])}
    single = direct(seat.legal_of("use_warlord"), wid)
    return single if single is not None else targets(seat, wid)


def _move(seat: Seat, click: Click) -> Action:
    if click.value.count(".") != 1:
        raise UserError(UNREADABLE)
    src, dst = click.value.split(".")
    return {"type": "use_warlord", "warlord": "wu_move_army", "from": _province_arg(src), "to": _province_arg(dst)}


def _source(seat: Seat, click: Click) -> Action:
    if click.args[0] not in SOURCES:
        raise UserError(UNREADABLE)
    return {"type": "source", "from": click.args[0]}


def _keep(seat: Seat, click: Click) -> Action:
    if not click.args:
        raise UserError(UNREADABLE)
    return {"type": "keep", "cards": sorted(_card_arg(c) for c in click.rest.split("-"))}


def _orders_support(seat: Seat, click: Click) -> Panel:
    """Support from the orders' summary: its Back returns to the same orders."""
    codes = "".join(orders.codes_of(seat, list(click.args)))
    return support_step(seat, back=f"{Verb.EDIT}.{codes}")


#: The decisions after the orders, and exceptional support.
ROUTES: dict[Verb, Route] = {
    Verb.HOME: route(_on_seat(lambda seat, _: root(seat)), 0),
    Verb.SUPPORT: route(_on_seat(_support), None),
    Verb.ORDERS_SUPPORT: route(_on_seat(_orders_support), 1),
    Verb.WARLORD: route(_on_seat(lambda _, c: {"type": "choose_warlord", "warlord": _warlord_arg(c.value)}), 0,
                        value=True),
    Verb.PASS: route(lambda _: {"type": "pass"}, 0),
    Verb.USE: route(_on_seat(_use), range(1, 3)),
    Verb.MOVE: route(_on_seat(_move), 0, value=True),
    Verb.REVEAL: route(lambda c: {"type": "reveal", "province": _province_arg(c.args[0])}, 1),
    Verb.REACT: route(lambda c: {"type": "react", "use": _flag(list(c.args))}, None),
    Verb.SOURCE: route(_on_seat(_source), 1),
    Verb.LIGHT_INFANTRY: route(lambda c: {"type": "light_infantry", "take": _flag(list(c.args))}, None),
    Verb.CHARIOT: route(lambda c: {"type": "chariot", "warlord": _warlord_arg(c.args[0]) if c.args else None},
                        range(2)),
    Verb.RECYCLE: route(lambda c: {"type": "recycle", "card": _card_arg(c.rest) if c.args else None}, None),
    Verb.KEEP: route(_on_seat(_keep), None),
}
