"""A table's view as its game's typed schema (``bot/games/<key>/schema.py``), for that game's controls.

``Table.view`` returns the JSON-safe dict every game's ``view`` returns; each game types it in its schema.
The one place the Discord layer says which schema a view has: a game's controls name their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from bot.tables import Table

View = TypeVar("View", bound=Any)


def typed_view(schema: type[View], table: Table, seat: int | None) -> View:
    """``table.view(seat)`` (None: the public view) as ``schema``, the TypedDict its game declares."""
    return cast(View, table.view(seat))
