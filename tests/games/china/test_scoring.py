"""§5 region scoring, §6 final scoring (alliances, roads) and §7 F6 doubling."""

from __future__ import annotations

import random

from bot.games.china import GAME
from bot.games.china.data import board
from bot.games.china.flow import final_scoring
from bot.games.china.scoring import road_score, rows_of, score_region
from tests.games.china.scenario import A, B, C, D, act, fill, place, position


def test_region_is_scored_once_and_not_again_at_the_end() -> None:
    state = position(current=D, hands={D: "rgp"}, houses=fill("wei", {A: 4, B: 2}))
    after, _ = act(state, place("wei", "r", "house@wei7"))
    assert [st.score for st in after.seats] == [7, 4, 0, 2]
    ended, events = final_scoring(after)
    assert all(e.public["region"] != "wei" for e in events if e.type == "region_scored")
    assert [sum(e.points for e in st.breakdown if e.kind == "region") for st in ended.seats] == [7, 4, 0, 2]


def test_final_scoring_order_and_breakdown() -> None:
    houses = {**fill("qin", {A: 2, B: 1}), **fill("chu", {C: 3}), "han1": D}
    state = position(houses=houses, emissaries={"qin": {A: 2}, "han": {D: 1}})
    ended, events = final_scoring(state)
    scored = [e.public["region"] for e in events if e.type == "region_scored"]
    assert scored == ["qin", "han", "chu"]  # data-file order; empty regions are silent
    assert events[-1].type == "final_scoring"
    assert all(ended.scored)
    # Qin: A 3 (T), B 2. Chu: C 3. Han: D 1. Alliance 2 (Qin-Han): A tops Qin, D tops Han -> nobody.
    assert [st.score for st in ended.seats] == [3, 2, 3, 1]
    assert events[-1].public["scores"] == [3, 2, 3, 1]
    for st in ended.seats:
        assert st.score == sum(e.points for e in st.breakdown)


def test_alliances_count_every_emissary_and_ignore_fortifications() -> None:
    houses = {**fill("wei", {A: 3}), **fill("qi", {B: 3}), "wei4": C}
    state = position(fortifications=True, houses=houses, fortified={"wei5": D},
                     emissaries={"wei": {A: 2, B: 1}, "qi": {A: 2, C: 1}})
    ended, _ = final_scoring(state)
    alliance7 = [e for st in ended.seats for e in st.breakdown if e.kind == "alliance" and e.ref == "7"]
    assert [(e.points, e.doubled) for e in alliance7] == [(6, False)]
    assert next(e for e in ended.seats[A].breakdown if e.kind == "alliance").points == 6


def test_road_rows_are_recorded_with_their_spaces() -> None:
    row = ["zhao1", "zhao2", "zhao3", "zhao4", "zhao5"]
    state = position(houses={s: B for s in row})
    ended, _ = final_scoring(state)
    (entry,) = [e for e in ended.seats[B].breakdown if e.kind == "road"]
    assert entry.points == 5 and list(entry.spaces) in (row, row[::-1])


def test_fortified_row_on_the_board_is_doubled() -> None:
    row = ["zhao1", "zhao2", "zhao3", "zhao4"]
    state = position(fortifications=True, houses={s: B for s in row}, fortified={"zhao2": A})
    ended, _ = final_scoring(state)
    (entry,) = [e for e in ended.seats[B].breakdown if e.kind == "road"]
    assert (entry.points, entry.doubled) == (8, True)


def test_doubling_never_stacks() -> None:
    assert score_region([3, 2], [True, False]) == [10, 3]
    graph = rows_of([("a", "b"), ("b", "c"), ("c", "d")])
    assert road_score(graph, graph, ["a", "d"])[0] == 8


def test_another_seats_house_or_an_empty_space_breaks_a_row() -> None:
    adjacency = board().neighbours("3-4")
    assert road_score(["zhao1", "zhao2", "zhao4", "zhao5", "zhao6"], adjacency)[0] == 0
    state = position(houses={"zhao1": A, "zhao2": A, "zhao3": B, "zhao4": A, "zhao5": A, "zhao6": A})
    ended, _ = final_scoring(state)
    assert not [e for e in ended.seats[A].breakdown if e.kind == "road"]


def test_adding_a_house_never_lowers_a_road_score() -> None:
    rng = random.Random(3)
    for side in ("3-4", "4-5"):
        adjacency = board().neighbours(side)
        for _ in range(30):
            own = rng.sample(board().spaces, rng.randint(4, 16))
            extra = rng.choice([s for s in board().spaces if s not in own])
            assert road_score([*own, extra], adjacency)[0] >= road_score(own, adjacency)[0]


def test_road_score_on_a_dense_grid() -> None:
    """A 4x5 grid of roads has many cycles: the longest road still takes every edge (its speed is measured
    by ``python -m bench engine``, not timed here)."""
    edges = []
    for r in range(4):
        for c in range(5):
            if c < 4:
                edges.append((f"{r}{c}", f"{r}{c + 1}"))
            if r < 3:
                edges.append((f"{r}{c}", f"{r + 1}{c}"))
    graph = rows_of(edges)
    assert road_score(graph, graph)[0] == 20


def test_result_breakdown_sums_to_the_score() -> None:
    state = GAME.new(3, 4)
    rng = random.Random(4)
    while not GAME.is_over(state):
        state, _ = GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
    result = GAME.result(state)
    for score, parts in zip(result.scores, result.breakdown, strict=True):
        assert parts["regions"] + parts["alliances"] + parts["roads"] == parts["total"] == score
        assert sum(item["points"] for item in parts["items"]) == score
    assert result.scores == tuple(st.score for st in state.seats)
