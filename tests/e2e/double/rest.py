"""The REST API under /api/v10: the routes discord.py calls for this bot, with Discord's answers and errors.

Bot routes need ``Authorization: Bot <token>``; interaction callbacks and webhook routes are authorised by
the interaction token instead (valid 15 minutes; the first answer must come within 3 seconds). Bodies are
JSON, or multipart with ``payload_json`` and ``files[n]`` when there are files.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e.double import limits
from tests.e2e.double.model import (
    DM,
    EPHEMERAL,
    LOADING,
    PUBLIC_THREAD,
    Attachment,
    Call,
    Channel,
    Interaction,
    Message,
    pinged,
)

if TYPE_CHECKING:
    from tests.e2e.double.faults import Faults
    from tests.e2e.double.gateway import Gateway
    from tests.e2e.double.model import World

API = "/api/v10"
FIRST_ANSWER_SECONDS = 3.0
TOKEN_SECONDS = 15 * 60
ID = re.compile(r"/\d{6,}")
TOKEN = re.compile(r"/tok_[A-Za-z0-9_-]+")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def route_of(path: str) -> str:
    """The path with ids and tokens replaced: what faults and hooks match, and how calls are counted."""
    return TOKEN.sub("/{token}", ID.sub("/{id}", path.removeprefix(API)))


def reply(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Discord's exact content type: discord.py parses a body as JSON only for that one."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json", **(headers or {})})


def error(status: int, code: int, message: str) -> web.Response:
    return reply({"message": message, "code": code}, status=status)


def rate_limited(retry_after: float) -> web.Response:
    # discord.py trusts a 429 only when it carries Via (otherwise it looks like a Cloudflare ban).
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": False}
    headers = {"Via": "1.1 google", "Retry-After": str(max(1, round(retry_after))), "X-RateLimit-Scope": "user"}
    return reply(body, 429, headers)


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """The JSON payload and the uploaded files (name, bytes) in ``files[n]`` order."""
    if not request.can_read_body:
        return {}, []
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        payload: dict[str, Any] = json.loads(str(form.get("payload_json") or "{}"))
        files: list[tuple[int, str, bytes]] = []
        for name, value in form.items():
            if name.startswith("files[") and isinstance(value, web.FileField):
                files.append((int(name[6:-1]), value.filename, value.file.read()))
        return payload, [(fname, data) for _, fname, data in sorted(files)]
    text = await request.text()
    return (json.loads(text) if text else {}), []


class Rest:
    def __init__(self, world: World, gateway: Gateway, faults: Faults) -> None:
        self.world = world
        self.gateway = gateway
        self.faults = faults

    def routes(self) -> list[web.RouteDef]:
        r = web
        return [
            r.get(API + "/users/@me", self.me),
            r.get(API + "/oauth2/applications/@me", self.application),
            r.get(API + "/gateway/bot", self.gateway_bot),
            r.get(API + "/gateway", self.gateway_bot),
            r.put(API + "/applications/{app}/commands", self.put_commands),
            r.put(API + "/applications/{app}/guilds/{guild}/commands", self.put_commands),
            r.get(API + "/channels/{channel}", self.get_channel),
            r.patch(API + "/channels/{channel}", self.edit_channel),
            r.post(API + "/channels/{channel}/messages", self.create_message),
            r.patch(API + "/channels/{channel}/messages/{message}", self.edit_message),
            r.get(API + "/channels/{channel}/messages/{message}", self.get_message),
            r.post(API + "/channels/{channel}/messages/{message}/threads", self.thread_from_message),
            r.post(API + "/channels/{channel}/threads", self.thread_without_message),
            r.post(API + "/users/@me/channels", self.open_dm),
            r.post(API + "/interactions/{interaction}/{token}/callback", self.callback),
            r.post(API + "/webhooks/{app}/{token}", self.followup),
            r.get(API + "/webhooks/{app}/{token}/messages/{message}", self.get_webhook_message),
            r.patch(API + "/webhooks/{app}/{token}/messages/{message}", self.edit_webhook_message),
            r.delete(API + "/webhooks/{app}/{token}/messages/{message}", self.delete_webhook_message),
            r.get("/attachments/{channel}/{attachment}/{name}", self.attachment),
            r.route("*", API + "/{tail:.*}", self.unknown),
        ]

    # -- the middleware: record, authorise, inject faults ---------------------------------------------------
    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        started = time.monotonic()
        try:
            response = await self._serve(request, handler)
        except web.HTTPException as exc:
            self._log(request, started, exc.status)
            raise
        self._log(request, started, response.status)
        return response

    def _log(self, request: web.Request, started: float, status: int) -> None:
        route = f"{request.method} {route_of(request.path)}"
        self.world.calls.append(Call(started, request.method, request.path, status, route))

    async def _serve(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path, method = request.path, request.method
        if path.startswith(API):
            route = route_of(path)
            if self.faults.run_hooks(method, route, path):
                return error(503, 0, "upstream connect error")  # never reached Discord
            if not self._authorised(request, route):
                return error(401, 0, "401: Unauthorized")
            fault = self.faults.take(method, route, path)
            if fault is not None and fault.status == 429:
                return rate_limited(fault.retry_after)
            if fault is not None:
                return error(fault.status, 0, f"{fault.status}: Server Error")
        return await handler(request)

    def _authorised(self, request: web.Request, route: str) -> bool:
        if route.startswith(("/interactions/", "/webhooks/")):
            return True  # the interaction token in the path is the credential
        return request.headers.get("Authorization") == f"Bot {self.world.token}"

    def _violation(self, request: web.Request, problems: list[str]) -> None:
        for problem in problems:
            self.world.violations.append(f"{request.method} {route_of(request.path)}: {problem}")

    # -- identity, gateway, commands -----------------------------------------------------------------------
    async def me(self, request: web.Request) -> web.Response:
        return reply({**self.world.bot.payload(), "verified": True, "mfa_enabled": False})

    async def application(self, request: web.Request) -> web.Response:
        world = self.world
        return reply(
            {
                "id": str(world.bot.id),
                "name": world.bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": world.bot.payload(),
                "owner": world.owner.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": 1,
            }
        )

    async def gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return reply({"url": self.gateway.url, "shards": 1, "session_start_limit": limit})

    async def put_commands(self, request: web.Request) -> web.Response:
        commands: list[dict[str, Any]] = await request.json()
        answer = []
        for command in commands:
            stored = {
                "id": str(self.world.ids()),
                "application_id": str(self.world.bot.id),
                "version": str(self.world.ids()),
                "type": command.get("type", 1),
                "default_member_permissions": None,
                "nsfw": False,
                **command,
            }
            if "guild" in request.match_info:
                stored["guild_id"] = request.match_info["guild"]
            self.world.commands[stored["name"]] = stored
            answer.append(stored)
        return reply(answer)

    # -- channels and threads ------------------------------------------------------------------------------
    def _channel(self, request: web.Request) -> Channel | None:
        return self.world.channels.get(int(request.match_info["channel"]))

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        return reply(channel.payload(self.world.people))

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        payload, _ = await read_body(request)
        if "archived" in payload and channel.type == PUBLIC_THREAD:
            channel.archived = bool(payload["archived"])
        if "name" in payload:
            channel.name = str(payload["name"])[:100]
        data = channel.payload(self.world.people)
        await self.gateway.dispatch("THREAD_UPDATE" if channel.type == PUBLIC_THREAD else "CHANNEL_UPDATE", data)
        return reply(data)

    async def thread_from_message(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        message = self.world.messages.get(int(request.match_info["message"]))
        if parent is None or message is None or message.channel_id != parent.id:
            return error(404, 10008, "Unknown Message")
        if message.id in self.world.channels:
            return error(400, 160004, "A thread has already been created for this message")
        payload, _ = await read_body(request)
        return await self._open_thread(message.id, parent, payload)

    async def thread_without_message(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent is None or parent.type != 0:
            return error(404, 10003, "Unknown Channel")
        payload, _ = await read_body(request)
        return await self._open_thread(self.world.ids(), parent, payload)

    async def _open_thread(self, thread_id: int, parent: Channel, payload: dict[str, Any]) -> web.Response:
        name = str(payload.get("name") or "")
        if not 1 <= len(name) <= 100:
            return error(400, 50035, "Invalid Form Body: name")
        if payload.get("auto_archive_duration", 4320) not in (60, 1440, 4320, 10080):
            return error(400, 50035, "Invalid Form Body: auto_archive_duration")
        # A thread started from a message takes that message's id, as on Discord.
        thread = Channel(thread_id, PUBLIC_THREAD, name, guild_id=parent.guild_id, parent_id=parent.id,
                         owner_id=self.world.bot.id)
        self.world.channels[thread.id] = thread
        data = thread.payload(self.world.people)
        await self.gateway.dispatch("THREAD_CREATE", {**data, "newly_created": True})
        return reply(data, status=201)

    async def open_dm(self, request: web.Request) -> web.Response:
        payload, _ = await read_body(request)
        user_id = int(payload.get("recipient_id", 0))
        if user_id not in self.world.people:
            return error(400, 50033, "Invalid Recipient(s)")
        return reply(self.world.dm_channel(user_id).payload(self.world.people))

    # -- channel messages ----------------------------------------------------------------------------------
    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        if channel.type == DM and channel.recipient_id in self.faults.closed_dms:
            return error(403, 50007, "Cannot send messages to this user")
        if channel.type == PUBLIC_THREAD and channel.archived:
            return error(400, 50083, "Thread is archived")
        payload, files = await read_body(request)
        refused = self._check(request, payload, files, new=True)
        if refused is not None:
            return refused
        message = Message(self.world.ids(), channel.id, self.world.bot.id)
        message.audience = self.world.audience_of(channel.id, 0, None)
        message.pinged = pinged(str(payload.get("content") or ""), payload.get("allowed_mentions"))
        self._apply(message, payload, files)
        channel.message_count += 1
        self.world.record(message, edit=False)
        await self.gateway.dispatch("MESSAGE_CREATE", message.payload(self.world, event=True))
        return reply(message.payload(self.world))

    async def get_message(self, request: web.Request) -> web.Response:
        message = self.world.messages.get(int(request.match_info["message"]))
        if message is None or (message.audience is not None and message.ephemeral):
            return error(404, 10008, "Unknown Message")
        return reply(message.payload(self.world))

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self.world.messages.get(int(request.match_info["message"]))
        if message is None or message.ephemeral or message.channel_id != int(request.match_info["channel"]):
            return error(404, 10008, "Unknown Message")
        if message.author_id != self.world.bot.id:
            return error(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await read_body(request)
        refused = self._check(request, payload, files, new=False)
        if refused is not None:
            return refused
        self._apply(message, payload, files)
        message.edited_at = time.monotonic()
        self.world.record(message, edit=True)
        return reply(message.payload(self.world))

    def _check(
        self, request: web.Request, payload: dict[str, Any], files: list[tuple[str, bytes]], *, new: bool
    ) -> web.Response | None:
        too_big = limits.file_problems(files)
        if too_big:
            self._violation(request, too_big)
            return error(413, 40005, "Request entity too large")
        problems = limits.message_problems({**payload, "attachments": payload.get("attachments") or files}, new=new)
        if problems:
            self._violation(request, problems)
            return error(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        return None

    def _apply(self, message: Message, payload: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        """A send or an edit: the fields present replace the message's; attachments listed are kept."""
        if "content" in payload:
            message.content = str(payload["content"] or "")
        if "components" in payload:
            message.components = list(payload["components"] or [])
        if "embeds" in payload:
            message.embeds = list(payload["embeds"] or [])
        uploaded = [Attachment(self.world.ids(), name, data) for name, data in files]
        if "attachments" in payload:
            kept = []
            for entry in payload["attachments"] or []:
                ref = int(entry.get("id", -1))
                if 0 <= ref < len(uploaded):
                    kept.append(uploaded[ref])
                else:
                    kept.extend(a for a in message.attachments if a.id == ref)
            message.attachments = kept
        else:
            message.attachments = [*message.attachments, *uploaded]
        if message.loading:
            message.flags &= ~LOADING

    # -- interactions --------------------------------------------------------------------------------------
    def _interaction(self, token: str) -> Interaction | None:
        inter = self.world.by_token.get(token)
        if inter is None or time.monotonic() - inter.created_at > TOKEN_SECONDS:
            return None
        return inter

    async def callback(self, request: web.Request) -> web.Response:
        inter = self._interaction(request.match_info["token"])
        if inter is None or str(inter.id) != request.match_info["interaction"]:
            return error(404, 10062, "Unknown interaction")
        if inter.answered:
            return error(400, 40060, "Interaction has already been acknowledged.")
        if time.monotonic() - inter.created_at > FIRST_ANSWER_SECONDS:
            inter.late = True
            self._violation(request, [f"interaction {inter.id} answered after {FIRST_ANSWER_SECONDS} seconds"])
            return error(404, 10062, "Unknown interaction")
        body, files = await read_body(request)
        kind, data = int(body.get("type", 0)), dict(body.get("data") or {})
        if (kind in (6, 7) and inter.type not in (3, 5)) or kind not in (4, 5, 6, 7, 9):
            self._violation(request, [f"callback type {kind} for an interaction of type {inter.type}"])
            return error(400, 50035, "Invalid Form Body: type")
        if kind in (4, 7):
            refused = self._check(request, data, files, new=kind == 4)
            if refused is not None:
                return refused
        if kind == 9:
            problems = limits.modal_problems(data)
            if problems:
                self._violation(request, problems)
                return error(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        inter.response_type, inter.responded_at = kind, time.monotonic()
        inter.touched_at = inter.responded_at
        message: Message | None = None
        if kind in (4, 5):
            flags = int(data.get("flags") or 0) & EPHEMERAL
            message = Message(self.world.ids(), inter.channel_id, self.world.bot.id, flags=flags,
                              interaction_id=inter.id)
            message.audience = self.world.audience_of(inter.channel_id, flags, inter.user_id)
            if kind == 4:
                message.pinged = pinged(str(data.get("content") or ""), data.get("allowed_mentions"))
                self._apply(message, data, files)
                inter.filled = True
                self.world.record(message, edit=False)
            else:
                message.flags |= LOADING
                self.world.messages[message.id] = message
            inter.original_id = message.id
        elif kind in (6, 7):
            inter.original_id = inter.message_id
            if kind == 7 and inter.message_id is not None:
                message = self.world.messages[inter.message_id]
                self._apply(message, data, files)
                message.edited_at = time.monotonic()
                self.world.record(message, edit=True)
                inter.filled = True
        else:
            inter.modal = data
            inter.filled = True
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "response_message_id": str(inter.original_id) if inter.original_id else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if message is not None and kind in (4, 5, 7):
            answer["resource"]["message"] = message.payload(self.world)
        return reply(answer)

    def _webhook(self, request: web.Request) -> Interaction | web.Response:
        inter = self._interaction(request.match_info["token"])
        if inter is None or request.match_info["app"] != str(self.world.bot.id):
            return error(401, 50027, "Invalid Webhook Token")
        if not inter.answered:
            return error(404, 10015, "Unknown Webhook")
        inter.touched_at = time.monotonic()
        return inter

    def _webhook_message(self, request: web.Request, inter: Interaction) -> Message | None:
        wanted = request.match_info["message"]
        message_id = inter.original_id if wanted == "@original" else int(wanted)
        if message_id is None or (wanted != "@original" and message_id not in inter.followups):
            return None
        return self.world.messages.get(message_id)

    async def followup(self, request: web.Request) -> web.Response:
        inter = self._webhook(request)
        if isinstance(inter, web.Response):
            return inter
        payload, files = await read_body(request)
        refused = self._check(request, payload, files, new=True)
        if refused is not None:
            return refused
        original = self.world.messages.get(inter.original_id or 0)
        if inter.response_type == 5 and original is not None and original.loading:
            # The first followup after a "thinking" defer fills that message, keeping its privacy.
            message = original
            edit = False
        else:
            flags = int(payload.get("flags") or 0) & EPHEMERAL
            message = Message(self.world.ids(), inter.channel_id, self.world.bot.id, flags=flags,
                              interaction_id=inter.id)
            message.audience = self.world.audience_of(inter.channel_id, flags, inter.user_id)
            inter.followups.append(message.id)
            edit = False
        message.pinged = pinged(str(payload.get("content") or ""), payload.get("allowed_mentions"))
        self._apply(message, payload, files)
        inter.filled = True
        self.world.record(message, edit=edit)
        if message.audience is None or self.world.channels[message.channel_id].type == DM:
            await self.gateway.dispatch("MESSAGE_CREATE", message.payload(self.world, event=True))
        if request.query.get("wait") in ("true", "True", "1"):
            return reply(message.payload(self.world))
        return web.Response(status=204)

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        inter = self._webhook(request)
        if isinstance(inter, web.Response):
            return inter
        message = self._webhook_message(request, inter)
        if message is None:
            return error(404, 10008, "Unknown Message")
        return reply(message.payload(self.world))

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        inter = self._webhook(request)
        if isinstance(inter, web.Response):
            return inter
        message = self._webhook_message(request, inter)
        if message is None:
            return error(404, 10008, "Unknown Message")
        payload, files = await read_body(request)
        refused = self._check(request, payload, files, new=False)
        if refused is not None:
            return refused
        self._apply(message, payload, files)
        message.edited_at = time.monotonic()
        inter.filled = True
        self.world.record(message, edit=True)
        return reply(message.payload(self.world))

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        inter = self._webhook(request)
        if isinstance(inter, web.Response):
            return inter
        message = self._webhook_message(request, inter)
        if message is None:
            return error(404, 10008, "Unknown Message")
        self.world.messages.pop(message.id, None)
        return web.Response(status=204)

    # -- the rest ------------------------------------------------------------------------------------------
    async def attachment(self, request: web.Request) -> web.Response:
        wanted = int(request.match_info["attachment"])
        for message in self.world.messages.values():
            for attachment in message.attachments:
                if attachment.id == wanted:
                    return web.Response(body=attachment.data, content_type="image/png")
        return web.Response(status=404)

    async def unknown(self, request: web.Request) -> web.Response:
        self._violation(request, ["a route the double does not know (add it, or the bot calls something odd)"])
        return error(404, 0, "404: Not Found")
