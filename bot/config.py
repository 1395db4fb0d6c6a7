"""Configuration from the environment. The token is a secret: it is never logged or printed."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

DEFAULT_DATABASE_PATH = "data/middle-kingdom.sqlite3"
DEFAULT_WEB_HOST = "0.0.0.0"  # every interface: a container's port, or a reverse proxy on the same machine
MIN_SECRET = 16  # characters of WEB_SECRET: a guessable secret would let anyone sign a link to a hand


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one sentence telling the admin what to set."""


class StartupError(Exception):
    """The bot cannot start with these settings on this machine (Discord refuses the token or cannot be
    reached, the database cannot be written); the message is one sentence, never the token."""


@dataclass(frozen=True)
class Config:
    token: str = field(repr=False)  # repr=False: a logged or printed Config never shows the token
    database_path: str = DEFAULT_DATABASE_PATH
    # PostgreSQL instead of SQLite at database_path; repr=False: the address may hold a password.
    database_url: str | None = field(default=None, repr=False)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None  # another Discord's address (a local double, in tests); None is Discord itself
    picture_processes: int | None = None  # processes drawing pictures: None one per core but one, 0 none (a thread)
    shard_count: int | None = None  # shards of the whole bot, across every process; None: not sharded
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs; None: all of them
    web_port: int | None = None  # serve the web pages in this process on this port; None: none here
    web_host: str = DEFAULT_WEB_HOST  # the address the web pages listen on
    web_url: str | None = None  # where people open the pages (links from Discord); None: localhost, with web_port
    web_secret: str | None = field(default=None, repr=False)  # signs private links; None: none offered

    @property
    def holds_first_shard(self) -> bool:
        """Whether this process runs shard 0: Discord's DMs arrive there, and one process syncs commands."""
        return self.shard_ids is None or 0 in self.shard_ids

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, need_token: bool = True) -> Config:
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if need_token and not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: export DISCORD_TOKEN=<your bot token from the Discord developer portal> "
                "and run the command again."
            )
        guild = env.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}.")
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}.")
        api_base = env.get("DISCORD_API_BASE", "").strip().rstrip("/")
        if api_base and not api_base.startswith(("http://", "https://")):
            raise ConfigError(f"DISCORD_API_BASE must be an http:// or https:// address, not {api_base!r}.")
        processes = env.get("PICTURE_PROCESSES", "").strip()
        if processes and not processes.isdigit():
            raise ConfigError(f"PICTURE_PROCESSES must be a number of processes (0 or more), not {processes!r}.")
        shard_count, shard_ids = _shards(env.get("SHARD_COUNT", "").strip(), env.get("SHARD_IDS", "").strip())
        database_url = env.get("DATABASE_URL", "").strip()
        if database_url:
            _check_database_url(database_url)
        if shard_count is not None and shard_ids is not None and len(shard_ids) < shard_count and not database_url:
            raise ConfigError(
                "SHARD_IDS runs only some of the bot's shards, so other processes run the rest and must share a "
                "PostgreSQL database with this one: set DATABASE_URL (a SQLite file serves one process)."
            )
        web_port, web_url, web_secret = _web(env)
        return cls(
            token=token,
            database_path=env.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE_PATH,
            database_url=database_url or None,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            api_base=api_base or None,
            picture_processes=int(processes) if processes else None,
            shard_count=shard_count,
            shard_ids=shard_ids,
            web_port=web_port,
            web_host=env.get("WEB_HOST", "").strip() or DEFAULT_WEB_HOST,
            web_url=web_url,
            web_secret=web_secret,
        )

    @property
    def database(self) -> str:
        """What the bot's database is opened from: the PostgreSQL address if set, else the SQLite file."""
        return self.database_url or self.database_path


def web_port(text: str, name: str = "WEB_PORT") -> int:
    """A TCP port to listen on, or ConfigError saying what ``name`` must be."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ConfigError(f"{name} must be a port number from 1 to 65535, not {text!r}.")
    return int(text)


def _web(env: Mapping[str, str]) -> tuple[int | None, str | None, str | None]:
    """WEB_PORT (serve the pages here), WEB_URL (their public address, for links) and WEB_SECRET (signs private
    links)."""
    port_text = env.get("WEB_PORT", "").strip()
    port = web_port(port_text) if port_text else None
    url = env.get("WEB_URL", "").strip().rstrip("/")
    if url and (not url.startswith(("http://", "https://")) or "?" in url or "#" in url):
        raise ConfigError(f"WEB_URL must be the pages' public address, such as https://games.example.org, not {url!r}.")
    secret = env.get("WEB_SECRET", "").strip()
    if secret and len(secret) < MIN_SECRET:
        raise ConfigError(
            f"WEB_SECRET must be at least {MIN_SECRET} characters (a long random string, such as the output of "
            "`openssl rand -hex 32`), or unset: it signs the links to players' hands."
        )
    return port, url or None, secret or None


def _shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT (the whole bot's shards) and SHARD_IDS (this process's): both unset runs unsharded."""
    if not count_text:
        if ids_text:
            raise ConfigError(
                "SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the number of shards of the whole bot, "
                "across every process."
            )
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a number of shards (1 or more), not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return count, None
    parts = [part.strip() for part in ids_text.split(",")]
    if not all(part.isdigit() for part in parts):
        raise ConfigError(f"SHARD_IDS must be shard numbers separated by commas (such as 0,1), not {ids_text!r}.")
    ids = [int(part) for part in parts]
    outside = [i for i in ids if i >= count]
    if outside:
        raise ConfigError(
            f"SHARD_IDS must be shard numbers from 0 to {count - 1} (SHARD_COUNT is {count}), not {outside[0]}."
        )
    twice = [i for i in ids if ids.count(i) > 1]
    if twice:
        raise ConfigError(f"SHARD_IDS names shard {twice[0]} twice: name each shard once.")
    return count, tuple(sorted(ids))


DATABASE_URL_SCHEMES = ("postgresql", "postgres")


def _check_database_url(url: str) -> None:
    """A DATABASE_URL the bot can use, or one sentence saying what is wrong, which never repeats the address
    (it may hold a password)."""
    example = "postgresql://USER:PASSWORD@HOST:5432/DATABASE"
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme not in DATABASE_URL_SCHEMES:
        named = f"a {scheme}:// address" if scheme.isalnum() else "not an address"
        raise ConfigError(
            f"DATABASE_URL must be a PostgreSQL address like {example}, and this one is {named}: fix it, or unset "
            "it to use SQLite at DATABASE_PATH."
        )
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        raise ConfigError(
            f"DATABASE_URL is not a valid PostgreSQL address (it should look like {example}): check the host "
            "and port."
        ) from None
