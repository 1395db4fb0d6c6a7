"""The gateway: one WebSocket session for the bot (one shard), as Discord's documentation describes it.

HELLO on connect; HEARTBEAT answered with HEARTBEAT_ACK; IDENTIFY starts a session (READY, then GUILD_CREATE);
RESUME replays what was dispatched after the bot's last sequence number, then RESUMED. Dispatches made while
the bot is disconnected wait in the session, as Discord's do; a fresh IDENTIFY (the bot restarted) starts a
new session and what the old one held is lost. Frames are zlib-stream compressed when the bot asks for it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.e2e.double.model import World

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0, 1, 2, 3, 6, 7, 9, 10, 11,
)
# View channels, send, embed links, attach files, read history, create public threads, send in threads.
EVERYONE_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 35) | (1 << 38)


@dataclass
class Session:
    id: str
    seq: int = 0
    frames: list[dict[str, Any]] = field(default_factory=list)  # dispatched frames, for RESUME
    socket: Connection | None = None


class Connection:
    """One WebSocket to the bot, with its own zlib stream when compression was asked for."""

    def __init__(self, ws: web.WebSocketResponse, request: web.Request, compress: bool) -> None:
        self.ws = ws
        self.transport = request.transport
        self._zlib = zlib.compressobj() if compress else None
        self._lock = asyncio.Lock()

    async def send(self, frame: dict[str, Any]) -> None:
        text = json.dumps(frame, separators=(",", ":"))
        async with self._lock:
            if self.ws.closed:
                return
            try:
                if self._zlib is None:
                    await self.ws.send_str(text)
                else:
                    data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
            except (ConnectionError, RuntimeError):
                log.debug("a frame to a closed gateway connection was dropped")


class Gateway:
    def __init__(self, world: World, *, heartbeat_ms: int = 41_250) -> None:
        self.world = world
        self.heartbeat_ms = heartbeat_ms
        self.session: Session | None = None
        self.ready = asyncio.Event()  # a session is connected and has its guild
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.url = ""
        self.history: list[tuple[float, str]] = []  # (monotonic time, what happened), for failure reports

    # -- connections -------------------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        if request.query.get("v") != "10" or request.query.get("encoding") != "json":
            await ws.close(code=4012, message=b"Invalid API version")
            return ws
        conn = Connection(ws, request, request.query.get("compress") == "zlib-stream")
        self._note("connected")
        await conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_ms}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._receive(conn, json.loads(msg.data))
        finally:
            session = self.session
            current = session is not None and session.socket is conn
            self._note(f"disconnected ({'current' if current else 'old'} socket, code {ws.close_code})")
            if session is not None and session.socket is conn:
                session.socket = None
                self.ready.clear()
        return ws

    def _note(self, what: str) -> None:
        self.history.append((time.monotonic(), what))

    async def _receive(self, conn: Connection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d") or {}
        if op == HEARTBEAT:
            self.heartbeats += 1
            await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            if data.get("token") != self.world.token:
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return
            await self._identify(conn)
        elif op == RESUME:
            await self._resume(conn, data)

    async def _identify(self, conn: Connection) -> None:
        self.identifies += 1
        if self.session is not None and self.session.socket is not None:
            await self.session.socket.ws.close(code=4005, message=b"Already authenticated.")
        self.session = Session(secrets.token_hex(16), socket=conn)
        self._note("identified")
        await self.dispatch("READY", self._ready_payload())
        await self.dispatch("GUILD_CREATE", self.guild_payload())
        self.ready.set()

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.session
        if session is None or data.get("session_id") != session.id or data.get("token") != self.world.token:
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        self.resumes += 1
        session.socket = conn
        self._note(f"resumed from {data.get('seq')}")
        seq = data.get("seq") or 0
        for frame in [f for f in session.frames if f["s"] > seq]:
            await conn.send(frame)
        await self.dispatch("RESUMED", {})
        self.ready.set()

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the bot, or keep it for a RESUME while the bot is away."""
        session = self.session
        if session is None:
            return
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.frames.append(frame)
        del session.frames[:-5000]
        if session.socket is not None:
            await session.socket.send(frame)
        elif event == "INTERACTION_CREATE":
            self._note(f"interaction {data.get('id')} kept for a resume")

    async def drop(self, *, abrupt: bool = False) -> None:
        """Lose the connection: a close frame Discord sends when it restarts a node, or a cut cable."""
        session = self.session
        if session is None or session.socket is None:
            return
        conn, session.socket = session.socket, None
        self.ready.clear()
        if abrupt and conn.transport is not None:
            conn.transport.abort()
        else:
            await conn.ws.close(code=4000, message=b"Unknown error")

    def connected(self) -> bool:
        return self.session is not None and self.session.socket is not None

    # -- payloads ----------------------------------------------------------------------------------------
    def _ready_payload(self) -> dict[str, Any]:
        world = self.world
        assert self.session is not None
        return {
            "v": 10,
            "user": {**world.bot.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(world.guild_id), "unavailable": True}],
            "session_id": self.session.id,
            "resume_gateway_url": self.url,
            "application": {"id": str(world.bot.id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "session_type": "normal",
        }

    def guild_payload(self) -> dict[str, Any]:
        world = self.world
        channels = [c.payload(world.people) for c in world.channels.values() if c.type == 0]
        threads = [c.payload(world.people) for c in world.threads() if not c.archived]
        members = [self.member_payload(p.id) for p in world.people.values() if p.id != world.owner.id]
        return {
            "id": str(world.guild_id),
            "name": "Middle Kingdom e2e",
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(world.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": str(world.guild_id),
                    "name": "@everyone",
                    "color": 0,
                    "hoist": False,
                    "position": 0,
                    "permissions": str(EVERYONE_PERMISSIONS),
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "members": members,
            "channels": channels,
            "threads": threads,
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def member_payload(self, user_id: int) -> dict[str, Any]:
        person = self.world.people[user_id]
        permissions = EVERYONE_PERMISSIONS | (0x20 if person.manager else 0)  # 0x20: Manage Server
        return {
            "user": person.payload(),
            "nick": None,
            "avatar": None,
            "roles": [],
            "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "permissions": str(permissions),
        }
