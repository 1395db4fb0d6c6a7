"""``python -m bot`` where the bot cannot run: a database path that cannot be written, a token Discord refuses,
no route to Discord. Each is one sentence on stderr and exit status 2, like a missing token: no traceback, and
never the token. Discord's answers are simulated (in the process, or by a server on this machine's loopback
interface): no test uses the network."""

from __future__ import annotations

import asyncio
import errno
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web

from bot import pictures
from bot.__main__ import main

TOKEN = "MTk4NjIy.not-a-real-token.but-secret"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bot_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[pytest.MonkeyPatch]:
    for key in ("DISCORD_API_BASE", "DEV_GUILD_ID", "LOG_LEVEL", "DATABASE_URL"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "data" / "bot.sqlite3"))
    # run_bot switches this process's pictures to a pool: the tests after these draw in a thread again.
    monkeypatch.setattr(pictures, "_pictures", pictures.Pictures())
    yield monkeypatch


def login_fails_with(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> list[str]:
    """discord.py's login (GET /users/@me) raises ``error``; returns the tokens it was called with."""
    calls: list[str] = []

    async def static_login(self: discord.http.HTTPClient, token: str) -> Any:
        calls.append(token)
        raise error

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", static_login)
    return calls


def one_sentence(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    assert TOKEN not in err and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith("."), err
    return lines[0]


def test_a_database_path_under_a_file_is_refused_before_logging_in(
    bot_env: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "taken").write_text("not a folder")
    bot_env.setenv("DATABASE_PATH", str(tmp_path / "taken" / "bot.sqlite3"))
    calls = login_fails_with(bot_env, AssertionError("logged in before checking the database"))
    assert main([]) == 2
    sentence = one_sentence(capsys)
    assert "cannot be opened for writing" in sentence and "DATABASE_PATH" in sentence
    assert calls == []


def test_a_database_path_that_is_a_folder_is_refused(
    bot_env: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot_env.setenv("DATABASE_PATH", str(tmp_path))
    login_fails_with(bot_env, AssertionError("logged in before checking the database"))
    assert main([]) == 2
    assert "cannot be opened for writing" in one_sentence(capsys)


def test_a_file_that_is_not_a_database_is_refused(
    bot_env: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_bytes(b"shopping list: rice, tea, ink " * 100)
    bot_env.setenv("DATABASE_PATH", str(tmp_path / "notes.txt"))
    login_fails_with(bot_env, AssertionError("logged in before checking the database"))
    assert main([]) == 2
    assert "file is not a database" in one_sentence(capsys)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files anyway")
def test_a_read_only_database_is_refused(
    bot_env: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    bot_env.setenv("DATABASE_PATH", str(folder / "bot.sqlite3"))
    login_fails_with(bot_env, discord.LoginFailure("Improper token has been passed."))
    assert main([]) == 2  # the database is made, then the login fails
    capsys.readouterr()
    folder.chmod(0o555)
    (folder / "bot.sqlite3").chmod(0o444)
    try:
        assert main([]) == 2
        assert "cannot be opened for writing" in one_sentence(capsys)
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("command", [[], ["sync"]])
def test_a_token_discord_refuses(
    bot_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    calls = login_fails_with(bot_env, discord.LoginFailure("Improper token has been passed."))
    assert main(command) == 2
    assert one_sentence(capsys).startswith("Discord refused DISCORD_TOKEN")
    assert calls == [TOKEN]


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (aiohttp.ClientConnectorError(None, OSError(errno.EHOSTUNREACH, "Connect call failed")),  # type: ignore[arg-type]
         "no route to host"),
        (socket.gaierror(socket.EAI_NONAME, "Name or service not known"), "name or service not known"),
        (TimeoutError(), "timed out"),
    ],
)
def test_no_route_to_discord(
    bot_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: BaseException, reason: str
) -> None:
    login_fails_with(bot_env, error)
    assert main([]) == 2
    sentence = one_sentence(capsys)
    assert sentence.startswith("Discord cannot be reached at discord.com") and f"({reason})" in sentence


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def run_bot_process(env: dict[str, str]) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), timeout=120)
    return proc.returncode if proc.returncode is not None else -1, out.decode()


def process_env(tmp_path: Path, api_base: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))}
    env.update(DISCORD_TOKEN=TOKEN, DISCORD_API_BASE=api_base, DATABASE_PATH=str(tmp_path / "bot.sqlite3"))
    return env


def assert_ends_in_one_sentence(status: int, output: str, start: str) -> None:
    """As a new user sees it: log lines, then the sentence; no traceback and no token anywhere."""
    assert status == 2, output
    assert "Traceback" not in output and TOKEN not in output, output
    assert output.strip().splitlines()[-1].startswith(start), output


async def test_the_real_process_with_nothing_listening(tmp_path: Path) -> None:
    base = f"http://127.0.0.1:{free_port()}"  # closed: the connection is refused, as with no route
    status, output = await run_bot_process(process_env(tmp_path, base))
    assert_ends_in_one_sentence(status, output, f"Discord cannot be reached at {base} (connection refused)")


async def test_the_real_process_with_a_token_refused(tmp_path: Path) -> None:
    """A server on the loopback interface answers the login as Discord does a bad token: 401."""
    async def unauthorized(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", unauthorized)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    try:
        status, output = await run_bot_process(process_env(tmp_path, f"http://127.0.0.1:{port}"))
    finally:
        await runner.cleanup()
    assert_ends_in_one_sentence(status, output, "Discord refused DISCORD_TOKEN")


PASSWORD = "hunter2-not-a-real-password"


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://mk:{PASSWORD}@127.0.0.1:1/mk",  # nothing listens on port 1 of this machine
        f"postgresql://mk:{PASSWORD}@/mk?host=/nonexistent/socket/folder",
    ],
)
def test_an_unreachable_postgresql_server_is_refused_before_logging_in(
    bot_env: pytest.MonkeyPatch, url: str, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    bot_env.setenv("DATABASE_URL", url)
    calls = login_fails_with(bot_env, AssertionError("logged in before reaching the database"))
    assert main([]) == 2
    sentence = one_sentence(capsys)
    assert "cannot be reached" in sentence and "DATABASE_URL" in sentence
    assert PASSWORD not in sentence and PASSWORD not in caplog.text
    assert calls == []


@pytest.mark.parametrize("url", [f"mysql://mk:{PASSWORD}@127.0.0.1/mk", "postgresql://mk@127.0.0.1:five/mk"])
def test_a_bad_database_url_exits_2(
    bot_env: pytest.MonkeyPatch, url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bot_env.setenv("DATABASE_URL", url)
    assert main([]) == 2
    sentence = one_sentence(capsys)
    assert "DATABASE_URL" in sentence and PASSWORD not in sentence
