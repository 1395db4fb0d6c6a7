"""The posts of the game a delivery is telling, read once for that delivery instead of once per question.

While a process holds a game's delivery claim, only that delivery writes the game's board messages, turn
DMs and offers (``posts``): what it read and saved itself stays true until the claim ends. The book is
kept in a context variable, so only the delivering task reads through it; anything else (a Rematch click
at the same moment) reads the database.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from bot.store import posts as post_sql
from bot.store.db import Database
from bot.store.posts import TURN, PostRow

_BOOK: ContextVar[PostBook | None] = ContextVar("post_book", default=None)


class PostBook:
    def __init__(self, db: Database, game_id: int) -> None:
        self.db = db
        self.game_id = game_id
        self._posts: dict[tuple[str, str], PostRow | None] | None = None  # (kind, ref) -> post, None: none
        self.done = False  # the delivery ended: a task started meanwhile (which copied it) reads the database

    async def get(self, kind: str, ref: str) -> PostRow | None:
        posts = await self._read()
        if (kind, ref) not in posts and kind == TURN:  # closed turn messages are read one by one, once
            posts[(kind, ref)] = await post_sql.get(self.db, self.game_id, kind, ref)
        return posts.get((kind, ref))

    async def open_posts(self, kind: str) -> list[PostRow]:
        posts = await self._read()
        return sorted((p for p in posts.values() if p is not None and p.kind == kind and not p.closed),
                      key=lambda p: p.ref)

    def saved(self, post: PostRow) -> None:
        if self._posts is not None:
            self._posts[(post.kind, post.ref)] = post

    async def _read(self) -> dict[tuple[str, str], PostRow | None]:
        if self._posts is None:
            self._posts = {(p.kind, p.ref): p for p in await post_sql.of_game(self.db, self.game_id)}
        return self._posts


@contextmanager
def keeping_posts(db: Database, game_id: int) -> Iterator[None]:
    """Read the game's posts through one book while the block runs (the delivery of a claimed game)."""
    book = PostBook(db, game_id)
    token = _BOOK.set(book)
    try:
        yield
    finally:
        book.done = True
        _BOOK.reset(token)


def book_for(game_id: int) -> PostBook | None:
    """The delivering task's book of this game, if any."""
    book = _BOOK.get()
    return book if book is not None and book.game_id == game_id and not book.done else None
