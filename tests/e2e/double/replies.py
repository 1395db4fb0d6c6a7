"""How the double speaks HTTP as Discord does: JSON with Discord's content type, its error bodies, 429s that
discord.py trusts, request bodies (JSON or multipart), and paths reduced to routes."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

API = "/api/v10"
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
