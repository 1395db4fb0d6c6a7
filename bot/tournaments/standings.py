"""Tournament points and standings, from the results of finished tables and the byes given.

Tournament points go by finishing place. Plainly (no scale given), at a table of n players the winner gets n - 1,
the next n - 2 and so on down to 0 (2 players: 1/0; 3: 2/1/0; 4: 3/2/1/0). Tied players share the average of the
places they cover (a drawn 2-player game gives 0.5 each; two winners of a 3-player table get 1.5 each). A bye is
worth a middle place of the tournament's table size, (size - 1) / 2: what an average player takes home.

A tournament whose tables differ in size (numbers that do not divide) uses :func:`place_scale`: the points of the
tournament's own table size, stretched over any other table, so the winner always gets size - 1, the last 0 and
the places between are evenly spaced. Then a player's expected points per round are (size - 1) / 2 whatever table
they sit at, the same as a bye: sitting at a larger table is worth no more than sitting at a smaller one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.games.base import competition_ranking
from bot.games.base.language import mark

#: A player as the tournament knows them (the Discord user id).
PlayerId = int

#: A points scale: ``scale[n]`` lists the points of places 1..n at a table of n players.
Scale = Mapping[int, Sequence[float]]

# Points may be fractions of a custom scale; keys are compared after rounding so 1/3 + 2/3 ties with 1.
_DIGITS = 9


@dataclass(frozen=True)
class TableResult:
    """One finished table: players in seat order, their places (1-based, ties shared as in ``Result.ranking``,
    resigned or forfeited players last) and their game scores."""

    players: tuple[PlayerId, ...]
    places: tuple[int, ...]
    scores: tuple[float, ...]

    def __post_init__(self) -> None:
        if not len(self.players) == len(self.places) == len(self.scores):
            raise ValueError("a table result needs one place and one score per player")
        if len(set(self.players)) != len(self.players):
            raise ValueError("a player sits at a table only once")


@dataclass(frozen=True)
class Bye:
    """A round a player sat out, worth fixed tournament points (see :func:`bye_points`)."""

    player: PlayerId
    points: float


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings. ``rank`` is shared when points and both tie-breaks are all equal."""

    rank: int
    player: PlayerId
    points: float
    opponents_points: float  # sum of the final tournament points of every opponent met, once per meeting
    game_score: float  # total of the player's game scores
    games: int
    byes: int


@dataclass(frozen=True)
class TieBreak:
    """A tie-break of the standings: the standings picture's column head for it (an English word of the context
    "standings column") and what it counts (a message)."""

    column: str
    name: str


#: What breaks a tie on tournament points, in the order :func:`standings` applies them; the standings picture
#: names them.
TIE_BREAKS = (
    TieBreak("Opp", mark("opponents' points (Buchholz)")),
    TieBreak("Score", mark("total game score")),
)


def _place_points(n: int, scale: Scale | None) -> list[float]:
    table = [float(n - 1 - i) for i in range(n)] if scale is None else [float(x) for x in scale[n]]
    if len(table) != n:
        raise ValueError(f"the points scale for {n} players must have {n} entries")
    return table


def place_scale(size: int, largest: int = 8) -> dict[int, tuple[float, ...]]:
    """Points by place for tables of 2 to ``largest`` players in a tournament of ``size``-player tables: at a
    table of n, place p earns (size - 1) * (n - p) / (n - 1). Every table pays (size - 1) / 2 a player on average,
    and tables of ``size`` pay the plain n - 1 down to 0. E.g. for size 2: 1/0, 1/0.5/0, 1/0.67/0.33/0."""
    if size < 2:
        raise ValueError("tournament tables seat at least 2 players")
    return {n: tuple((size - 1) * (n - p) / (n - 1) for p in range(1, n + 1)) for n in range(2, largest + 1)}


def tournament_points(places: Sequence[int], scale: Scale | None = None) -> tuple[float, ...]:
    """Tournament points of each seat of a finished table, from its places (1-based, ties shared: 1, 1, 3).

    ``scale[n]`` lists the points of places 1..n at a table of n players; the default is n - 1 down to 0.
    Players tied on place p with k - 1 others share the average of the points of places p .. p + k - 1.
    """
    table = _place_points(len(places), scale)
    if tuple(places) != competition_ranking([-p for p in places]):
        raise ValueError(f"places {list(places)} are not a ranking with shared places (1, 1, 3)")
    points = []
    for place in places:
        tied = places.count(place)
        points.append(sum(table[place - 1 : place - 1 + tied]) / tied)
    return tuple(points)


def bye_points(size: int, scale: Scale | None = None) -> float:
    """Points for a bye in a tournament of ``size``-player tables: the middle place, or the average of the two
    middle places for an even size. With the default scale that is (size - 1) / 2."""
    table = _place_points(size, scale)
    return (table[(size - 1) // 2] + table[size // 2]) / 2


def standings(
    results: Sequence[TableResult],
    byes: Sequence[Bye],
    players: Iterable[PlayerId] = (),
    scale: Scale | None = None,
) -> list[StandingRow]:
    """Everybody in ``results``, ``byes`` and ``players`` (those with nothing played yet), best first.

    Sorted by tournament points, then the tie-breaks of ``TIE_BREAKS``: opponents' points (Buchholz: the sum,
    over every table a player sat at, of each other player's total tournament points; byes add nothing), then
    total game score; then player id (only for a stable order). Rows that tie on the first three keys share
    their rank (1, 1, 3).
    """
    points: dict[PlayerId, float] = defaultdict(float)
    score: dict[PlayerId, float] = defaultdict(float)
    games: dict[PlayerId, int] = defaultdict(int)
    bye_count: dict[PlayerId, int] = defaultdict(int)
    everybody = set(players)
    for result in results:
        for player, earned, game_score in zip(
            result.players, tournament_points(result.places, scale), result.scores, strict=True
        ):
            points[player] += earned
            score[player] += game_score
            games[player] += 1
            everybody.add(player)
    for bye in byes:
        points[bye.player] += bye.points
        bye_count[bye.player] += 1
        everybody.add(bye.player)
    opponents: dict[PlayerId, float] = defaultdict(float)
    for result in results:  # second pass: opponents' points need everybody's final total
        table_total = sum(points[p] for p in result.players)
        for player in result.players:
            opponents[player] += table_total - points[player]

    def key(player: PlayerId) -> tuple[float, float, float]:
        return (round(points[player], _DIGITS), round(opponents[player], _DIGITS), round(score[player], _DIGITS))

    ordered = sorted(everybody, key=lambda p: (tuple(-k for k in key(p)), p))
    ranks = competition_ranking([key(p) for p in ordered])
    return [
        StandingRow(
            rank=rank,
            player=player,
            points=points[player],
            opponents_points=opponents[player],
            game_score=score[player],
            games=games[player],
            byes=bye_count[player],
        )
        for rank, player in zip(ranks, ordered, strict=True)
    ]
