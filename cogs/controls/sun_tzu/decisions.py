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
from bot.games.base.language import tr, trp
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
    return f"**{tr('Sun Tzu')} #{seat.table.id}** · {board_line(seat.view)}\n"


def _battle_text(seat: Seat) -> str:
    battles = seat.view["battles"]
    if not battles:
        return ""
    b = battles[-1]
    mine_card, their_card = (b["blue"], b["red"]) if seat.view["viewer_colour"] == "blue" else (b["red"], b["blue"])
    where = province(b["province"])
    return tr("Revealed in {province}: your {card} against {player}'s {other}.", province=where,
              card=card(mine_card["id"]), player=seat.other, other=card(their_card["id"]))


def _choose_warlord(seat: Seat) -> tuple[str, list[Item]]:
    found = [a["warlord"] for a in seat.legal_of("choose_warlord")]
    options = [choice(warlord(wid), wid, warlord_effect(wid)) for wid in found]
    due = tr("Choose your warlord in secret: {player} learns which only when you use it. "
             "Each can be used once (Head Start acts at once).", player=seat.other)
    return due, [ControlSelect(seat.ref, Verb.WARLORD, options, tr("Keep which warlord?"), row=0)]


def _window(seat: Seat) -> tuple[str, list[Item]]:
    view = seat.view
    uses = seat.legal_of("use_warlord")
    if view["pending"]["window"] == 1:
        due = tr("Warlord window before the battles: use a warlord now, or pass.")
    else:
        due = tr("Warlord window after the battles: use a warlord now, or pass.")
    held = view["warlords_held"] or []
    if held and not uses:
        due += tr(" Your {warlords} cannot be used now: pass to go on.",
                  warlords=trp("sun tzu list", ", ").join(map(warlord, held)))
    elif not held:
        due += tr(" You hold no warlord, but exceptional support is still possible before the final scoring.")
    specs = [(str(Verb.PASS), tr("Pass"))]
    for wid in dict.fromkeys(a["warlord"] for a in uses):
        use = tr("Use {warlord}", warlord=warlord(wid))
        specs.append((f"{Verb.USE}.{wid}", use + ("" if direct(uses, wid) else "…")))
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
        items = [ControlSelect(seat.ref, Verb.MOVE, options, tr("Move one army from… to…"), row=0)]
    else:
        places = [a["province"] for a in uses]
        specs = [(f"{Verb.USE}.{wid}.{p}", f"{province(p)} ({holder(seat.view, p, seat.names)})") for p in places]
        items = buttons(seat, specs)
    items.append(ControlButton(seat.ref, Verb.HOME, tr("Back"), style=SECONDARY, row=next_row(items)))
    text = tr("{warlord}: {effect}\nWhere?", warlord=warlord(wid), effect=warlord_effect(wid))
    return Panel(text, persistent_view(*items), Focus("provinces"))


def _pick(seat: Seat) -> tuple[str, list[Item]]:
    specs = []
    for pid in sorted((a["province"] for a in seat.legal_of("reveal")), key=PROVINCES.index):
        prov = seat.view["provinces"][PROVINCES.index(pid)]
        own = prov["own_card"]
        label = f"{province(pid)} · {points(prov['screen']['current'])}" + (
            tr(" · your {card}", card=card(own["id"])) if own else "")
        specs.append((f"{Verb.REVEAL}.{pid}", label))
    return tr("You hold the privilege: which province is revealed and resolved next?"), buttons(seat, specs)


def _react(seat: Seat) -> tuple[str, list[Item]]:
    counter = seat.view["stage"] == "counter"
    wid = "chu_counter_plague" if counter else "wu_cap_at_six"
    usable = {"type": "react", "use": True} in seat.legal
    if counter:
        react = tr("You may react now: with {warlord}, {player}'s Plague would count as a 0 and the battle be fought.",
                   warlord=warlord(wid), player=seat.other)
    else:
        react = tr("You may react now: with {warlord}, the printed 7-10 would count as a 6 (it marks nothing).",
                   warlord=warlord(wid))
    due = f"{_battle_text(seat)} {react}"
    if not usable:
        due += tr(" You do not hold it: continue.")
    specs = [(f"{Verb.REACT}.1", tr("Use {warlord}", warlord=warlord(wid)))] if usable else []
    return due, buttons(seat, [*specs, (f"{Verb.REACT}.0", tr("Continue without it"))])


def _payment_text(seat: Seat) -> str:
    pay = next(p for p in seat.view["pending"]["payments"] if p["seat"] == seat.seat)
    owed, where = armies(pay["owed"]), province(pay["province"])
    if pay["kind"] == "place":
        text = tr("You must still place {armies} in {province} and your reserve is empty.", armies=owed,
                  province=where)
    elif pay["kind"] == "challenge":
        text = tr("{event}: set aside {armies}, each from your reserve or a province.",
                  event=event(seat.view["pending"]["event"]), armies=owed)
    elif pay["dest"] == "mark":
        text = tr("Your 6 marks {province} with one of your armies and your reserve is empty.", province=where)
    else:
        text = tr("You must set aside {armies} and your reserve is empty.", armies=owed)
    return text + tr(" Where does the next army come from?")


def _source(seat: Seat) -> tuple[str, list[Item]]:
    specs = []
    for a in seat.legal_of("source"):
        src = a["from"]
        if src == "reserve":
            label = tr("From your reserve ({n})", n=me(seat.view)["reserve"])
        elif src == "none":
            label = tr("Leave the rest unpaid")
        else:
            label = tr("From {province} ({holder})", province=province(src), holder=holder(seat.view, src, seat.names))
        specs.append((f"{Verb.SOURCE}.{src}", label))
    due = _payment_text(seat)
    if support_cards(seat.view):
        due += tr(" Exceptional support first brings a set-aside army to your reserve.")
    return due, buttons(seat, specs)


def _light_infantry(seat: Seat) -> tuple[str, list[Item]]:
    where = province(seat.view["battles"][-1]["province"]) if seat.view["battles"] else "?"
    due = tr("Light Infantry: both 1s were revealed in {province} and you are behind. Take a win by 1 there?",
             province=where)
    take = (f"{Verb.LIGHT_INFANTRY}.1", tr("Take the win by 1 in {province}", province=where))
    return due, buttons(seat, [take, (f"{Verb.LIGHT_INFANTRY}.0", tr("Decline"))])


def _chariot(seat: Seat) -> tuple[str, list[Item]]:
    offered = [a["warlord"] for a in seat.legal_of("chariot") if a["warlord"]]
    specs = [(f"{Verb.CHARIOT}.{wid}", tr("Take {warlord}", warlord=warlord(wid))) for wid in offered]
    due = tr("War Chariot: you have marked 3 provinces. Take one of your other warlords, in secret?")
    return due, buttons(seat, [*specs, (str(Verb.CHARIOT), tr("Take none"))])


def _recycle(seat: Seat) -> tuple[str, list[Item]]:
    offered = [a["card"] for a in seat.legal_of("recycle") if a["card"]]
    specs = [(f"{Verb.RECYCLE}.{instance}", tr("Recycle your {card}", card=card(instance))) for instance in offered]
    due = tr("You may put a card revealed this round under your deck; the top card of your deck then leaves the game.")
    if not specs:
        due += tr(" You hold no recycling warlord now: go on.")
    return due, buttons(seat, [*specs, (str(Verb.RECYCLE), tr("Recycle nothing"))])


def _keep(seat: Seat) -> tuple[str, list[Item]]:
    drawn = [c["id"] for c in seat.view["drawn"] or []]
    specs = []
    for a in seat.legal_of("keep"):
        kept = list(a["cards"])
        under = [c for c in drawn if c not in kept]
        label = tr("Keep {cards}, put {card} under", cards=trp("sun tzu list", " and ").join(map(card, kept)),
                   card=card(under[0]))
        specs.append((f"{Verb.KEEP}.{'-'.join(kept)}", label))
    n = len(seat.legal_of("keep")[0]["cards"]) if specs else 1
    due = tr("You drew {cards}: keep {n}; the other goes under your deck.",
             cards=trp("sun tzu list", ", ").join(map(card, drawn)), n=n)
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
