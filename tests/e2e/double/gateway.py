"""The gateway: one WebSocket session per shard of the bot, as Discord's documentation describes it.

HELLO on connect; HEARTBEAT answered with HEARTBEAT_ACK; IDENTIFY starts a shard's session (READY, then a
GUILD_CREATE for each server on that shard); server events go to shard ``(guild_id >> 22) % count``, DMs to 0;
RESUME replays what was dispatched after the bot's last sequence number, then RESUMED. A session receives only
the events its IDENTIFY's intents ask for (servers and their channels: GUILDS; messages: GUILD_MESSAGES in
a server, DIRECT_MESSAGES in a DM); interactions always. Dispatches made while
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
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.e2e.double.model import shard_of

if TYPE_CHECKING:
    from tests.e2e.double.model import World

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0, 1, 2, 3, 6, 7, 9, 10, 11,
)
GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 9, 1 << 12
ALL_INTENTS = (1 << 26) - 1  # "intents" is a required integer; invalid bits close the socket (4013)
# View channels, send, embed links, attach files, read history, create public threads, send in threads.
EVERYONE_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 35) | (1 << 38)


@dataclass
class Session:
    id: str
    shard_id: int = 0
    shard_count: int = 1
    seq: int = 0
    frames: list[dict[str, Any]] = field(default_factory=list)  # dispatched frames, for RESUME
    events: list[str] = field(default_factory=list)  # every event's name, in order (tests read the routing)
    socket: Connection | None = None
    ready: bool = False  # READY and its servers were sent
    intents: int = GUILDS


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
    """One session per shard. A bot identifies each of its shards with ``shard: [id, count]`` (none means
    ``[0, 1]``); a server's events go to the session of shard ``(guild_id >> 22) % count``, DMs to shard 0."""

    def __init__(self, world: World, *, heartbeat_ms: int = 41_250, shards: int = 1) -> None:
        self.world = world
        self.heartbeat_ms = heartbeat_ms
        self.recommended_shards = shards  # what GET /gateway/bot answers
        self.sessions: dict[int, Session] = {}  # by shard id
        self.ready = asyncio.Event()  # every shard of the newest count is connected and has its servers
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.url = ""
        self.history: list[tuple[float, str]] = []  # (monotonic time, what happened), for failure reports

    @property
    def session(self) -> Session | None:
        """Shard 0's session (the only one of an unsharded bot)."""
        return self.sessions.get(0)

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
            session = next((s for s in self.sessions.values() if s.socket is conn), None)
            self._note(f"disconnected ({'current' if session else 'old'} socket, code {ws.close_code})")
            if session is not None:
                session.socket = None
                self._check_ready()
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
            shard = data.get("shard") or [0, 1]
            if not (isinstance(shard, list) and len(shard) == 2 and all(isinstance(n, int) for n in shard)
                    and 0 <= shard[0] < shard[1]):
                await conn.ws.close(code=4010, message=b"Invalid shard.")
                return
            intents = data.get("intents")
            if not isinstance(intents, int) or isinstance(intents, bool) or intents & ~ALL_INTENTS or intents < 0:
                await conn.ws.close(code=4013, message=b"Invalid intent(s).")
                return
            await self._identify(conn, shard[0], shard[1], intents)
        elif op == RESUME:
            await self._resume(conn, data)

    async def _identify(self, conn: Connection, shard_id: int, shard_count: int, intents: int) -> None:
        self.identifies += 1
        old = self.sessions.get(shard_id)
        if old is not None and old.socket is not None:
            await old.socket.ws.close(code=4005, message=b"Already authenticated.")
        session = Session(secrets.token_hex(16), shard_id, shard_count, socket=conn, intents=intents)
        self.sessions[shard_id] = session
        # A new count (a restart resharded): sessions of shards it no longer has are over.
        for other in [s for s in self.sessions.values() if s.shard_count != shard_count or s.shard_id >= shard_count]:
            self.sessions.pop(other.shard_id, None)
            if other.socket is not None:
                await other.socket.ws.close(code=4000, message=b"Resharded.")
        self._note(f"identified shard {shard_id} of {shard_count}")
        await self._send(session, "READY", self._ready_payload(session))
        for guild_id in self.guilds_of(session):
            await self._send(session, "GUILD_CREATE", self.guild_payload(guild_id))
        session.ready = True
        self._check_ready()

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = next((s for s in self.sessions.values() if s.id == data.get("session_id")), None)
        if session is None or data.get("token") != self.world.token:
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        self.resumes += 1
        session.socket = conn
        self._note(f"shard {session.shard_id} resumed from {data.get('seq')}")
        seq = data.get("seq") or 0
        for frame in [f for f in session.frames if f["s"] > seq]:
            await conn.send(frame)
        await self._send(session, "RESUMED", {})
        self._check_ready()

    def _check_ready(self) -> None:
        if self.shards_ready(range(self._count())):
            self.ready.set()
        else:
            self.ready.clear()

    def _count(self) -> int:
        return max((s.shard_count for s in self.sessions.values()), default=1)

    def shards_ready(self, shard_ids: Iterable[int]) -> bool:
        """Whether each of these shards has a connected session that has received its servers."""
        return all(
            (session := self.sessions.get(i)) is not None and session.socket is not None and session.ready
            for i in shard_ids
        )

    def shard_for(self, guild_id: int | None) -> int:
        """The shard a server's events go to under the current count; DMs (no server) go to shard 0."""
        return 0 if guild_id is None else shard_of(guild_id, self._count())

    def guilds_of(self, session: Session) -> list[int]:
        return [g for g in self.world.guilds if shard_of(g, session.shard_count) == session.shard_id]

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the shard its server is on (DMs: shard 0), or keep it there for a RESUME while the
        bot is away. An event for a shard nobody identified is lost, as on Discord."""
        guild = data.get("guild_id")
        session = self.sessions.get(self.shard_for(int(guild) if guild else None))
        if session is None:
            self._note(f"{event} for a shard nobody runs was lost")
            return
        needed = _intent(event, in_server=guild is not None)
        if needed is not None and not session.intents & needed:
            return  # not asked for: Discord does not send it, nor keep it for a resume
        await self._send(session, event, data)

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.frames.append(frame)
        del session.frames[:-5000]
        session.events.append(event)
        if session.socket is not None:
            await session.socket.send(frame)
        elif event == "INTERACTION_CREATE":
            self._note(f"interaction {data.get('id')} kept for a resume of shard {session.shard_id}")

    async def drop(self, *, abrupt: bool = False, shard_id: int | None = None) -> None:
        """Lose the connection (of one shard, or all): a close frame Discord sends when it restarts a node, or
        a cut cable."""
        for session in list(self.sessions.values()):
            if session.socket is None or shard_id not in (None, session.shard_id):
                continue
            conn, session.socket = session.socket, None
            self.ready.clear()
            if abrupt and conn.transport is not None:
                conn.transport.abort()
            else:
                await conn.ws.close(code=4000, message=b"Unknown error")

    def connected(self) -> bool:
        return any(s.socket is not None for s in self.sessions.values())

    def shard_connected(self, shard_id: int) -> bool:
        session = self.sessions.get(shard_id)
        return session is not None and session.socket is not None

    # -- payloads ----------------------------------------------------------------------------------------
    def _ready_payload(self, session: Session) -> dict[str, Any]:
        world = self.world
        return {
            "v": 10,
            "user": {**world.bot.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guilds_of(session)],
            "session_id": session.id,
            "shard": [session.shard_id, session.shard_count],
            "resume_gateway_url": self.url,
            "application": {"id": str(world.bot.id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "session_type": "normal",
        }

    def guild_payload(self, guild_id: int) -> dict[str, Any]:
        world = self.world
        channels = [c.payload(world.people) for c in world.channels.values() if c.type == 0 and c.guild_id == guild_id]
        threads = [c.payload(world.people) for c in world.threads() if not c.archived and c.guild_id == guild_id]
        members = [self.member_payload(p.id) for p in world.people.values() if p.id != world.owner.id]
        return {
            "id": str(guild_id),
            "name": world.guilds[guild_id].name,
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
                    "id": str(guild_id),
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


def _intent(event: str, *, in_server: bool) -> int | None:
    """The intent a session needs to receive ``event``; None for those every session gets (interactions)."""
    if event.startswith("MESSAGE_"):
        return GUILD_MESSAGES if in_server else DIRECT_MESSAGES
    if event.startswith(("GUILD_", "CHANNEL_", "THREAD_")):
        return GUILDS
    return None
