"""Stopping the bot: Ctrl-C (SIGINT) and SIGTERM (``docker stop``, systemd) close it cleanly, with exit status
0, also when it was started as a shell's background job (which starts it with SIGINT ignored)."""

from __future__ import annotations

import signal
from pathlib import Path

from tests.e2e.double import DiscordDouble
from tests.e2e.process import BotProcess


async def test_sigint_and_sigterm_close_the_bot_cleanly(double: DiscordDouble, tmp_path: Path) -> None:
    bot = BotProcess(double, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
    await bot.start(sigint_ignored=True)
    assert await bot.stop(timeout=15.0, signum=signal.SIGINT) == 0
    await bot.start()
    assert await bot.stop(timeout=15.0, signum=signal.SIGTERM) == 0
    log = bot.log_text()
    assert "SIGINT: closing" in log and "SIGTERM: closing" in log
    assert bot.problems() == [], bot.log_tail(30)
