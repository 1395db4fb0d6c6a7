"""Configuration from the environment, and the command line's answer when the token is missing."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bot.config import DEFAULT_DATABASE_PATH, Config, ConfigError


def test_defaults() -> None:
    config = Config.from_env({"DISCORD_TOKEN": "abc.def"})
    assert config.database_path == DEFAULT_DATABASE_PATH
    assert config.dev_guild_id is None
    assert config.log_level == "INFO"
    assert config.picture_processes is None  # one per core


def test_all_settings() -> None:
    config = Config.from_env(
        {"DISCORD_TOKEN": "t", "DATABASE_PATH": "/data/x.db", "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug",
         "PICTURE_PROCESSES": "0"}
    )
    assert (config.database_path, config.dev_guild_id, config.log_level) == ("/data/x.db", 123, "DEBUG")
    assert config.picture_processes == 0


def test_token_never_in_repr() -> None:
    config = Config.from_env({"DISCORD_TOKEN": "super-secret-token"})
    assert "super-secret-token" not in repr(config)
    assert "super-secret-token" not in str(config)


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"DISCORD_TOKEN": "  "},
        {"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "abc"},
        {"DISCORD_TOKEN": "t", "LOG_LEVEL": "x"},
        {"DISCORD_TOKEN": "t", "PICTURE_PROCESSES": "many"},
    ],
)
def test_bad_settings_raise_one_sentence(env: dict[str, str]) -> None:
    with pytest.raises(ConfigError) as info:
        Config.from_env(env)
    assert str(info.value).endswith(".")


PG = "postgresql://bot@db.example.org:5432/middle_kingdom"


def test_unsharded_by_default_and_one_process_holds_shard_0() -> None:
    config = Config.from_env({"DISCORD_TOKEN": "t"})
    assert (config.shard_count, config.shard_ids, config.holds_first_shard) == (None, None, True)


@pytest.mark.parametrize(
    ("count", "ids", "expected", "first"),
    [
        ("4", "", (4, None), True),  # every shard in this process
        ("4", "2, 0", (4, (0, 2)), True),
        ("2", "1", (2, (1,)), False),
        ("1", "0", (1, (0,)), True),
    ],
)
def test_shards(count: str, ids: str, expected: tuple[int, tuple[int, ...] | None], first: bool) -> None:
    config = Config.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": count, "SHARD_IDS": ids, "DATABASE_URL": PG})
    assert (config.shard_count, config.shard_ids) == expected
    assert config.holds_first_shard is first


@pytest.mark.parametrize(
    ("count", "ids", "says"),
    [
        ("", "0,1", "SHARD_IDS needs SHARD_COUNT"),
        ("0", "", "SHARD_COUNT must be a number of shards (1 or more), not '0'."),
        ("two", "", "not 'two'"),
        ("2", "0,2", "from 0 to 1 (SHARD_COUNT is 2), not 2."),
        ("2", "0,,1", "separated by commas (such as 0,1), not '0,,1'."),
        ("4", "-1", "not '-1'"),
        ("4", "1,1", "names shard 1 twice"),
    ],
)
def test_bad_shard_settings_say_what_to_set(count: str, ids: str, says: str) -> None:
    with pytest.raises(ConfigError) as info:
        Config.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": count, "SHARD_IDS": ids, "DATABASE_URL": PG})
    message = str(info.value)
    assert says in message and message.endswith(".") and "\n" not in message


def test_some_shards_in_this_process_need_a_shared_postgresql_database() -> None:
    with pytest.raises(ConfigError) as info:
        Config.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "1"})
    assert "DATABASE_URL" in str(info.value) and str(info.value).endswith(".")
    every = Config.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "0,1"})  # one process: SQLite
    assert every.shard_ids == (0, 1) and every.database_url is None


def test_missing_token_exits_2_with_one_sentence() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0]


PASSWORD = "hunter2-not-a-real-password"


def test_database_url_selects_postgresql_and_is_never_shown() -> None:
    url = f"postgresql://mk:{PASSWORD}@db.example:5432/mk"
    config = Config.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": f" {url} "})
    assert config.database == url and config.database_url == url
    assert PASSWORD not in repr(config)
    assert Config.from_env({"DISCORD_TOKEN": "t", "DATABASE_PATH": "/x.db"}).database == "/x.db"  # SQLite


@pytest.mark.parametrize(
    "url",
    [
        f"mysql://mk:{PASSWORD}@db.example/mk",  # another database
        f"mk:{PASSWORD}@db.example/mk",  # no scheme
        f"postgresql://mk:{PASSWORD}@db.example:port/mk",  # a port that is not a number
    ],
)
def test_a_bad_database_url_is_one_sentence_without_the_password(url: str) -> None:
    with pytest.raises(ConfigError) as info:
        Config.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": url})
    sentence = str(info.value)
    assert sentence.endswith(".") and "DATABASE_URL" in sentence and "\n" not in sentence
    assert PASSWORD not in sentence


def test_web_settings() -> None:
    config = Config.from_env({"DISCORD_TOKEN": "t"})
    assert (config.web_port, config.web_url, config.web_secret) == (None, None, None)
    secret = "0123456789abcdef-0123456789abcdef"
    config = Config.from_env({"DISCORD_TOKEN": "t", "WEB_PORT": "8080", "WEB_URL": "https://games.example.org/",
                              "WEB_SECRET": secret, "WEB_HOST": "127.0.0.1"})
    assert (config.web_port, config.web_url, config.web_host) == (8080, "https://games.example.org", "127.0.0.1")
    assert config.web_secret == secret and secret not in repr(config)


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"WEB_PORT": "http"}, "WEB_PORT must be a port number from 1 to 65535, not 'http'."),
        ({"WEB_PORT": "70000"}, "WEB_PORT must be a port number from 1 to 65535, not '70000'."),
        ({"WEB_URL": "games.example.org"}, "WEB_URL must be the pages' public address"),
        ({"WEB_SECRET": "short"}, "WEB_SECRET must be at least 16 characters"),
    ],
)
def test_bad_web_settings_are_one_sentence(env: dict[str, str], said: str) -> None:
    with pytest.raises(ConfigError) as error:
        Config.from_env({"DISCORD_TOKEN": "t", **env})
    assert str(error.value).startswith(said)
    assert env.get("WEB_SECRET", "@") not in str(error.value)  # a secret is never repeated
