"""The snapshot-format check every ``serial.load`` makes.

A dump names its format under ``"format"``. China and Sun Tzu snapshots stored before the key was the same
in every game name it ``"version"``; they are still in the games table, so both keys are read alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FORMAT_KEY = "format"
_OLD_KEYS = ("version",)


def check_format(data: Mapping[str, Any], expected: int) -> None:
    """Raise ValueError unless the snapshot says it is of format ``expected`` (under any key it may use)."""
    found = [data[key] for key in (FORMAT_KEY, *_OLD_KEYS) if key in data]
    if not found:
        raise ValueError("unknown snapshot format None")
    for value in found:
        if value != expected:
            raise ValueError(f"unknown snapshot format {value!r}")
