"""Persistent components of game messages: the board buttons and the control items.

Every custom_id is ``mk:<game_id>:<version>:<verb>[:<payload>]`` (:mod:`cogs.custom_ids`), and every item is
a ``DynamicItem``: after a restart it is rebuilt from its custom_id alone. The Play cog registers the board
buttons and controls, the Rulebook cog the Rules button; a click reaches their work through the bot's
protocol (:mod:`cogs.app`). The id is only a hint of what was
clicked; the callbacks reload the game and the table service re-checks everything (seat, turn, version).
``from_custom_id`` only parses (no database): it runs before the interaction can be deferred.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.games.base.language import mark, tr
from bot.statuses import TableStatus
from cogs.app import app_of
from cogs.custom_ids import PAYLOAD, PREFIX, Ref
from cogs.language import Spoken

if TYPE_CHECKING:
    from bot.tables import Table
    from render.crops import Focus

LABEL_LIMIT = 80  # buttons allow 80 characters; we hold select options to the same so both read alike
DESCRIPTION_LIMIT = 100
SELECT_LIMIT = 25  # options per select
MAX_SELECTS = 4  # a fifth row stays free for buttons such as "Back"

@dataclass(frozen=True)
class Panel:
    """What a private message shows: a text and, while there is something to choose, the controls; and the
    picture its decision needs (``focus``: the board, or the part of it the choices name), shown with the
    seat's own picture."""

    content: str
    view: discord.ui.View | None = None
    focus: Focus | None = None


def clip(text: str, limit: int = LABEL_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def choice(label: str, value: str, description: str | None = None, *, default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(
        label=clip(label),
        value=value,
        description=clip(description, DESCRIPTION_LIMIT) if description else None,
        default=default,
    )


def persistent_view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view of DynamicItems only, so it works from any message, even after a restart. Only DynamicItems:
    discord.py keeps a view holding any plain item, and when such a view times out (ephemeral ones after
    15 minutes) it unregisters the DynamicItem templates it contains, for every message."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


class BoardButton(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PREFIX + r"(?P<verb>play|hand)"):
    """ "Play" (the mover's controls) and "My hand" on every board message; both answer ephemerally."""

    def __init__(self, ref: Ref, verb: str) -> None:
        label, style = (
            (tr("Play"), discord.ButtonStyle.success) if verb == "play"
            else (tr("My hand"), discord.ButtonStyle.secondary)
        )
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=ref.custom_id(verb)))
        self.ref = ref
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(Ref.from_match(match), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).play.on_board_button(interaction, self.ref, self.verb)


class TakeBackButton(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PREFIX + r"undo"):
    """ "Take back" on the mover's own message after a move that may be taken back (its version is the
    position after that move, so it stops working as soon as anything else happens)."""

    def __init__(self, ref: Ref) -> None:
        super().__init__(discord.ui.Button(label=tr("Take back"), style=discord.ButtonStyle.secondary,
                                           emoji="↩️", custom_id=ref.custom_id("undo")))
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakeBackButton:
        return cls(Ref.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).play.on_take_back(interaction, self.ref)


def with_take_back(view: discord.ui.View | None, ref: Ref) -> discord.ui.View:
    """``view`` (a persistent one, or none) with the Take back button added where a row has room."""
    view = view or persistent_view()
    with contextlib.suppress(ValueError):  # every row full: no button (the move stands unless the panel has room)
        view.add_item(TakeBackButton(ref))
    return view


class RulesButton(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PREFIX + r"rules"):
    """ "Rules" on every prompt: the rules of the phase the game is in now, ephemerally. It reads no database
    until the interaction is deferred, like every item here."""

    LABEL: ClassVar[str] = mark("Rules")

    def __init__(self, ref: Ref, *, row: int | None = None) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=tr(self.LABEL), style=discord.ButtonStyle.secondary, custom_id=ref.custom_id("rules"), row=row
        )
        super().__init__(button)
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesButton:
        return cls(Ref.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).rulebook.on_rules_button(interaction, self.ref)


def with_rules(view: discord.ui.View | None, ref: Ref) -> discord.ui.View | None:
    """A prompt's controls with a Rules button: on the bottom row beside Back or Draw, else on any row with
    room; a view already at Discord's limits (5 rows of 5) stays as it is, its controls matter more."""
    if view is None:
        return None
    for row in (4, None):
        try:
            view.add_item(RulesButton(ref, row=row))
        except ValueError:  # that row is full (or every row is, or the view holds 25 items)
            continue
        return view
    return view


class ControlButton(Spoken, discord.ui.DynamicItem[discord.ui.Button[Any]], template=PREFIX + r"b:" + PAYLOAD):
    """A step of a game's controls; the payload's meaning belongs to that game's controls."""

    KIND: ClassVar[str] = "b"  # the custom_id's kind letter, matching the template
    PUBLIC: ClassVar[bool] = False  # on a public message: the answer goes to a new ephemeral message

    def __init__(
        self,
        ref: Ref,
        payload: str,
        label: str,
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=clip(label), style=style, custom_id=ref.custom_id(self.KIND, payload), row=row
        )
        super().__init__(button)
        self.ref = ref
        self.payload = payload

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ControlButton:
        label = getattr(item, "label", None) or "…"
        return cls(Ref.from_match(match), match["payload"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).play.on_control(interaction, self.ref, self.payload, (), public=self.PUBLIC)


class ControlSelect(Spoken, discord.ui.DynamicItem[discord.ui.Select[Any]], template=PREFIX + r"s:" + PAYLOAD):
    """A select step of a game's controls; the chosen value is untrusted input like the payload."""

    def __init__(
        self,
        ref: Ref,
        payload: str,
        options: Sequence[discord.SelectOption],
        placeholder: str,
        *,
        row: int | None = None,
        min_values: int = 1,
        max_values: int = 1,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ref.custom_id("s", payload),
            options=list(options),
            placeholder=clip(placeholder, 150),
            row=row,
            min_values=min_values,
            max_values=max_values,
        )
        super().__init__(select)
        self.ref = ref
        self.payload = payload

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ControlSelect:
        options = list(getattr(item, "options", []))
        placeholder = getattr(item, "placeholder", None) or tr("Choose")
        bounds = {"min_values": getattr(item, "min_values", 1), "max_values": getattr(item, "max_values", 1)}
        return cls(Ref.from_match(match), match["payload"], options, placeholder, **bounds)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = tuple(str(value) for value in self.item.values)
        await app_of(interaction).play.on_control(interaction, self.ref, self.payload, values)


class PublicControlButton(ControlButton, template=PREFIX + r"p:" + PAYLOAD):
    """A game's control on a public message (e.g. Accept under a trade offer in the thread): anyone may press
    it, and the answer is a new ephemeral message to the presser; the public message itself never changes."""

    KIND = "p"
    PUBLIC = True


def selects(
    ref: Ref, payload: str, options: Sequence[discord.SelectOption], placeholder: str, *, first_row: int = 0
) -> list[ControlSelect]:
    """Options split over selects of 25 (payload ``<payload>.<n>`` keeps custom_ids unique in a message)."""
    chunks = [options[i : i + SELECT_LIMIT] for i in range(0, len(options), SELECT_LIMIT)][:MAX_SELECTS]
    return [
        ControlSelect(
            ref,
            f"{payload}.{n}",
            chunk,
            placeholder if len(chunks) == 1 else f"{placeholder} ({n + 1}/{len(chunks)})",
            row=first_row + n,
        )
        for n, chunk in enumerate(chunks)
    ]


def board_view(table: Table) -> discord.ui.View | None:
    """The buttons under a board message: none once the game is over."""
    if table.status != TableStatus.RUNNING:
        return None
    ref = Ref.of(table)
    return persistent_view(BoardButton(ref, "play"), BoardButton(ref, "hand"))
