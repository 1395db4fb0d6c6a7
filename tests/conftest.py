"""Shared test settings: hypothesis without deadlines (CI machines are slow and shared), and the fast tier.

``pytest --fast`` runs the tier to use while working: engines, pictures, storage and the services, with
fewer hypothesis examples; the Discord layer (tests/cogs) and the end-to-end tests (tests/e2e) are left to
the whole suite, which CI runs.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("fast", parent=settings.get_profile("default"), max_examples=10)
settings.load_profile("default")

SLOW_FOLDERS = ("tests/cogs/", "tests/e2e/")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--fast", action="store_true", help="the fast tier: no Discord-layer or end-to-end tests")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--fast"):
        settings.load_profile("fast")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--fast"):
        return
    slow = [item for item in items if any(folder in item.path.as_posix() for folder in SLOW_FOLDERS)]
    if slow:
        config.hook.pytest_deselected(items=slow)
        gone = {id(item) for item in slow}
        items[:] = [item for item in items if id(item) not in gone]
