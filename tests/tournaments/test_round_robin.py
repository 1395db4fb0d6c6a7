"""Round robin: the circle method for 2-player tables, repeat-avoiding rounds for larger ones."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from bot.tournaments import round_robin_schedule
from tests.tournaments.helpers import meetings


@pytest.mark.parametrize("count", [2, 3, 7, 8, 9, 10, 15, 16])
def test_two_player_tables_everybody_meets_everybody_exactly_once(count: int) -> None:
    players = list(range(100, 100 + count))
    schedule = round_robin_schedule(players, 2, 2, 2, random.Random(0))
    assert len(schedule) == (count - 1 if count % 2 == 0 else count)
    met = meetings(schedule)
    assert all(met[frozenset(pair)] == 1 for pair in itertools.combinations(players, 2))
    for plan in schedule:
        assert sorted([p for t in plan.tables for p in t] + list(plan.byes)) == players
        assert len(plan.byes) == count % 2
    if count % 2:
        assert Counter(p for plan in schedule for p in plan.byes) == Counter(players)  # one bye each
    first = Counter(t[0] for plan in schedule for t in plan.tables)
    assert max(first[p] for p in players) - min(first[p] for p in players) <= 1  # moving first alternates


def test_two_player_schedule_is_the_berger_table() -> None:
    schedule = round_robin_schedule([1, 2, 3, 4], 2, 2, 2, random.Random(0))
    assert [plan.tables for plan in schedule] == [((1, 4), (2, 3)), ((3, 1), (4, 2)), ((1, 2), (3, 4))]


def test_nine_players_at_three_player_tables_meet_exactly_once_in_four_rounds() -> None:
    for seed in range(4):
        schedule = round_robin_schedule(list(range(9)), 3, 3, 3, random.Random(seed))
        assert len(schedule) == 4
        met = meetings(schedule)
        assert all(met[frozenset(pair)] == 1 for pair in itertools.combinations(range(9), 2))


@pytest.mark.parametrize(("count", "size", "low", "high"), [(12, 3, 3, 5), (16, 4, 3, 5), (13, 4, 4, 4), (20, 5, 3, 5)])
def test_larger_tables_spread_meetings_evenly(count: int, size: int, low: int, high: int) -> None:
    players = list(range(count))
    schedule = round_robin_schedule(players, size, low, high, random.Random(1))
    assert len(schedule) == math.ceil((count - 1) / (size - 1))
    for plan in schedule:
        assert sorted([p for t in plan.tables for p in t] + list(plan.byes)) == players
        assert all(low <= len(t) <= high for t in plan.tables)
    met = meetings(schedule)
    assert max(met.values()) <= 2  # no pair meets a third time
    assert len(met) >= 0.8 * sum(met.values())  # at least four meetings in five are between new opponents


def test_the_number_of_rounds_can_be_chosen() -> None:
    assert len(round_robin_schedule(list(range(10)), 4, 3, 5, random.Random(1), rounds=5)) == 5


def test_a_table_size_outside_the_game_range_is_refused() -> None:
    with pytest.raises(ValueError):
        round_robin_schedule(list(range(6)), 2, 3, 5, random.Random(1))
