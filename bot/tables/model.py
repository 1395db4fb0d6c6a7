"""What a table is, as the rest of the bot sees it: its players, its engine state, and what happened to it
(the notifications the Discord layer is told)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot import games
from bot.games.base import Event, Game, Result
from bot.games.base.language import tr
from bot.statuses import TableStatus
from bot.timecontrol import TimeControl

AI_LEVELS = ("easy", "normal")


@dataclass(frozen=True)
class Player:
    slot: int
    user_id: int | None
    name: str
    ai_level: str | None
    seat: int | None
    forfeited: bool = False
    dropped: bool = False  # a tournament organiser dropped them: the engine saw a resignation

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None

    @property
    def mention(self) -> str:
        if self.user_id is not None:
            return f"<@{self.user_id}>"
        if self.ai_level == "easy":
            return tr("{name} (computer)", name=self.name)
        if self.ai_level == "normal":
            return tr("{name} (normal computer)", name=self.name)
        return tr("{name} ({level} computer)", name=self.name, level=self.ai_level)


@dataclass(frozen=True)
class Table:
    """A game as the rest of the bot sees it: its row, its players and (once started) its engine state."""

    id: int
    key: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    creator_id: int
    status: TableStatus
    seat_count: int
    options: dict[str, Any]
    seed: int
    version: int
    players: tuple[Player, ...]
    state: Any
    updated_at: float
    time_control: TimeControl
    timeout_policy: str
    vacation_allowed: bool
    deadlines: dict[int, float]  # seat -> when its time runs out (timed games, seats to act)
    language: str = "en"  # of the thread, the lobby and the pictures (bot/i18n.py)
    take_backs: bool = True  # may a player take back their own last move (TableService.take_back)
    # Views already computed, by seat (None: the public view). A table is one position (its state is never
    # changed, ``replace`` makes a new table with an empty memo), so each view is computed once however many
    # messages, pictures and fingerprints of a delivery read it. Readers must not change a view they get.
    _views: dict[int | None, dict[str, Any]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def game(self) -> Game:
        return games.get(self.key)

    @property
    def seated(self) -> tuple[Player, ...]:
        """Players in seat order once running; in joining order in the lobby."""
        if self.status == TableStatus.LOBBY:
            return self.players
        return tuple(sorted(self.players, key=lambda p: p.seat if p.seat is not None else p.slot))

    def seat_of(self, user_id: int) -> int | None:
        for player in self.players:
            if player.user_id == user_id:
                return player.seat
        return None

    def is_member(self, user_id: int) -> bool:
        return any(p.user_id == user_id for p in self.players)

    def player_at(self, seat: int) -> Player:
        for player in self.players:
            if player.seat == seat:
                return player
        raise KeyError(seat)

    def names(self) -> list[str]:
        return [p.name for p in self.seated]

    def to_act(self) -> frozenset[int]:
        if self.status != TableStatus.RUNNING:
            return frozenset()
        return self.game.to_act(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: everybody), computed once per table; seats a tournament organiser
        dropped are marked so (``with_drops``)."""
        if seat not in self._views:
            dropped = {p.seat for p in self.players if p.dropped and p.seat is not None}
            self._views[seat] = with_drops(self.game.view(self.state, seat), dropped)
        return self._views[seat]

    def result(self) -> Result | None:
        if self.state is None or not self.game.is_over(self.state):
            return None
        return self.game.result(self.state)


def with_drops(view: dict[str, Any], dropped: set[int]) -> dict[str, Any]:
    """``view`` with each dropped seat marked ``"dropped": True`` where the view says the seat left play: its
    entry in the view's ``players`` and in its result's ``breakdown`` (both by seat), which say ``resigned``
    (render/leaving.py reads the three). The engine knows a drop only as a resignation, as the log keeps it;
    the table knows it was a drop, and it is public (the thread says it)."""
    if not dropped:
        return view
    marked = dict(view)
    players = view.get("players")
    if isinstance(players, list):
        marked["players"] = _dropped(players, dropped)
    result = view.get("result")
    if isinstance(result, dict) and isinstance(result.get("breakdown"), list):
        marked["result"] = {**result, "breakdown": _dropped(result["breakdown"], dropped)}
    return marked


def _dropped(parts: list[Any], dropped: set[int]) -> list[Any]:
    return [{**part, "dropped": True} if seat in dropped and isinstance(part, dict) and part.get("resigned") else part
            for seat, part in enumerate(parts)]


@dataclass(frozen=True)
class ClockNews:
    """A vacation begun or ended, where the table waits for that seat: its deadline now."""

    due: float
    away_until: float | None  # None: the player is back


@dataclass(frozen=True)
class Position:
    """One committed position as the Discord layer tells it, typed (read from its outbox row once): what
    happened (its events, public and private parts), who acted, whether the table's clock made the move, and
    where it stands in its turn. Clock news (``kind == "clock"``) carries ``clock`` instead of events."""

    version: int
    kind: str  # started, moved, clock, ...
    turn: int | None  # the version that opened this position's turn
    seat: int | None = None  # who acted (clock news: whose clock)
    events: tuple[Event, ...] = ()
    timeout: str | None = None  # the policy that made this move for a seat out of time
    over: bool = False  # this move ended the game
    clock: ClockNews | None = None
    dropped: bool = False  # the seat's resignation was a tournament organiser dropping them

    @property
    def opens_turn(self) -> bool:
        """A move that ended a turn and opened the next; the one that ends the game is told with the result."""
        return self.kind == "moved" and self.turn == self.version and not self.over


@dataclass(frozen=True)
class Notification:
    """What happened, to be told: kind is 'started', 'moved', 'cancelled', 'reminder' or 'upkeep'.

    Positions committed together (a computer's or a timed-out seat's several moves, a backlog after a
    restart) that belong to one turn arrive as one notification: the newest position, with every event."""

    id: int
    game_id: int
    version: int
    kind: str
    seat: int | None  # who acted
    events: tuple[Event, ...]
    newly_to_act: tuple[int, ...]  # seats that must act now and did not before this move (to DM them)
    timeout: str | None = None  # the policy that made this move for a seat out of time
    deadline: float | None = None  # reminders: when the reminded seat's time runs out
    turn: int | None = None  # the version that opened this position's turn (one board message per turn)
    opens_turn: bool = False  # the first of these positions opened its turn: a new board message
    outbox_ids: tuple[int, ...] = ()  # every outbox row this notification stands for
    forfeited: tuple[int, ...] = ()  # seats whose time ran out on a forfeit table in these positions
    dropped: tuple[int, ...] = ()  # seats a tournament organiser dropped in these positions
    positions: tuple[Position, ...] = ()  # its turn's positions up to this one (a board message's lines)


@dataclass(frozen=True)
class MoveOutcome:
    table: Table
    events: tuple[Event, ...]
    seat: int


def opens_turn(game: Game, before: Any, after: Any) -> bool:
    """A new turn begins when the game ends, or when the rules say a move opened one (``Game.opens_turn``: a
    seat must act that did not before). A seat continuing its turn, or seats of a simultaneous phase finishing
    one by one, stay in the turn (one board message)."""
    return game.is_over(after) or game.opens_turn(before, after)
