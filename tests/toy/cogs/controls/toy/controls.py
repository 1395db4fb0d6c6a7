"""High Lantern's one control: a button per card in the seat's hand."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.errors import UserError
from bot.games.base import Action
from bot.tables import Table
from cogs.components import ControlButton, Panel, Ref, persistent_view
from cogs.controls.base import Controls
from cogs.controls.routes import GONE, UNREADABLE

PLAY = "play"  # payload play.<card>


class LanternControls(Controls):
    def prompt(self, table: Table, seat: int) -> str:
        hand = table.view(seat)["hand"]
        return f"**High Lantern**: your card. Your hand: {', '.join(map(str, hand))}."

    def build(self, table: Table, seat: int) -> discord.ui.View | None:
        legal = table.game.legal_actions(table.state, seat)
        if not legal:
            return None
        ref = Ref.of(table)
        return persistent_view(*(ControlButton(ref, f"{PLAY}.{a['card']}", table.game.action_label(a)) for a in legal))

    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        verb, _, card = payload.partition(".")
        if verb != PLAY or not card.isdigit() or len(card) > 3:
            raise UserError(UNREADABLE)
        action = {"type": "play", "card": int(card)}
        if action not in table.game.legal_actions(table.state, seat):
            raise UserError(GONE)
        return action

    def hand_text(self, table: Table, seat: int) -> str:
        return f"Your hand: {', '.join(map(str, table.view(seat)['hand']))}."

    def phase_summary(self, table: Table) -> str | None:
        if table.view(None)["trick"]:
            return ("**Following**\nPlay one card from your hand, face up.\n"
                    "When everybody still in has played, the highest card wins the trick.")
        return ("**Leading a trick**\nPlay any card from your hand, face up.\n"
                "The others follow with one card each; the highest wins.")

    def awaited(self, table: Table, players: str, count: int) -> str:
        return f"The game is waiting for {players} to play a card."
