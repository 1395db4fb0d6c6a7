"""Sun Tzu orders (D2): one select per province listing the cards in hand, a summary and a Confirm button.

The half-built orders live in the custom_ids as five characters, one card kind per province in board order
("-" for none yet; copies of a card are alike, so kinds suffice), e.g. ``o.7p-x1.2`` is the select of the
third province while Qin holds the 7, Chu a +1, Han-Qi a Plague and Wu the 1. Payloads: ``Verb.ORDER``,
``EDIT``, ``CONFIRM`` and ``ORDERS_SUPPORT`` (:mod:`cogs.controls.sun_tzu.verbs`).

Codes are untrusted: every step rebuilds them against the seat's current hand (a card no longer held, or a 6
where it may not go, is dropped) and ``apply`` re-checks the commitment. Editing only reads the seat's own
view, so a half-built order survives the other player's moves (``carries_over``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.games.base.language import tr, trn
from bot.games.sun_tzu.data import PROVINCES, Colour
from bot.games.sun_tzu.legal import six_may_go
from bot.games.sun_tzu.schema import CardView, SunTzuView
from bot.games.sun_tzu.turns import windows_ahead
from cogs.components import ControlButton, ControlSelect, Panel, choice, persistent_view
from cogs.controls.routes import UNREADABLE, Click, Handler, Route, route
from cogs.controls.sun_tzu.seat import Seat
from cogs.controls.sun_tzu.verbs import Verb
from cogs.controls.sun_tzu.words import (
    KIND_ORDER,
    board_line,
    card_hint,
    holder,
    kind,
    label,
    me,
    opponent,
    points,
    province,
    support_cards,
)
from render.crops import Focus

EMPTY = "-"
# One character per card kind: 1-9, 0 for the 10, p/m for +1/-1, q/r for +2/+3, x for the Plague.
CODES = {f"n{n}": str(n % 10) for n in range(1, 11)} | {"plus1": "p", "minus1": "m", "plus2": "q", "plus3": "r"}
CODES["plague"] = "x"
KINDS = {code: k for k, code in CODES.items()}
SECONDARY = discord.ButtonStyle.secondary
PROVINCES_PICTURE = Focus("provinces")  # orders go to provinces: their screens, armies and 6-marks


def pool(view: SunTzuView) -> list[CardView]:
    """The cards the orders may use: the hand, plus the committed cards when changing the orders."""
    return [*(view["hand"] or []), *(view["assignment"] or {}).values()]


def six_allowed(view: SunTzuView, pid: str) -> bool:
    """Whether the seat may put its 6 in province ``pid`` (the engine's rule, read from the seat's view)."""
    colour = view["viewer_colour"]
    assert colour is not None
    marks = view["provinces"][PROVINCES.index(pid)]["marks"][colour]
    return six_may_go(Colour(colour), marks, view["warlords_held"] or [])


def read(text: str) -> list[str]:
    if len(text) != len(PROVINCES) or any(c != EMPTY and c not in KINDS for c in text):
        raise UserError(UNREADABLE)
    return list(text)


def tidy(view: SunTzuView, codes: list[str]) -> list[str]:
    """The orders as far as the seat can still give them: cards it holds (each copy once), 6s where allowed."""
    left = Counter(c["card"] for c in pool(view))
    out = []
    for pid, code in zip(PROVINCES, codes, strict=True):
        k = KINDS.get(code)
        if k is None or left[k] == 0 or (k == "n6" and not six_allowed(view, pid)):
            out.append(EMPTY)
            continue
        left[k] -= 1
        out.append(code)
    return out


def committed_codes(view: SunTzuView) -> str:
    given = view["assignment"] or {}
    return "".join(CODES[given[p]["card"]] if p in given else EMPTY for p in PROVINCES)


def _summary(view: SunTzuView, codes: list[str]) -> str:
    parts = []
    for pid, code in zip(PROVINCES, codes, strict=True):
        value = view["provinces"][PROVINCES.index(pid)]["screen"]["current"]
        parts.append(f"{province(pid)} ({points(value)}): **{label(KINDS[code]) if code != EMPTY else '—'}**")
    return "\n".join(parts)


def passing_line(view: SunTzuView) -> str:
    """What the seat's orders chose for this round's warlord windows, when it passes them ahead."""
    return tr("You pass this round's warlord windows as they open.") if view["passing_windows"] else ""


def _status(seat: Seat) -> str:
    view = seat.view
    if opponent(view)["committed"]:
        return tr("{player} has committed; your orders lock as soon as you confirm.", player=seat.other)
    if me(view)["committed"]:
        committed = tr("Your orders are committed. You can change them until {player} commits too.", player=seat.other)
        return " ".join(filter(None, (committed, passing_line(view))))
    return tr("{player} has not committed yet. You can change your orders until both of you have.", player=seat.other)


def _double_six(view: SunTzuView, codes: list[str]) -> str:
    colour = view["viewer_colour"]
    for pid, code in zip(PROVINCES, codes, strict=True):
        prov = view["provinces"][PROVINCES.index(pid)]
        if code == CODES["n6"] and colour == "red" and prov["marks"]["red"] == 1:
            return "\n" + tr("Your 6 in {province} uses Double Six: it becomes public when {province} is revealed.",
                             province=province(pid))
    return ""


def editor_text(seat: Seat, codes: list[str], note: str = "") -> str:
    head = f"**{tr('Sun Tzu')} #{seat.table.id}** · {board_line(seat.view)}\n"
    if EMPTY in codes:
        due = tr(
            "Your orders: pick one card for each province, each card once. They stay face down until revealed; "
            "Confirm appears once all five have a card."
        )
    else:
        due = tr("Change your orders: pick another card for any province (each card once); then Confirm again.")
    return f"{head}{note}{due}\n{_summary(seat.view, codes)}\n{_status(seat)}"


def _options(view: SunTzuView, codes: list[str], i: int) -> list[discord.SelectOption]:
    pid = PROVINCES[i]
    held = Counter(c["card"] for c in pool(view))
    used = Counter(KINDS[c] for n, c in enumerate(codes) if c != EMPTY and n != i)
    current = KINDS.get(codes[i])
    options = []
    for k in KIND_ORDER:
        if not held[k] or (k == "n6" and not six_allowed(view, pid)):
            continue
        free = held[k] - used[k]
        if free > 0 or k == current:
            hint = card_hint(k)
        else:
            where = next(province(PROVINCES[n]) for n, c in enumerate(codes) if c == CODES[k] and n != i)
            hint = tr("now in {province}: choosing it moves it here", province=where)
        shown = label(k) + (trn(" (×{n} free)", " (×{n} free)", free) if free > 1 and k != current else "")
        options.append(choice(shown, CODES[k], hint, default=k == current))
    return options


def editor(seat: Seat, codes: list[str], note: str = "", *, complete: bool = False) -> Panel:
    """Five selects, one per province. Orders just completed go straight to the summary; ``complete`` shows
    the selects for complete orders too ("Change a card"), and the next card chosen leads back there."""
    if EMPTY not in codes and not complete:
        return review(seat, codes, note)
    text, items = "".join(codes), []
    for i, pid in enumerate(PROVINCES):
        value = seat.view["provinces"][i]["screen"]["current"]
        placeholder = tr("{province} ({points}, {holder}): choose a card", province=province(pid),
                         points=points(value), holder=holder(seat.view, pid, seat.names))
        options = _options(seat.view, codes, i)
        items.append(ControlSelect(seat.ref, f"{Verb.ORDER}.{text}.{i}", options, placeholder, row=i))
    return Panel(editor_text(seat, codes, note), persistent_view(*items), PROVINCES_PICTURE)


def offers_passing(view: SunTzuView) -> bool:
    """Whether the orders may pass this round's warlord windows ahead: the engine's rule on public counts, so
    the offer is the same whatever warlord the seat holds and whether it could use it."""
    return windows_ahead(me(view)["warlords_unused"], view["round"])


def review(seat: Seat, codes: list[str], note: str = "") -> Panel:
    text = "".join(codes)
    head = f"**{tr('Sun Tzu')} #{seat.table.id}** · {board_line(seat.view)}\n{note}"
    body = (tr("Your orders for round {round}:", round=seat.view["round"])
            + f"\n{_summary(seat.view, codes)}{_double_six(seat.view, codes)}")
    items = [
        ControlButton(seat.ref, f"{Verb.CONFIRM}.{text}", tr("Confirm these orders"),
                      style=discord.ButtonStyle.success, row=0),
    ]
    if offers_passing(seat.view):
        items.append(ControlButton(seat.ref, f"{Verb.CONFIRM_PASSING}.{text}",
                                   tr("Confirm and pass this round's warlord windows"),
                                   style=discord.ButtonStyle.success, row=0))
        body += "\n" + tr(
            "Confirm and pass: you pass both warlord windows of this round as they open, without being asked "
            "(asked again only if {player} uses a warlord). {player} sees only that you pass.", player=seat.other)
    items.append(ControlButton(seat.ref, f"{Verb.EDIT}.{text}", tr("Change a card"),
                               style=discord.ButtonStyle.secondary, row=0))
    if support_cards(seat.view):
        support = f"{Verb.ORDERS_SUPPORT}.{text}"
        items.append(ControlButton(seat.ref, support, tr("Exceptional support…"), style=SECONDARY, row=1))
    return Panel(f"{head}{body}\n{_status(seat)}", persistent_view(*items), PROVINCES_PICTURE)


def place(view: SunTzuView, codes: list[str], i: int, code: str) -> list[str]:
    """Put a card kind in province ``i``; with no free copy left it moves from the first other province."""
    out = list(codes)
    out[i] = code
    if Counter(out)[code] > Counter(c["card"] for c in pool(view))[KINDS[code]]:
        out[next(n for n, c in enumerate(out) if c == code and n != i)] = EMPTY
    return out


def commit(seat: Seat, codes: list[str], passing: bool = False) -> Action:
    """The commitment as instance ids: a card already in that province keeps its copy, then the first free."""
    view = seat.view
    given = view["assignment"] or {}
    free = [c["id"] for c in pool(view)]
    cards: dict[str, str] = {}
    for pid, code in zip(PROVINCES, codes, strict=True):
        mine = given.get(pid)
        if mine is not None and CODES[mine["card"]] == code and mine["id"] in free:
            cards[pid] = mine["id"]
            free.remove(mine["id"])
    for pid, code in zip(PROVINCES, codes, strict=True):
        if pid not in cards:
            instance = next(c for c in free if CODES[kind(c)] == code)
            cards[pid] = instance
            free.remove(instance)
    ahead = {"pass_windows": True} if passing else {}
    return {"type": "commit", "cards": {pid: cards[pid] for pid in PROVINCES}, **ahead}


def codes_of(seat: Seat, args: list[str]) -> list[str]:
    """The orders a payload carries, read strictly, while this round's orders are still open."""
    if seat.view["stage"] != "assign":
        raise UserError(tr("The orders of this round are locked; press Play for fresh controls."))
    if len(args) < 1:
        raise UserError(UNREADABLE)
    return read(args[0])


def _with_codes(step: Callable[[Seat, list[str], str, Click], Action | Panel]) -> Handler:
    """A handler of a payload carrying orders: the seat, its codes rebuilt against the hand, and a note when
    some card was dropped."""

    def read(click: Click) -> Action | Panel:
        seat = Seat(click.table, click.seat)
        given = codes_of(seat, list(click.args))
        codes = tidy(seat.view, given)
        note = tr("Some of those cards are not in your hand any more.") + "\n" if codes != given else ""
        return step(seat, codes, note, click)

    return read


def _confirming(passing: bool) -> Callable[[Seat, list[str], str, Click], Action | Panel]:
    """Confirm, or Confirm and pass (offered on the seat's public counts, ``offers_passing``)."""

    def confirm(seat: Seat, codes: list[str], note: str, click: Click) -> Action | Panel:
        if EMPTY in codes:
            return editor(seat, codes, note)
        passing_now = passing and offers_passing(seat.view)
        same = "".join(codes) == committed_codes(seat.view) and passing_now == bool(seat.view["passing_windows"])
        if me(seat.view)["committed"] and same:
            # A second click on Confirm (this control works across versions): nothing to change.
            return review(seat, codes, tr("These orders are committed already.") + "\n")
        return commit(seat, codes, passing_now)

    return confirm


def _order(seat: Seat, codes: list[str], note: str, click: Click) -> Action | Panel:
    index, code = click.args[1], click.value
    if not index.isdigit() or int(index) >= len(PROVINCES) or code not in KINDS:
        raise UserError(UNREADABLE)
    i = int(index)
    if all(c["card"] != KINDS[code] for c in pool(seat.view)):
        raise UserError(tr("That card is not in your hand any more."))
    chosen = tidy(seat.view, place(seat.view, codes, i, code))
    if chosen[i] == EMPTY:
        raise UserError(tr("You cannot put that card in {province}.", province=province(PROVINCES[i])))
    return editor(seat, chosen, note)


#: The orders' steps (exceptional support from the summary is routed with the other support steps).
ROUTES: dict[Verb, Route] = {
    Verb.EDIT: route(_with_codes(lambda seat, codes, note, _: editor(seat, codes, note, complete=True)), 1),
    Verb.CONFIRM: route(_with_codes(_confirming(False)), 1),
    Verb.CONFIRM_PASSING: route(_with_codes(_confirming(True)), 1),
    Verb.ORDER: route(_with_codes(_order), 2, value=True),
}
