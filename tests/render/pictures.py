"""What every renderer test needs: reading a PNG back with its checks, and a view that fails on hidden reads."""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from PIL import Image

from render import theme

MAX_PNG = 1_000_000  # bytes: the foundation issue's limit for any picture


def decode(data: bytes) -> Image.Image:
    """The picture in ``data``, after checking it is a PNG under the size limit."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < MAX_PNG
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


class GuardedView(Mapping[str, Any]):
    """A view that fails the test when a renderer reads one of ``forbidden``."""

    def __init__(self, view: Mapping[str, Any], forbidden: set[str]) -> None:
        self.view, self.forbidden = view, forbidden

    def __getitem__(self, key: str) -> Any:
        if key in self.forbidden:
            raise AssertionError(f"the renderer read the hidden field {key!r}")
        return self.view[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.view)

    def __len__(self) -> int:
        return len(self.view)


def drawn_words(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every pill, key and legend text the pictures draw from now on (the words a picture shows, read
    without reading pixels)."""
    words: list[str] = []
    for name in ("draw_pill", "draw_key", "draw_legend"):
        drawn = getattr(theme, name)

        def record(draw: Any, at: Any, text: str, *args: Any, _drawn: Any = drawn, **kwargs: Any) -> Any:
            words.append(text)
            return _drawn(draw, at, text, *args, **kwargs)

        monkeypatch.setattr(theme, name, record)
    return words
