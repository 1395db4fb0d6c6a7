"""Splitting a field into tables: chosen size first, smaller tables before larger ones, byes only when forced."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import table_sizes


@pytest.mark.parametrize(
    ("players", "size", "low", "high", "expected"),
    [
        (12, 4, 3, 5, [4, 4, 4]),  # divides
        (10, 4, 3, 5, [4, 3, 3]),  # smaller tables fill the gap
        (7, 4, 3, 5, [4, 3]),
        (6, 4, 3, 5, [3, 3]),
        (11, 5, 3, 5, [4, 4, 3]),  # sizes differ by at most one, even at the cost of a table of 5
        (13, 5, 3, 5, [5, 4, 4]),
        (5, 4, 3, 5, [5]),  # 4 + 1 and 3 + 2 are impossible: one larger table
        (5, 4, 3, 4, [4]),  # ... unless larger tables are not allowed: a bye
        (9, 2, 2, 2, [2, 2, 2, 2]),  # a 2-player game with an odd field: one bye
        (9, 2, 2, 5, [3, 2, 2, 2]),  # a game that seats 3 avoids the bye
        (9, 3, 3, 3, [3, 3, 3]),
        (10, 3, 3, 3, [3, 3, 3]),  # one bye
        (8, 3, 2, 5, [3, 3, 2]),
        (6, 5, 2, 5, [3, 3]),  # no table of 5 possible; fewer, larger tables
        (2, 3, 3, 5, []),  # too few to play: everybody has a bye
        (0, 4, 3, 5, []),
    ],
)
def test_worked_splits(players: int, size: int, low: int, high: int, expected: list[int]) -> None:
    assert table_sizes(players, size, low, high) == expected


@pytest.mark.parametrize(("size", "low", "high"), [(2, 3, 5), (6, 3, 5), (3, 0, 5)])
def test_a_size_outside_the_range_is_refused(size: int, low: int, high: int) -> None:
    with pytest.raises(ValueError):
        table_sizes(10, size, low, high)


def _splittable(players: int, low: int, high: int) -> bool:
    return players == 0 or any(low * k <= players <= high * k for k in range(1, players + 1))


@st.composite
def fields(draw: st.DrawFn) -> tuple[int, int, int, int]:
    low = draw(st.integers(2, 5))
    high = draw(st.integers(low, 5))
    size = draw(st.integers(low, high))
    return draw(st.integers(0, 60)), size, low, high


@settings(max_examples=200, deadline=None)
@given(fields())
def test_split_properties(field: tuple[int, int, int, int]) -> None:
    players, size, low, high = field
    sizes = table_sizes(players, size, low, high)
    seated = sum(sizes)
    assert seated <= players
    assert all(low <= s <= high for s in sizes)
    assert sizes == sorted(sizes, reverse=True)
    if sizes:
        assert sizes[0] - sizes[-1] <= 1
    # byes only when unavoidable: no larger part of the field could be seated
    assert _splittable(seated, low, high)
    assert not any(_splittable(more, low, high) for more in range(seated + 1, players + 1))
    # no table above the chosen size when tables of at most that size could seat as many
    if _splittable(seated, low, size):
        assert all(s <= size for s in sizes)
