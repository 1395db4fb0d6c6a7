"""Sun Tzu decisions after the orders (spec §7), one panel builder each: only the seat that decides is asked,
with only its legal choices (from ``legal_actions``, bounded for every decision but the orders). Each builder
returns the sentence of what is due and the controls; :mod:`cogs.controls.sun_tzu.steps` adds support.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.sun_tzu.data import PROVINCES
from cogs.components import ControlButton, ControlSelect, Panel, choice, persistent_view
from cogs.controls.routes import GONE
from cogs.controls.sun_tzu.seat import Seat
from cogs.controls.sun_tzu.verbs import Verb
from cogs.controls.sun_tzu.words import (
    armies,
    board_line,
    card,
    event,
    holder,
    me,
    points,
    province,
    support_cards,
    warlord,
    warlord_effect,
)
from render.crops import Focus

Item = discord.ui.Item[Any]
SECONDARY = discord.ButtonStyle.secondary


def buttons(seat: Seat, specs: Sequence[tuple[str, str]]) -> list[Item]:
    """(payload, label) pairs as buttons, five to a row."""
    return [ControlButton(seat.ref, payload, label, row=n // 5) for n, (payload, label) in enumerate(specs)]


def next_row(items: Sequence[Item]) -> int:
    """The first free row under ``items`` (for "Back" or "Exceptional support…")."""
    return max((item.row or 0 for item in items), default=-1) + 1


def head(seat: Seat) -> str:
    return f"**Sun Tzu #{seat.table.id}** · {board_line(seat.view)}\n"


def _battle_text(seat: Seat) -> str:
    battles = seat.view["battles"]
    if not battles:
        return ""
    b = battles[-1]
    mine_card, their_card = (b["blue"], b["red"]) if seat.view["viewer_colour"] == "blue" else (b["red"], b["blue"])
    where = province(b["province"])
    return f"Revealed in {where}: your {card(mine_card['id'])} against {seat.other}'s {card(their_card['id'])}."


def _choose_warlord(seat: Seat) -> tuple[str, list[Item]]:
    found = [a["warlord"] for a in seat.legal_of("choose_warlord")]
    options = [choice(warlord(wid), wid, warlord_effect(wid)) for wid in found]
    due = (
        f"Choose your warlord in secret: {seat.other} learns which only when you use it. "
        "Each can be used once (Head Start acts at once)."
    )
    return due, [ControlSelect(seat.ref, Verb.WARLORD, options, "Keep which warlord?", row=0)]


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
    specs = [(str(Verb.PASS), "Pass")]
    for wid in dict.fromkeys(a["warlord"] for a in uses):
        specs.append((f"{Verb.USE}.{wid}", f"Use {warlord(wid)}" + ("" if direct(uses, wid) else "…")))
    return due, buttons(seat, specs)


def direct(uses: Sequence[Action], wid: str) -> Action | None:
    """The one use of a warlord that needs no target (Total Plague), else None."""
    mine = [a for a in uses if a["warlord"] == wid]
    return mine[0] if len(mine) == 1 and set(mine[0]) == {"type", "warlord"} else None


def targets(seat: Seat, wid: str) -> Panel:
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
        items = [ControlSelect(seat.ref, Verb.MOVE, options, "Move one army from… to…", row=0)]
    else:
        places = [a["province"] for a in uses]
        specs = [(f"{Verb.USE}.{wid}.{p}", f"{province(p)} ({holder(seat.view, p, seat.names)})") for p in places]
        items = buttons(seat, specs)
    items.append(ControlButton(seat.ref, Verb.HOME, "Back", style=SECONDARY, row=next_row(items)))
    return Panel(f"{warlord(wid)}: {warlord_effect(wid)}\nWhere?", persistent_view(*items), Focus("provinces"))


def _pick(seat: Seat) -> tuple[str, list[Item]]:
    specs = []
    for pid in sorted((a["province"] for a in seat.legal_of("reveal")), key=PROVINCES.index):
        prov = seat.view["provinces"][PROVINCES.index(pid)]
        own = prov["own_card"]
        label = f"{prov['name']} · {points(prov['screen']['current'])}" + (f" · your {card(own['id'])}" if own else "")
        specs.append((f"{Verb.REVEAL}.{pid}", label))
    return "You hold the privilege: which province is revealed and resolved next?", buttons(seat, specs)


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
    specs = [(f"{Verb.REACT}.1", f"Use {warlord(wid)}")] if usable else []
    return due, buttons(seat, [*specs, (f"{Verb.REACT}.0", "Continue without it")])


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
        specs.append((f"{Verb.SOURCE}.{src}", label))
    due = _payment_text(seat)
    if support_cards(seat.view):
        due += " Exceptional support first brings a set-aside army to your reserve."
    return due, buttons(seat, specs)


def _light_infantry(seat: Seat) -> tuple[str, list[Item]]:
    where = province(seat.view["battles"][-1]["province"]) if seat.view["battles"] else "?"
    due = f"Light Infantry: both 1s were revealed in {where} and you are behind. Take a win by 1 there?"
    take = (f"{Verb.LIGHT_INFANTRY}.1", f"Take the win by 1 in {where}")
    return due, buttons(seat, [take, (f"{Verb.LIGHT_INFANTRY}.0", "Decline")])


def _chariot(seat: Seat) -> tuple[str, list[Item]]:
    offered = [a["warlord"] for a in seat.legal_of("chariot") if a["warlord"]]
    specs = [(f"{Verb.CHARIOT}.{wid}", f"Take {warlord(wid)}") for wid in offered]
    due = "War Chariot: you have marked 3 provinces. Take one of your other warlords, in secret?"
    return due, buttons(seat, [*specs, (str(Verb.CHARIOT), "Take none")])


def _recycle(seat: Seat) -> tuple[str, list[Item]]:
    offered = [a["card"] for a in seat.legal_of("recycle") if a["card"]]
    specs = [(f"{Verb.RECYCLE}.{instance}", f"Recycle your {card(instance)}") for instance in offered]
    due = "You may put a card revealed this round under your deck; the top card of your deck then leaves the game."
    if not specs:
        due += " You hold no recycling warlord now: go on."
    return due, buttons(seat, [*specs, (str(Verb.RECYCLE), "Recycle nothing")])


def _keep(seat: Seat) -> tuple[str, list[Item]]:
    drawn = [c["id"] for c in seat.view["drawn"] or []]
    specs = []
    for a in seat.legal_of("keep"):
        kept = list(a["cards"])
        under = [c for c in drawn if c not in kept]
        label = f"Keep {' and '.join(map(card, kept))}, put {card(under[0])} under"
        specs.append((f"{Verb.KEEP}.{'-'.join(kept)}", label))
    n = len(seat.legal_of("keep")[0]["cards"]) if specs else 1
    due = f"You drew {', '.join(map(card, drawn))}: keep {n}; the other goes under your deck."
    return due, buttons(seat, specs)


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
