"""The engine contract every game implements (see docs/ARCHITECTURE.md, "The engine contract").

Engines are pure: state in, action in, new state and events out. No I/O, no clock, no asyncio.
A state is an engine's own immutable object; the rest of the bot treats it as opaque and only ever
reaches it through a :class:`Game`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypedDict, TypeVar

from bot.games.base.language import tr, trn

JSON = dict[str, Any]
Action = dict[str, Any]
LEVELS = ("easy", "normal")
#: A take-back in the move log: a move of kind "action" whose action is ``{"take_back": true}`` (no game's
#: action has that key), and the type of the one public event it makes (said by the shared code).
TAKE_BACK = "take_back"

#: A game's own immutable state, and its view (the TypedDict of its ``schema.py``).
S = TypeVar("S")
V = TypeVar("V")


class IllegalAction(ValueError):
    """A move the rules forbid. Its message is one sentence a player understands and leaks nothing hidden."""


@dataclass(frozen=True)
class Event:
    """Something that happened. ``public`` is for everybody; ``private`` maps a seat to what only it learns."""

    type: str
    public: JSON = field(default_factory=dict)
    private: Mapping[int, JSON] = field(default_factory=dict)

    def to_dict(self) -> JSON:
        return {
            "type": self.type,
            "public": self.public,
            "private": {str(seat): data for seat, data in self.private.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            type=str(data["type"]),
            public=dict(data.get("public", {})),
            private={int(seat): dict(v) for seat, v in dict(data.get("private", {})).items()},
        )


@dataclass(frozen=True)
class Option:
    """A table option (variant): a key, a label for people, the allowed values and the default."""

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"default of option {self.key} is not one of its choices")


class ResultView(TypedDict):
    """A finished game's :class:`Result` in a view (``Result.to_dict()``), by seat: each game's ``result``."""

    scores: list[int]
    ranking: list[int]  # 1-based places, ties shared
    breakdown: list[JSON]  # each seat's parts, in the game's own shape (its scoring module)
    reason: str


@dataclass(frozen=True)
class Result:
    """Final outcome. ``ranking[seat]`` is the 1-based place (ties shared: 1, 1, 3)."""

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    breakdown: tuple[JSON, ...]
    reason: str = "normal"  # "normal", "resignation", ...

    def to_dict(self) -> ResultView:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "breakdown": list(self.breakdown),
            "reason": self.reason,
        }


def _sortable(value: Any) -> tuple[int, int, str]:
    if value is None:
        return (0, 0, "")
    if isinstance(value, int):
        return (1, int(value), "")
    return (2, 0, str(value))


def action_sort_key(action: Mapping[str, Any]) -> tuple[tuple[str, tuple[int, int, str]], ...]:
    """The one order of every legal-action list: fields by name; None first, then numbers by value, then
    anything else by its text."""
    return tuple(sorted((key, _sortable(value)) for key, value in action.items()))


def competition_ranking(keys: Sequence[Any]) -> tuple[int, ...]:
    """Places 1, 1, 3 ... from sortable keys where a higher key is better."""
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


class Game(ABC, Generic[S, V]):
    """One game's rules. Subclasses set the class attributes and implement the abstract methods."""

    key: str
    title: str
    min_players: int
    max_players: int
    menu_order: int = 100  # its place in the menus (/game new, /rules), lowest first; ties by key
    options: tuple[Option, ...] = ()

    # -- options ---------------------------------------------------------------------------------
    def resolve_options(self, given: Mapping[str, Any] | None = None) -> JSON:
        """Every option with its value: the given ones checked, the rest at their defaults."""
        given = dict(given or {})
        known = {opt.key: opt for opt in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise ValueError(tr("{game} has no option named {option}.", game=tr(self.title), option=repr(unknown[0])))
        resolved: JSON = {}
        for opt in self.options:
            value = given.get(opt.key, opt.default)
            if value not in opt.choices:
                raise ValueError(tr("{value} is not a valid value for {option}.", value=repr(value),
                                    option=tr(opt.label)))
            resolved[opt.key] = value
        return resolved

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(tr("{game} is for {low} to {high} players, not {count}.", game=tr(self.title),
                                low=self.min_players, high=self.max_players, count=players))

    # -- the contract ----------------------------------------------------------------------------
    @abstractmethod
    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        """A fresh game. Raises ValueError for a bad player count or option."""

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Seats that must act now (several in simultaneous phases); empty when the game is over."""

    def score_text(self, score: int) -> str:
        """A final score as people read it ("12 points"; a game scored in money says "$840,000")."""
        return trn("{n} point", "{n} points", score)

    def can_act(self, state: S, seat: int) -> bool:
        """May ``seat`` send an action now? Usually exactly the seats in ``to_act``; games where a seat may act
        without being waited for (changing a secret commitment, trading after "done") say so here, and
        ``apply`` decides the rest."""
        return seat in self.to_act(state)

    def opens_turn(self, before: S, after: S) -> bool:
        """Whether the move from ``before`` to ``after`` ends a turn and opens the next (the thread's new board
        message): usually when a seat must act that did not before. A game whose phase is one turn however
        often its seats are waited for again (Chinatown's trading: each offer has its own message, a completed
        trade edits the board) says so here; who is told is still ``newly_waiting``."""
        return bool(self.to_act(after) - self.to_act(before))

    def newly_waiting(self, before: S, after: S, seat: int) -> frozenset[int]:
        """Seats to tell that a decision of theirs is due after ``seat``'s move from ``before`` to ``after``
        (a DM, or a mention): usually the seats waited for now that were not before. A game where a move
        makes seats wait again without changing their decision (Chinatown's completed trade resetting every
        ready flag) narrows it here; the turn clocks still follow ``to_act``."""
        return self.to_act(after) - self.to_act(before)

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every legal action of ``seat``, sorted and deterministic; empty for seats not to act."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: Mapping[str, Any]) -> tuple[S, list[Event]]:
        """The new state and events. Raises IllegalAction; never mutates ``state``."""

    @abstractmethod
    def resign(self, state: S, seat: int, *, timed_out: bool = False) -> tuple[S, list[Event]]:
        """The seat leaves the game and will be ranked last; play goes on without it, or ends when
        fewer than two seats remain in play. Raises IllegalAction if the seat already left or the game is over.
        ``timed_out``: the seat ran out of time on a table that forfeits it. It is ranked the same, but the
        events, views and pictures say it ran out of time rather than resigned."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """JSON-safe view: what ``seat`` may know, or what everybody may know when ``seat`` is None."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result:
        """Final scores, ranking and breakdown. Only valid when ``is_over``."""

    # -- a finished game's story (bot/story.py) -------------------------------------------------------
    @abstractmethod
    def running_scores(self, state: S) -> tuple[int, ...]:
        """Each seat's score in ``state``, any position of the game, as everybody may know it once the game is
        over: the score chart of the game's story draws it turn by turn. A game whose score is public during
        play gives its score (``result().scores`` at the end); one whose score hides something that stays
        hidden after the end gives the public part of it, and ``score_caption`` says which."""

    def score_caption(self) -> str:
        """What ``running_scores`` counts, as the score chart's axis says it."""
        return tr("Points")

    @abstractmethod
    def scoring_moment(self, state: S, events: Sequence[Event]) -> str | None:
        """A short name for the scoring the move that told ``events`` and left ``state`` made (a region's name,
        "Round 3"), for a mark on the score chart; None when that move scored nothing. Said from public facts
        only: the events' public parts and what the state shows everybody."""

    @abstractmethod
    def dump(self, state: S) -> JSON: ...

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> S:
        """Rebuild a state from ``dump``; checks invariants and raises ValueError naming a broken one."""

    # -- words and computer players --------------------------------------------------------------
    @abstractmethod
    def describe(self, event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
        """One sentence for the event, with ``names[s]`` for seat s. ``seat=None`` uses only the public
        part (for the thread); a seat number may add that seat's private part (for its DM). None: say nothing."""

    @abstractmethod
    def action_label(self, action: Mapping[str, Any]) -> str:
        """A short label for a button or select option, e.g. "Play 2 Wall to section 3"."""

    def timeout_action(self, state: S, seat: int) -> Action | None:
        """A safe move for a seat whose time ran out that does not depend on its hidden information (its
        probability must not change with what the seat holds), or None when the rules leave no such move."""
        return None

    def forced_action(self, state: S, seat: int) -> Action | None:
        """The seat's only legal action when it is a pass, finish or continue and everybody can already see
        that nothing else was possible: the table service applies it at once instead of asking. None when
        the seat has a real choice, or when skipping the question would reveal what the seat holds."""
        return None

    def can_take_back(
        self, before: S, seat: int, action: Mapping[str, Any], after: S, events: Sequence[Event]
    ) -> bool:
        """May ``seat`` take back the move ``action`` that turned ``before`` into ``after`` (telling
        ``events``), restoring ``before`` exactly? Only a move that showed nothing hidden to anybody (no card
        drawn, no secret shown, nothing private in ``events``), drew nothing random and handed the decision to
        nobody else. The table service adds the rest (the seat's own last move, nobody acted since, not forced
        or timed out, the table allows it). Default: no move can be taken back."""
        return False

    @abstractmethod
    def choose_action(self, view: V, legal: Sequence[Action], rng: random.Random, level: str = "easy") -> Action:
        """The computer player's choice, from its own view and legal actions only."""


def said(game: Game[Any, Any], event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
    """``game.describe``, and the events every game shares that no engine makes: a take-back (public, and
    revealing nothing: who took back their move)."""
    if event.type == TAKE_BACK:
        return tr("{player} took back their last move.", player=names[int(event.public["seat"])])
    return game.describe(event, names, seat)


def own_seat(viewer: int | None) -> int:
    """The seat a computer player plays: its view is always a seat's own (``view(state, seat)``)."""
    if viewer is None:
        raise ValueError("the computer player needs a seat's own view")
    return viewer


def check_choice(level: str, legal: Sequence[Mapping[str, Any]], levels: Sequence[str] = LEVELS) -> None:
    """Refuse a computer-player level the game does not have, or a choice among no legal actions."""
    if level not in levels:
        raise ValueError(f"unknown AI level {level!r}; known levels: {', '.join(levels)}")
    if not legal:
        raise ValueError("no legal action to choose from")
