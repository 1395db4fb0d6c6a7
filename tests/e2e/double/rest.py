"""The REST API under /api/v10: the routes discord.py calls for this bot, with Discord's answers and errors.

Bot routes need ``Authorization: Bot <token>``; interaction callbacks and webhook routes are authorised by
the interaction token instead (valid 15 minutes; the first answer must come within 3 seconds). Bodies are
JSON, or multipart with ``payload_json`` and ``files[n]`` when there are files.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e.double.interactions import InteractionRoutes, apply_edit
from tests.e2e.double.messages import apply, check, violation
from tests.e2e.double.model import DM, PUBLIC_THREAD, Call, Channel, Message, pinged
from tests.e2e.double.ratelimits import RateLimits, Refusal, exempt
from tests.e2e.double.replies import (
    API,
    BodyLost,
    Handler,
    banned,
    body_of,
    error,
    rate_limited,
    read_body,
    reply,
    route_of,
)

if TYPE_CHECKING:
    from tests.e2e.double.faults import Faults
    from tests.e2e.double.gateway import Gateway
    from tests.e2e.double.model import World


NEVER_ARRIVED = 499  # the status a call is logged with when its sender died while sending it (as nginx logs it)
COUNTED = web.RequestKey("counted", bool)  # the request counts against the global limit (no interaction endpoint)


class Rest:
    def __init__(self, world: World, gateway: Gateway, faults: Faults, limits: RateLimits) -> None:
        self.world = world
        self.gateway = gateway
        self.faults = faults
        self.limits = limits
        self.interactions = InteractionRoutes(world, gateway)

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
            *self.interactions.routes(API),
            r.get("/attachments/{channel}/{attachment}/{name}", self.attachment),
            r.route("*", API + "/{tail:.*}", self.unknown),
        ]

    # -- the middleware: record, authorise, limit, inject faults --------------------------------------------
    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        started = time.monotonic()
        try:
            response = await self._serve(request, handler)
        except web.HTTPException as exc:
            self._log(request, started, exc.status)
            raise
        except BodyLost:
            self._log(request, started, NEVER_ARRIVED)
            return web.Response(status=NEVER_ARRIVED)  # to nobody: the connection is gone
        self._log(request, started, response.status, response.headers.get("X-RateLimit-Scope"))
        return response

    def _log(self, request: web.Request, started: float, status: int, scope: str | None = None) -> None:
        route = f"{request.method} {route_of(request.path)}"
        counted = request.get(COUNTED, False)
        self.world.calls.append(Call(started, request.method, request.path, status, route, counted, scope))
        if request.path.startswith(API) and self.limits.answered(status, scope):
            violation(self.world, request, ["too many invalid requests (401, 403, 429): banned for an hour"])

    async def _serve(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path, method = request.path, request.method
        if not path.startswith(API):
            return await handler(request)
        route = route_of(path)
        if self.faults.run_hooks(method, route, path, before=True):
            return error(503, 0, "upstream connect error")  # never reached Discord
        if self.limits.banned():
            return banned()
        if not self._authorised(request, route):
            return error(401, 0, "401: Unauthorized")
        request[COUNTED] = not exempt(route)
        refusal, bucket_headers = self.limits.admit(self.world.token, method, route, path.removeprefix(API))
        if refusal is not None:
            return rate_limited(refusal)
        fault = self.faults.take(method, route, path)
        if fault is not None and fault.status == 429:
            return rate_limited(Refusal(fault.retry_after, "user", {}))
        if fault is not None:
            return error(fault.status, 0, f"{fault.status}: Server Error")
        response = await handler(request)
        response.headers.update(bucket_headers)
        self.faults.run_hooks(method, route, path, before=False)  # Discord has it; the answer is on its way
        return response

    def _authorised(self, request: web.Request, route: str) -> bool:
        if exempt(route):
            return True  # the interaction token in the path is the credential
        return request.headers.get("Authorization") == f"Bot {self.world.token}"

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
                "approximate_guild_count": len(world.guilds),
            }
        )

    async def gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return reply({"url": self.gateway.url, "shards": self.gateway.recommended_shards, "session_start_limit": limit})

    async def put_commands(self, request: web.Request) -> web.Response:
        commands: list[dict[str, Any]] = json.loads(await body_of(request))
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
        refused = check(self.world, request, payload, files, new=True)
        if refused is not None:
            return refused
        message = Message(self.world.ids(), channel.id, self.world.bot.id)
        message.audience = self.world.audience_of(channel.id, 0, None)
        message.pinged = pinged(str(payload.get("content") or ""), payload.get("allowed_mentions"))
        apply(self.world, message, payload, files)
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
        return await apply_edit(self.world, request, message)

    # -- the rest ------------------------------------------------------------------------------------------
    async def attachment(self, request: web.Request) -> web.Response:
        wanted = int(request.match_info["attachment"])
        for message in self.world.messages.values():
            for attachment in message.attachments:
                if attachment.id == wanted:
                    return web.Response(body=attachment.data, content_type="image/png")
        return web.Response(status=404)

    async def unknown(self, request: web.Request) -> web.Response:
        violation(self.world, request, ["a route the double does not know (add it, or the bot calls something odd)"])
        return error(404, 0, "404: Not Found")
