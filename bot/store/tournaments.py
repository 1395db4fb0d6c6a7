"""SQL for tournaments, their players, round tables and byes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.statuses import EntrantStatus, TournamentStatus
from bot.store.db import Connection, Database
from bot.store.servers import pages_allowed_where


@dataclass(frozen=True)
class TournamentPlayerRow:
    user_id: int
    name: str
    status: EntrantStatus
    left_round: int | None = None  # dropped: the round under way then (0: before round 1); None if unknown
    replaced_by: int | None = None  # dropped: the user who took over the place and results, if anyone


@dataclass(frozen=True)
class TournamentTableRow:
    round: int
    table_no: int
    players: tuple[int, ...]  # user ids in seat order
    game_id: int | None


@dataclass(frozen=True)
class TournamentRow:
    id: int
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    organiser_id: int
    name: str
    key: str
    format: str
    table_size: int
    rounds: int
    cap: int | None
    check_in: bool
    seeding: str
    options: dict[str, Any]
    time_control: dict[str, Any]
    timeout_policy: str
    status: TournamentStatus
    current_round: int
    seed: int
    uneven: str  # byes | larger: numbers that do not divide into tables of table_size
    announced_round: int  # the last round whose end was posted
    players: tuple[TournamentPlayerRow, ...]
    tables: tuple[TournamentTableRow, ...]
    byes: tuple[tuple[int, int], ...]  # (round, user id)
    language: str = "en"  # of its public posts, pictures and games (bot/i18n.py)


_COLUMNS = (
    "id, guild_id, channel_id, message_id, organiser_id, name, key, format, table_size, rounds, cap, check_in, "
    "seeding, options, time_control, timeout_policy, status, current_round, seed, uneven, announced_round, language"
)
_SETTABLE = {"message_id", "status", "current_round", "rounds", "announced_round"}


async def insert(conn: Connection, now: float, **values: Any) -> int:
    values = {k: json.dumps(v) if isinstance(v, dict) else v for k, v in values.items()}
    names = list(values)
    cursor = await conn.execute(
        f"INSERT INTO tournaments ({', '.join(names)}, created_at, updated_at) "
        f"VALUES ({', '.join('?' for _ in names)}, ?, ?) RETURNING id",
        (*values.values(), now, now),
    )
    row = await cursor.fetchone()
    assert row is not None  # RETURNING gives the one row inserted
    return int(row["id"])


async def set_columns(conn: Connection, tournament_id: int, now: float, **columns: Any) -> None:
    if not columns or not set(columns) <= _SETTABLE:
        raise ValueError(f"cannot set {sorted(columns)}")
    assignments = ", ".join(f"{name} = ?" for name in columns)
    await conn.execute(
        f"UPDATE tournaments SET {assignments}, updated_at = ? WHERE id = ?", (*columns.values(), now, tournament_id)
    )


async def upsert_player(conn: Connection, tournament_id: int, user_id: int, name: str, status: EntrantStatus,
                        now: float) -> None:
    await conn.execute(
        """
        INSERT INTO tournament_players (tournament_id, user_id, name, status, joined_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (tournament_id, user_id) DO UPDATE SET status = excluded.status, name = excluded.name
        """,
        (tournament_id, user_id, name, status, now),
    )


async def mark_left(conn: Connection, tournament_id: int, user_id: int, round_no: int,
                    replaced_by: int | None = None) -> None:
    """A player drops out in round ``round_no`` (0: before round 1), possibly handing the place to another."""
    await conn.execute(
        "UPDATE tournament_players SET status = 'dropped', left_round = ?, replaced_by = ? "
        "WHERE tournament_id = ? AND user_id = ?",
        (round_no, replaced_by, tournament_id, user_id),
    )


async def delete_player(conn: Connection, tournament_id: int, user_id: int) -> None:
    await conn.execute(
        "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
    )


async def add_table(conn: Connection, tournament_id: int, round_no: int, table_no: int,
                    players: tuple[int, ...]) -> None:
    await conn.execute(
        "INSERT INTO tournament_tables (tournament_id, round, table_no, players) VALUES (?, ?, ?, ?)",
        (tournament_id, round_no, table_no, json.dumps(list(players))),
    )


async def set_table_game(conn: Connection, tournament_id: int, round_no: int, table_no: int,
                         game_id: int) -> None:
    await conn.execute(
        "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? AND table_no = ?",
        (game_id, tournament_id, round_no, table_no),
    )


async def delete_table(conn: Connection, tournament_id: int, round_no: int, table_no: int) -> None:
    await conn.execute(
        "DELETE FROM tournament_tables WHERE tournament_id = ? AND round = ? AND table_no = ? AND game_id IS NULL",
        (tournament_id, round_no, table_no),
    )


async def replace_in_tables(conn: Connection, tournament_id: int, round_no: int, old: int, new: int) -> None:
    """Swap a player for another in a round's tables that have no game yet."""
    cursor = await conn.execute(
        "SELECT table_no, players FROM tournament_tables WHERE tournament_id = ? AND round = ? AND game_id IS NULL",
        (tournament_id, round_no),
    )
    for row in await cursor.fetchall():
        players = [new if p == old else p for p in json.loads(row["players"])]
        await conn.execute(
            "UPDATE tournament_tables SET players = ? WHERE tournament_id = ? AND round = ? AND table_no = ?",
            (json.dumps(players), tournament_id, round_no, row["table_no"]),
        )


async def add_bye(conn: Connection, tournament_id: int, round_no: int, user_id: int) -> None:
    await conn.execute(
        "INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        (tournament_id, round_no, user_id),
    )


async def fetch(db: Database, tournament_id: int) -> TournamentRow | None:
    row = await db.fetchone(f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
    if row is None:
        return None
    players = await db.fetchall(
        "SELECT user_id, name, status, left_round, replaced_by FROM tournament_players WHERE tournament_id = ? "
        "ORDER BY joined_at, user_id",
        (tournament_id,),
    )
    tables = await db.fetchall(
        "SELECT round, table_no, players, game_id FROM tournament_tables WHERE tournament_id = ? "
        "ORDER BY round, table_no",
        (tournament_id,),
    )
    byes = await db.fetchall(
        "SELECT round, user_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round, user_id", (tournament_id,)
    )
    return TournamentRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        organiser_id=row["organiser_id"],
        name=row["name"],
        key=row["key"],
        format=row["format"],
        table_size=row["table_size"],
        rounds=row["rounds"],
        cap=row["cap"],
        check_in=bool(row["check_in"]),
        seeding=row["seeding"],
        options=json.loads(row["options"]),
        time_control=json.loads(row["time_control"]),
        timeout_policy=row["timeout_policy"],
        status=TournamentStatus(row["status"]),
        current_round=row["current_round"],
        seed=row["seed"],
        uneven=row["uneven"],
        announced_round=row["announced_round"],
        language=row["language"],
        players=tuple(
            TournamentPlayerRow(p["user_id"], p["name"], EntrantStatus(p["status"]), p["left_round"], p["replaced_by"])
            for p in players
        ),
        tables=tuple(
            TournamentTableRow(t["round"], t["table_no"], tuple(json.loads(t["players"])), t["game_id"]) for t in tables
        ),
        byes=tuple((b["round"], b["user_id"]) for b in byes),
    )


async def ids(db: Database, *, guild_id: int | None = None, statuses: tuple[TournamentStatus, ...]) -> list[int]:
    marks = ", ".join("?" for _ in statuses)
    where = f"status IN ({marks})"
    params: list[Any] = list(statuses)
    if guild_id is not None:
        where += " AND guild_id = ?"
        params.append(guild_id)
    rows = await db.fetchall(f"SELECT id FROM tournaments WHERE {where} ORDER BY id", params)
    return [int(r["id"]) for r in rows]


async def tournament_of_game(db: Database, game_id: int) -> int | None:
    row = await db.fetchone("SELECT tournament_id FROM tournament_tables WHERE game_id = ?", (game_id,))
    return int(row["tournament_id"]) if row else None


async def shown_ids(db: Database, statuses: tuple[TournamentStatus, ...], limit: int) -> list[int]:
    """Tournaments of servers that allowed web pages, the latest changed first."""
    marks = ", ".join("?" for _ in statuses)
    rows = await db.fetchall(
        f"SELECT id FROM tournaments WHERE status IN ({marks}) AND {pages_allowed_where()} "
        "ORDER BY updated_at DESC, id DESC LIMIT ?",
        (*statuses, limit),
    )
    return [int(r["id"]) for r in rows]


async def newest_change(db: Database) -> float:
    """When any tournament last changed (0 before the first)."""
    row = await db.fetchone("SELECT MAX(updated_at) AS at FROM tournaments")
    return float(row["at"]) if row is not None and row["at"] is not None else 0.0


async def changed_since(db: Database, after: float) -> list[int]:
    rows = await db.fetchall("SELECT id FROM tournaments WHERE updated_at > ?", (after,))
    return [int(r["id"]) for r in rows]


async def of_games(db: Database, game_ids: list[int]) -> dict[int, int]:
    """game -> its tournament, for the games of tournaments among ``game_ids``."""
    if not game_ids:
        return {}
    marks = ", ".join("?" for _ in game_ids)
    rows = await db.fetchall(
        f"SELECT game_id, tournament_id FROM tournament_tables WHERE game_id IN ({marks})", tuple(game_ids)
    )
    return {int(r["game_id"]): int(r["tournament_id"]) for r in rows}
