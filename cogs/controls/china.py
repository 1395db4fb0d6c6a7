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
from cogs.controls import china_place
from cogs.controls.china_place import HOME, view_of
from cogs.controls.china_words import (
    COLOUR_OF,
    COLOURS,
    LETTER,
    OPTION_HELP,
    UNREADABLE,
    card,
    cards_list,
    supply_line,
    table_line,
)
from cogs.controls.china_words import awaited as awaited_for
from cogs.controls.china_words import phase_summary as phase_summary  # the Rules button
from render.crops import BOARD, Focus

RULES_SUMMARY = (
    "**Goal**: the most points, from houses and emissaries in the nine regions of China.\n"
    "**Your turn**: one of\n"
    "• *Place*: play 1-3 cards to put 1 or 2 pieces into **one** region. Each piece costs one card of the "
    "region's colour, or two cards of one other colour (a wild pair). A region that was empty at the start of "
    "your turn takes only 1 piece. A house needs a free space. Emissaries in a region may never outnumber the "
    "most houses any one player has there (you need no house of your own). Then refill to 3 cards, one at a "
    "time, from the deck or the 4 face-up cards.\n"
    "• *Exchange*: give up one card and take one from the deck or the face-up cards (no refill).\n"
    "**Region scoring**: when a region's last house space fills, it scores at once. Most houses: 1 point per "
    "house there, of any colour. The next: the leader's house count; the next: the second's count, and so on. "
    "Ties share a place.\n"
    "**End**: after the round in which the deck runs out a second time (the discard pile is reshuffled the "
    "first time), or as soon as no piece can be placed.\n"
    "**Final scoring**: regions not yet scored, as above. Each alliance (the 15 numbers on the borders): every "
    "emissary in its two regions counts for each player with the most emissaries in both (ties count; you need "
    "one in each). Roads: every row of 4 or more of your houses linked by roads scores 1 per house; branches "
    "score nothing and no house counts twice.\n"
    "**Fortifications** (expert option): one each, placed and paid like a piece, with your house on it in the "
    "same turn whenever you can. It doubles its house owner's points in that region and any road row through it.\n"
    "**Tie**: the most pieces left in supply.\n"
    "**Board sides**: 3 players use the 3-4 side, 5 the 4-5 side, 4 either; only the roads differ."
)

_SIDES = {
    "auto": "by player count (3: the 3-4 side, 4 or 5: the 4-5 side)",
    "3-4": "the 3-4 side",
    "4-5": "the 4-5 side",
}


# -- texts -------------------------------------------------------------------------------------------
def hand_text(table: Table, seat: int) -> str:
    view = view_of(table, seat)
    return f"Your hand: {cards_list(view['hand'] or [])}. {supply_line(view, seat)}"


def prompt(table: Table, seat: int) -> str:
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
    return f"{head}{due}\n{table_line(view)}\n{hand_text(table, seat)}"


def focus(table: Table, seat: int) -> Focus | None:
    """The first step's picture: the board while placing or exchanging (its select names the regions); none
    for the refill, whose face-up cards and deck are on the seat's own picture."""
    if table.state is None or view_of(table, None)["phase"] != "action" or seat not in table.to_act():
        return None
    return BOARD


def option_label(option: Option, value: Any) -> str | None:
    if option.key == "board_side":
        return _SIDES.get(str(value))
    if option.key == "fortifications":
        return "on" if value else "off"
    return None


def option_help(option: Option, value: Any) -> str | None:
    return OPTION_HELP.get(option.key, {}).get(value)


def awaited(table: Table) -> str:
    return awaited_for(view_of(table, None))


# -- the first step ----------------------------------------------------------------------------------
def build(table: Table, seat: int) -> discord.ui.View | None:
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


def resolve(table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
    verb, *args = payload.split(".")
    value = values[0] if len(values) == 1 else None
    if verb == HOME and not args:
        return Panel(prompt(table, seat), build(table, seat), focus(table, seat))
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
