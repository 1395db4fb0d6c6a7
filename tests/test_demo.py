"""The demo plays a whole game through the table service and writes its pictures."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from bot.__main__ import main


def test_demo_writes_a_complete_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "great_wall", "--players", "3", "--seed", "7", "--out", str(out)]) == 0
    boards = sorted(out.glob("board-*.png"))
    assert boards[0].name == "board-0000.png" and len(boards) > 20
    assert sorted(p.name for p in out.glob("hand-*.png")) == ["hand-seat0.png", "hand-seat1.png", "hand-seat2.png"]
    for picture in [boards[-1], out / "final.png", out / "hand-seat0.png"]:
        with Image.open(picture) as image:
            assert image.format == "PNG" and image.width >= 400
    assert (out / "log.txt").read_text(encoding="utf-8").strip()
    with Image.open(out / "scores.png") as chart:
        assert chart.format == "PNG" and chart.width >= 400
    with Image.open(out / "story.webp") as story:  # one frame per turn, the first at the start
        assert story.format == "WEBP" and story.n_frames > 10 and story.width >= 400
    line = capsys.readouterr().out
    assert "game over" in line and "1." in line


def test_demo_refuses_a_bad_player_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "great_wall", "--players", "9", "--out", str(tmp_path)]) == 2
    assert "2 to 5" in capsys.readouterr().err
