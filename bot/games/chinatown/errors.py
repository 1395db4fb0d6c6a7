"""Refusals with the spec's error codes (§5.4, §6.1), so tests and the UI can tell them apart."""

from __future__ import annotations

from bot.games.base import IllegalAction
from bot.games.base.language import mark, tr


class ChinatownError(IllegalAction):
    """An illegal command. ``code`` is the spec's error code; the message is for the player only."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# Public wording for an offer that a giver can no longer pay: never says who or how much [R30].
MONEY_UNPAYABLE = "MONEY_UNPAYABLE"

MESSAGES: dict[str, str] = {
    "WRONG_PHASE": mark("That is not possible in this phase."),
    "NOT_YOUR_TURN": mark("It is not your turn."),
    "GAME_OVER": mark("The game is over."),
    "RESIGNED": mark("You have left this game."),
    "BAD_ACTION": mark("That command is not understood."),
    "EMPTY_OFFER": mark("An offer needs at least one item and two players."),
    "UNKNOWN_PLAYER": mark("Every player named in an offer must be a player in this game."),
    "PLAYER_LEFT": mark("A player named in the offer has left the game."),
    "PHASE_ENDED": mark("Trading is over for this year."),
    "SELF_TRANSFER": mark("Nobody can give something to themself."),
    "NOT_PARTICIPANT": mark("You are not part of this offer."),
    "LOT_LISTED_TWICE": mark("A lot can appear only once in an offer."),
    "LOT_NOT_OWNED_BY_GIVER": mark("A lot in the offer does not belong to the player giving it."),
    "TILES_NOT_IN_HAND": mark("A player would give shop tiles they do not hold."),
    "BAD_AMOUNT": mark("Money must be a positive multiple of the money unit."),
    "INSUFFICIENT_CASH": mark("You do not have enough money for this offer."),
    "UNTRADEABLE_ITEM": mark("Only lots, shop tiles in hand and money can be traded."),
    "PLACED_TILE_NOT_TRADEABLE": mark("A shop on the board cannot be traded without its lot; trade the lot."),
    "UNKNOWN_OFFER": mark("There is no such offer."),
    "OFFER_CLOSED": mark("That offer is closed."),
    "STALE_VERSION": mark("That offer has changed since; look at the new version."),
    "ALREADY_ACCEPTED": mark("You have already accepted this version."),
    "NOT_AUTHOR": mark("Only the author can withdraw an offer."),
    "ALREADY_READY": mark("You are already done trading."),
    "NOT_READY": mark("You are still trading."),
    "UNKNOWN_LOT": mark("There is no such lot."),
    "NOT_LOT_OWNER": mark("You can only build on a lot you own."),
    "LOT_OCCUPIED": mark("That lot already has a shop."),
    "TILE_NOT_IN_HAND": mark("You have no tile of that type in hand."),
    "UNKNOWN_SHOP": mark("There is no such shop type."),
    "BAD_KEEP": mark("Keep exactly the required number of your own Building cards."),
    "ALREADY_KEPT": mark("You have already chosen your lots."),
    "ALREADY_DONE": mark("You have already ended your turn."),
}


def refuse(code: str, detail: str | None = None) -> ChinatownError:
    """The error for ``code``, with an optional more specific sentence (already in the language in force)."""
    return ChinatownError(code, detail or tr(MESSAGES[code]))
