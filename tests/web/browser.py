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

from render import fonts

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


def _fonts(folder: Path) -> dict[str, str]:
    """The environment that lets Chromium also use the pictures' Noto faces (render/fonts.py), so a Japanese
    page is readable in a screenshot on a machine without CJK fonts of its own."""
    folders = sorted({str(face.path.parent) for face in fonts.CHAIN})
    config = folder / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        + "".join(f"<dir>{name}</dir>" for name in folders)
        + f"<cachedir>{folder / 'cache'}</cachedir></fontconfig>"
    )
    return {**os.environ, "FONTCONFIG_FILE": str(config)}


@asynccontextmanager
async def browser(folder: Path) -> AsyncIterator[Any]:
    """A headless Chromium (Playwright's Browser); ``folder`` holds its font settings."""
    path = need_browser()
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        # --no-sandbox: CI runs as root in a container, where Chromium's sandbox cannot start.
        launched = await driver.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"],
                                                env=_fonts(folder))
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
