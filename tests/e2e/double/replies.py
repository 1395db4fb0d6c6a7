"""How the double speaks HTTP as Discord does: JSON with Discord's content type, its error bodies, 429s that
discord.py trusts, request bodies (JSON or multipart), and paths reduced to routes."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from tests.e2e.double.ratelimits import VIA, Refusal, retry_after_header

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


def rate_limited(refusal: Refusal) -> web.Response:
    """Discord's 429: the JSON body, Retry-After in whole seconds, the refusal's scope and bucket headers."""
    headers = {**VIA, "Retry-After": retry_after_header(refusal.retry_after), **refusal.headers}
    headers.setdefault("X-RateLimit-Scope", refusal.scope)
    return reply(refusal.body, 429, headers)


def banned() -> web.Response:
    """What a banned address gets (from Cloudflare, before Discord): a 429 that is not JSON and has no Via."""
    return web.Response(status=429, text="error code: 1015", content_type="text/plain")


class BodyLost(Exception):
    """The connection closed before the request's body was read: the sender died (a test killed the bot) while
    sending it, and Discord never gets such a request."""


async def body_of(request: web.Request) -> bytes:
    try:
        return await request.read()
    except ConnectionResetError as lost:  # aiohttp's "Connection lost": the sender died while sending
        raise BodyLost from lost


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """The JSON payload and the uploaded files (name, bytes) in ``files[n]`` order."""
    if not request.can_read_body:
        return {}, []
    # The raw header, not request.content_type: that parses it with the email package, a tenth of the double's
    # CPU under the load test.
    content_type = request.headers.get("Content-Type", "")
    body = await body_of(request)
    if content_type.startswith("multipart/"):
        fields = form_fields(body, content_type)
        payload: dict[str, Any] = json.loads(fields.get("payload_json", (None, b"{}"))[1] or b"{}")
        files = sorted(
            (int(name[6:-1]), filename, data)
            for name, (filename, data) in fields.items()
            if name.startswith("files[") and filename is not None
        )
        return payload, [(filename, data) for _, filename, data in files]
    return (json.loads(body) if body else {}), []


BOUNDARY = re.compile(r'boundary="?([^";]+)"?')
NAME = re.compile(r'(?:^|;)\s*name="([^"]*)"')
FILENAME = re.compile(r'(?:^|;)\s*filename="([^"]*)"')


def form_fields(body: bytes, content_type: str) -> dict[str, tuple[str | None, bytes]]:
    """A multipart/form-data body as {field name: (file name or None, bytes)}: the form discord.py (aiohttp)
    writes; aiohttp's own reader parses every part's headers with the email package, too slow for the load
    test. Anything else is refused loudly: the double must not guess."""
    found = BOUNDARY.search(content_type)
    if found is None:
        raise ValueError(f"multipart without a boundary: {content_type!r}")
    delimiter = b"--" + found[1].encode()
    fields: dict[str, tuple[str | None, bytes]] = {}
    parts = body.split(delimiter)
    if len(parts) < 2 or not parts[-1].startswith(b"--"):
        raise ValueError("a multipart body without its closing delimiter")
    for part in parts[1:-1]:
        head, separator, data = part.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        if not separator or not data.endswith(b"\r\n"):
            raise ValueError("a multipart part without headers or its line end")
        headers = {}
        for line in head.decode("utf-8").split("\r\n"):
            key, _, value = line.partition(":")
            headers[key.strip().lower()] = value.strip()
        disposition = headers.get("content-disposition", "")
        name = NAME.search(disposition)
        if not disposition.startswith("form-data") or name is None:
            raise ValueError(f"a multipart part that is not a form field: {disposition!r}")
        filename = FILENAME.search(disposition)  # as aiohttp's writer quotes it, and its reader gives it
        fields[name[1]] = (filename[1] if filename else None, data[:-2])
    return fields
