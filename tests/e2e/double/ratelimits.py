"""Discord's rate limits, as its developer documentation states them (Topics, Rate Limits) and its API answers
them.

- **The global limit**: 50 requests a second per bot token, whichever connection or process sends them (a
  sliding second here, the strictest reading). Interaction endpoints are not bound by it: the callback
  (``POST /interactions/{id}/{token}/callback``) and the webhook routes under the interaction's token
  (``/webhooks/{application_id}/{token}...``). Refused with 429, ``"global": true``, ``X-RateLimit-Global:
  true`` and ``X-RateLimit-Scope: global``.
- **Per-route buckets**, counted per top-level resource (a channel, a guild, a webhook and its token): each
  answer on a limited route carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch seconds),
  ``-Reset-After`` (seconds) and ``-Bucket``; a request past the limit gets 429 with ``X-RateLimit-Scope:
  user``. A bucket's window opens with its first request and resets ``per`` seconds later, as Discord's
  Reset-After counts down. discord.py reads these headers and waits before it would exceed them.
- **Invalid requests**: answers of 401, 403 and 429 (a 429 of scope ``shared`` excepted). 10,000 of them in
  10 minutes ban the address for an hour: every request then gets Cloudflare's 429 (no ``Via``, not JSON).

A ``RateLimits`` with ``enforced=False`` refuses nothing but still says which requests count, so a run can
measure what the bot would ask of Discord.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.e2e.double.model import Call

GLOBAL_PER_SECOND = 50
INVALID_STATUSES = (401, 403, 429)
INVALID_LIMIT = 10_000  # invalid requests ...
INVALID_WINDOW = 600.0  # ... in this many seconds ban the address ...
BAN_SECONDS = 3600.0  # ... for an hour
RATE_LIMITED = "You are being rate limited."
# discord.py trusts a 429 only when it carries Via: without it, it takes the answer for a Cloudflare ban.
VIA = {"Via": "1.1 google"}


@dataclass(frozen=True)
class Bucket:
    """A per-route limit: ``limit`` requests every ``per`` seconds for each top-level resource."""

    name: str
    limit: int
    per: float

    @property
    def id(self) -> str:
        """What X-RateLimit-Bucket says: an opaque hash, as Discord's (the resource is not part of it)."""
        return hashlib.sha256(self.name.encode()).hexdigest()[:32]


# The routes the bot uses whose limits Discord reports in every answer: a channel takes 5 new messages every
# 5 seconds, and 5 edits of its messages every 5 seconds (a bucket of their own).
BUCKETS: dict[str, Bucket] = {
    "POST /channels/{id}/messages": Bucket("POST /channels/{id}/messages", 5, 5.0),
    "PATCH /channels/{id}/messages/{id}": Bucket("PATCH /channels/{id}/messages/{id}", 5, 5.0),
}


def exempt(route: str) -> bool:
    """An interaction endpoint: not bound by the global limit (``route`` has ids and tokens replaced)."""
    return route.startswith(("/interactions/", "/webhooks/{id}/{token}"))


def top_level(path: str) -> str:
    """The top-level resource a per-route limit is counted for: ``/channels/1``, ``/guilds/2``, ``/webhooks/3/t``."""
    parts = path.split("/")
    if len(parts) > 2 and parts[1] in ("channels", "guilds"):
        return "/".join(parts[:3])
    if len(parts) > 3 and parts[1] == "webhooks":
        return "/".join(parts[:4])
    return ""


@dataclass
class Window:
    used: int = 0
    resets_at: float = 0.0


@dataclass(frozen=True)
class Refusal:
    """A 429: what the answer says and carries."""

    retry_after: float
    scope: str  # "global", "user" or "shared"
    headers: dict[str, str]

    @property
    def body(self) -> dict[str, object]:
        return {"message": RATE_LIMITED, "retry_after": round(self.retry_after, 3), "global": self.scope == "global"}


@dataclass
class RateLimits:
    enforced: bool = True
    per_second: int = GLOBAL_PER_SECOND
    buckets: dict[str, Bucket] = field(default_factory=lambda: dict(BUCKETS))
    clock: Callable[[], float] = time.monotonic
    invalid_limit: int = INVALID_LIMIT
    invalid: deque[float] = field(default_factory=deque)  # when each invalid answer was given, the last 10 minutes
    invalid_total: int = 0
    banned_until: float = 0.0
    _admitted: dict[str, deque[float]] = field(default_factory=dict)  # per token: its requests of the last second
    _windows: dict[tuple[str, str], Window] = field(default_factory=dict)  # (bucket id, top-level resource)

    def admit(self, token: str, method: str, route: str, path: str) -> tuple[Refusal | None, dict[str, str]]:
        """A counted or exempt request of ``token``: Discord's refusal, or None and the bucket headers its
        answer carries. The global limit is checked first; a request it refuses takes nothing from its bucket.
        ``path`` and ``route`` leave out the API's prefix (/api/v10)."""
        now = self.clock()
        if self.enforced and not exempt(route):
            recent = self._admitted.setdefault(token, deque())
            while recent and recent[0] <= now - 1.0:
                recent.popleft()
            if len(recent) >= self.per_second:
                wait = recent[0] + 1.0 - now
                headers = {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
                return Refusal(wait, "global", headers), {}
            recent.append(now)
        bucket = self.buckets.get(f"{method} {route}")
        if bucket is None or not self.enforced:
            return None, {}
        window = self._windows.setdefault((bucket.id, top_level(path)), Window())
        if now >= window.resets_at:
            window.used, window.resets_at = 0, now + bucket.per
        reset_after = window.resets_at - now
        headers = {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(max(0, bucket.limit - window.used - 1)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket.id,
        }
        if window.used >= bucket.limit:
            headers["X-RateLimit-Remaining"] = "0"
            return Refusal(reset_after, "user", {**headers, "X-RateLimit-Scope": "user"}), {}
        window.used += 1
        return None, headers

    def answered(self, status: int, scope: str | None = None) -> bool:
        """Count an answer: an invalid one (401, 403, 429 but a shared one) brings the ban nearer. True when
        this one brings it."""
        if status not in INVALID_STATUSES or scope == "shared":
            return False
        now = self.clock()
        self.invalid.append(now)
        self.invalid_total += 1
        while self.invalid and self.invalid[0] <= now - INVALID_WINDOW:
            self.invalid.popleft()
        if self.enforced and len(self.invalid) >= self.invalid_limit and not self.banned():
            self.banned_until = now + BAN_SECONDS
            return True
        return False

    def banned(self) -> bool:
        return self.clock() < self.banned_until


def retry_after_header(seconds: float) -> str:
    """Retry-After is whole seconds, rounded up (the body's retry_after has the fraction)."""
    return str(max(1, math.ceil(seconds)))


@dataclass(frozen=True)
class Usage:
    """What a run of the bot asked of Discord, against its limits."""

    counted: int  # requests counted against the global limit
    busiest_second: int  # the most counted requests in any one second
    refused: int  # answers 429 (global, per-route, or injected)
    invalid: int  # answers 401, 403 or 429

    @classmethod
    def of(cls, calls: Iterable[Call]) -> Usage:
        calls = list(calls)
        counted = [c.at for c in calls if c.counted]
        return cls(
            counted=len(counted),
            busiest_second=busiest_second(counted),
            refused=sum(c.status == 429 for c in calls),
            invalid=sum(c.status in INVALID_STATUSES for c in calls),  # the double answers no 429 of scope shared
        )


def busiest_second(times: Iterable[float]) -> int:
    """The most of these instants that fall within any one second (a sliding window)."""
    ordered = sorted(times)
    most, first = 0, 0
    for last, at in enumerate(ordered):
        while ordered[first] <= at - 1.0:
            first += 1
        most = max(most, last - first + 1)
    return most
