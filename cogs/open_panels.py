"""The ephemeral Play panels still open in this process, so a delivery can close them once their turn passes.

Kept apart from the prompts that close them: a click remembers its panel (through the bot's protocol,
:mod:`cogs.app`) without reaching into the notifier.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

import discord

from bot.games.base import language as words

EPHEMERAL_LIFETIME = 14 * 60.0  # seconds; Discord accepts edits of an interaction's answer for 15 minutes


@dataclass
class OpenPanel:
    """An ephemeral Play panel still open: the interaction that can edit it, and when it began."""

    interaction: discord.Interaction
    seat: int
    since: float
    language: str  # its person's, in force when it was opened
    message_id: int | None = None  # the ephemeral message, when known

    @property
    def alive(self) -> bool:
        """Whether Discord still lets its interaction edit it."""
        return time.monotonic() - self.since <= EPHEMERAL_LIFETIME


class OpenPanels:
    def __init__(self) -> None:
        self._panels: dict[tuple[int, int], OpenPanel] = {}  # (game, user) -> the newest Play panel

    def remember(
        self, game_id: int, user_id: int, seat: int, interaction: discord.Interaction, message_id: int | None = None
    ) -> None:
        """Remember the person's newest panel of the game (the caller closed the one it replaces)."""
        self._panels[(game_id, user_id)] = OpenPanel(interaction, seat, time.monotonic(), words.code(), message_id)

    def of(self, game_id: int, user_id: int) -> OpenPanel | None:
        """The person's open panel of the game, while Discord lets us edit it."""
        panel = self._panels.get((game_id, user_id))
        return panel if panel is not None and panel.alive else None

    def forget(self, game_id: int, user_id: int) -> None:
        self._panels.pop((game_id, user_id), None)

    def of_game(self, game_id: int) -> Iterator[tuple[int, OpenPanel]]:
        """(user, panel) for the game's panels Discord still lets us edit; expired ones are dropped."""
        for (game, user), panel in list(self._panels.items()):
            if game != game_id:
                continue
            if not panel.alive:
                del self._panels[(game, user)]
                continue
            yield user, panel
