"""China controls: a turn in two or three taps on a phone, only legal choices.

First step of a turn: a select of the regions where pieces can go, a select of every exchange (which card to
give, which to take) and, when nothing else is possible, "Pass". A region leads to its pieces, and the pieces
to the payment only when there are two ways to pay (the cheapest preselected; see ``place``). After a
placement the refill comes one card at a time, as buttons: the deck or a face-up colour. Payloads are a
:class:`~cogs.controls.china.verbs.Verb` and its arguments, routed by the table in ``ChinaControls``.

Colours travel as letters (``words``). Everything parsed here is untrusted; the table service submits the
resulting action at the control's version and the engine re-checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action, Option
from bot.games.base.language import mark, tr, trn, trp
from bot.tables import Table
from cogs.components import ControlButton, Panel, Ref, choice, persistent_view, selects
from cogs.controls.base import Controls
from cogs.controls.china import place
from cogs.controls.china.place import view_of
from cogs.controls.china.verbs import Verb
from cogs.controls.china.words import (
    COLOUR_OF,
    COLOURS,
    LETTER,
    OPTION_HELP,
    UNREADABLE,
    card,
    cards_list,
    phase_summary,
    supply_line,
    table_line,
)
from cogs.controls.china.words import awaited as awaited_for
from cogs.controls.china.words import due as due_for
from cogs.controls.routes import GONE, SHORT, Click, check_routes, dispatch, route
from render.crops import BOARD, Focus

_SIDES = {
    "auto": mark("by player count (3: the 3-4 side, 4 or 5: the 4-5 side)"),
    "3-4": mark("the 3-4 side"),
    "4-5": mark("the 4-5 side"),
}


def _draw_button(ref: Ref, action: Action, deck: int) -> ControlButton:
    if action["source"] == "deck":
        return ControlButton(ref, f"{Verb.DRAW}.deck", tr("Draw from the deck ({deck} left)", deck=deck), row=0)
    colour = action["color"]
    return ControlButton(ref, f"{Verb.DRAW}.{LETTER[colour]}", tr("Take face-up {card}", card=card(colour)), row=0)


def _exchange_option(action: Action) -> discord.SelectOption:
    give, taken = action["give"], action.get("color")
    if taken is None:
        label, value = tr("Give {card}, draw from the deck", card=card(give)), f"{LETTER[give]}.deck"
    else:
        label = tr("Give {card}, take face-up {taken}", card=card(give), taken=card(taken))
        value = f"{LETTER[give]}.{LETTER[taken]}"
    return choice(label, value, tr("Your turn ends: no refill."))


# -- the way back ------------------------------------------------------------------------------------
def _source(text: str) -> tuple[str, dict[str, str]]:
    """A payload's "deck" or colour letter as the source of a draw or exchange, and its extra field."""
    if text == "deck":
        return "deck", {}
    if text in COLOUR_OF:
        return "display", {"color": COLOUR_OF[text]}
    raise UserError(UNREADABLE)


class ChinaControls(Controls):
    def __init__(self) -> None:
        self.routes = check_routes(Verb, {
            Verb.HOME: route(lambda click: self.first_step(click.table, click.seat)),
            Verb.PASS: route(lambda click: {"type": "pass"}),
            Verb.DRAW: route(_draw, 1),
            Verb.EXCHANGE: route(_exchange, range(2), value=True),
            Verb.REGION: route(lambda click: place.pieces_step(click.table, click.seat, click.value), None, value=True),
            Verb.PIECES: route(lambda c: place.pick_pieces(c.table, c.seat, c.args[0], c.value), 3, value=True),
            Verb.PAYMENT: route(lambda c: place.pick_payment(c.table, c.seat, c.args[0], c.args[1], c.value), 3,
                                value=True),
            Verb.PUT: route(lambda c: place.place(c.table, c.seat, *c.args), 3),
            Verb.PAIR: route(lambda c: place.second_step(c.table, c.seat, c.args[0], c.value), 2, value=True),
            Verb.GIVE: route(lambda c: _take_step(c.table, c.seat, c.value), 1, value=True),
        })

    def phase_summary(self, table: Table) -> str:
        return phase_summary(table)

    def hand_text(self, table: Table, seat: int) -> str:
        view = view_of(table, seat)
        return tr("Your hand: {cards}. {supply}", cards=cards_list(view["hand"] or []), supply=supply_line(view, seat))

    def prompt(self, table: Table, seat: int) -> str:
        view = view_of(table, seat)
        head = f"**{table.game.title} #{table.id}**: "
        legal = table.game.legal_actions(table.state, seat)
        if view["phase"] == "refill":
            owed = view["draws_owed"]
            due = trn("refill your hand: draw 1 more card.", "refill your hand: draw {n} more cards, one at a time.",
                      owed)
        elif legal == [{"type": "pass"}]:
            due = tr("you can neither place a piece nor exchange a card, so you pass.")
        elif legal:
            due = tr(
                "your turn. Place 1 or 2 pieces in one region (each piece costs one card of its colour, or two "
                "cards of one other colour), or exchange one card."
            )
        else:
            due = tr("nothing to do now.")
        return f"{head}{due}\n{table_line(view)}\n{self.hand_text(table, seat)}"

    def focus(self, table: Table, seat: int) -> Focus | None:
        """The first step's picture: the board while placing or exchanging (its select names the regions); none
        for the refill, whose face-up cards and deck are on the seat's own picture."""
        if table.state is None or view_of(table, None)["phase"] != "action" or seat not in table.to_act():
            return None
        return BOARD

    def option_label(self, option: Option, value: Any) -> str | None:
        if option.key == "board_side":
            side = _SIDES.get(str(value))
            return None if side is None else tr(side)
        if option.key == "fortifications":
            return trp("china", "on") if value else trp("china", "off")
        return None

    def option_help(self, option: Option, value: Any) -> str | None:
        text = OPTION_HELP.get(option.key, {}).get(value)
        return None if text is None else tr(text)

    def awaited(self, table: Table, players: str, count: int) -> str:
        return awaited_for(view_of(table, None), players, count) or super().awaited(table, players, count)

    def due(self, table: Table, seat: int) -> str:
        return due_for(view_of(table, None))

    def build(self, table: Table, seat: int) -> discord.ui.View | None:
        legal = table.game.legal_actions(table.state, seat)
        ref = Ref.of(table)
        # The deck first, then the face-up colours in the usual colour order.
        draws = sorted(
            (a for a in legal if a["type"] == "draw"),
            key=lambda a: -1 if a["source"] == "deck" else COLOURS.index(a["color"]),
        )
        if draws:
            return persistent_view(*(_draw_button(ref, a, view_of(table, None)["deck_count"]) for a in draws))
        items: list[discord.ui.Item[Any]] = place.region_selects(table, seat, view_of(table, seat))
        # By the card given, then the deck before the face-up colours.
        ordered = sorted(
            (a for a in legal if a["type"] == "exchange"),
            key=lambda a: (COLOURS.index(a["give"]), -1 if a["take"] == "deck" else COLOURS.index(a["color"])),
        )
        prompt = tr("…or exchange one card (ends your turn)")
        if len(ordered) > SHORT:  # a long list becomes two steps: the card given, then what to take
            gives = list(dict.fromkeys(a["give"] for a in ordered))
            options = [choice(tr("Give {card}…", card=card(give)), LETTER[give],
                              trn("then take one of {n} ways", "then take one of {n} ways",
                                  sum(1 for a in ordered if a["give"] == give)))
                       for give in gives]
            items += selects(ref, Verb.GIVE, options, prompt, first_row=len(items))
        else:
            exchanges = [_exchange_option(a) for a in ordered]
            items += selects(ref, Verb.EXCHANGE, exchanges, prompt, first_row=len(items))
        if {"type": "pass"} in legal:
            pass_label = trp("button", "Pass")
            items.append(ControlButton(ref, Verb.PASS, pass_label, style=discord.ButtonStyle.secondary, row=len(items)))
        return persistent_view(*items) if items else None

    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        return dispatch(Verb, self.routes, table, seat, payload, values)


def _draw(click: Click) -> Action:
    source, colour = _source(click.args[0])
    return {"type": "draw", "source": source, **colour}


def _exchange(click: Click) -> Action:
    if click.value.count(".") != 1:
        raise UserError(UNREADABLE)
    give, take = click.value.split(".")
    if give not in COLOUR_OF:
        raise UserError(UNREADABLE)
    source, colour = _source(take)
    return {"type": "exchange", "give": COLOUR_OF[give], "take": source, **colour}


def _take_step(table: Table, seat: int, letter: str) -> Panel:
    """The exchange's second step: what to take for the card given (its first step, ``GIVE``)."""
    if letter not in COLOUR_OF:
        raise UserError(UNREADABLE)
    give = COLOUR_OF[letter]
    ordered = sorted(
        (a for a in table.game.legal_actions(table.state, seat) if a["type"] == "exchange" and a["give"] == give),
        key=lambda a: -1 if a["take"] == "deck" else COLOURS.index(a["color"]),
    )
    if not ordered:
        raise UserError(GONE)
    ref = Ref.of(table)
    items: list[discord.ui.Item[Any]] = [
        *selects(ref, Verb.EXCHANGE, [_exchange_option(a) for a in ordered], tr("…take which card?")),
        ControlButton(ref, Verb.HOME, trp("button", "Back"), style=discord.ButtonStyle.secondary, row=4),
    ]
    text = tr("You give {card}. Take a card from the deck or a face-up one (your turn ends: no refill).",
              card=card(give))
    return Panel(text, persistent_view(*items), BOARD)
