"""DISCORD_API_BASE: the one configuration hook that points the unmodified bot at the double."""

from __future__ import annotations

from collections.abc import Iterator

import discord
import pytest

from bot.config import Config, ConfigError
from cogs.client import point_at


@pytest.fixture
def restore_discord() -> Iterator[None]:
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    yield
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base, gateway


def test_unset_means_discord_itself(restore_discord: None) -> None:
    config = Config.from_env({"DISCORD_TOKEN": "t"})
    assert config.api_base is None
    point_at(config.api_base)
    assert discord.http.Route.BASE == "https://discord.com/api/v10"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY).startswith("wss://gateway.discord.gg")


def test_a_base_points_rest_and_gateway_there(restore_discord: None) -> None:
    config = Config.from_env({"DISCORD_TOKEN": "t", "DISCORD_API_BASE": " http://127.0.0.1:8123/ "})
    assert config.api_base == "http://127.0.0.1:8123"
    point_at(config.api_base)
    assert discord.http.Route("GET", "/users/@me").url == "http://127.0.0.1:8123/api/v10/users/@me"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:8123/gateway"


def test_a_base_that_is_not_http_is_refused_in_one_sentence() -> None:
    with pytest.raises(ConfigError) as info:
        Config.from_env({"DISCORD_TOKEN": "t", "DISCORD_API_BASE": "127.0.0.1:8123"})
    assert str(info.value).startswith("DISCORD_API_BASE") and str(info.value).endswith(".")
