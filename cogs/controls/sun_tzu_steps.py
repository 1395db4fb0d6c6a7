"""Sun Tzu decisions after the orders (spec §7): each asked only of the seat that decides, with only the
legal choices, and exceptional support (D14) from any panel. Payloads (in custom_ids):

    wl (select: warlord) | pass | use.<warlord>[.<province>] | mv (select: <from>.<to>) | rv.<province>
    re.<0|1> | src.<reserve|province|none> | li.<0|1> | ch[.<warlord>] | rc[.<card>] | kp.<card>[-<card>]
    sup[.<card>] | home

The choices come from ``legal_actions`` (bounded for every decision but the orders); support, which a seat
may also use while the game waits for the other one, comes from the seat's own view. Every payload is
untrusted: it is parsed strictly here and the engine re-checks the action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.sun_tzu.data import PROVINCES, WARLORD_DEFS
from cogs.components import ControlButton, ControlSelect, Panel, choice, persistent_view
from cogs.controls import sun_tzu_orders as orders
from cogs.controls.sun_tzu_seat import Seat
from cogs.controls.sun_tzu_words import (
    GONE,
    LABELS,
    STAGE_WAITS,
    UNREADABLE,
    armies,
    board_line,
    card,
    event,
    hand_text,
    holder,
    me,
    opponent,
    points,
    province,
    support_cards,
    warlord,
    warlord_effect,
)

Item = discord.ui.Item[Any]
SECONDARY = discord.ButtonStyle.secondary
SOURCES = ("reserve", "none", *PROVINCES)


def _buttons(seat: Seat, specs: Sequence[tuple[str, str]], *, first_row: int = 0, style: Any = None) -> list[Item]:
    """(payload, label) pairs as buttons, five to a row."""
    return [
        ControlButton(seat.ref, payload, label, row=first_row + n // 5, **({"style": style} if style else {}))
        for n, (payload, label) in enumerate(specs)
    ]


def _next_row(items: Sequence[Item]) -> int:
    return max((item.row or 0 for item in items), default=-1) + 1


def _with_support(seat: Seat, items: list[Item]) -> list[Item]:
    if support_cards(seat.view):
        items.append(ControlButton(seat.ref, "sup", "Exceptional support…", style=SECONDARY, row=_next_row(items)))
    return items


def _head(seat: Seat) -> str:
    return f"**Sun Tzu #{seat.table.id}** · {board_line(seat.view)}\n"


def _battle_text(seat: Seat) -> str:
    battles = seat.view["battles"]
    if not battles:
        return ""
    b = battles[-1]
    mine_card, their_card = (b["blue"], b["red"]) if seat.view["viewer_colour"] == "blue" else (b["red"], b["blue"])
    where = province(b["province"])
    return f"Revealed in {where}: your {card(mine_card['id'])} against {seat.other}'s {card(their_card['id'])}."


# -- the root panel of each decision -----------------------------------------------------------------
def root(seat: Seat) -> Panel:
    """The seat's current panel: its decision when the game waits for it, else what it may still do."""
    view = seat.view
    if view["stage"] == "over":
        return Panel(f"{_head(seat)}The game is over: the final result is on the board.", None)
    decision = seat.decision if seat.waited_for else None
    if decision == "commit":
        return orders.editor(seat, orders.tidy(view, list(orders.committed_codes(view))))
    if decision is None:
        return _idle(seat)
    due, items = DECISIONS["window" if decision in ("pass", "use_warlord") else decision](seat)
    items = _with_support(seat, items)
    text = f"{_head(seat)}{due}\n{hand_text(view)}"
    return Panel(text, persistent_view(*items) if items else None)


def _may_change_orders(seat: Seat) -> bool:
    view = seat.view
    return view["stage"] == "assign" and me(view)["committed"] and not opponent(view)["committed"]


def idle_choices(seat: Seat) -> bool:
    """Whether a seat the game does not wait for has anything to choose (change its orders, support)."""
    return _may_change_orders(seat) or bool(support_cards(seat.view))


def _idle(seat: Seat) -> Panel:
    view, items = seat.view, list[Item]()
    waiting = sorted(seat.table.to_act())
    what = STAGE_WAITS.get(view["stage"], "")
    lines = [f"Nothing is due from you now: waiting for {' and '.join(seat.names[s] for s in waiting)} {what}."]
    if _may_change_orders(seat):
        lines.append(f"Your orders are committed; you can change them until {seat.other} commits.")
        items.append(ControlButton(seat.ref, f"oe.{orders.committed_codes(view)}", "Change my orders", row=0))
    items = _with_support(seat, items)
    if support_cards(view):
        lines.append("You may use exceptional support at any time.")
    return Panel(f"{_head(seat)}{' '.join(lines)}\n{hand_text(view)}", persistent_view(*items) if items else None)


def _choose_warlord(seat: Seat) -> tuple[str, list[Item]]:
    found = [a["warlord"] for a in seat.legal_of("choose_warlord")]
    options = [choice(warlord(wid), wid, warlord_effect(wid)) for wid in found]
    due = (
        f"Choose your warlord in secret: {seat.other} learns which only when you use it. "
        "Each can be used once (Head Start acts at once)."
    )
    return due, [ControlSelect(seat.ref, "wl", options, "Keep which warlord?", row=0)]


def _window(seat: Seat) -> tuple[str, list[Item]]:
    view = seat.view
    uses = seat.legal_of("use_warlord")
    when = "before the battles" if view["pending"]["window"] == 1 else "after the battles"
    due = f"Warlord window {when}: use a warlord now, or pass."
    held = view["warlords_held"] or []
    if held and not uses:
        due += f" Your {', '.join(map(warlord, held))} cannot be used now: pass to go on."
    elif not held:
        due += " You hold no warlord, but exceptional support is still possible before the final scoring."
    specs = [("pass", "Pass")]
    for wid in dict.fromkeys(a["warlord"] for a in uses):
        specs.append((f"use.{wid}", f"Use {warlord(wid)}" + ("" if _direct(uses, wid) else "…")))
    return due, _buttons(seat, specs)


def _direct(uses: Sequence[Action], wid: str) -> Action | None:
    """The one use of a warlord that needs no target (Total Plague), else None."""
    mine = [a for a in uses if a["warlord"] == wid]
    return mine[0] if len(mine) == 1 and set(mine[0]) == {"type", "warlord"} else None


def _targets(seat: Seat, wid: str) -> Panel:
    uses = [a for a in seat.legal_of("use_warlord") if a["warlord"] == wid]
    if not uses:
        raise UserError(GONE)
    items: list[Item]
    if any("from" in a for a in uses):
        options = [
            choice(
                f"{province(a['from'])} → {province(a['to'])}",
                f"{a['from']}.{a['to']}",
                " · ".join(f"{province(p)}: {holder(seat.view, p, seat.names)}" for p in (a["from"], a["to"])),
            )
            for a in uses
        ]
        items = [ControlSelect(seat.ref, "mv", options, "Move one army from… to…", row=0)]
    else:
        places = [a["province"] for a in uses]
        specs = [(f"use.{wid}.{p}", f"{province(p)} ({holder(seat.view, p, seat.names)})") for p in places]
        items = _buttons(seat, specs)
    items.append(ControlButton(seat.ref, "home", "Back", style=SECONDARY, row=_next_row(items)))
    return Panel(f"{warlord(wid)}: {warlord_effect(wid)}\nWhere?", persistent_view(*items))


def _pick(seat: Seat) -> tuple[str, list[Item]]:
    specs = []
    for pid in sorted((a["province"] for a in seat.legal_of("reveal")), key=PROVINCES.index):
        prov = seat.view["provinces"][PROVINCES.index(pid)]
        own = prov["own_card"]
        label = f"{prov['name']} · {points(prov['screen']['current'])}" + (f" · your {card(own['id'])}" if own else "")
        specs.append((f"rv.{pid}", label))
    return "You hold the privilege: which province is revealed and resolved next?", _buttons(seat, specs)


def _react(seat: Seat) -> tuple[str, list[Item]]:
    counter = seat.view["stage"] == "counter"
    wid = "chu_counter_plague" if counter else "wu_cap_at_six"
    usable = {"type": "react", "use": True} in seat.legal
    effect = (
        f"{seat.other}'s Plague would count as a 0 and the battle be fought"
        if counter
        else "the printed 7-10 would count as a 6 (it marks nothing)"
    )
    due = f"{_battle_text(seat)} You may react now: with {warlord(wid)}, {effect}."
    if not usable:
        due += " You do not hold it: continue."
    specs = [("re.1", f"Use {warlord(wid)}")] if usable else []
    return due, _buttons(seat, [*specs, ("re.0", "Continue without it")])


def _payment_text(seat: Seat) -> str:
    pay = next(p for p in seat.view["pending"]["payments"] if p["seat"] == seat.seat)
    owed, where = armies(pay["owed"]), province(pay["province"])
    if pay["kind"] == "place":
        text = f"You must still place {owed} in {where} and your reserve is empty."
    elif pay["kind"] == "challenge":
        text = f"{event(seat.view['pending']['event'])}: set aside {owed}, each from your reserve or a province."
    elif pay["dest"] == "mark":
        text = f"Your 6 marks {where} with one of your armies and your reserve is empty."
    else:
        text = f"You must set aside {owed} and your reserve is empty."
    return text + " Where does the next army come from?"


def _source(seat: Seat) -> tuple[str, list[Item]]:
    specs = []
    for a in seat.legal_of("source"):
        src = a["from"]
        if src == "reserve":
            label = f"From your reserve ({me(seat.view)['reserve']})"
        elif src == "none":
            label = "Leave the rest unpaid"
        else:
            label = f"From {province(src)} ({holder(seat.view, src, seat.names)})"
        specs.append((f"src.{src}", label))
    due = _payment_text(seat)
    if support_cards(seat.view):
        due += " Exceptional support first brings a set-aside army to your reserve."
    return due, _buttons(seat, specs)


def _light_infantry(seat: Seat) -> tuple[str, list[Item]]:
    where = province(seat.view["battles"][-1]["province"]) if seat.view["battles"] else "?"
    due = f"Light Infantry: both 1s were revealed in {where} and you are behind. Take a win by 1 there?"
    return due, _buttons(seat, [("li.1", f"Take the win by 1 in {where}"), ("li.0", "Decline")])


def _chariot(seat: Seat) -> tuple[str, list[Item]]:
    specs = [(f"ch.{a['warlord']}", f"Take {warlord(a['warlord'])}") for a in seat.legal_of("chariot") if a["warlord"]]
    due = "War Chariot: you have marked 3 provinces. Take one of your other warlords, in secret?"
    return due, _buttons(seat, [*specs, ("ch", "Take none")])


def _recycle(seat: Seat) -> tuple[str, list[Item]]:
    specs = [(f"rc.{a['card']}", f"Recycle your {card(a['card'])}") for a in seat.legal_of("recycle") if a["card"]]
    due = "You may put a card revealed this round under your deck; the top card of your deck then leaves the game."
    if not specs:
        due += " You hold no recycling warlord now: go on."
    return due, _buttons(seat, [*specs, ("rc", "Recycle nothing")])


def _keep(seat: Seat) -> tuple[str, list[Item]]:
    drawn = [c["id"] for c in seat.view["drawn"] or []]
    specs = []
    for a in seat.legal_of("keep"):
        kept = list(a["cards"])
        under = [c for c in drawn if c not in kept]
        specs.append((f"kp.{'-'.join(kept)}", f"Keep {' and '.join(map(card, kept))}, put {card(under[0])} under"))
    n = len(seat.legal_of("keep")[0]["cards"]) if specs else 1
    due = f"You drew {', '.join(map(card, drawn))}: keep {n}; the other goes under your deck."
    return due, _buttons(seat, specs)


DECISIONS = {
    "choose_warlord": _choose_warlord,
    "window": _window,
    "reveal": _pick,
    "react": _react,
    "source": _source,
    "light_infantry": _light_infantry,
    "chariot": _chariot,
    "recycle": _recycle,
    "keep": _keep,
}


# -- exceptional support -------------------------------------------------------------------------------
def support_step(seat: Seat, back: str = "home") -> Panel:
    found = support_cards(seat.view)
    if not found:
        raise UserError("Exceptional support needs a set-aside army and a card in hand that is not framed (1-6).")
    specs = [(f"sup.{c['id']}", f"Discard {card(c['id'])}") for c in found]
    items = _buttons(seat, specs)
    items.append(ControlButton(seat.ref, back, "Back", style=SECONDARY, row=_next_row(items)))
    text = (
        f"Exceptional support: discard a card that is not framed. It is shown to {seat.other} and leaves the game, "
        f"and one of your {me(seat.view)['set_aside']} set-aside armies returns to your reserve."
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


def resolve(seat: Seat, verb: str, rest: str, values: Sequence[str]) -> Action | Panel:
    """A decision click as its action, or the next step. ``rest`` is the payload after the verb."""
    args = rest.split(".") if rest else []
    value = values[0] if len(values) == 1 else None
    if verb == "home" and not args:
        return root(seat)
    if verb == "sup":
        if not rest:
            return support_step(seat)
        return {"type": "support", "card": _card_arg(rest)}
    if verb == "wl" and not args and value is not None:
        return {"type": "choose_warlord", "warlord": _warlord_arg(value)}
    if verb == "pass" and not args:
        return {"type": "pass"}
    if verb == "use" and len(args) == 1:
        direct = _direct(seat.legal_of("use_warlord"), _warlord_arg(args[0]))
        return direct if direct is not None else _targets(seat, args[0])
    if verb == "use" and len(args) == 2:
        return {"type": "use_warlord", "warlord": _warlord_arg(args[0]), "province": _province_arg(args[1])}
    if verb == "mv" and not args and value is not None and value.count(".") == 1:
        src, dst = value.split(".")
        return {"type": "use_warlord", "warlord": "wu_move_army", "from": _province_arg(src), "to": _province_arg(dst)}
    if verb == "rv" and len(args) == 1:
        return {"type": "reveal", "province": _province_arg(args[0])}
    if verb == "re":
        return {"type": "react", "use": _flag(args)}
    if verb == "src" and len(args) == 1 and args[0] in SOURCES:
        return {"type": "source", "from": args[0]}
    if verb == "li":
        return {"type": "light_infantry", "take": _flag(args)}
    if verb == "ch" and len(args) <= 1:
        return {"type": "chariot", "warlord": _warlord_arg(args[0]) if args else None}
    if verb == "rc":
        return {"type": "recycle", "card": _card_arg(rest) if rest else None}
    if verb == "kp" and rest:
        return {"type": "keep", "cards": sorted(_card_arg(c) for c in rest.split("-"))}
    raise UserError(UNREADABLE)
