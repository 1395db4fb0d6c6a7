"""The requests Discord counts against a bot's global limit (50 a second per token): every REST request the
bot makes with its token. Interaction callbacks and webhook calls with an interaction's token are exempt."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tests.e2e.double.model import DM, PUBLIC_THREAD, Call, World
from tests.e2e.double.replies import API

EXEMPT = (f"{API}/interactions/", f"{API}/webhooks/")


def counted(call: Call) -> bool:
    """A request to the API with the bot's token (downloads of attachments are not the API's)."""
    return call.path.startswith(API) and not call.path.startswith(EXEMPT)


@dataclass(frozen=True)
class RequestCount:
    """The counted requests of a stretch of calls, by route, against the moves made meanwhile."""

    by_route: Counter[str]
    moves: int

    @classmethod
    def of(cls, calls: Sequence[Call], moves: int, world: World | None = None) -> RequestCount:
        """``world``: say in which kind of channel (thread, DM, channel) each request was made."""
        return cls(Counter(_where(c, world) for c in calls if counted(c)), moves)

    def count(self, method: str, where: str) -> int:
        """Requests of one method in one kind of channel ("thread", "dm", "channel")."""
        return sum(n for route, n in self.by_route.items() if route.startswith(f"{method} /channels/{{{where}}}"))

    @property
    def total(self) -> int:
        return sum(self.by_route.values())

    @property
    def per_move(self) -> float:
        return self.total / self.moves if self.moves else 0.0

    def summary(self) -> str:
        routes = ", ".join(f"{n} {route}" for route, n in self.by_route.most_common())
        return f"{self.total} counted requests for {self.moves} moves ({self.per_move:.2f} a move): {routes}"


CHANNEL = re.compile(r"/channels/(\d+)")
DM_MESSAGE = re.compile(r"/messages/(\d+)$")
KINDS = {DM: "dm", PUBLIC_THREAD: "thread"}


def most_in_a_second(calls: Sequence[Call]) -> int:
    """The most counted requests the double received in any second."""
    times = sorted(c.at for c in calls if counted(c))
    most, first = 0, 0
    for last, at in enumerate(times):
        while times[first] <= at - 1.0:
            first += 1
        most = max(most, last - first + 1)
    return most


def edited_after_closing(world: World, calls: Sequence[Call]) -> list[int]:
    """DMs the bot edited with its token (to close a prompt: no controls are left on it) that changed again
    afterwards: the later change (a click's answer, which replaces it anyway) made that edit a waste."""
    wasted = []
    for call in calls:
        found = DM_MESSAGE.search(call.path)
        if call.method != "PATCH" or not counted(call) or found is None or _where(call, world).find("{dm}") < 0:
            continue
        changes = [r.at for r in world.revisions if r.message_id == int(found[1]) and r.at >= call.at]
        if len(changes) > 1:
            wasted.append(int(found[1]))
    return wasted


def _where(call: Call, world: World | None) -> str:
    found = CHANNEL.search(call.path)
    if world is None or found is None or int(found[1]) not in world.channels:
        return call.route
    kind = KINDS.get(world.channels[int(found[1])].type, "channel")
    return call.route.replace("/channels/{id}", f"/channels/{{{kind}}}", 1)
