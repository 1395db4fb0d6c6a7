"""The board data packaged with the games passes the design documents' own consistency checks (kept verbatim in
tools/): whoever replaces a data file runs the same check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("script", "data"),
    [
        ("check_china_board.py", "bot/games/china/china_board.json"),
        ("check_chinatown_board.py", "bot/games/chinatown/chinatown_board.json"),
        ("check_sun_tzu.py", "bot/games/sun_tzu/sun_tzu.json"),
    ],
)
def test_packaged_board_data_passes_its_check(script: str, data: str) -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / script), str(ROOT / data)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ALL CHECKS PASSED" in proc.stdout
