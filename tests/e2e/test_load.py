"""The load test, on demand only (``pytest -m load tests/e2e`` or ``python -m tests.e2e.load``): 200 games
in progress at once, people thinking 30 seconds on average before a move (about 4 moves a second in all).
Targets: p95 from click to new board under 1 second, no errors, the bot under 300 MB."""

from __future__ import annotations

import pytest

from tests.e2e.load import run_load


@pytest.mark.load
async def test_200_games_in_progress_at_once() -> None:
    report = await run_load(games=200, moves=5, think=30.0)
    print("\n".join(report.lines()))
    assert not report.errors, report.errors[:10]
    assert report.moves == 200 * 5
    assert report.percentile(0.95) < 1.0
    assert report.peak_rss_mb < 300
