"""Errors a person can cause. Each carries one sentence that is safe to show them (ephemerally)."""

from __future__ import annotations


class UserError(Exception):
    """Bad input or a move that cannot be made now. ``str(error)`` is the sentence for the user."""


class GameNotFound(UserError):
    def __init__(self, game_id: int | str) -> None:
        super().__init__(f"There is no game #{game_id}.")


class NotSeated(UserError):
    def __init__(self) -> None:
        super().__init__("You are not playing in this game.")


class NotYourTurn(UserError):
    def __init__(self) -> None:
        super().__init__("It is not your turn.")


class StaleVersion(UserError):
    """The control was made for an earlier position, or somebody else moved first."""

    def __init__(self) -> None:
        super().__init__("That move was already made or the board has changed; here is the current position.")


class WrongStatus(UserError):
    pass


class NotAllowed(UserError):
    pass
