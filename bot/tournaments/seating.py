"""Who sits with whom: table sizes, Swiss rounds, round-robin schedules and single elimination.

Everything here is a pure function of its arguments; randomness comes only from a passed-in
``random.Random``. A table is listed in seat order (the first player moves first) and the games are started
with that fixed order.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.tournaments.standings import PlayerId, TableResult

# A pair that already met costs this much per squared earlier meeting, far above any spread of tournament
# points, so a repeat opponent is accepted only when no swap of players can avoid it.
_REPEAT_COST = 10_000.0
# Perturb-and-descend attempts per round while repeats remain; enough for tight fields such as 9 players at
# 3-player tables, cheap enough that a field of 40 is seated in a few tens of milliseconds.
_KICKS = 60


@dataclass(frozen=True)
class RoundPlan:
    """One round: the tables (each in seat order) and the players given a bye."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...] = ()

    def __post_init__(self) -> None:
        everybody = [p for table in self.tables for p in table] + list(self.byes)
        if len(set(everybody)) != len(everybody):
            raise ValueError("a player appears twice in one round")

    @property
    def players(self) -> frozenset[PlayerId]:
        """Everybody in the round, seated or on a bye."""
        return frozenset(p for table in self.tables for p in table) | frozenset(self.byes)


def table_sizes(n_players: int, size: int, min_size: int, max_size: int) -> list[int]:
    """Split ``n_players`` into tables, largest first; ``n_players - sum(result)`` players get a bye.

    In order of preference: (1) as few byes as possible, so byes happen only when no split into tables of
    ``min_size`` to ``max_size`` exists (e.g. 7 players of a 2-player game, or fewer than ``min_size``: then
    the result is ``[]``); (2) table sizes differ by at most one (always possible once (1) is met);
    (3) no table above ``size`` if smaller tables can do it; (4) as many tables of exactly ``size`` as
    possible; (5) fewer, larger tables. So 10 players at 4 give [4, 3, 3], 11 at 5 give [4, 4, 3],
    5 at 4 (3 to 5 players) give [5], and 9 at 2 (2 players only) give [2, 2, 2, 2] and a bye.
    """
    _check_range(size, min_size, max_size)
    if n_players < 0:
        raise ValueError("the number of players cannot be negative")
    for seated in range(n_players, 0, -1):
        splits = [_balanced(seated, n) for n in range(math.ceil(seated / max_size), seated // min_size + 1)]
        if splits:
            return min(
                splits,
                key=lambda s: (sum(max(0, x - size) for x in s), -s.count(size), len(s)),
            )
    return []


def _check_range(size: int, min_size: int, max_size: int) -> None:
    if not 1 <= min_size <= size <= max_size:
        raise ValueError(f"table size {size} must lie between {min_size} and {max_size}, with a minimum of 1")


def _balanced(players: int, tables: int) -> list[int]:
    """``players`` over ``tables`` tables as evenly as possible, larger tables first."""
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def swiss_round(
    players: Sequence[PlayerId],
    points: Mapping[PlayerId, float],
    history: Sequence[RoundPlan],
    size: int,
    min_size: int,
    max_size: int,
    rng: random.Random,
    seeding: Mapping[PlayerId, float] | None = None,
) -> RoundPlan:
    """The next Swiss round for ``players`` (listed in standings order, best first, dropped players left out).

    ``points`` are the tournament points so far (missing players have 0); ``history`` holds the earlier rounds.
    Tables have the sizes of :func:`table_sizes`. Byes go to the lowest-ranked players among those with the
    fewest byes so far. Round 1 (empty history) is drawn with ``rng``, or, with ``seeding`` (a rating per
    player), strong players are spread over the tables in snake order and the lowest-rated get the byes.
    Later rounds fill the tables top-down in standings order (score groups, with players floating down
    where a group does not fill its tables), then swap players between tables to lower a cost: repeat
    opponents (heavily, growing with the square of earlier meetings), then the squared point differences
    of the players at each table. Finally each table's seat order is chosen to repeat earlier seat
    positions as little as possible (lightly: it never changes who sits together). Top table first.
    """
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    sizes = table_sizes(len(players), size, min_size, max_size)
    if history:
        order = sorted(players, key=lambda p: -points.get(p, 0.0))  # stable: ties keep the standings order
    elif seeding is not None:
        order = sorted(players, key=lambda p: -seeding.get(p, -math.inf))
    else:
        order = list(players)
        rng.shuffle(order)
    byes = _pick_byes(order, len(players) - sum(sizes), history)
    seated = [p for p in order if p not in byes]
    tables = _snake(seated, sizes) if not history and seeding is not None else _fill(seated, sizes)
    if history:
        score = {p: points.get(p, 0.0) for p in seated}
        tables = _improve(tables, score, _meetings(history), rng)
        tables.sort(key=lambda t: -sum(score[p] for p in t) / len(t))
    seats = _seat_counts(history)
    return RoundPlan(tables=tuple(_order_seats(t, seats, rng) for t in tables), byes=tuple(byes))


def _pick_byes(order: Sequence[PlayerId], count: int, history: Sequence[RoundPlan]) -> list[PlayerId]:
    had = Counter(p for plan in history for p in plan.byes)
    from_bottom = list(reversed(order))
    return sorted(from_bottom, key=lambda p: had[p])[:count]  # stable: fewest byes, then lowest ranked


def _fill(order: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    tables, start = [], 0
    for n in sizes:
        tables.append(list(order[start : start + n]))
        start += n
    return tables


def _snake(order: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    """Deal players 1, 2, .. n, n, .. 2, 1, 1, 2 .. over the tables, skipping full ones."""
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    lanes = list(range(len(sizes)))
    sweep = itertools.cycle(lanes + lanes[::-1])
    for player in order:
        lane = next(t for t in sweep if len(tables[t]) < sizes[t])
        tables[lane].append(player)
    return tables


def _meetings(history: Sequence[RoundPlan]) -> Counter[frozenset[PlayerId]]:
    met: Counter[frozenset[PlayerId]] = Counter()
    for plan in history:
        for table in plan.tables:
            met.update(frozenset(pair) for pair in itertools.combinations(table, 2))
    return met


def _improve(
    tables: list[list[PlayerId]],
    score: Mapping[PlayerId, float],
    met: Counter[frozenset[PlayerId]],
    rng: random.Random,
) -> list[list[PlayerId]]:
    """Local search over swaps of two players at different tables, with perturbation while repeats remain."""
    ids = [p for table in tables for p in table]
    cost = [
        [_REPEAT_COST * met[frozenset((a, b))] ** 2 + (score[a] - score[b]) ** 2 if a != b else 0.0 for b in ids]
        for a in ids
    ]
    repeat = [[met[frozenset((a, b))] > 0 and a != b for b in ids] for a in ids]
    layout: list[list[int]] = []
    start = 0
    for table in tables:
        layout.append(list(range(start, start + len(table))))
        start += len(table)
    best = _descend(layout, cost)
    best_cost = _total(best, cost)
    for _ in range(_KICKS if len(best) > 1 else 0):
        clashing = [i for t in best for i in t if any(repeat[i][j] for j in t)]
        if not clashing:
            break
        trial = [list(t) for t in best]
        for _ in range(2):  # move a clashing player and one more at random; the descent tidies up
            _swap_random(trial, rng.choice(clashing), rng)
        trial = _descend(trial, cost)
        trial_cost = _total(trial, cost)
        if trial_cost < best_cost:
            best, best_cost = trial, trial_cost
    return [[ids[i] for i in t] for t in best]


def _descend(layout: list[list[int]], cost: list[list[float]]) -> list[list[int]]:
    """Apply improving swaps until none is left (first improvement, fixed scan order)."""
    where = {i: (t, k) for t, table in enumerate(layout) for k, i in enumerate(table)}
    improved = True
    while improved:
        improved = False
        for a, b in itertools.combinations(range(len(where)), 2):
            (ta, ka), (tb, kb) = where[a], where[b]
            if ta == tb:
                continue
            row_a, row_b = cost[a], cost[b]
            delta = sum(row_b[x] - row_a[x] for x in layout[ta] if x != a)
            delta += sum(row_a[y] - row_b[y] for y in layout[tb] if y != b)
            if delta < -1e-9:
                layout[ta][ka], layout[tb][kb] = b, a
                where[a], where[b] = (tb, kb), (ta, ka)
                improved = True
    return layout


def _swap_random(layout: list[list[int]], player: int, rng: random.Random) -> None:
    home = next(t for t in layout if player in t)
    other = rng.choice([t for t in layout if t is not home])
    k, j = home.index(player), rng.randrange(len(other))
    home[k], other[j] = other[j], home[k]


def _total(layout: list[list[int]], cost: list[list[float]]) -> float:
    return sum(cost[a][b] for table in layout for a, b in itertools.combinations(table, 2))


def _seat_counts(history: Sequence[RoundPlan]) -> Mapping[PlayerId, Counter[int]]:
    counts: dict[PlayerId, Counter[int]] = defaultdict(Counter)
    for plan in history:
        for table in plan.tables:
            for seat, player in enumerate(table):
                counts[player][seat] += 1
    return counts


def _order_seats(
    table: Sequence[PlayerId], seats: Mapping[PlayerId, Counter[int]], rng: random.Random
) -> tuple[PlayerId, ...]:
    """The seat order repeating earlier seat positions least; ties go to the first of a shuffled listing."""
    shuffled = list(table)
    rng.shuffle(shuffled)
    return min(
        itertools.permutations(shuffled),
        key=lambda order: sum(seats[p][k] if p in seats else 0 for k, p in enumerate(order)),
    )


def round_robin_schedule(
    players: Sequence[PlayerId],
    size: int,
    min_size: int,
    max_size: int,
    rng: random.Random,
    rounds: int | None = None,
) -> list[RoundPlan]:
    """Every round of a round robin.

    2-player tables: the circle (Berger) method in the order given (shuffle first for a random draw): n - 1
    rounds for an even n, n rounds with one bye each for an odd n; everybody meets everybody exactly once and
    seats alternate. ``rounds`` and ``max_size`` are ignored.

    Larger tables: ``rounds`` rounds (default ceil((n - 1) / (size - 1)), the fewest in which a player could
    meet every other) of :func:`swiss_round` with no points, so each round avoids pairs that already met and
    spreads repeats evenly. A perfect schedule exists only for special fields (9 players at 3-player tables
    in 4 rounds); otherwise some pairs meet twice and some never.
    """
    _check_range(size, min_size, max_size)
    if size == 2:
        return _circle(players)
    if rounds is None:
        rounds = max(1, math.ceil((len(players) - 1) / (size - 1)))
    schedule: list[RoundPlan] = []
    for _ in range(rounds):
        schedule.append(swiss_round(players, {}, schedule, size, min_size, max_size, rng))
    return schedule


def _circle(players: Sequence[PlayerId]) -> list[RoundPlan]:
    ring: list[PlayerId | None] = list(players)
    if len(ring) % 2:
        ring.append(None)  # whoever faces the empty seat has the bye
    schedule = []
    for round_no in range(len(ring) - 1):
        pairs = [(ring[i], ring[-1 - i]) for i in range(len(ring) // 2)]
        if round_no % 2:
            pairs[0] = (pairs[0][1], pairs[0][0])  # the fixed player changes seat every round
        tables = tuple((a, b) for a, b in pairs if a is not None and b is not None)
        byes = tuple(p for pair in pairs if None in pair for p in pair if p is not None)
        schedule.append(RoundPlan(tables=tables, byes=byes))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return schedule


def elimination_round(
    players_by_seed: Sequence[PlayerId], size: int, advance: int, min_size: int, max_size: int
) -> RoundPlan:
    """One round of single elimination; ``players_by_seed`` is the field, best seed first.

    Tables have the sizes of :func:`table_sizes` (pass ``max_size=size`` to never sit more than ``size``);
    when they leave players over, the top seeds get the byes and go through. Seeds are dealt over the tables
    in snake order, so top seeds meet late, and each table is seated in seed order. When the field fits one
    table (that table is the final), the plan is that single table. Otherwise the top ``advance`` of each table
    go through (see :func:`advancers`); ``advance`` must leave someone out at every table and keep at least
    ``min_size`` players for the next round: :func:`advance_per_table` gives the usual choice.
    """
    sizes = table_sizes(len(players_by_seed), size, min_size, max_size)
    byes_count = len(players_by_seed) - sum(sizes)
    if not sizes:
        raise ValueError(f"an elimination round needs at least {min_size} players")
    if len(sizes) == 1 and byes_count == 0:
        return RoundPlan(tables=(tuple(players_by_seed),))
    if not 1 <= advance < min(sizes):
        raise ValueError(f"{advance} per table cannot go through from tables of {min(sizes)} to {max(sizes)}")
    if advance * len(sizes) + byes_count < min_size:
        raise ValueError(f"{advance} per table leaves fewer than {min_size} players for the next round")
    byes = list(players_by_seed[:byes_count])
    tables = _snake(players_by_seed[byes_count:], sizes)
    return RoundPlan(tables=tuple(tuple(t) for t in tables), byes=tuple(byes))


def advance_per_table(n_players: int, size: int, min_size: int, max_size: int) -> int:
    """How many of each table go through in an elimination round of ``n_players``: half the smallest table
    (rounded down, at least one), raised if the next round would be too small for a table. The field shrinks
    every round because every table loses at least one player. In the final (one table) it is 1: the winner."""
    sizes = table_sizes(n_players, size, min_size, max_size)
    byes = n_players - sum(sizes)
    if not sizes:
        raise ValueError(f"an elimination round needs at least {min_size} players")
    if len(sizes) == 1 and byes == 0:
        return 1
    advance = max(1, min(sizes) // 2)
    while advance * len(sizes) + byes < min_size and advance + 1 < min(sizes):
        advance += 1
    return advance


def advancers(result: TableResult, advance: int, players_by_seed: Sequence[PlayerId]) -> tuple[PlayerId, ...]:
    """The top ``advance`` of a finished table, best first: by place, then game score, then seed.
    The next round's field is these players of every table plus the byes, kept in the original seed order."""
    seed = {p: i for i, p in enumerate(players_by_seed)}
    ranked = sorted(
        range(len(result.players)),
        key=lambda i: (result.places[i], -result.scores[i], seed.get(result.players[i], len(seed))),
    )
    return tuple(result.players[i] for i in ranked[:advance])


def elimination_rounds(n_players: int, size: int, min_size: int, max_size: int) -> list[tuple[tuple[int, ...], int]]:
    """The shape of every round of a single elimination of ``n_players`` when nobody drops: each round's table
    sizes and its number of byes, up to the final (one table and no bye), or until too few go through for a
    table, as the tournament service plays it."""
    shape: list[tuple[tuple[int, ...], int]] = []
    while n_players >= min_size:
        sizes = table_sizes(n_players, size, min_size, max_size)
        byes = n_players - sum(sizes)
        shape.append((tuple(sizes), byes))
        if len(sizes) == 1 and byes == 0:
            break
        n_players = advance_per_table(n_players, size, min_size, max_size) * len(sizes) + byes
    return shape
