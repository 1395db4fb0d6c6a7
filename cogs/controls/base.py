"""What every game's controls offer the Discord layer: four parts each game writes, and optional hooks
with a default that a game overrides only where it differs.

Every method reads the table; none of them changes anything. The generic code (``cogs/play.py``,
``cogs/notify.py``, ``cogs/rulebook.py``...) calls these methods and never names a game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.games.base.language import tr
from cogs.components import Panel

if TYPE_CHECKING:
    import discord

    from bot.games.base import Action, Option
    from bot.tables import Notification, Table
    from render.crops import Focus

#: A public message a game adds below the board: (its ref in ``posts``, send() keyword arguments).
Extra = tuple[str, dict[str, Any]]


class Controls(ABC):
    """A game's controls: a seat's legal choices as Discord components, and the way back to an action."""

    # -- what every game writes ---------------------------------------------------------------------
    @abstractmethod
    def prompt(self, table: Table, seat: int) -> str:
        """The private text above the controls: whose move, what is due, the seat's own hand."""

    @abstractmethod
    def build(self, table: Table, seat: int) -> discord.ui.View | None:
        """The first step of the seat's controls, only legal choices; None when there is nothing to choose."""

    @abstractmethod
    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        """A clicked control (payload from its custom_id, values from a select; both untrusted) as the
        action to submit, or the next step. Raises UserError for something it cannot read."""

    @abstractmethod
    def hand_text(self, table: Table, seat: int) -> str:
        """A sentence on the seat's own hidden holdings, for "My hand"."""

    def first_step(self, table: Table, seat: int) -> Panel:
        """The seat's first step again (a "Back" button): the prompt, the controls and their picture."""
        return Panel(self.prompt(table, seat), self.build(table, seat), self.focus(table, seat))

    # -- optional hooks -------------------------------------------------------------------------------
    def focus(self, table: Table, seat: int) -> Focus | None:
        """The close-up the first step's decision needs (the later steps carry theirs in their Panel)."""
        return None

    def option_label(self, option: Option, value: Any) -> str | None:
        """How a table option's value reads in the lobby; None for the plain default wording."""
        return None

    def option_help(self, option: Option, value: Any) -> str | None:
        """One description of a table option's value, for the lobby's select; None for the option's help."""
        return None

    def phase_summary(self, table: Table) -> str | None:
        """The Rules button of prompts: the phase now in a few plain lines, the first naming it; None for
        the game's whole rules summary."""
        return None

    def awaited(self, table: Table, players: str, count: int) -> str:
        """The whole sentence saying whom the game waits for and what for, for refusals: ``players`` are the
        awaited seats' names already joined ("Ana and Bob"), ``count`` how many they are (for the verb's
        number). One message per awaited step, never a fragment spliced into another message; the default
        names only the players."""
        return tr("The game is waiting for {players}.", players=players)

    def due(self, table: Table, seat: int) -> str:
        """What the seat is asked for now, in a few words after the game's title, for the first line of its
        notifications ("place pieces or exchange a card", "warlord window: play or pass")."""
        return tr("your move")

    def may_act(self, table: Table, seat: int) -> bool:
        """Whether the seat may act now: waited for, or (where the game allows it) acting without being
        waited for, such as trading after "Done" or changing secret orders."""
        return seat in table.to_act()

    def version_free(self, payload: str) -> bool:
        """Whether a control keeps working after other moves: only for payloads whose action carries its own
        freshness check (an offer's version, the round) and which the engine refuses to repeat."""
        return False

    def thread_extras(self, table: Table, note: Notification) -> list[Extra]:
        """Public messages after the board (Chinatown's offers)."""
        return []

    def extra_outcome(self, table: Table, ref: str) -> str | None:
        """The line that closes such a message once its outcome is known; None while it stays open."""
        return None

    def private_alerts(self, table: Table, note: Notification) -> dict[int, str]:
        """Seats to tell by DM of something only they see (a private offer), each with what it is ("A
        private offer for you"); the notifier adds the game and its link."""
        return {}
