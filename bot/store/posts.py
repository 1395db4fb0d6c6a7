"""SQL for the messages the bot may still edit: a turn's board message, a seat's turn DM, a trade offer.

Written after Discord accepted the message (its id is known only then); a crash in between makes the next
delivery post again, as before edits existed.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.db import Database, Row


@dataclass(frozen=True)
class PostRow:
    game_id: int
    kind: str  # 'turn' | 'prompt' | 'offer'
    ref: str
    channel_id: int
    message_id: int
    since: int
    version: int
    closed: bool
    content: str = ""


_COLUMNS = "game_id, kind, ref, channel_id, message_id, since, version, closed, content"
TURN = "turn"  # a turn's board message: one per turn of the game


async def get(db: Database, game_id: int, kind: str, ref: str) -> PostRow | None:
    row = await db.fetchone(f"SELECT {_COLUMNS} FROM posts WHERE game_id = ? AND kind = ? AND ref = ?",
                            (game_id, kind, ref))
    return None if row is None else _post(row)


async def open_posts(db: Database, game_id: int, kind: str) -> list[PostRow]:
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM posts WHERE game_id = ? AND kind = ? AND closed = 0", (game_id, kind)
    )
    return [_post(r) for r in rows]


async def of_game(db: Database, game_id: int) -> list[PostRow]:
    """The game's posts but its closed turn messages (as many as its turns): every post of the other kinds
    (a few per seat, and the offers), and every one still open."""
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM posts WHERE game_id = ? AND (closed = 0 OR kind <> ?) ORDER BY kind, ref",
        (game_id, TURN),
    )
    return [_post(r) for r in rows]


async def save(db: Database, post: PostRow) -> None:
    await db.write(
        f"INSERT INTO posts ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, kind, ref) DO UPDATE SET channel_id = excluded.channel_id, "
        "message_id = excluded.message_id, since = excluded.since, version = excluded.version, "
        "closed = excluded.closed, content = excluded.content",
        (post.game_id, post.kind, post.ref, post.channel_id, post.message_id, post.since, post.version,
         int(post.closed), post.content),
    )


def _post(row: Row) -> PostRow:
    return PostRow(row["game_id"], row["kind"], row["ref"], row["channel_id"], row["message_id"],
                   row["since"], row["version"], bool(row["closed"]), row["content"])
