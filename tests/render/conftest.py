"""Every picture drawn by a render test is also checked for text running past its edge (a label a phone
shows cut off), in whatever scene and language the test draws."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from render import theme


@pytest.fixture(autouse=True)
def no_text_runs_off_a_picture() -> Iterator[None]:
    with theme.clipping() as clipped:
        yield
    assert clipped == [], f"text drawn past the picture's edge: {clipped[:5]}"
