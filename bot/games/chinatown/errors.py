"""Refusals with the spec's error codes (§5.4, §6.1), so tests and the UI can tell them apart."""

from __future__ import annotations

from bot.games.base import IllegalAction


class ChinatownError(IllegalAction):
    """An illegal command. ``code`` is the spec's error code; the message is for the player only."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# Public wording for an offer that a giver can no longer pay: never says who or how much [R30].
MONEY_UNPAYABLE = "MONEY_UNPAYABLE"

MESSAGES: dict[str, str] = {
    "WRONG_PHASE": "That is not possible in this phase.",
    "NOT_YOUR_TURN": "It is not your turn.",
    "GAME_OVER": "The game is over.",
    "RESIGNED": "You have left this game.",
    "BAD_ACTION": "That command is not understood.",
    "EMPTY_OFFER": "An offer needs at least one item and two players.",
    "UNKNOWN_PLAYER": "Every player named in an offer must be a player in this game.",
    "PLAYER_LEFT": "A player named in the offer has left the game.",
    "PHASE_ENDED": "Trading is over for this year.",
    "SELF_TRANSFER": "Nobody can give something to themself.",
    "NOT_PARTICIPANT": "You are not part of this offer.",
    "LOT_LISTED_TWICE": "A lot can appear only once in an offer.",
    "LOT_NOT_OWNED_BY_GIVER": "A lot in the offer does not belong to the player giving it.",
    "TILES_NOT_IN_HAND": "A player would give shop tiles they do not hold.",
    "BAD_AMOUNT": "Money must be a positive multiple of the money unit.",
    "INSUFFICIENT_CASH": "You do not have enough money for this offer.",
    "UNTRADEABLE_ITEM": "Only lots, shop tiles in hand and money can be traded.",
    "PLACED_TILE_NOT_TRADEABLE": "A shop on the board cannot be traded without its lot; trade the lot.",
    "UNKNOWN_OFFER": "There is no such offer.",
    "OFFER_CLOSED": "That offer is closed.",
    "STALE_VERSION": "That offer has changed since; look at the new version.",
    "ALREADY_ACCEPTED": "You have already accepted this version.",
    "NOT_AUTHOR": "Only the author can withdraw an offer.",
    "ALREADY_READY": "You are already done trading.",
    "NOT_READY": "You are still trading.",
    "UNKNOWN_LOT": "There is no such lot.",
    "NOT_LOT_OWNER": "You can only build on a lot you own.",
    "LOT_OCCUPIED": "That lot already has a shop.",
    "TILE_NOT_IN_HAND": "You have no tile of that type in hand.",
    "UNKNOWN_SHOP": "There is no such shop type.",
    "BAD_KEEP": "Keep exactly the required number of your own Building cards.",
    "ALREADY_KEPT": "You have already chosen your lots.",
    "ALREADY_DONE": "You have already ended your turn.",
}


def refuse(code: str, detail: str | None = None) -> ChinatownError:
    """The error for ``code``, with an optional more specific sentence."""
    return ChinatownError(code, detail or MESSAGES[code])
