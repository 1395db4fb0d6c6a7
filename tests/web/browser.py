"""A real browser for the page tests: Debian's Chromium, driven by Playwright.

Without Chromium or Playwright the browser tests skip, saying why (the README's test command passes on any
machine); with ``MK_BROWSER_TESTS=required`` (CI, ``.ci/run``) a missing browser fails them instead.
Screenshots go to ``MK_SCREENSHOTS`` (a folder) when set, else to the test's temporary folder.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = ("/usr/bin/chromium", "chromium", "chromium-browser")
REQUIRED = os.environ.get("MK_BROWSER_TESTS") == "required"


def chromium() -> str | None:
    for name in CHROMIUM:
        found = shutil.which(name)
        if found:
            return found
    return None


def need_browser() -> str:
    """Chromium's path; skips the test (fails it under MK_BROWSER_TESTS=required) without one."""
    why = ""
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        why = "Playwright is not installed (pip install -e '.[test]')"
    path = chromium()
    if path is None and not why:
        why = "no Chromium found (Debian: apt-get install chromium)"
    if why:
        if REQUIRED:
            pytest.fail(f"MK_BROWSER_TESTS=required, but {why}")
        pytest.skip(f"a real browser is needed: {why}")
    assert path is not None
    return path


@asynccontextmanager
async def browser() -> AsyncIterator[Any]:
    """A headless Chromium (Playwright's Browser)."""
    path = need_browser()
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        # --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
        launched = await driver.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            await launched.close()


def screenshots(fallback: Path) -> Path:
    folder = Path(os.environ.get("MK_SCREENSHOTS") or fallback)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def fits(page: Any) -> bool:
    """Nothing on the page is wider than the window (no sideways scrolling on a phone)."""
    return bool(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))
