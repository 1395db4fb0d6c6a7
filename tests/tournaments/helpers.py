"""Shared test helpers: play a whole Swiss tournament with random game results."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.games.base import competition_ranking
from bot.tables import TableService
from bot.tournaments import Bye, RoundPlan, TableResult, bye_points, standings, swiss_round
from bot.tournaments.service import TournamentService


def meetings(plans: Sequence[RoundPlan]) -> Counter[frozenset[int]]:
    """How often each pair of players sat at one table."""
    return Counter(
        frozenset(pair) for plan in plans for table in plan.tables for pair in itertools.combinations(table, 2)
    )


def repeats(plan: RoundPlan, earlier: Sequence[RoundPlan]) -> int:
    """Pairs at this round's tables that had met before (counted once per earlier meeting)."""
    met = meetings(earlier)
    return sum(met[frozenset(pair)] for table in plan.tables for pair in itertools.combinations(table, 2))


def random_result(table: Sequence[int], rng: random.Random) -> TableResult:
    """A finished table with random scores from 0 to 3, so ties happen."""
    scores = [rng.randint(0, 3) for _ in table]
    return TableResult(tuple(table), competition_ranking(scores), tuple(float(s) for s in scores))


@dataclass
class Tournament:
    """A Swiss tournament driven as the tournament service will: standings, then the next round."""

    players: list[int]
    size: int
    min_size: int
    max_size: int
    seed: int
    plans: list[RoundPlan] = field(default_factory=list)
    results: list[TableResult] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)

    def play_round(self) -> RoundPlan:
        rng = random.Random(f"{self.seed}:{len(self.plans)}")
        rows = standings(self.results, self.byes, self.players)
        active = set(self.players)
        order = [row.player for row in rows if row.player in active]
        points = {row.player: row.points for row in rows}
        plan = swiss_round(order, points, self.plans, self.size, self.min_size, self.max_size, rng)
        self.plans.append(plan)
        self.results.extend(random_result(table, rng) for table in plan.tables)
        self.byes.extend(Bye(p, bye_points(self.size)) for p in plan.byes)
        return plan


async def play_round_by_computer(
    tables: TableService, tournaments: TournamentService, tournament_id: int, seed: int
) -> None:
    """Every person at the current round's tables plays computer-chosen moves until their games end."""
    row = await tournaments.get(tournament_id)
    rng = random.Random(seed)
    for game_id in [t.game_id for t in row.tables if t.round == row.current_round and t.game_id]:
        while (table := await tables.get(game_id)).status == "running":
            seat = min(table.to_act())
            user = table.player_at(seat).user_id
            assert user is not None
            game = table.game
            action = game.choose_action(game.view(table.state, seat), game.legal_actions(table.state, seat), rng)
            await tables.act(game_id, user, action)
