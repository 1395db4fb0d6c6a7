"""Sending and editing a message, as Discord does it for channel messages and interaction answers alike: the
rules checked first, then the fields present replace the message's."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.e2e.double import limits
from tests.e2e.double.model import LOADING, Attachment, Message, World
from tests.e2e.double.replies import error, route_of


def violation(world: World, request: web.Request, problems: list[str]) -> None:
    for problem in problems:
        world.violations.append(f"{request.method} {route_of(request.path)}: {problem}")


def check(
    world: World, request: web.Request, payload: dict[str, Any], files: list[tuple[str, bytes]], *, new: bool
) -> web.Response | None:
    """Discord's refusal of a message breaking its rules (and the broken rule remembered), or None."""
    too_big = limits.file_problems(files)
    if too_big:
        violation(world, request, too_big)
        return error(413, 40005, "Request entity too large")
    problems = limits.message_problems({**payload, "attachments": payload.get("attachments") or files}, new=new)
    if problems:
        violation(world, request, problems)
        return error(400, 50035, "Invalid Form Body: " + "; ".join(problems))
    return None

def apply(world: World, message: Message, payload: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
    """A send or an edit: the fields present replace the message's; attachments listed are kept."""
    if "content" in payload:
        message.content = str(payload["content"] or "")
    if "components" in payload:
        message.components = list(payload["components"] or [])
    if "embeds" in payload:
        message.embeds = list(payload["embeds"] or [])
    uploaded = [Attachment(world.ids(), name, data) for name, data in files]
    if "attachments" in payload:
        kept = []
        for entry in payload["attachments"] or []:
            ref = int(entry.get("id", -1))
            if 0 <= ref < len(uploaded):
                uploaded[ref].description = str(entry.get("description") or "")
                kept.append(uploaded[ref])
            else:
                kept.extend(a for a in message.attachments if a.id == ref)
        message.attachments = kept
    else:
        message.attachments = [*message.attachments, *uploaded]
    if message.loading:
        message.flags &= ~LOADING
