"""Faults the double injects: rate limits (429 with retry_after), server errors (500), closed DMs (403, code
50007), and hooks that run when a matching request arrives (a test kills the bot there, or locks its database).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Fault:
    method: str
    pattern: re.Pattern[str]  # matched against the route, e.g. "POST /channels/{id}/messages"
    status: int
    times: int
    retry_after: float = 0.25
    when: Callable[[str], bool] | None = None  # further test of the real path (ids included)


@dataclass
class Hook:
    method: str
    pattern: re.Pattern[str]
    action: Callable[[str], None]  # called with the real path, once Discord has handled the request
    times: int = 1
    when: Callable[[str], bool] | None = None
    drop: bool = False  # instead: called before, and the request never reaches Discord (the bot died sending it)


@dataclass
class Faults:
    closed_dms: set[int] = field(default_factory=set)  # people whose DMs refuse the bot
    planned: list[Fault] = field(default_factory=list)
    hooks: list[Hook] = field(default_factory=list)
    injected: list[tuple[int, str]] = field(default_factory=list)  # (status, route) of every fault served

    def fail(
        self,
        method: str,
        route: str,
        status: int,
        *,
        times: int = 1,
        retry_after: float = 0.25,
        when: Callable[[str], bool] | None = None,
    ) -> None:
        """The next ``times`` requests matching ``method`` and the ``route`` regex get ``status``."""
        self.planned.append(Fault(method, re.compile(route), status, times, retry_after, when))

    def on(
        self,
        method: str,
        route: str,
        action: Callable[[str], None],
        *,
        times: int = 1,
        when: Callable[[str], bool] | None = None,
        drop: bool = False,
    ) -> None:
        """Run ``action`` when a matching request has been handled, before its answer leaves (or instead of
        handling it: ``drop``)."""
        self.hooks.append(Hook(method, re.compile(route), action, times, when, drop))

    def take(self, method: str, route: str, path: str) -> Fault | None:
        for fault in self.planned:
            if fault.times > 0 and fault.method == method and fault.pattern.fullmatch(route):
                if fault.when is not None and not fault.when(path):
                    continue
                fault.times -= 1
                self.injected.append((fault.status, f"{method} {route}"))
                return fault
        return None

    def run_hooks(self, method: str, route: str, path: str, *, before: bool) -> bool:
        """Run the matching hooks of one side of serving a request: ``before`` it reaches Discord, those that
        drop it (True when one does); after Discord has handled it, before its answer leaves, the others. (A
        hook that kills the bot before its request is read races the request's own body: the double would
        read it from a dead connection.)"""
        drop = False
        for hook in self.hooks:
            if hook.drop != before or hook.times <= 0 or hook.method != method or not hook.pattern.fullmatch(route):
                continue
            if hook.when is not None and not hook.when(path):
                continue
            hook.times -= 1
            hook.action(path)
            drop = drop or hook.drop
        return drop

    def disarm(self) -> None:
        """Forget hooks that have not run (a test armed one for a click that never came)."""
        self.hooks.clear()

    def pending(self) -> int:
        return sum(f.times for f in self.planned)
