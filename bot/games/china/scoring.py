"""The three scorings as pure functions of counts and graphs: regions (§5), alliances (§6.1), roads (§6.2).

They know nothing of the state, so the rulebook's examples test them directly.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import cache

from bot.games.china.data import ROW_MIN


def score_region(houses: Sequence[int], doubled: Sequence[bool] | None = None) -> list[int]:
    """The ladder: 1st place scores every house in the region, each lower dense rank scores the
    house count of the rank just above; ties share a rank and no rank is skipped. A fortified
    house doubles its owner's points (F6)."""
    total = sum(houses)
    levels = sorted({h for h in houses if h > 0}, reverse=True)
    points = []
    for seat, count in enumerate(houses):
        if count == 0:
            points.append(0)
            continue
        rank = levels.index(count)
        base = total if rank == 0 else levels[rank - 1]
        points.append(base * (2 if doubled and doubled[seat] else 1))
    return points


def score_alliance(first: Sequence[int], second: Sequence[int]) -> list[int]:
    """Every seat topping (ties included) both regions scores all emissaries of both; a seat
    needs at least one emissary in each (R17)."""
    top_a, top_b = max(first, default=0), max(second, default=0)
    if top_a == 0 or top_b == 0:
        return [0] * len(first)
    value = sum(first) + sum(second)
    return [value if a == top_a and b == top_b else 0 for a, b in zip(first, second, strict=True)]


Row = tuple[str, ...]


def road_score(
    houses: Collection[str], adjacency: Mapping[str, Collection[str]], fortified: Collection[str] = ()
) -> tuple[int, list[tuple[Row, int]]]:
    """The best total over sets of house-disjoint rows (simple paths of >= 4 houses) in the graph
    induced by ``houses``, a row counting double when it holds a fortified house (R18, R21).
    Returns the total and the chosen rows with their values, in a deterministic order."""
    own = set(houses)
    total = 0
    chosen: list[tuple[Row, int]] = []
    for component in _components(own, adjacency):
        if len(component) < ROW_MIN:
            continue
        value, rows = _best_packing(component, adjacency, frozenset(fortified) & frozenset(component))
        total += value
        chosen.extend(rows)
    return total, chosen


def _components(own: set[str], adjacency: Mapping[str, Collection[str]]) -> list[tuple[str, ...]]:
    seen: set[str] = set()
    found = []
    for start in sorted(own):
        if start in seen:
            continue
        seen.add(start)
        stack, members = [start], []
        while stack:
            v = stack.pop()
            members.append(v)
            for w in adjacency.get(v, ()):
                if w in own and w not in seen:
                    seen.add(w)
                    stack.append(w)
        found.append(tuple(sorted(members)))
    return found


def _best_packing(
    component: tuple[str, ...], adjacency: Mapping[str, Collection[str]], fortified: frozenset[str]
) -> tuple[int, list[tuple[Row, int]]]:
    """The spec's reference search: every simple path of >= 4 vertices, keyed by its vertex set,
    then a memoised packing over bitmasks that branches on the lowest unused vertex."""
    index = {v: i for i, v in enumerate(component)}
    nbr = [[index[w] for w in sorted(adjacency.get(v, ())) if w in index] for v in component]
    fort_mask = sum(1 << index[v] for v in fortified)

    rows: dict[int, tuple[int, ...]] = {}

    def extend(path: list[int], mask: int) -> None:
        if len(path) >= ROW_MIN and mask not in rows:
            rows[mask] = tuple(path)
        for w in nbr[path[-1]]:
            if not mask >> w & 1:
                path.append(w)
                extend(path, mask | 1 << w)
                path.pop()

    for s in range(len(component)):
        extend([s], 1 << s)

    def value(mask: int) -> int:
        return mask.bit_count() * (2 if mask & fort_mask else 1)

    # Rows through each vertex, best first, so the bound is met early.
    by_vertex: list[list[int]] = [[] for _ in component]
    for mask in sorted(rows, key=lambda m: (-value(m), m)):
        for v in range(len(component)):
            if mask >> v & 1:
                by_vertex[v].append(mask)

    @cache
    def best(unused: int) -> tuple[int, tuple[int, ...]]:
        if not unused:
            return 0, ()
        bound = value(unused)  # no packing can beat this: the search stops once it is reached
        low = (unused & -unused).bit_length() - 1
        result: tuple[int, tuple[int, ...]] = (-1, ())
        for mask in by_vertex[low]:  # the lowest unused vertex lies on one chosen row ...
            if mask & ~unused:
                continue
            rest_value, rest_rows = best(unused & ~mask)
            if value(mask) + rest_value > result[0]:
                result = (value(mask) + rest_value, (mask, *rest_rows))
                if result[0] == bound:
                    return result
        skipped = best(unused & ~(1 << low))  # ... or on none
        return skipped if skipped[0] > result[0] else result

    total, masks = best((1 << len(component)) - 1)
    best.cache_clear()
    return total, [(tuple(component[i] for i in rows[m]), value(m)) for m in masks]


def rows_of(graph_edges: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    """Adjacency for an abstract graph given as edges (the spec's X14 and X16 graphs are such)."""
    adj: dict[str, set[str]] = {}
    for a, b in graph_edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    return adj
