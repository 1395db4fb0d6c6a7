"""``/server settings``: table channels, the default clock and computer players, for Manage Server only;
``/game new`` and the lobby keep to them, and they survive a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from tests.cogs.flows import open_table
from tests.cogs.harness import CHANNEL, GUILD, FakeDiscord, labels

TABLES = 7_001  # the channel the server chooses for tables; the harness's commands come from CHANNEL


async def _panel(fake: FakeDiscord, user: Any) -> Any:
    cog = fake.bot.get_cog("ServerCommands")
    await fake.command(cog.settings, user, manage=True)  # type: ignore[union-attr]
    return fake.last(private=True)


async def _choose_channels(fake: FakeDiscord, user: Any, panel: Any, *channels: int) -> None:
    select = next(i for i in _items(panel) if getattr(i, "custom_id", "") == "mk:srv:ch")
    await fake.dispatch(user, panel, select.custom_id, tuple(str(c) for c in channels), manage=True)


def _items(panel: Any) -> list[Any]:
    return [getattr(i, "item", i) for i in panel.view.walk_children()]


async def _new(fake: FakeDiscord, user: Any, channel_id: int = CHANNEL) -> Any:
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, user, game="great_wall", seats=2, channel_id=channel_id)  # type: ignore[union-attr]
    return fake.last(private=True)


async def test_only_managers_see_and_change_the_settings(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    group = fake.bot.tree.get_command("server")
    assert group is not None and group.default_permissions == discord.Permissions(manage_guild=True)
    assert group.guild_only
    cog = fake.bot.get_cog("ServerCommands")
    await fake.command(cog.settings, bob)  # type: ignore[union-attr]
    assert fake.last(private=True).content == "Only members with Manage Server can change this server's settings."
    panel = await _panel(fake, alice)
    assert "Tables may be opened in any channel." in panel.content
    assert "Computer players may be seated" in panel.content
    await fake.click(bob, panel, label="Do not allow computer players")  # bob has no Manage Server
    refusal = fake.last(private=True)
    assert refusal.content == "Only members with Manage Server can change this server's settings."
    settings = await fake.bot.servers.settings(GUILD)
    assert settings.computers and settings.channels == ()


async def test_tables_only_in_the_chosen_channels(fake: FakeDiscord, alice: Any) -> None:
    panel = await _panel(fake, alice)
    await _choose_channels(fake, alice, panel, TABLES)
    assert f"Tables may be opened in <#{TABLES}>." in panel.content
    refused = await _new(fake, alice)
    assert refused.content == f"On this server, tables are opened in <#{TABLES}>."
    assert await fake.bot.service.list_guild(GUILD) == []
    offered = await _new(fake, alice, TABLES)
    assert "Choose the table options" in offered.content
    # A panel opened before the server changed its mind cannot open a table in the old place.
    await fake.click(alice, panel, label="Tables in any channel", manage=True)
    assert "Tables may be opened in any channel." in panel.content
    old_panel = await _new(fake, alice)
    await _choose_channels(fake, alice, panel, TABLES)
    await fake.click(alice, old_panel, label="Clock and timeouts")
    await fake.click(alice, old_panel, label="Open the table")
    assert fake.last(private=True).content == f"On this server, tables are opened in <#{TABLES}>."
    assert await fake.bot.service.list_guild(GUILD) == []


async def test_the_default_clock_starts_every_new_panel(fake: FakeDiscord, alice: Any) -> None:
    panel = await _panel(fake, alice)
    await fake.click(alice, panel, option="24 hours per move", manage=True)
    await fake.click(alice, panel, option="Out of time: forfeit (ranked last)", manage=True)
    assert "24 hours per move" in panel.content and "forfeit" in panel.content
    options = await _new(fake, alice)
    await fake.click(alice, options, label="Open the table")
    table = await fake.bot.service.get(1)
    assert table.time_control.limit == 24 * 3600 and table.timeout_policy == "forfeit"


async def test_no_computer_players_when_the_server_says_no(fake: FakeDiscord, alice: Any) -> None:
    game_id, old_lobby = await open_table(fake, alice)
    panel = await _panel(fake, alice)
    await fake.click(alice, panel, label="Do not allow computer players", manage=True)
    assert "Computer players may not be seated at tables." in panel.content
    assert "Allow computer players" in labels(panel.view)
    # The lobby posted before still shows the button; the click is refused and seats nobody.
    await fake.click(alice, old_lobby, label="Add computer (easy)")
    assert fake.last(private=True).content == "This server does not allow computer players at its tables."
    assert len((await fake.bot.service.get(game_id)).players) == 1
    _, lobby = await open_table(fake, alice)
    assert labels(lobby.view) == ["Join", "Leave", "Start", "Cancel"]


async def test_settings_survive_a_restart(tmp_path: Path, alice: Any) -> None:
    path = str(tmp_path / "bot.sqlite3")
    before = await FakeDiscord.start(path)
    panel = await _panel(before, alice)
    await _choose_channels(before, alice, panel, TABLES, TABLES + 1)
    await before.click(alice, panel, label="Do not allow computer players", manage=True)
    await before.stop()
    after = await FakeDiscord.start(path)
    try:
        settings = await after.bot.servers.settings(GUILD)
        assert settings.channels == (TABLES, TABLES + 1) and not settings.computers
        # The panel's controls still work after the restart.
        await after.click(alice, panel, label="Allow computer players", manage=True)
        assert (await after.bot.servers.settings(GUILD)).computers
    finally:
        await after.stop()
