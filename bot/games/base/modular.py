"""The delegations every game's ``rules.py`` shares, and the one shape of an action handler.

Each game package does the same jobs in modules of the same names: ``handlers`` (``apply`` and
``resign``), ``serial`` (``dump`` and ``load``), ``text`` (``describe`` and ``action_label``) and ``ai``
(``choose_action``). A :class:`ModularGame` names those modules once and passes the contract's calls on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from bot.games.base.contract import JSON, Action, Event, Game

S = TypeVar("S")
A = TypeVar("A")

#: One action kind's rule: checks it (raising IllegalAction), appends its events and returns the new state.
Handler = Callable[[S, int, A, list[Event]], S]


def run_handler(handler: Handler[S, A], state: S, seat: int, action: A) -> tuple[S, list[Event]]:
    """The handler's new state and the events it appended."""
    events: list[Event] = []
    return handler(state, seat, action, events), events


class Handlers(Protocol):
    def apply(self, state: Any, seat: int, action: Mapping[str, Any], /) -> tuple[Any, list[Event]]: ...

    def resign(self, state: Any, seat: int, /, *, timed_out: bool = False) -> tuple[Any, list[Event]]: ...


class Serial(Protocol):
    def dump(self, state: Any, /) -> JSON: ...

    def load(self, data: Mapping[str, Any], /) -> Any: ...


class Text(Protocol):
    def describe(self, event: Event, names: Sequence[str], seat: int | None = None, /) -> str | None: ...

    def action_label(self, action: Mapping[str, Any], /) -> str: ...


class Ai(Protocol):
    def choose_action(
        self, view: JSON, legal: Sequence[Action], rng: random.Random, level: str = "easy", /
    ) -> Action: ...


class ModularGame(Game):
    """A :class:`Game` whose moves, snapshots, words and computer player are its package's modules."""

    handlers: Handlers
    serial: Serial
    text: Text
    ai: Ai

    def apply(self, state: Any, seat: int, action: Mapping[str, Any]) -> tuple[Any, list[Event]]:
        return self.handlers.apply(state, seat, action)

    def resign(self, state: Any, seat: int, *, timed_out: bool = False) -> tuple[Any, list[Event]]:
        return self.handlers.resign(state, seat, timed_out=timed_out)

    def dump(self, state: Any) -> JSON:
        return self.serial.dump(state)

    def load(self, data: Mapping[str, Any]) -> Any:
        return self.serial.load(data)

    def describe(self, event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
        return self.text.describe(event, names, seat)

    def action_label(self, action: Mapping[str, Any]) -> str:
        return self.text.action_label(action)

    def choose_action(self, view: JSON, legal: Sequence[Action], rng: random.Random, level: str = "easy") -> Action:
        return self.ai.choose_action(view, legal, rng, level)
