"""What the double knows: people, servers (each with a text channel), threads, DMs, messages and interactions.

Every message keeps its revisions (the first send and each edit) together with its audience: everybody
in the server, or the one person who can see an ephemeral message or a DM. Tests read what a person could
have seen from these revisions, not just the latest text.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6  # message flag: only the interaction's user sees it
LOADING = 1 << 7  # message flag: a deferred "thinking" answer not filled in yet
TEXT, DM, PUBLIC_THREAD = 0, 1, 11  # channel types
MENTION = re.compile(r"<@!?(\d{15,21})>")


class Snowflakes:
    """Discord ids: milliseconds since Discord's epoch, shifted, unique and increasing."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(value, self._last + 1)
        return self._last


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a server's events on (its documented formula); DMs go to shard 0."""
    return (guild_id >> 22) % shard_count


def timestamp(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int(seconds % 1 * 1e6):06d}+00:00"


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    manager: bool = False  # Manage Server in the guild
    is_bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.is_bot,
            "flags": 0,
            "public_flags": 0,
        }


@dataclass(frozen=True)
class Guild:
    id: int
    name: str
    channel_id: int  # its text channel, where tables are opened


@dataclass
class Channel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None  # threads
    owner_id: int | None = None  # threads: who created it
    recipient_id: int | None = None  # DMs: the person (the other side is the bot)
    archived: bool = False
    message_count: int = 0

    def payload(self, people: dict[int, Person]) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "last_message_id": None, "flags": 0}
        if self.type == DM and self.recipient_id is not None:
            data["recipients"] = [people[self.recipient_id].payload()]
            return data
        data.update(
            guild_id=str(self.guild_id),
            name=self.name,
            position=0,
            permission_overwrites=[],
            nsfw=False,
            rate_limit_per_user=0,
            topic=None,
            parent_id=str(self.parent_id) if self.parent_id else None,
        )
        if self.type == PUBLIC_THREAD:
            data.update(
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                member_count=1,
                total_message_sent=self.message_count,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": 10080,
                    "archive_timestamp": timestamp(time.time()),
                    "locked": False,
                },
            )
        return data


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    description: str = ""  # the alt text screen readers say

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def payload(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": "image/png" if self.filename.endswith(".png") else "application/octet-stream",
            **({"description": self.description} if self.description else {}),
        }


@dataclass(frozen=True)
class Revision:
    """A message as one person (or everybody) saw it at one moment: its first form or an edit."""

    message_id: int
    channel_id: int
    at: float  # time.monotonic()
    audience: int | None  # None: everybody in the server; else the one person who sees it
    content: str
    components: tuple[dict[str, Any], ...]
    attachments: tuple[Attachment, ...]
    pinged: tuple[int, ...]
    edit: bool


@dataclass
class Message:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    audience: int | None = None  # who alone may see it (ephemeral or DM); None: the whole server
    interaction_id: int | None = None  # the interaction it answers (a webhook message)
    pinged: tuple[int, ...] = ()
    created_at: float = field(default_factory=time.monotonic)
    edited_at: float | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk(self.components) if "custom_id" in c]

    def payload(self, world: World, *, event: bool = False) -> dict[str, Any]:
        """The message object of the REST API; ``event`` adds guild_id, as only gateway events carry it."""
        channel = world.channels[self.channel_id]
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": world.people[self.author_id].payload(),
            "content": self.content,
            "timestamp": timestamp(time.time()),
            "edited_timestamp": timestamp(time.time()) if self.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [world.people[u].payload() for u in self.pinged if u in world.people],
            "mention_roles": [],
            "attachments": [a.payload(world.base_url, self.channel_id) for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "type": 20 if self.interaction_id else 0,
            "flags": self.flags,
            "components": self.components,
        }
        if event and channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        if self.interaction_id is not None:
            data["webhook_id"] = str(world.bot.id)
            data["application_id"] = str(world.bot.id)
        return data


@dataclass
class Interaction:
    id: int
    token: str
    type: int  # 2 application command, 3 component, 5 modal submit
    user_id: int
    channel_id: int
    message_id: int | None  # the message a clicked component sits on
    data: dict[str, Any]
    created_at: float = field(default_factory=time.monotonic)
    response_type: int | None = None
    responded_at: float | None = None
    late: bool = False  # the bot tried to answer after the 3 seconds
    original_id: int | None = None  # the answer message (types 4 and 5), or the component's message (6, 7)
    filled: bool = False  # the first real answer is visible (an immediate answer, an edit or a followup)
    followups: list[int] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    touched_at: float = field(default_factory=time.monotonic)

    @property
    def answered(self) -> bool:
        return self.response_type is not None


@dataclass(frozen=True)
class Call:
    """One REST request as the double saw it."""

    at: float
    method: str
    path: str
    status: int
    route: str  # the path with ids replaced, e.g. POST /channels/{id}/messages
    counted: bool = False  # against the global limit: the bot's token, not an interaction endpoint
    scope: str | None = None  # a 429's X-RateLimit-Scope: global, user (a route's bucket) or shared


class World:
    def __init__(self) -> None:
        self.ids = Snowflakes()
        self.base_url = ""
        self.token = "e2e." + secrets.token_hex(12)
        self.bot = Person(self.ids(), "Middle Kingdom", is_bot=True)
        self.owner = Person(self.ids(), "Owner")
        self.people: dict[int, Person] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        home = self.add_guild("Middle Kingdom e2e", self.ids())
        self.guild_id, self.channel_id = home.id, home.channel_id  # the first server, where most tests play
        self.messages: dict[int, Message] = {}
        self.revisions: list[Revision] = []
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: dict[str, dict[str, Any]] = {}  # registered slash commands by name
        self.calls: list[Call] = []
        self.violations: list[str] = []  # Discord rules the bot broke (tests expect none)
        self.unanswered_expected = False  # a test that kills the bot or clicks what is not the bot's says so
        # Who waits for what: a channel's id, or None for anything. People wait for the answers in one channel;
        # with hundreds of games at once, waking everybody for every request was half the load test's CPU.
        self._waiters: dict[int | None, list[asyncio.Future[None]]] = defaultdict(list)
        self._touched: set[int] = set()  # channels changed by the request being served
        self._in_channel: dict[int, list[Message]] = defaultdict(list)  # indexes of messages, in order
        self._for: dict[int | None, list[Message]] = defaultdict(list)

    # -- waiting for the bot ----------------------------------------------------------------------------
    def touch(self, channel_id: int) -> None:
        """What the request being served changes in this channel (a message, an interaction's answer) may be
        what someone waits for."""
        self._touched.add(channel_id)

    def notify(self, *, changed_something: bool = True) -> None:
        """A request was served: wake those waiting on a channel it touched and those waiting on anything. A
        request that changed something without saying where (a deletion, a new thread) wakes everybody."""
        touched, self._touched = self._touched, set()
        if not touched and changed_something:
            waiting, self._waiters = self._waiters, defaultdict(list)
            woken = [w for waiters in waiting.values() for w in waiters]
        else:
            woken = self._waiters.pop(None, [])
            for channel_id in touched:
                woken += self._waiters.pop(channel_id, [])
        for waiter in woken:
            _wake(waiter)

    async def changed(self, timeout: float, channel_id: int | None = None) -> None:
        """Wait until a request served changes ``channel_id`` (None: any request served), or ``timeout``
        seconds. (A timer, not asyncio.wait_for: with hundreds of people waiting under the load test,
        wait_for's task per wait cost the double a tenth of its CPU.)"""
        loop = asyncio.get_running_loop()
        waiter = loop.create_future()
        self._waiters[channel_id].append(waiter)
        timer = loop.call_later(timeout, _wake, waiter)
        try:
            await waiter
        finally:
            timer.cancel()

    # -- people and channels --------------------------------------------------------------------------
    def add_person(self, name: str, *, manager: bool = False) -> Person:
        person = Person(self.ids(), name, manager=manager)
        self.people[person.id] = person
        return person

    def add_guild(self, name: str, guild_id: int | None = None, *, shard: tuple[int, int] | None = None) -> Guild:
        """A server with one text channel; ``shard=(id, count)`` picks an id whose events go to that shard."""
        if guild_id is None:
            guild_id = self.ids()
            if shard is not None:
                wanted, count = shard
                stamp = guild_id >> 22
                stamp -= (stamp - wanted) % count  # an earlier millisecond with the wanted remainder
                guild_id = (stamp << 22) | (1 << 21) | len(self.guilds)  # low bits the id counter never reaches
        guild = Guild(guild_id, name, self.ids())
        self.guilds[guild.id] = guild
        self.channels[guild.channel_id] = Channel(guild.channel_id, TEXT, "board-games", guild_id=guild.id)
        return guild

    def dm_channel(self, user_id: int) -> Channel:
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient_id == user_id:
                return channel
        channel = Channel(self.ids(), DM, recipient_id=user_id)
        self.channels[channel.id] = channel
        return channel

    def threads(self) -> list[Channel]:
        return [c for c in self.channels.values() if c.type == PUBLIC_THREAD]

    # -- messages ---------------------------------------------------------------------------------------
    def audience_of(self, channel_id: int, flags: int, user_id: int | None) -> int | None:
        channel = self.channels[channel_id]
        if channel.type == DM:
            return channel.recipient_id
        return user_id if flags & EPHEMERAL else None

    def add(self, message: Message) -> None:
        """A new message (its channel and audience are fixed from now on), indexed for quick reading."""
        if message.id not in self.messages:
            self.messages[message.id] = message
            self._in_channel[message.channel_id].append(message)
            self._for[message.audience].append(message)

    def record(self, message: Message, *, edit: bool) -> None:
        self.add(message)
        self.touch(message.channel_id)
        self.revisions.append(
            Revision(
                message.id,
                message.channel_id,
                time.monotonic(),
                message.audience,
                message.content,
                tuple(message.components),
                tuple(message.attachments),
                message.pinged,
                edit,
            )
        )

    def visible_to(self, user_id: int) -> list[Message]:
        """Messages as they stand now that this person can see, oldest first."""
        found = [*self._for[None], *self._for[user_id]]
        return sorted((m for m in found if m.id in self.messages and not m.loading), key=lambda m: m.id)

    def private_to(self, user_id: int) -> list[Message]:
        """Messages only this person sees (DMs, ephemeral answers) as they stand now, oldest first."""
        return [m for m in self._for[user_id] if m.id in self.messages and not m.loading]

    def public(self, channel_id: int | None = None) -> list[Message]:
        """Messages everybody in the server sees (of one channel or thread), oldest first."""
        found = self._for[None] if channel_id is None else self._in_channel[channel_id]
        return [m for m in found if m.audience is None and m.id in self.messages and not m.loading]


def walk(components: list[dict[str, Any]] | tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """Every component, rows and their children, depth first."""
    found: list[dict[str, Any]] = []
    for component in components:
        found.append(component)
        found.extend(walk(component.get("components", [])))
    return found


def mentioned(content: str) -> set[int]:
    return {int(m) for m in MENTION.findall(content)}


def pinged(content: str, allowed: dict[str, Any] | None) -> tuple[int, ...]:
    """Who a message notifies: its user mentions, filtered by allowed_mentions as Discord does."""
    users = mentioned(content)
    if allowed is None:
        return tuple(sorted(users))
    if "users" in allowed.get("parse", []):
        return tuple(sorted(users))
    listed = {int(u) for u in allowed.get("users", [])}
    return tuple(sorted(users & listed))


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)
