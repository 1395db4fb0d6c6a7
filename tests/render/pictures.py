"""What every renderer test needs: reading a PNG back with its checks, and a view that fails on hidden reads."""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from typing import Any

from PIL import Image

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
