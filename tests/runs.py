"""A seeded run of a game, kept as far as it has been played: tests that look at the same run after 0, 40,
120 or all of its moves play it once, not once per stopping point."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

State = TypeVar("State")


class Run(Generic[State]):
    """``run[n]``: the state after ``n`` steps of ``steps`` (which yields the start, then the state after each
    step), or its last state when it ends sooner. Steps are taken only when first asked for."""

    def __init__(self, steps: Iterator[State]) -> None:
        self._steps = steps
        self._states: list[State] = []
        self._ended = False

    def __getitem__(self, n: int) -> State:
        while len(self._states) <= n and not self._ended:
            try:
                self._states.append(next(self._steps))
            except StopIteration:
                self._ended = True
        return self._states[min(n, len(self._states) - 1)]
