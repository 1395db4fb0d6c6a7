"""Narrowing text read from JSON (a snapshot, a view) to a ``Literal`` type, checked rather than cast."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def one_of(value: object, choices: Iterable[T], what: str) -> T:
    """The member of ``choices`` equal to ``value``: a ``Literal``'s strings (``typing.get_args``) or a
    typed tuple of them. Raises ValueError naming ``what`` for anything else, as ``load`` does."""
    for choice in choices:
        if choice == value:
            return choice
    raise ValueError(f"{value!r} is not a valid {what}")
