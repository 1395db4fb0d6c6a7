"""Steps of a tournament done through the fake Discord: create, join with the buttons, play rounds.

Two additions to the fake, for tournaments only: tournament games have no lobby message, so their threads
are made from the channel (``allow_channel_threads``); and round posts must ping their players, so the
allowed mentions of every public send are kept (``capture_mentions``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from unittest.mock import MagicMock

import discord
import pytest

import render
import render.story
from render import theme
from tests.cogs.harness import GUILD, FakeDiscord, Posted, autospec
from tests.tournaments.helpers import play_round_by_computer


def allow_channel_threads(fake: FakeDiscord) -> None:
    """Text channels of the fake can open public threads (the notifier does that for games without a lobby)."""
    fetch: Any = fake.bot.fetch_channel

    async def fetch_channel(channel_id: int) -> Any:
        channel: Any = await fetch(channel_id)
        if channel_id in fake.threads:
            return channel

        async def create_thread(*, name: str, auto_archive_duration: int = 1440, **_: Any) -> Any:
            assert auto_archive_duration == 10080
            thread = autospec(discord.Thread)
            thread.id, thread.name = next(fake.ids), name
            fake.threads.append(thread.id)
            return thread

        channel.create_thread.side_effect = create_thread
        return channel

    fake.bot.fetch_channel = fetch_channel  # type: ignore[method-assign]


def capture_mentions(fake: FakeDiscord) -> dict[int, discord.AllowedMentions | None]:
    """Message id -> the allowed mentions it was sent with, for every public send from now on."""
    captured: dict[int, discord.AllowedMentions | None] = {}
    partial: Any = fake.bot.get_partial_messageable

    def partial_messageable(channel_id: int, **kwargs: Any) -> Any:
        channel: Any = partial(channel_id, **kwargs)
        if getattr(channel, "mentions_captured", False):  # a channel kept by quicken(): wrapped already
            return channel
        channel.mentions_captured = True
        send = channel.send.side_effect

        async def sending(content: str | None = None, **sent: Any) -> Any:
            message = await send(content, **sent)
            captured[message.id] = sent.get("allowed_mentions")
            return message

        channel.send.side_effect = sending
        return channel

    fake.bot.get_partial_messageable = partial_messageable  # type: ignore[method-assign, assignment]
    return captured


def quicken(fake: FakeDiscord, players: Iterable[Any]) -> None:
    """Whole tournaments send hundreds of board messages, and the fake builds an autospec'd channel and
    message for each (~50 ms apiece): keep one autospec'd channel per id and return plain message stand-ins.
    Players' DMs are closed, as some people's are, so only the boards in the threads are sent."""
    channels: dict[int, Any] = {}
    partial: Any = fake.bot.get_partial_messageable

    def partial_messageable(channel_id: int, **kwargs: Any) -> Any:
        if channel_id not in channels:
            channels[channel_id] = partial(channel_id, **kwargs)
        return channels[channel_id]

    def message(posted: Posted) -> Any:
        found = MagicMock(id=posted.id, jump_url=f"https://discord.com/channels/{GUILD}/{posted.where}/{posted.id}")
        found.channel.id = int(posted.where.split(":", 1)[1])
        return found

    fake.bot.get_partial_messageable = partial_messageable  # type: ignore[method-assign, assignment]
    fake._message_mock = message  # type: ignore[method-assign]
    fake.closed_dms.update(player.id for player in players)


TINY_FRAME = theme.to_png(theme.canvas(16, 16))


def plain_game_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game pictures are drawn and tested elsewhere; a stand-in keeps the hundreds of moves of a whole
    tournament quick (a Sun Tzu board takes ~60 ms). The standings pictures stay real."""
    for kind in ("board", "hand", "final"):
        monkeypatch.setattr(render, kind, lambda key, view, names=None, kind=kind: f"{kind}:{key}".encode())
    # A game's story: a plain chart, and an animation of tiny frames (a real one: its frames are counted).
    monkeypatch.setattr(render.story, "score_chart", lambda chart: b"scores")
    monkeypatch.setattr(render.story, "frame", lambda key, view, names, caption: TINY_FRAME)


def pinged(mentions: discord.AllowedMentions | None) -> set[int]:
    if mentions is None or mentions.users is True or mentions.users is False:
        return set()
    return {user.id for user in mentions.users}


def cog(fake: FakeDiscord) -> Any:
    return fake.bot.get_cog("TournamentCommands")


async def create(fake: FakeDiscord, organiser: Any, **params: Any) -> tuple[int, Posted]:
    """``/tournament create``: the tournament's id and its public sign-up message."""
    settings: dict[str, Any] = {"name": "Autumn Cup", "game": "great_wall", "format": "swiss", "table_size": 2}
    settings.update(params)
    mark = len(fake.sent)
    await fake.command(cog(fake).create, organiser, **settings)
    signup = next(s.message for s in fake.since(mark) if not s.private)
    found = re.search(r"tournament #(\d+)", signup.content)
    assert found is not None, signup.content
    return int(found[1]), signup


async def play_round(fake: FakeDiscord, tournament_id: int, seed: int) -> None:
    """Every player of the current round moves with the computer's choice until their games end."""
    await play_round_by_computer(fake.bot.service, fake.bot.tournaments, tournament_id, seed)


def channel_posts(fake: FakeDiscord, text: str, where: str = "channel:2000") -> list[Posted]:
    """Public messages in the tournament's channel containing ``text``, oldest first."""
    return [s.message for s in fake.public() if s.kind == "send" and s.where == where and text in s.content]
