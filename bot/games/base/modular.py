"""The delegations every game's ``rules.py`` shares, and the one shape of an action handler and its table.

Each game package does the same jobs in modules of the same names: ``handlers`` (``apply`` and
``resign``), ``serial`` (``dump`` and ``load``), ``text`` (``describe`` and ``action_label``) and ``ai``
(``choose_action``). A :class:`ModularGame` names those modules once and passes the contract's calls on.

Every game's ``handlers.HANDLERS`` maps an action class to its handler (rows made by :func:`on`, so mypy
checks each handler takes its class); :func:`dispatch` runs the one for a parsed action. A game whose
phases accept different kinds says which with :func:`accepts` before dispatching.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from bot.games.base.contract import JSON, Action, Event, Game

S = TypeVar("S")
A = TypeVar("A")
P = TypeVar("P")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)

#: One action kind's rule: checks it (raising IllegalAction), appends its events and returns the new state.
Handler = Callable[[S, int, A, list[Event]], S]
#: A game's ``HANDLERS``: action class -> its handler (each row checked by :func:`on`).
HandlerTable = Mapping[type, Handler[S, Any]]


def on(kind: type[A], handler: Handler[S, A]) -> tuple[type, Handler[S, Any]]:
    """One row of a handler table: the handler of action class ``kind`` (mypy checks that it takes ``kind``)."""
    return kind, handler


def run_handler(handler: Handler[S, A], state: S, seat: int, action: A) -> tuple[S, list[Event]]:
    """The handler's new state and the events it appended."""
    events: list[Event] = []
    return handler(state, seat, action, events), events


def dispatch(table: HandlerTable[S], state: S, seat: int, action: object) -> tuple[S, list[Event]]:
    """Run the handler of the parsed ``action``'s class (every class a game's parser returns has one)."""
    return run_handler(table[type(action)], state, seat, action)


def accepts(phases: Mapping[P, Collection[type]], phase: P, action: object) -> bool:
    """Does ``phase`` accept the parsed ``action``'s kind? (the games whose phases take different kinds)"""
    return type(action) in phases.get(phase, ())


class Handlers(Protocol[S]):
    def apply(self, state: S, seat: int, action: Mapping[str, Any], /) -> tuple[S, list[Event]]: ...

    def resign(self, state: S, seat: int, /, *, timed_out: bool = False) -> tuple[S, list[Event]]: ...


class Serial(Protocol[S]):
    def dump(self, state: S, /) -> JSON: ...

    def load(self, data: Mapping[str, Any], /) -> S: ...


class Text(Protocol):
    def describe(self, event: Event, names: Sequence[str], seat: int | None = None, /) -> str | None: ...

    def action_label(self, action: Mapping[str, Any], /) -> str: ...


class Ai(Protocol[V_contra]):
    def choose_action(
        self, view: V_contra, legal: Sequence[Action], rng: random.Random, level: str = "easy", /
    ) -> Action: ...


@dataclass(frozen=True)
class Modules(Generic[S, V]):
    """The modules of a game's package that a :class:`ModularGame` passes the contract's calls on to."""

    handlers: Handlers[S]
    serial: Serial[S]
    text: Text
    ai: Ai[V]


class ModularGame(Game[S, V]):
    """A :class:`Game` whose moves, snapshots, words and computer player are its package's modules."""

    modules: Modules[S, V]

    @property
    def handlers(self) -> Handlers[S]:
        return self.modules.handlers

    @property
    def serial(self) -> Serial[S]:
        return self.modules.serial

    @property
    def text(self) -> Text:
        return self.modules.text

    @property
    def ai(self) -> Ai[V]:
        return self.modules.ai

    def apply(self, state: S, seat: int, action: Mapping[str, Any]) -> tuple[S, list[Event]]:
        return self.handlers.apply(state, seat, action)

    def resign(self, state: S, seat: int, *, timed_out: bool = False) -> tuple[S, list[Event]]:
        return self.handlers.resign(state, seat, timed_out=timed_out)

    def dump(self, state: S) -> JSON:
        return self.serial.dump(state)

    def load(self, data: Mapping[str, Any]) -> S:
        return self.serial.load(data)

    def describe(self, event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
        return self.text.describe(event, names, seat)

    def action_label(self, action: Mapping[str, Any]) -> str:
        return self.text.action_label(action)

    def choose_action(self, view: V, legal: Sequence[Action], rng: random.Random, level: str = "easy") -> Action:
        return self.ai.choose_action(view, legal, rng, level)
