"""What the bot's database says about a game, read straight from the SQLite file (read-only), and the game
state after every move, replayed with the engine from (seed, options, moves)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot import games
from bot.games.base import Event, Game
from bot.store.games import MoveRow
from bot.tables import Player, Table, replay_moves
from bot.timecontrol import TimeControl


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

    @property
    def engine(self) -> Game:
        return games.get(self.key)

    def seat_of(self, user_id: int) -> int | None:
        return next((p.seat for p in self.players if p.user_id == user_id), None)

    def states(self) -> list[Any]:
        """The state at every version: states()[v] is the game after v moves (the log replayed)."""
        engine = self.engine
        state = engine.new(len(self.players), self.seed, self.options)
        found = [state]
        for move in self.moves:
            if move.kind == "resign":
                state, _ = engine.resign(state, move.seat)
            else:
                state, _ = engine.apply(state, move.seat, move.action)
            found.append(state)
        return found

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


def read_game(path: Path, game_id: int) -> Recorded:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    conn.row_factory = sqlite3.Row
    try:
        row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        assert row is not None, f"no game {game_id} in the database"
        seats = conn.execute(
            "SELECT slot, user_id, name, ai_level, seat, forfeited FROM seats WHERE game_id = ? ORDER BY seat, slot",
            (game_id,),
        ).fetchall()
        moves = conn.execute(
            "SELECT seq, seat, kind, action, created_at FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        outbox = conn.execute(
            "SELECT version, kind, payload, delivered_at FROM outbox WHERE game_id = ? ORDER BY id", (game_id,)
        ).fetchall()
    finally:
        conn.close()
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
    )
