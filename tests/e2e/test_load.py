"""The load test, on demand only (``pytest -m load tests/e2e`` or ``python -m tests.e2e.load``), through a
double that enforces Discord's rate limits:

- 200 games in progress at once, people thinking 30 seconds on average before a move (about 4 moves a
  second in all), one process on SQLite. Targets: p95 from click to new board under 1 second, no errors,
  the bot under 300 MB.
- Past Discord's global limit: 600 games, people thinking 10 seconds (about 60 moves a second offered, twice
  what 50 requests a second carry at 2 requests a move), one process on SQLite, then two shard processes
  sharing one PostgreSQL database (and so one token's budget). Targets (issue 28): never more than 50 counted
  requests in a second and no 429, no move lost or doubled, every notification sent, acknowledgements p95
  under 500 ms; the board's p95 is reported.

Each prints its report, with the ``discord limits:`` line.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.double.ratelimits import GLOBAL_PER_SECOND
from tests.e2e.load import Plan, run_load
from tests.postgres import PostgresServer

UNDER_THE_LIMIT = Plan(games=200, moves=5, think=30.0)
PAST_THE_LIMIT = Plan(games=600, moves=5, think=10.0)
PLANS = [
    pytest.param(UNDER_THE_LIMIT, id="200-games-sqlite"),
    pytest.param(PAST_THE_LIMIT, id="600-games-think-10s-sqlite"),
    pytest.param(Plan(games=600, moves=5, think=10.0, processes=2), id="600-games-think-10s-2-shards-postgres"),
]


@pytest.mark.load
@pytest.mark.timeout(3600)  # 600 tables take 2 minutes to open, their moves a few more
@pytest.mark.parametrize("plan", PLANS)
async def test_games_in_progress_at_once(plan: Plan, request: pytest.FixtureRequest) -> None:
    url = None
    if plan.postgres or plan.processes > 1:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        url = await server.new_database()
    report = await run_load(plan, database_url=url)
    print(f"\n{plan}\n" + "\n".join(report.lines()))
    if os.environ.get("MK_LOAD_BOARDS"):  # every move's game, click and board times, to look at
        Path(os.environ["MK_LOAD_BOARDS"]).write_text("\n".join(f"{g} {c:.3f} {b:.3f}" for g, c, b in report.boards))
    assert not report.errors, report.errors[:10]
    assert report.moves == plan.games * plan.moves
    if plan == UNDER_THE_LIMIT:
        assert report.percentile(0.95) < 1.0
        assert report.peak_rss_mb < 300
    else:
        assert report.discord.busiest_second <= GLOBAL_PER_SECOND and report.discord.refused == 0
        assert report.percentile(0.95, report.acks) < 0.5
