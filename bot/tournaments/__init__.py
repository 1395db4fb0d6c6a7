"""Community tournaments, the pure part: who sits where each round, and the standings.

Swiss, round robin and single elimination over tables of any size a game allows; tournament points by
finishing place with opponents' points and game score as tie-breaks. No Discord, storage or clock here: the
tournament service stores the plans and results and calls these functions.
"""

from bot.tournaments.seating import (
    RoundPlan,
    advance_per_table,
    advancers,
    elimination_round,
    round_robin_schedule,
    swiss_round,
    table_sizes,
)
from bot.tournaments.standings import (
    Bye,
    PlayerId,
    Scale,
    StandingRow,
    TableResult,
    bye_points,
    place_scale,
    standings,
    tournament_points,
)

__all__ = [
    "Bye",
    "PlayerId",
    "RoundPlan",
    "Scale",
    "StandingRow",
    "TableResult",
    "advance_per_table",
    "advancers",
    "bye_points",
    "elimination_round",
    "place_scale",
    "round_robin_schedule",
    "standings",
    "swiss_round",
    "table_sizes",
    "tournament_points",
]
