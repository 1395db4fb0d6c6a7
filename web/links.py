"""The web pages' addresses, and the signed private links to a seat's own view.

A private link names a game and a seat and carries a key: ``<game>.<seat>.<until>.<signature>``, the
signature an HMAC-SHA256 of the first three under ``WEB_SECRET``. It opens that seat's view of that game
until ``until`` (a Unix time), while the seat still plays. Anything else is refused with its reason
(``Refusal``), and a refused link shows nothing private. Without a secret no private link is made.

Pure standard library: the Discord layer makes the links, the web layer checks them.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass, field
from enum import StrEnum
from urllib.parse import quote

PRIVATE_HOURS = 48  # a private link's life: a turn's DM is read within it, and every turn sends a new one
_PURPOSE = b"middle-kingdom seat view 1\x00"  # the signed text says what it is for, so no other HMAC matches it


class Refusal(StrEnum):
    """Why a private link shows nothing private."""

    UNSIGNED = "unsigned"  # no key at all
    TAMPERED = "tampered"  # a key that is not one we signed (or changed after)
    WRONG_GAME = "wrong game"  # signed for another game
    EXPIRED = "expired"
    FINISHED = "finished"  # the game is over, or the seat left it


@dataclass(frozen=True)
class SeatKey:
    """What a valid key opens."""

    game_id: int
    seat: int
    until: int


@dataclass(frozen=True)
class WebLinks:
    """``base``: the pages' public address (WEB_URL), without a trailing slash; ``secret``: WEB_SECRET."""

    base: str
    secret: str | None = field(default=None, repr=False)

    def home(self) -> str:
        return f"{self.base}/"

    def game(self, game_id: int) -> str:
        return f"{self.base}/games/{game_id}"

    def tournament(self, tournament_id: int) -> str:
        return f"{self.base}/tournaments/{tournament_id}"

    def player(self, user_id: int) -> str:
        return f"{self.base}/players/{user_id}"

    @property
    def signs(self) -> bool:
        return self.secret is not None

    def private(self, game_id: int, seat: int, now: float, hours: float = PRIVATE_HOURS) -> str | None:
        """The seat's own view of the game, for ``hours`` from ``now``; None without a secret."""
        key = self.key(game_id, seat, int(now + hours * 3600))
        return None if key is None else f"{self.base}{private_path(game_id)}?key={quote(key)}"

    def key(self, game_id: int, seat: int, until: int) -> str | None:
        if self.secret is None:
            return None
        body = f"{game_id}.{seat}.{until}"
        return f"{body}.{_signature(self.secret, body)}"

    def check(self, key: str | None, game_id: int, now: float) -> SeatKey | Refusal:
        """The seat a key opens on game ``game_id`` at ``now``, or why it does not (whether the seat still
        plays is the caller's to check: ``Refusal.FINISHED``). The signature is checked first, so nothing
        of a forged key is believed."""
        if not key:
            return Refusal.UNSIGNED
        if self.secret is None:
            return Refusal.TAMPERED
        body, _, signature = key.rpartition(".")
        parts = body.split(".")
        if len(parts) != 3 or not all(part.isdigit() and len(part) <= 20 for part in parts):
            return Refusal.TAMPERED
        if not hmac.compare_digest(signature.encode(), _signature(self.secret, body).encode()):
            return Refusal.TAMPERED
        game, seat, until = (int(part) for part in parts)
        if game != game_id:
            return Refusal.WRONG_GAME
        if until < now:
            return Refusal.EXPIRED
        return SeatKey(game, seat, until)


def private_path(game_id: int) -> str:
    return f"/games/{game_id}/private"


def _signature(secret: str, body: str) -> str:
    digest = hmac.new(secret.encode(), _PURPOSE + body.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()  # 144 bits, 24 characters, no padding
