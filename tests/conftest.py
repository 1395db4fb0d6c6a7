"""Shared test settings: hypothesis without deadlines (CI machines are slow and shared), and the fast tier.

``pytest --fast`` runs the tier to use while working: engines, pictures, storage and the services, with
at most ``FAST_EXAMPLES`` hypothesis examples per test; the Discord layer (tests/cogs), the end-to-end
tests (tests/e2e), the services' many-game runs (whole tournaments, the demo) and the tests marked ``slow``
(whole games between computer players, whose moves take the time) are left to the whole suite, which CI
runs with every test's own number of examples.
"""

from __future__ import annotations

import asyncio
import shutil
import signal
import sys
import threading
import traceback
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests import toy

toy.install()  # before any test module reads bot.games.GAMES: every suite over the games runs the toy too
toy.install_in_subprocesses()  # the bot processes of tests/e2e, the picture workers

from bot.store.db import Database  # noqa: E402
from bot.store.sqlite import SqliteDatabase  # noqa: E402
from tests.postgres import PostgresServer  # noqa: E402

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
FAST_EXAMPLES = 2
settings.register_profile("fast", parent=settings.get_profile("default"), max_examples=FAST_EXAMPLES)
settings.load_profile("default")

SLOW_PATHS = ("tests/cogs/", "tests/e2e/", "tests/tournaments/test_service.py", "tests/test_demo.py")


# The databases a test marked ``backends`` runs on (its ``db`` and ``database_target`` fixtures); others use SQLite.
BACKENDS = ("sqlite", "postgres")


@pytest.fixture(autouse=True)
def no_text_runs_off_a_picture() -> Iterator[None]:
    """Every picture a test draws (a render test's scenes, a cog test's boards, hands and close-ups, in every
    language) is checked for text running past its edge: a label a phone would show cut off."""
    from render import theme  # here, not at the top: most of the fast tier's modules never draw

    with theme.clipping() as clipped:
        yield
    assert clipped == [], f"text drawn past the picture's edge: {clipped[:5]}"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One real PostgreSQL server for the session (each xdist worker has its own), started on first use."""
    server = PostgresServer()
    try:
        server.start()
        server.make_template()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session", autouse=True)
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A new SQLite database starts as a copy of one migrated once per worker, as a restarted bot finds its
    file: hundreds of tests open a fresh database, and migrating each one was ~5% of the run. The migrations
    themselves still run: here, for a file in a folder that does not exist yet (tests/store/test_db.py), and in
    every bot process of tests/e2e."""
    template = tmp_path_factory.mktemp("migrated") / "template.sqlite3"

    async def migrate() -> None:
        await (await Database.open(template)).close()

    asyncio.run(migrate())
    connect = SqliteDatabase.connect.__func__  # type: ignore[attr-defined]

    async def from_template(cls: type[SqliteDatabase], path: str) -> SqliteDatabase:
        target = Path(path)
        if path != ":memory:" and target.parent.is_dir() and not target.exists():
            shutil.copyfile(template, target)
        database: SqliteDatabase = await connect(cls, path)
        return database

    patch = pytest.MonkeyPatch()
    patch.setattr(SqliteDatabase, "connect", classmethod(from_template))
    yield
    patch.undo()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
async def database_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Where a fresh database is: a temporary SQLite file, or a new database on the test PostgreSQL server."""
    if backend == "sqlite":
        return str(tmp_path / "mk.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return await server.emptied_database()


@pytest.fixture
async def db(database_target: str) -> AsyncIterator[Database]:
    """A fresh, migrated database, closed after the test."""
    database = await Database.open(database_target)
    yield database
    await database.close()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("backends"):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    """pytest-timeout's signal method, failing with what every asyncio task and thread was waiting on (an
    async test that hangs waits in the event loop, whose own stack says nothing)."""
    if settings.method != "signal" or threading.current_thread() is not threading.main_thread():
        return None  # pytest-timeout's own timer

    def fail(signum: int, frame: Any) -> None:
        __tracebackhide__ = True
        signal.setitimer(signal.ITIMER_REAL, 60)  # and again each minute while the teardown hangs too
        pytest.fail(f"no end after {settings.timeout} s; what was waiting:\n{_waiting()}", pytrace=False)

    def cancel() -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)

    item.cancel_timeout = cancel  # type: ignore[attr-defined]  # pytest-timeout's cancel hook calls it
    signal.signal(signal.SIGALRM, fail)
    signal.setitimer(signal.ITIMER_REAL, settings.timeout)
    return True


def _waiting() -> str:
    lines: list[str] = []
    loop = asyncio._get_running_loop()  # the handler runs in the loop's thread, between its callbacks
    for task in asyncio.all_tasks(loop) if loop is not None else ():
        lines.append(f"-- task {task.get_name()}: {task.get_coro()!r}")
        for frame in task.get_stack():
            lines.append(f"   {frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}")
    for ident, frame in sys._current_frames().items():
        if ident != threading.get_ident():
            lines.append(f"-- thread {ident}:")
            lines.append("".join(traceback.format_stack(frame, limit=8)))
    return "\n".join(lines)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--fast", action="store_true", help="the fast tier: no Discord-layer or end-to-end tests")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--fast"):
        settings.load_profile("fast")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The fast tier does not even import the slow tests (the Discord layer's imports alone take seconds)."""
    if not config.getoption("--fast"):
        return None
    where = collection_path.as_posix() + ("/" if collection_path.is_dir() else "")
    return True if any(path in where for path in SLOW_PATHS) else None


# The longest tests, longest first (a whole game through the Discord double takes up to a minute). They run
# first: pytest-xdist hands each worker a contiguous part of the list and the idle ones take work from the
# end of the others' queues, so a long test left to the end would keep one worker busy while the rest wait.
LONGEST_FIRST = (
    "tests/e2e/test_whole_games.py",
    "tests/e2e/test_crash.py",
    "tests/cogs/test_chinatown_games.py",
    "tests/cogs/test_replay_viewer.py",
    "tests/games/test_contract.py",
    "tests/cogs/test_whole_game.py",
    "tests/cogs/test_china_game.py",
    "tests/tournaments/test_service.py",
    "tests/cogs/test_sun_tzu_game.py",
    "tests/e2e/test_locked_database.py",
    "tests/e2e/test_discord_faults.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--fast"):
        slow = [item for item in items if item.get_closest_marker("slow")]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if not item.get_closest_marker("slow")]
        for item in items:
            _cap_examples(getattr(item, "obj", None))
    items.sort(key=_start_order)  # stable: every other test keeps its place


def _start_order(item: pytest.Item) -> int:
    path = item.nodeid.split("::", 1)[0]
    return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)


def _cap_examples(test: Any) -> None:
    """Fewer examples for a test with its own ``@settings(max_examples=...)``, which the profile cannot lower.

    Hypothesis reads a test's settings from this attribute when the test runs; if a release renames it, the
    fast tier only runs slower.
    """
    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if isinstance(own, settings) and own.max_examples > FAST_EXAMPLES:
        test._hypothesis_internal_use_settings = settings(own, max_examples=FAST_EXAMPLES)
