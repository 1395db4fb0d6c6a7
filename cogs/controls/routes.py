"""The way back from a click: a control's payload is ``<verb>[.<arg>...]``, each game's verbs are an enum,
and a route table maps each verb to its handler and the shape of payload it accepts.

Payloads come from custom_ids and select values from Discord: both untrusted. ``dispatch`` refuses an
unknown verb or a payload of the wrong shape with one sentence before any handler runs; handlers read their
arguments strictly and the engine re-checks the action. The verb strings are the ones in custom_ids already
posted, so renaming a member never changes its value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from bot.errors import UserError
from bot.games.base.language import mark

if TYPE_CHECKING:
    from bot.games.base import Action
    from bot.tables import Table
    from cogs.components import Panel

V = TypeVar("V", bound=StrEnum)

# Refusals raised as UserError(UNREADABLE): ``report`` says them in the person's language.
UNREADABLE = mark("I could not read that choice; press Play for fresh controls.")
SHORT = 10  # options a phone player reads in one list: a choice of more becomes steps, each a short list
T = TypeVar("T")
GONE = mark("That choice is not available any more; press Play for fresh controls.")


def short_runs(items: Sequence[T]) -> list[list[T]]:
    """``items`` in order, cut into as few runs of at most ``SHORT`` as they need, as even as they go."""
    if not items:
        return []
    size = -(-len(items) // -(-len(items) // SHORT))
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


@dataclass(frozen=True)
class Click:
    """A clicked control: the seat it answers, the payload's arguments after the verb, the select's values."""

    table: Table
    seat: int
    args: tuple[str, ...]
    values: tuple[str, ...]

    @property
    def value(self) -> str:
        """The one value of a select (its route asks for exactly one)."""
        if len(self.values) != 1:
            raise UserError(UNREADABLE)
        return self.values[0]

    @property
    def rest(self) -> str:
        """The arguments as one string, for payloads whose argument may itself hold dots."""
        return ".".join(self.args)


Handler = Callable[[Click], "Action | Panel"]


@dataclass(frozen=True)
class Route:
    handler: Handler
    args: range | None = range(1)  # how many arguments the payload carries; None: any number
    value: bool = False  # a select: exactly one value


def route(handler: Handler, args: int | range | None = 0, *, value: bool = False) -> Route:
    """A route; ``args`` an exact count, a range of counts, or None for any."""
    return Route(handler, range(args, args + 1) if isinstance(args, int) else args, value)


def verb_of(payload: str) -> str:
    return payload.partition(".")[0]


def dispatch(
    verbs: type[V], routes: Mapping[V, Route], table: Table, seat: int, payload: str, values: Sequence[str]
) -> Action | Panel:
    """The handler of the payload's verb, called when the payload has the route's shape; else UserError."""
    name, *args = payload.split(".")
    try:
        verb = verbs(name)
    except ValueError:
        raise UserError(UNREADABLE) from None
    chosen = routes[verb]
    if (chosen.args is not None and len(args) not in chosen.args) or (chosen.value and len(values) != 1):
        raise UserError(UNREADABLE)
    return chosen.handler(Click(table, seat, tuple(args), tuple(values)))


def check_routes(verbs: type[V], routes: Mapping[V, Route]) -> Mapping[V, Route]:
    """A route table that has a route for every verb (checked when the module loads)."""
    missing = set(verbs) - set(routes)
    if missing:
        raise RuntimeError(f"verbs without a route: {', '.join(sorted(missing))}")
    return routes
