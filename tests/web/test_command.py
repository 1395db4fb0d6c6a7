"""``python -m bot web`` against a demo's database, as the README says: every route answers with a complete
page, the finished demo game shows its board picture with its description and its move log, Ctrl-C stops it
cleanly; a bad port or a taken one is one sentence."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bot.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


async def test_the_pages_of_a_demo_game(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert await asyncio.to_thread(main, ["demo", "sun_tzu", "--players", "2", "--seed", "3", "--out", str(out)]) == 0
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "WEB_", "DISCORD_"))}
    env.update(DATABASE_PATH=str(out / "demo.sqlite3"), PICTURE_PROCESSES="1", WEB_HOST="127.0.0.1")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "web", "--port", str(port), cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    try:
        assert process.stdout is not None
        said = await asyncio.wait_for(process.stdout.readline(), 60)
        while b"Web pages on" not in said:
            said = await asyncio.wait_for(process.stdout.readline(), 60)
        assert f"http://localhost:{port}/".encode() in said
        base = f"http://127.0.0.1:{port}"
        status, home = await asyncio.to_thread(_get, base + "/")
        assert status == 200 and b'href="/games/1"' in home and b"Finished games" in home
        started = time.monotonic()
        status, game = await asyncio.to_thread(_get, base + "/games/1")
        assert time.monotonic() - started < 5
        page = game.decode()
        assert status == 200 and "Sun Tzu #1" in page and 'id="log"' in page and "Final scores" in page
        final = r'<img src="/games/1/positions/\d+\.png\?lang=en" alt="Sun Tzu, result\. The game is over'
        assert re.search(final, page)
        picture = page.split('<img src="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
        status, png = await asyncio.to_thread(_get, base + picture)
        assert status == 200 and png.startswith(b"\x89PNG")
        for missing in ("/games/2", "/tournaments/1", "/players/1"):
            assert (await asyncio.to_thread(_get, base + missing))[0] == 404, missing
    finally:
        process.send_signal(signal.SIGINT)
        code = await asyncio.wait_for(process.wait(), 20)
    rest = (await process.stdout.read()).decode() if process.stdout else ""
    assert code == 0 and "Traceback" not in rest, rest


def test_a_bad_port_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["web", "--port", "http"]) == 2
    assert capsys.readouterr().err.strip() == "--port must be a port number from 1 to 65535, not 'http'."


def test_a_taken_port_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "pages.sqlite3"))
    monkeypatch.setenv("PICTURE_PROCESSES", "0")
    monkeypatch.setenv("WEB_HOST", "127.0.0.1")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["web", "--port", str(port)]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"The web pages cannot listen on 127.0.0.1:{port}") and "\n" not in error
