"""What every Sun Tzu control step reads: one seat of one table, its own view and its legal actions."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from bot.games.base import Action
from bot.games.sun_tzu.schema import SunTzuView
from bot.tables import Table
from cogs.components import Ref
from cogs.controls.views import typed_view


@dataclass(frozen=True)
class Seat:
    """A seat's side of the table. ``view`` is the seat's own view: the only game facts a step may show."""

    table: Table
    seat: int
    view: SunTzuView = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "view", typed_view(SunTzuView, self.table, self.seat))

    @cached_property
    def legal(self) -> list[Action]:
        """Empty unless the game waits for this seat. Worked out when first read: the orders editor's many
        clicks never read it, and listing the sampled orders is most of a click's work."""
        return self.table.game.legal_actions(self.table.state, self.seat)

    @property
    def ref(self) -> Ref:
        return Ref.of(self.table)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.table.seated]

    @property
    def other(self) -> str:
        return self.names[1 - self.seat]

    @property
    def waited_for(self) -> bool:
        return self.seat in self.table.to_act()

    def legal_of(self, kind: str) -> list[Action]:
        return [a for a in self.legal if a["type"] == kind]

    @property
    def decision(self) -> str | None:
        """The kind of decision the game waits for from this seat (support aside), or None."""
        return next((a["type"] for a in self.legal if a["type"] != "support"), None)
