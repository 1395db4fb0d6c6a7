"""A fake Discord for the cogs, built from autospec'd discord.py objects; nothing touches the network.

``FakeDiscord`` wires a real ``MiddleKingdomBot`` (real cogs, table service and SQLite file) to fake
channels, threads, DMs and interactions, and records every message the bot sends or edits: where it went,
whether it is private (ephemeral or DM), its text, its pictures (as bytes), embeds and view. Components are
clicked the way discord.py's view store does it: the custom_id is matched against the registered
DynamicItem templates, ``from_custom_id`` rebuilds the item, and its callback runs.
"""

from __future__ import annotations

import itertools
import json
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from inspect import iscoroutinefunction
from typing import Any
from unittest import mock
from unittest.mock import MagicMock, create_autospec

import discord
from discord import app_commands

from bot.clock import TimerDispatcher
from bot.config import Config
from cogs.client import MiddleKingdomBot
from tests.cogs.quick_mocks import QuickAsyncMock, QuickMagicMock, QuickNonCallableMagicMock, check_signature

GUILD = 1_000
CHANNEL = 2_000


class _LazyAutospec(QuickNonCallableMagicMock):
    """``create_autospec(cls, instance=True)``, each attribute specced when first used instead of all at once.

    An eager autospec of a discord.Message inspects every method's signature (about 0.1 s, and a game sends
    hundreds of messages); the fake uses a handful. The children are made as ``create_autospec`` makes them,
    so a call with arguments discord.py would refuse still raises TypeError.
    """

    def _get_child_mock(self, /, **kw: Any) -> Any:
        name, spec = kw.get("_new_name"), self.__dict__.get("_spec_class")
        if spec is None or not name or kw.get("_new_parent") is not self:
            return super()._get_child_mock(**kw)
        try:
            original = getattr(spec, name)
        except AttributeError:
            return super()._get_child_mock(**kw)
        if not callable(original):  # an attribute (a Message's channel): specced lazily as well
            return _LazyAutospec(spec=original, parent=self, name=name, _new_name=name, _new_parent=self)
        if not isinstance(original, mock.FunctionTypes):
            return create_autospec(original, None, True, self, name)
        skip_self = mock._must_skip(spec, name, True)  # type: ignore[attr-defined]
        klass = QuickAsyncMock if iscoroutinefunction(original) else QuickMagicMock
        child = klass(parent=self, name=name, _new_name=name, _new_parent=self, spec=original, _eat_self=skip_self)
        check_signature(original, child, skip_self)
        return child


def autospec(cls: type) -> Any:
    """An instance of ``cls`` as an autospec'd mock (see ``_LazyAutospec``)."""
    return _LazyAutospec(spec=cls)


@dataclass
class Posted:
    """One message as it stands now (edits change it in place)."""

    id: int
    where: str  # "channel:<id>", "thread:<id>", "dm:<user id>"
    private: bool  # ephemeral or in a DM
    content: str = ""
    files: list[bytes] = field(default_factory=list)
    filenames: list[str] = field(default_factory=list)  # the files' names, in the same order
    descriptions: list[str] = field(default_factory=list)  # their alt texts
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None
    pending: bool = False  # a deferred "thinking" answer not filled in yet
    owner: int | None = None  # who can see it, for a private message


@dataclass(frozen=True)
class ShownFile:
    """A file a message shows, as its ``attachments`` list it; given back in an edit's ``attachments`` it stays."""

    filename: str
    data: bytes
    description: str


@dataclass(frozen=True)
class Sent:
    """One send or edit, as it happened."""

    kind: str  # "send" | "edit"
    message: Posted
    where: str
    private: bool
    content: str
    files: tuple[bytes, ...]
    embeds: tuple[discord.Embed, ...]
    view: discord.ui.View | None
    pinged: frozenset[int] = frozenset()  # who a new message notified (edits notify nobody on Discord)
    filenames: tuple[str, ...] = ()  # the names of ``files``, in order
    uploaded: tuple[str, ...] = ()  # the names of the files sent with it (not those an edit kept)


class FakeClock:
    """Time that moves only when a test says so (pass it to ``FakeDiscord.start``)."""

    START = 1_800_000_000.0  # 2027-01-15, a Friday, 08:00 UTC

    def __init__(self) -> None:
        self.now = self.START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def _file_bytes(file: discord.File) -> bytes:
    file.fp.seek(0)
    data = file.fp.read()
    file.reset()
    return bytes(data)


def _pinged(content: str, kwargs: dict[str, Any]) -> frozenset[int]:
    """The users a message's mentions notify, as allowed_mentions lets them (none given: all of them)."""
    mentioned = {int(m) for m in re.findall(r"<@!?(\d+)>", content or "")}
    allowed = kwargs.get("allowed_mentions")
    if allowed is None or allowed.users is True:
        return frozenset(mentioned)
    if allowed.users is False:
        return frozenset()
    return frozenset(mentioned & {u.id for u in allowed.users})


def make_user(user_id: int, name: str) -> Any:
    user = autospec(discord.Member)
    user.id, user.name, user.display_name, user.mention, user.bot = user_id, name, name, f"<@{user_id}>", False
    return user


def walk(view: discord.ui.View | None) -> list[Any]:
    return list(view.walk_children()) if view is not None else []


def http_error(cls: type[discord.HTTPException], status: int, code: int, text: str) -> discord.HTTPException:
    response = MagicMock(status=status, reason=text)
    return cls(response, {"code": code, "message": text})


def registered_items(bot: MiddleKingdomBot) -> list[type[discord.ui.DynamicItem[Any]]]:
    """The DynamicItem classes the bot's cogs registered: what discord.py matches a clicked custom_id against."""
    return list(bot._connection._view_store._dynamic_items.values())


class Unmetered:
    """Request slots without a limit (``bot.pacing.Slots``)."""

    interval = 0.0

    async def reserve(self) -> float:
        return 0.0


class FakeDiscord:
    timers: TimerDispatcher  # set by start()

    def __init__(self, bot: MiddleKingdomBot) -> None:
        self.bot = bot
        self.sent: list[Sent] = []
        self.messages: dict[int, Posted] = {}
        self.ids = itertools.count(50_000)
        self.closed_dms: set[int] = set()
        self.dm_attempts: Counter[int] = Counter()
        self.dms_opened: Counter[int] = Counter()  # DM channels opened, per user
        self.threads_allowed = True
        self.threads: list[int] = []
        self.failures: list[discord.HTTPException] = []  # raised by the next public sends, in order
        self.unarchived: list[int] = []
        self.archived: set[int] = set()  # threads Discord has archived: sending there fails until re-opened
        self.archive_changes: list[tuple[int, bool]] = []  # (thread, archived) for every change of the flag
        self.answering: dict[str, Any] | None = None  # the interaction being handled, while it is
        self.locales: dict[int, str] = {}  # user id -> their Discord client's language (default en-US)
        self.guild_locale = "en-US"  # the server's preferred locale
        bot.get_partial_messageable = self._partial_messageable  # type: ignore[method-assign]
        bot.create_dm = self._create_dm  # type: ignore[method-assign]
        bot.fetch_channel = self._fetch_channel  # type: ignore[method-assign]

    @classmethod
    async def start(
        cls, path: str, *, ai_delay: float = 0.0, clock: Callable[[], float] | None = None
    ) -> FakeDiscord:
        """``clock``: a fake time for the services and for ``fire_timers`` (the real one if left out)."""
        bot = MiddleKingdomBot(Config(token="not-a-token", database_path=path), ai_delay=ai_delay)
        world = cls(bot)
        await bot.open_services()
        bot.budget.slots = Unmetered()  # no request reaches Discord here: nothing to pace
        if clock is not None:
            bot.service.clock = clock
            bot.tournaments.clock = clock
            bot.players.clock = clock
        world.timers = TimerDispatcher(bot.service.db, bot.service.fire_timer, clock=clock or time.time)
        await bot.load_cogs()
        return world

    async def fire_timers(self) -> int:
        """What the bot's timer task does when it wakes: fire every timer due by the clock, once."""
        fired = await self.timers.run_due()
        await self.bot.service.computers.idle()
        return fired

    def _guard_database(self) -> None:
        """Fail a test when an interaction touches the database before it was deferred."""
        db = self.bot.service.db
        if getattr(db, "guarded", False):
            return
        read, tx = db.read, db.tx

        def check() -> None:
            assert self.answering is None or self.answering["done"], "database work before the defer"

        def guarded_read() -> Any:
            check()
            return read()

        def guarded_tx() -> Any:
            check()
            return tx()

        db.read, db.tx = guarded_read, guarded_tx  # type: ignore[method-assign]
        db.guarded = True  # type: ignore[attr-defined]

    async def stop(self) -> None:
        await self.bot.service.computers.idle()
        await self.bot.close()

    # -- recording ---------------------------------------------------------------------------------------
    def _record(self, kind: str, message: Posted, **kwargs: Any) -> Posted:
        if "content" in kwargs and kwargs["content"] is not None:
            message.content = str(kwargs["content"])
        files = [*kwargs.get("files", []), *([kwargs["file"]] if kwargs.get("file") else [])]
        uploaded = tuple(f.filename for f in [*files, *kwargs.get("attachments", [])] if isinstance(f, discord.File))
        if "attachments" in kwargs:
            files = [a for a in kwargs["attachments"] if isinstance(a, (discord.File, ShownFile))]
        if files or "attachments" in kwargs:
            # As on Discord, the files kept come first, then the new ones.
            shown = [f for f in files if isinstance(f, ShownFile)] + [
                ShownFile(f.filename, _file_bytes(f), f.description or "") for f in files if isinstance(f, discord.File)
            ]
            message.files = [f.data for f in shown]
            message.filenames = [f.filename for f in shown]
            message.descriptions = [f.description for f in shown]
        if kwargs.get("embed") is not None:
            message.embeds = [kwargs["embed"]]
        if "view" in kwargs:
            message.view = kwargs["view"]
        message.pending = False
        self.messages[message.id] = message
        self.sent.append(
            Sent(
                kind,
                message,
                message.where,
                message.private,
                message.content,
                tuple(message.files),
                tuple(message.embeds),
                message.view,
                _pinged(message.content, kwargs) if kind == "send" and not message.private else frozenset(),
                tuple(message.filenames),
                uploaded,
            )
        )
        return message

    def _new(self, where: str, private: bool, owner: int | None = None) -> Posted:
        return Posted(next(self.ids), where, private, owner=owner if private else None)

    def _message_mock(self, posted: Posted) -> Any:
        message = autospec(discord.Message)
        message.id = posted.id
        message.channel.id = int(posted.where.split(":", 1)[1])  # a DM's "channel" here is its user's id
        message.flags = discord.MessageFlags._from_value(64 if posted.private and not posted.where.startswith("dm:")
                                                         else 0)
        message.jump_url = f"https://discord.com/channels/{GUILD}/{posted.where}/{posted.id}"
        message.attachments = [ShownFile(*shown) for shown in zip(posted.filenames, posted.files, posted.descriptions,
                                                                   strict=True)]
        return message

    # -- channels, threads, DMs ----------------------------------------------------------------------------
    def _partial_messageable(self, channel_id: int, *, type: discord.ChannelType | None = None, **_: Any) -> Any:
        if type == discord.ChannelType.private:  # a DM channel opened before (its id is its user's, here)
            return self._dm_channel(channel_id, autospec(discord.PartialMessageable))
        where = f"thread:{channel_id}" if channel_id in self.threads else f"channel:{channel_id}"
        channel = autospec(discord.PartialMessageable)
        channel.id = channel_id

        async def send(content: str | None = None, **kwargs: Any) -> Any:
            if self.failures:
                raise self.failures.pop(0)
            if channel_id in self.archived:
                raise http_error(discord.HTTPException, 400, 50083, "Thread is archived")
            return self._message_mock(self._record("send", self._new(where, False), content=content, **kwargs))

        def partial_message(message_id: int) -> Any:
            message = autospec(discord.PartialMessage)
            message.id = message_id

            async def create_thread(*, name: str, auto_archive_duration: int = 1440, **_: Any) -> Any:
                assert auto_archive_duration == 10080
                if not self.threads_allowed:
                    raise http_error(discord.Forbidden, 403, 50013, "Missing Permissions")
                thread = autospec(discord.Thread)
                thread.id, thread.name = next(self.ids), name
                self.threads.append(thread.id)
                return thread

            async def edit(**kwargs: Any) -> Any:
                if self.failures:
                    raise self.failures.pop(0)
                if channel_id in self.archived:
                    raise http_error(discord.HTTPException, 400, 50083, "Thread is archived")
                posted = self.messages.get(message_id) or self._new(where, False)
                return self._record("edit", posted, **kwargs)

            message.create_thread.side_effect = create_thread
            message.edit.side_effect = edit
            return message

        channel.send.side_effect = send
        channel.get_partial_message.side_effect = partial_message
        return channel

    async def _fetch_channel(self, channel_id: int) -> Any:
        if channel_id not in self.threads:
            return autospec(discord.TextChannel)
        thread = autospec(discord.Thread)
        thread.id, thread.archived, thread.locked = channel_id, channel_id in self.archived, False

        async def edit(*, archived: bool | None = None, **_: Any) -> Any:
            if archived is not None:
                self.archive_changes.append((channel_id, archived))
                (self.archived.add if archived else self.archived.discard)(channel_id)
            if archived is False:
                self.unarchived.append(channel_id)
            return thread

        thread.edit.side_effect = edit
        return thread

    async def _create_dm(self, user: discord.abc.Snowflake) -> Any:
        self.dms_opened[user.id] += 1
        return self._dm_channel(user.id, autospec(discord.DMChannel))

    def _dm_channel(self, user_id: int, channel: Any) -> Any:
        channel.id = user_id  # a DM's "channel" here is its user's id

        async def send(content: str | None = None, **kwargs: Any) -> Any:
            self.dm_attempts[user_id] += 1
            if user_id in self.closed_dms:
                raise http_error(discord.Forbidden, 403, 50007, "Cannot send messages to this user")
            return self._message_mock(
                self._record("send", self._new(f"dm:{user_id}", True, user_id), content=content, **kwargs)
            )

        channel.send.side_effect = send
        return channel

    # -- interactions ----------------------------------------------------------------------------------------
    def interaction(
        self,
        user: Any,
        *,
        message: Posted | None = None,
        data: dict[str, Any] | None = None,
        channel_id: int = CHANNEL,
        manage: bool = False,
        kind: discord.InteractionType = discord.InteractionType.component,
        locale: str | None = None,
    ) -> Any:
        """An autospec'd Interaction whose response, followups and edits are recorded; ``locale`` is the
        clicking person's Discord client language (default: ``self.locales`` for them, else American English)."""
        inter = autospec(discord.Interaction)
        inter.client, inter.user, inter.data, inter.type = self.bot, user, data or {}, kind
        inter.locale = discord.Locale(locale or self.locales.get(user.id, "en-US"))
        inter.guild_locale = discord.Locale(self.guild_locale)
        inter.guild_id, inter.channel_id = GUILD, channel_id
        inter.permissions = discord.Permissions(manage_guild=manage)
        inter.command = None
        in_dm = message is not None and message.where.startswith("dm:")
        where = message.where if message is not None else f"channel:{channel_id}"
        state: dict[str, Any] = {"done": False, "original": message}
        inter.harness_state = state
        inter.message = self._message_mock(message) if message is not None else None

        response = autospec(discord.InteractionResponse)

        async def defer(*, ephemeral: bool = False, thinking: bool = False) -> None:
            assert not state["done"], "an interaction is answered once"
            state["done"] = True
            if thinking or message is None:  # a new "thinking" message; otherwise later edits hit `message`
                posted = self._new(where, ephemeral or in_dm, user.id)
                posted.pending = True
                state["original"] = posted

        async def send_message(content: str | None = None, *, ephemeral: bool = False, **kwargs: Any) -> None:
            assert not state["done"], "an interaction is answered once"
            state["done"] = True
            state["original"] = self._record(
                "send", self._new(where, ephemeral or in_dm, user.id), content=content, **kwargs
            )

        response.defer.side_effect = defer
        response.send_message.side_effect = send_message
        response.is_done.side_effect = lambda: state["done"]
        inter.response = response

        async def edit_original(**kwargs: Any) -> Any:
            assert state["done"] and state["original"] is not None, "nothing to edit yet"
            return self._message_mock(self._record("edit", state["original"], **kwargs))

        inter.edit_original_response.side_effect = edit_original

        followup = autospec(discord.Webhook)

        async def follow(content: str | None = None, *, ephemeral: bool = False, wait: bool = False, **kw: Any) -> Any:
            assert state["done"], "a followup needs an answered interaction"
            original = state["original"]
            if original is not None and original.pending:  # Discord fills the "thinking" message, keeping its privacy
                posted = self._record("send", original, content=content, **kw)
            else:
                posted = self._record("send", self._new(where, ephemeral or in_dm, user.id), content=content, **kw)
            return self._message_mock(posted)

        followup.send.side_effect = follow
        inter.followup = followup
        return inter

    async def click(
        self, user: Any, message: Posted, *, label: str | None = None, option: str | None = None, **kw: Any
    ) -> Any:
        """Press the button labelled ``label``, or pick the select option labelled ``option``."""
        for item in walk(message.view):
            inner = getattr(item, "item", item)
            if label is not None and getattr(inner, "label", None) == label:
                return await self.dispatch(user, message, inner.custom_id, (), **kw)
            if option is not None and isinstance(inner, discord.ui.Select):
                for opt in inner.options:
                    if opt.label == option:
                        return await self.dispatch(user, message, inner.custom_id, (opt.value,), **kw)
        raise AssertionError(f"no {label or option!r} in message {message.id}: {labels(message.view)}")

    async def dispatch(
        self,
        user: Any,
        message: Posted | None,
        custom_id: str,
        values: tuple[str, ...] = (),
        *,
        base: discord.ui.Item[Any] | None = None,
        **kw: Any,
    ) -> Any:
        """What discord.py's view store does with a component interaction, for our DynamicItems."""
        items = registered_items(self.bot)
        matches = [(cls, cls.__discord_ui_compiled_template__.fullmatch(custom_id)) for cls in items]
        found = [(cls, match) for cls, match in matches if match is not None]
        assert len(found) == 1, f"{custom_id!r} matches {len(found)} templates"
        cls, match = found[0]
        data = {"custom_id": custom_id, "values": list(values)}
        inter = self.interaction(user, message=message, data=data, **kw)
        if base is None:
            base = next(
                getattr(i, "item", i)
                for i in walk(message.view if message else None)
                if getattr(getattr(i, "item", i), "custom_id", None) == custom_id
            )
        await self._handle(inter, self._component(cls, inter, base, match, data))
        return inter

    async def _component(self, cls: Any, inter: Any, base: Any, match: Any, data: dict[str, Any]) -> None:
        item = await cls.from_custom_id(inter, base, match)
        item._refresh_state(inter, data)
        assert await item.interaction_check(inter)
        await item.callback(inter)

    async def _handle(self, inter: Any, handling: Any) -> None:
        """Run one interaction's handling; it must defer first, before any database or picture work."""
        self._guard_database()
        self.answering = inter.harness_state
        try:
            await handling
        finally:
            self.answering = None
        assert inter.response.defer.await_count == 1, "every interaction is deferred"
        await self.bot.service.computers.idle()

    async def command(
        self,
        command: app_commands.Command[Any, ..., Any],
        user: Any,
        *,
        manage: bool = False,
        channel_id: int = CHANNEL,
        locale: str | None = None,
        **params: Any,
    ) -> Any:
        """Run a slash command's callback the way the tree does (its check first), errors going to the tree's
        on_error."""
        inter = self.interaction(
            user, manage=manage, channel_id=channel_id, kind=discord.InteractionType.application_command,
            locale=locale,
        )
        inter.command = command

        async def run() -> None:
            try:
                assert await self.bot.tree.interaction_check(inter)
                await command.callback(command.binding, inter, **params)  # type: ignore[arg-type]
            except Exception as error:
                await self.bot.tree.on_error(inter, app_commands.CommandInvokeError(command, error))

        await self._handle(inter, run())
        return inter

    # -- reading what was sent -----------------------------------------------------------------------------
    def public(self) -> list[Sent]:
        return [s for s in self.sent if not s.private]

    def private(self) -> list[Sent]:
        return [s for s in self.sent if s.private]

    def last(self, where: str | None = None, *, private: bool | None = None, owner: int | None = None) -> Posted:
        """The newest message there (of ``owner``'s, when given): the last one sent, or a private one last edited
        (an answer in place); a public message edited later (a turn's board, a closed offer) is not newer for that.
        A click's answer may come before or after its move's notifications: its ``owner`` tells it."""
        for sent in reversed(self.sent):
            if sent.kind == "edit" and not sent.private:
                continue
            if owner is not None and sent.message.owner != owner:
                continue
            if (where is None or sent.where == where) and (private is None or sent.private == private):
                return sent.message
        raise AssertionError(f"nothing sent to {where}")

    def since(self, mark: int) -> list[Sent]:
        """What was sent after ``mark = len(fake.sent)`` was taken."""
        return self.sent[mark:]

    def posted_since(self, mark: int) -> list[Sent]:
        """New messages sent after ``mark`` (edits of earlier ones left out)."""
        return [s for s in self.sent[mark:] if s.kind == "send"]


def labels(view: discord.ui.View | None) -> list[str]:
    out: list[str] = []
    for item in walk(view):
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Select):
            out.extend(f"[{o.label}]" for o in inner.options)
        else:
            out.append(str(getattr(inner, "label", "")))
    return out


def picks(view: discord.ui.View | None) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every click a view of game controls offers, as (payload, values): a button once, a select with each
    of its options alone."""
    for item in view.children if view is not None else []:
        inner = item.item  # type: ignore[attr-defined]
        payload = item.payload  # type: ignore[attr-defined]
        if isinstance(inner, discord.ui.Select):
            for option in inner.options:
                yield payload, (option.value,)
        else:
            yield payload, ()


def canonical(actions: Iterable[Mapping[str, Any]]) -> list[str]:
    """Actions as sorted JSON, to compare what the controls reach with the legal actions whatever the order."""
    return sorted(json.dumps(a, sort_keys=True) for a in actions)


def check_limits(view: discord.ui.View) -> None:
    """Discord's limits: 5 rows, 5 buttons or 1 select a row, 25 options, custom_id 100, labels 80."""
    rows = view.to_components()
    assert len(rows) <= 5
    for row in rows:
        parts = row["components"]
        selects = [p for p in parts if p["type"] == 3]
        assert len(parts) <= 5 and (not selects or len(parts) == 1)
        for part in parts:
            if part.get("style") == 5:  # a link button: a url instead of a custom_id
                assert part["url"].startswith(("https://", "http://")) and "custom_id" not in part
            else:
                assert len(part["custom_id"]) <= 100
            assert len(part.get("label", "")) <= 80
            assert 1 <= len(part.get("options", [None])) <= 25
            for opt in part.get("options", []):
                assert len(opt["label"]) <= 80 and len(opt["value"]) <= 100
                assert len(opt.get("description") or "") <= 100
