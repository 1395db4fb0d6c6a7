"""Single elimination: seeded tables, byes to the top seeds, the top of each table goes through, one final."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import TableResult, advance_per_table, advancers, elimination_round


def test_seeds_are_dealt_in_snake_order_and_seated_by_seed() -> None:
    plan = elimination_round(list(range(1, 13)), 4, 2, 3, 5)
    assert plan.tables == ((1, 6, 7, 12), (2, 5, 8, 11), (3, 4, 9, 10))
    assert plan.byes == ()


def test_byes_go_to_the_top_seeds() -> None:
    plan = elimination_round(list(range(1, 8)), 2, 1, 2, 2)
    assert plan.byes == (1,)
    assert plan.tables == ((2, 7), (3, 6), (4, 5))


def test_a_field_that_fits_one_table_plays_the_final() -> None:
    assert elimination_round([5, 3, 9, 1], 4, 2, 3, 5).tables == ((5, 3, 9, 1),)
    assert elimination_round([5, 3, 9, 1, 2], 4, 2, 3, 5).tables == ((5, 3, 9, 1, 2),)  # 4 + 1 cannot be split
    assert advance_per_table(5, 4, 3, 5) == 1


@pytest.mark.parametrize(
    ("count", "size", "low", "high", "expected"),
    [(16, 2, 2, 2, 1), (16, 4, 3, 5, 2), (9, 3, 3, 5, 1), (6, 3, 3, 5, 2), (15, 5, 3, 5, 2)],
)
def test_advance_per_table(count: int, size: int, low: int, high: int, expected: int) -> None:
    # 6 at 3-player tables: one from each of two tables would leave 2, too few for a table of 3
    assert advance_per_table(count, size, low, high) == expected


@pytest.mark.parametrize("advance", [0, 3, 4])
def test_an_advance_that_eliminates_nobody_at_some_table_is_refused(advance: int) -> None:
    with pytest.raises(ValueError):
        elimination_round(list(range(10)), 4, advance, 3, 5)  # tables of 4, 3, 3


def test_an_advance_that_leaves_too_few_for_a_table_is_refused() -> None:
    with pytest.raises(ValueError):
        elimination_round(list(range(6)), 3, 1, 3, 5)


def test_advancers_by_place_then_score_then_seed() -> None:
    seeds = [10, 20, 30, 40, 50]
    result = TableResult(players=(50, 40, 30, 20, 10), places=(1, 2, 2, 2, 5), scores=(9.0, 7.0, 8.0, 7.0, 1.0))
    assert advancers(result, 1, seeds) == (50,)
    assert advancers(result, 2, seeds) == (50, 30)  # the best score of the three in second place
    assert advancers(result, 3, seeds) == (50, 30, 20)  # 20 and 40 tie on score: 20 is the better seed


@st.composite
def knockouts(draw: st.DrawFn) -> tuple[int, int, int, int, int]:
    low = draw(st.integers(2, 5))
    high = draw(st.integers(low, 5))
    size = draw(st.integers(low, high))
    return draw(st.integers(low, 60)), size, low, high, draw(st.integers(0, 10**6))


@settings(max_examples=100, deadline=None)
@given(knockouts())
def test_the_field_shrinks_every_round_to_one_final_table(field: tuple[int, int, int, int, int]) -> None:
    count, size, low, high, seed = field
    rng = random.Random(seed)
    players = list(range(count))
    for _ in range(count):
        plan = elimination_round(players, size, advance_per_table(len(players), size, low, high), low, high)
        seated = [p for t in plan.tables for p in t]
        assert sorted(seated + list(plan.byes)) == sorted(players)
        assert all(low <= len(t) <= high for t in plan.tables)
        if len(plan.tables) == 1 and not plan.byes:
            return  # the final
        advance = advance_per_table(len(players), size, low, high)
        through = set(plan.byes)
        for table in plan.tables:
            scores = [rng.randint(0, 2) for _ in table]
            places = tuple(1 + sum(s > mine for s in scores) for mine in scores)
            through.update(advancers(TableResult(table, places, tuple(map(float, scores))), advance, players))
        assert low <= len(through) < len(players)
        players = [p for p in players if p in through]  # seed order is kept
    pytest.fail("no final was reached")
