"""China controls: a turn in two or three taps on a phone, only legal choices.

First step of a turn: a select of the regions where pieces can go, a select of every exchange (which card to
give, which to take) and, when nothing else is possible, "Pass". A region leads to its pieces, and the pieces
to the payment only when there are two ways to pay (the cheapest preselected; see ``china_place``). After a
placement the refill comes one card at a time, as buttons: the deck or a face-up colour. Payloads:

    home | reg.* | pcs.* | pay.* | put.* (placing) | xch.<n> (select: <give>.<deck|colour>)
    drw.<deck|colour> | pass

Colours travel as letters (``china_words``). Everything parsed here is untrusted; the table service submits
the resulting action at the control's version and the engine re-checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action, Option
from bot.tables import Table
from cogs.components import ControlButton, Panel, Ref, choice, persistent_view, selects
from cogs.controls.base import Controls
from cogs.controls.china import place as china_place
from cogs.controls.china.place import HOME, view_of
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
from render.crops import BOARD, Focus

_SIDES = {
    "auto": "by player count (3: the 3-4 side, 4 or 5: the 4-5 side)",
    "3-4": "the 3-4 side",
    "4-5": "the 4-5 side",
}


def _draw_button(ref: Ref, action: Action, deck: int) -> ControlButton:
    if action["source"] == "deck":
        return ControlButton(ref, "drw.deck", f"Draw from the deck ({deck} left)", row=0)
    colour = action["color"]
    return ControlButton(ref, f"drw.{LETTER[colour]}", f"Take face-up {card(colour)}", row=0)


def _exchange_option(action: Action) -> discord.SelectOption:
    give, taken = action["give"], action.get("color")
    if taken is None:
        label, value = f"Give {card(give)}, draw from the deck", f"{LETTER[give]}.deck"
    else:
        label, value = f"Give {card(give)}, take face-up {card(taken)}", f"{LETTER[give]}.{LETTER[taken]}"
    return choice(label, value, "Your turn ends: no refill.")


# -- the way back ------------------------------------------------------------------------------------
def _source(text: str) -> tuple[str, dict[str, str]]:
    """A payload's "deck" or colour letter as the source of a draw or exchange, and its extra field."""
    if text == "deck":
        return "deck", {}
    if text in COLOUR_OF:
        return "display", {"color": COLOUR_OF[text]}
    raise UserError(UNREADABLE)


class ChinaControls(Controls):
    def phase_summary(self, table: Table) -> str:
        return phase_summary(table)

    def hand_text(self, table: Table, seat: int) -> str:
        view = view_of(table, seat)
        return f"Your hand: {cards_list(view['hand'] or [])}. {supply_line(view, seat)}"

    def prompt(self, table: Table, seat: int) -> str:
        view = view_of(table, seat)
        head = f"**{table.game.title} #{table.id}**: "
        legal = table.game.legal_actions(table.state, seat)
        if view["phase"] == "refill":
            owed = view["draws_owed"]
            due = "refill your hand: draw " + ("1 more card." if owed == 1 else f"{owed} more cards, one at a time.")
        elif legal == [{"type": "pass"}]:
            due = "you can neither place a piece nor exchange a card, so you pass."
        elif legal:
            due = (
                "your turn. Place 1 or 2 pieces in one region (each piece costs one card of its colour, or two "
                "cards of one other colour), or exchange one card."
            )
        else:
            due = "nothing to do now."
        return f"{head}{due}\n{table_line(view)}\n{self.hand_text(table, seat)}"

    def focus(self, table: Table, seat: int) -> Focus | None:
        """The first step's picture: the board while placing or exchanging (its select names the regions); none
        for the refill, whose face-up cards and deck are on the seat's own picture."""
        if table.state is None or view_of(table, None)["phase"] != "action" or seat not in table.to_act():
            return None
        return BOARD

    def option_label(self, option: Option, value: Any) -> str | None:
        if option.key == "board_side":
            return _SIDES.get(str(value))
        if option.key == "fortifications":
            return "on" if value else "off"
        return None

    def option_help(self, option: Option, value: Any) -> str | None:
        return OPTION_HELP.get(option.key, {}).get(value)

    def awaited(self, table: Table) -> str:
        return awaited_for(view_of(table, None))

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
        items: list[discord.ui.Item[Any]] = china_place.region_selects(table, seat, view_of(table, seat))
        # By the card given, then the deck before the face-up colours.
        ordered = sorted(
            (a for a in legal if a["type"] == "exchange"),
            key=lambda a: (COLOURS.index(a["give"]), -1 if a["take"] == "deck" else COLOURS.index(a["color"])),
        )
        exchanges = [_exchange_option(a) for a in ordered]
        items += selects(ref, "xch", exchanges, "…or exchange one card (ends your turn)", first_row=len(items))
        if {"type": "pass"} in legal:
            items.append(ControlButton(ref, "pass", "Pass", style=discord.ButtonStyle.secondary, row=len(items)))
        return persistent_view(*items) if items else None

    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        verb, *args = payload.split(".")
        value = values[0] if len(values) == 1 else None
        if verb == HOME and not args:
            return Panel(self.prompt(table, seat), self.build(table, seat), self.focus(table, seat))
        if verb == "pass" and not args:
            return {"type": "pass"}
        if verb == "drw" and len(args) == 1:
            source, colour = _source(args[0])
            return {"type": "draw", "source": source, **colour}
        if verb == "xch" and value is not None and value.count(".") == 1:
            give, take = value.split(".")
            if give not in COLOUR_OF:
                raise UserError(UNREADABLE)
            source, colour = _source(take)
            return {"type": "exchange", "give": COLOUR_OF[give], "take": source, **colour}
        return china_place.resolve(table, seat, verb, args, value)
