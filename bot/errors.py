"""Errors a person can cause. Each carries one sentence that is safe to show them (ephemerally)."""

from __future__ import annotations

from bot.games.base.language import mark, tr


class UserError(Exception):
    """Bad input or a move that cannot be made now. ``str(error)`` is the sentence for the user."""


class GameNotFound(UserError):
    def __init__(self, game_id: int | str) -> None:
        super().__init__(tr("There is no game #{id}.", id=game_id))


class NotSeated(UserError):
    def __init__(self) -> None:
        super().__init__(tr("You are not playing in this game."))


class NotYourTurn(UserError):
    """A player acted while the game waits for somebody else.

    ``waiting`` is the whole sentence on whom the game waits for and, where the raiser knows it, what for
    ("The game is waiting for Bob to commit their orders."); ``board`` links the latest board. Whoever raises
    it fills what it knows (the table service knows the names, the Discord layer the link and the game's
    words); the bare sentence stays the first one, so a refusal always starts the same way."""

    SENTENCE = mark("It is not your move.")

    def __init__(self, waiting: str = "", board: str = "") -> None:
        self.waiting = waiting
        self.board = board
        parts = [tr(self.SENTENCE)]
        if waiting:
            parts.append(waiting)
        if board:
            parts.append(tr("Latest board: {link}", link=board))
        super().__init__(" ".join(parts))


class StaleVersion(UserError):
    """The control was made for an earlier position, or somebody else moved first."""

    def __init__(self) -> None:
        super().__init__(tr("That move was already made or the board has changed; here is the current position."))


class WrongStatus(UserError):
    pass


class NotAllowed(UserError):
    pass
