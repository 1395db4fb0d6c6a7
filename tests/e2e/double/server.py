"""The double as one object: start it on a loopback port, add people, and let them interact."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import web

from tests.e2e.double.faults import Faults
from tests.e2e.double.gateway import EVERYONE_PERMISSIONS, Gateway
from tests.e2e.double.limits import ATTACHMENT_SIZE_LIMIT
from tests.e2e.double.model import Interaction, Message, Person, World
from tests.e2e.double.ratelimits import RateLimits
from tests.e2e.double.rest import Rest

MAX_BODY = 64 * 1024 * 1024  # accept more than Discord would, so a too large file gets Discord's 413


class DiscordDouble:
    def __init__(self, *, heartbeat_ms: int = 41_250, shards: int = 1, rate_limits: bool = True) -> None:
        """``rate_limits``: Discord's global and per-route limits enforced (as Discord always does); off, the
        requests are still counted (tests/e2e/double/ratelimits.py)."""
        self.world = World()
        self.faults = Faults()
        self.limits = RateLimits(enforced=rate_limits)
        self.gateway = Gateway(self.world, heartbeat_ms=heartbeat_ms, shards=shards)
        self.rest = Rest(self.world, self.gateway, self.faults, self.limits)
        self._runner: web.AppRunner | None = None
        # Whether the bot's process running each shard lives (told by whoever runs it): people stop waiting
        # for a dead one. A shard nobody said anything about counts as alive.
        self.shard_alive: dict[int, Callable[[], bool]] = {}

    def gone(self, shard_id: int) -> bool:
        """The shard is not connected and the process that runs it is dead (a reconnecting one is waited for)."""
        alive = self.shard_alive.get(shard_id)
        return not self.gateway.shard_connected(shard_id) and alive is not None and not alive()

    @property
    def url(self) -> str:
        return self.world.base_url

    async def start(self) -> None:
        app = web.Application(middlewares=[self.rest.middleware, self._notify], client_max_size=MAX_BODY)
        app.add_routes([web.get("/gateway", self.gateway.handle), *self.rest.routes()])
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)  # loopback only, any free port
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.world.base_url = f"http://{host}:{port}"
        self.gateway.url = f"ws://{host}:{port}/gateway"

    async def stop(self) -> None:
        await self.gateway.drop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @web.middleware
    async def _notify(self, request: web.Request, handler: Any) -> web.StreamResponse:
        try:
            response: web.StreamResponse = await handler(request)
            return response
        finally:
            self.world.notify(changed_something=request.method != "GET")  # people waiting for an answer look again

    # -- people -----------------------------------------------------------------------------------------
    def person(self, name: str, *, manager: bool = False) -> Person:
        return self.world.add_person(name, manager=manager)

    async def interact(
        self, user: Person, kind: int, data: dict[str, Any], *, channel_id: int, message: Message | None = None
    ) -> Interaction:
        """A person's click, command or form: an INTERACTION_CREATE to the bot, as Discord sends it."""
        world = self.world
        inter = Interaction(
            id=world.ids(),
            token="tok_" + secrets.token_urlsafe(48),
            type=kind,
            user_id=user.id,
            channel_id=channel_id,
            message_id=message.id if message is not None else None,
            data=data,
        )
        world.interactions[inter.id] = inter
        world.by_token[inter.token] = inter
        await self.gateway.dispatch("INTERACTION_CREATE", self._payload(inter, message))
        return inter

    def _payload(self, inter: Interaction, message: Message | None) -> dict[str, Any]:
        world = self.world
        channel = world.channels[inter.channel_id]
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(world.bot.id),
            "type": inter.type,
            "token": inter.token,
            "version": 1,
            "data": inter.data,
            "channel_id": str(channel.id),
            "channel": channel.payload(world.people),
            "locale": "en-US",
            "app_permissions": str(EVERYONE_PERMISSIONS),
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if channel.guild_id is not None:
            payload.update(
                guild_id=str(channel.guild_id),
                guild={"id": str(channel.guild_id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=self.gateway.member_payload(inter.user_id),
                context=0,
                authorizing_integration_owners={"0": str(channel.guild_id)},
            )
        else:
            payload.update(
                user=world.people[inter.user_id].payload(),
                context=1,
                authorizing_integration_owners={"0": str(world.guild_id)},
            )
        if message is not None:
            payload["message"] = message.payload(world)
        return payload
