"""The custom_id of every game component: ``mk:<game_id>:<version>:<verb>[:<payload>]``, at most 100 characters.

Its own module, below everything else of the Discord layer: the components build these ids and the bot's
protocol (:mod:`cogs.app`) names the position a click was made for, without either importing the other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.tables import Table

CUSTOM_ID_LIMIT = 100

PREFIX = r"mk:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):"
PAYLOAD = r"(?P<payload>[A-Za-z0-9_.-]{1,60})"


@dataclass(frozen=True)
class Ref:
    """The position a control was made for: a game and its version (number of moves applied)."""

    game_id: int
    version: int

    @classmethod
    def of(cls, table: Table) -> Ref:
        return cls(table.id, table.version)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Ref:
        return cls(int(match["game"]), int(match["version"]))

    def custom_id(self, verb: str, payload: str | None = None) -> str:
        custom_id = f"mk:{self.game_id}:{self.version}:{verb}" + (f":{payload}" if payload else "")
        if len(custom_id) > CUSTOM_ID_LIMIT:
            raise ValueError(f"custom_id {custom_id!r} is longer than {CUSTOM_ID_LIMIT} characters")
        return custom_id
