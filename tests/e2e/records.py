"""What the bot's database says about a game, read straight from the SQLite file (read-only) or the PostgreSQL
database, and the game state after every move, replayed with the engine from (seed, options, moves)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot import games
from bot.games.base import Event, Game
from bot.store.games import MoveRow
from bot.tables import Player, Table, replay_moves
from bot.tables.replay import replay_steps
from bot.timecontrol import TimeControl
from tests.e2e import play


@dataclass(frozen=True)
class Recorded:
    game_id: int
    key: str
    status: str
    seed: int
    options: dict[str, Any]
    version: int
    snapshot: dict[str, Any] | None
    players: tuple[Player, ...]  # in seat order
    moves: tuple[MoveRow, ...]
    outbox: tuple[tuple[int, str, dict[str, Any], bool], ...]  # (version, kind, payload, delivered)
    turns: dict[int, int]  # position (version) -> the version that opened its turn, for positions with one
    # Turns whose board message starts later than the turn: a turn too long for one message went on in a new
    # one (docs/ARCHITECTURE.md, the life of a click, 6), or a backlog's first message began with its newest part.
    continued: int = 0
    delivered_at: tuple[float | None, ...] = ()  # when each outbox row was marked sent, in the rows' order

    def delivered_in_order(self) -> bool:
        """Each notification was sent no earlier than the one before it (a group's rows together)."""
        sent = [at for at in self.delivered_at if at is not None]
        return sent == sorted(sent) and None not in self.delivered_at[: len(sent)]

    @property
    def engine(self) -> Game:
        return games.get(self.key)

    def seat_of(self, user_id: int) -> int | None:
        return next((p.seat for p in self.players if p.user_id == user_id), None)

    def states(self) -> list[Any]:
        """The state at every version: states()[v] is the game after v moves (the log replayed)."""
        moves = ((m.seat, m.kind, m.action) for m in self.moves)
        return [state for state, _ in replay_steps(self.engine, len(self.players), self.seed, self.options, moves)]

    def replays_to_snapshot(self) -> bool:
        """The log is the truth: replaying it gives exactly the stored snapshot."""
        replayed = replay_moves(self.engine, len(self.players), self.seed, self.options, self.moves)
        return self.snapshot is not None and self.engine.dump(replayed) == self.snapshot

    def table(self, state: Any, version: int) -> Table:
        """A Table as the bot builds it, for the Discord layer's text helpers."""
        return Table(
            id=self.game_id, key=self.key, guild_id=None, channel_id=None, thread_id=None, lobby_message_id=None,
            creator_id=0, status="running", seat_count=len(self.players), options=self.options, seed=self.seed,
            version=version, players=self.players, state=state, updated_at=0.0, time_control=TimeControl(),
            timeout_policy="ai", vacation_allowed=True, deadlines={},
        )

    def events(self) -> list[Event]:
        return [Event.from_dict(e) for _, _, payload, _ in self.outbox for e in payload.get("events", [])]


GAME = "SELECT * FROM games WHERE id = ?"
SEATS = "SELECT slot, user_id, name, ai_level, seat, forfeited FROM seats WHERE game_id = ? ORDER BY seat, slot"
MOVES = "SELECT seq, seat, kind, action, created_at FROM moves WHERE game_id = ? ORDER BY seq"
OUTBOX = "SELECT version, kind, payload, delivered_at, turn FROM outbox WHERE game_id = ? ORDER BY id"
POSTS = "SELECT ref, since FROM posts WHERE game_id = ? AND kind = 'turn'"


def read_game(path: Path, game_id: int) -> Recorded:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    conn.row_factory = sqlite3.Row
    try:
        row = conn.execute(GAME, (game_id,)).fetchone()
        assert row is not None, f"no game {game_id} in the database"
        rows = [conn.execute(sql, (game_id,)).fetchall() for sql in (SEATS, MOVES, OUTBOX, POSTS)]
        return _recorded(game_id, row, *rows)
    finally:
        conn.close()


async def read_game_at(url: str, game_id: int) -> Recorded:
    """The same, from a PostgreSQL database."""
    conn = await asyncpg.connect(url)
    try:
        row = await conn.fetchrow(GAME.replace("?", "$1"), game_id)
        assert row is not None, f"no game {game_id} in the database"
        rows = [await conn.fetch(sql.replace("?", "$1"), game_id) for sql in (SEATS, MOVES, OUTBOX, POSTS)]
        return _recorded(game_id, row, *rows)
    finally:
        await conn.close()


Row = Any  # sqlite3.Row or asyncpg.Record: read by column name


def _recorded(
    game_id: int, row: Row, seats: Sequence[Row], moves: Sequence[Row], outbox: Sequence[Row], posts: Sequence[Row]
) -> Recorded:
    return Recorded(
        game_id=game_id,
        key=row["key"],
        status=row["status"],
        seed=row["seed"],
        options=json.loads(row["options"]),
        version=row["version"],
        snapshot=json.loads(row["snapshot"]) if row["snapshot"] else None,
        players=tuple(
            Player(s["slot"], s["user_id"], s["name"], s["ai_level"], s["seat"], bool(s["forfeited"])) for s in seats
        ),
        moves=tuple(
            MoveRow(m["seq"], m["seat"], m["kind"], json.loads(m["action"]), m["created_at"]) for m in moves
        ),
        outbox=tuple(
            (o["version"], o["kind"], json.loads(o["payload"]), o["delivered_at"] is not None) for o in outbox
        ),
        turns={o["version"]: o["turn"] for o in outbox if o["turn"] is not None},
        continued=sum(1 for p in posts if p["since"] != int(p["ref"])),
        delivered_at=tuple(o["delivered_at"] for o in outbox),
    )


def check_log(game: play.Game, recorded: Recorded) -> None:
    """Nothing lost, nothing doubled or invented: the log against the clicks the people made; the game ended."""
    assert recorded.status == "finished" and recorded.replays_to_snapshot()
    check_moves(game, recorded)
    assert game.over()
    assert all(re.search(r"board-\d+-\d+\.png", a.filename) for b in game.boards()[:-1] for a in b.attachments)


def check_moves(game: play.Game, recorded: Recorded) -> None:
    """The log so far against the clicks: every move a person saw confirmed is in it, none is doubled or
    made without a click for it, and every position's board was shown."""
    moves = recorded.moves
    assert [m.seq for m in moves] == list(range(1, len(moves) + 1))
    user_of = {p.seat: p.user_id for p in recorded.players}
    controls = [c for c in game.clicks if play.CONTROL.match(c.custom_id)]
    # No move lost: every move a person saw confirmed is in the log, by their seat, at its position.
    for click in controls:
        if click.moved and not click.failed:
            assert click.version is not None and user_of[moves[click.version].seat] == click.user_id
    # None invented or doubled: each move answers a click of that seat's person on a control of the position
    # before it (a control names its position, so one click can make one move at most).
    for move in moves:
        assert any(c.user_id == user_of[move.seat] and c.version == move.seq - 1 for c in controls), move
    # Every position's board was shown (posted, or edited into its turn's message), and the final ranking. A
    # position still pending when a later one of its turn joins it (another process was delivering the game,
    # or this one was down) goes out with it: one board, whose text tells every event of the turn
    # (bot/tables/delivery.py).
    shown = game.shown_versions()
    unseen = {v for v in range(len(moves)) if v not in shown and not any(
        w > v and recorded.turns.get(w, -1) == recorded.turns.get(v) for w in shown)}
    assert not unseen, f"positions never on the board: {sorted(unseen)}"
