"""Interaction answers: the callback (within 3 seconds, once), then the interaction's webhook for 15 minutes
(edits of the original answer, followups). A followup after a "thinking" answer fills that answer in."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e.double import limits
from tests.e2e.double.messages import apply, check, violation
from tests.e2e.double.model import DM, EPHEMERAL, LOADING, Interaction, Message, pinged
from tests.e2e.double.replies import error, read_body, reply

if TYPE_CHECKING:
    from tests.e2e.double.gateway import Gateway
    from tests.e2e.double.model import World

FIRST_ANSWER_SECONDS = 3.0
TOKEN_SECONDS = 15 * 60


async def apply_edit(
    world: World, request: web.Request, message: Message, inter: Interaction | None = None
) -> web.Response:
    """The edit ``request`` asks of ``message``, checked as Discord checks it, applied and recorded; an edit
    through ``inter``'s webhook also fills its answer."""
    payload, files = await read_body(request)
    refused = check(world, request, payload, files, new=False)
    if refused is not None:
        return refused
    apply(world, message, payload, files)
    message.edited_at = time.monotonic()
    if inter is not None:
        inter.filled = True
    world.record(message, edit=True)
    return reply(message.payload(world))


class InteractionRoutes:
    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    def routes(self, api: str) -> list[web.RouteDef]:
        return [
            web.post(api + "/interactions/{interaction}/{token}/callback", self.callback),
            web.post(api + "/webhooks/{app}/{token}", self.followup),
            web.get(api + "/webhooks/{app}/{token}/messages/{message}", self.get_webhook_message),
            web.patch(api + "/webhooks/{app}/{token}/messages/{message}", self.edit_webhook_message),
            web.delete(api + "/webhooks/{app}/{token}/messages/{message}", self.delete_webhook_message),
        ]

    # -- the first answer ---------------------------------------------------------------------------------
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
            violation(self.world, request, [f"interaction {inter.id} answered after {FIRST_ANSWER_SECONDS} seconds"])
            return error(404, 10062, "Unknown interaction")
        body, files = await read_body(request)
        kind, data = int(body.get("type", 0)), dict(body.get("data") or {})
        if (kind in (6, 7) and inter.type not in (3, 5)) or kind not in (4, 5, 6, 7, 9):
            violation(self.world, request, [f"callback type {kind} for an interaction of type {inter.type}"])
            return error(400, 50035, "Invalid Form Body: type")
        if kind in (4, 7):
            refused = check(self.world, request, data, files, new=kind == 4)
            if refused is not None:
                return refused
        if kind == 9:
            problems = limits.modal_problems(data)
            if problems:
                violation(self.world, request, problems)
                return error(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        inter.response_type, inter.responded_at = kind, time.monotonic()
        inter.touched_at = inter.responded_at
        self.world.touch(inter.channel_id)
        message: Message | None = None
        if kind in (4, 5):
            flags = int(data.get("flags") or 0) & EPHEMERAL
            message = Message(self.world.ids(), inter.channel_id, self.world.bot.id, flags=flags,
                              interaction_id=inter.id)
            message.audience = self.world.audience_of(inter.channel_id, flags, inter.user_id)
            if kind == 4:
                message.pinged = pinged(str(data.get("content") or ""), data.get("allowed_mentions"))
                apply(self.world, message, data, files)
                inter.filled = True
                self.world.record(message, edit=False)
            else:
                message.flags |= LOADING
                self.world.add(message)
            inter.original_id = message.id
        elif kind in (6, 7):
            inter.original_id = inter.message_id
            if kind == 7 and inter.message_id is not None:
                message = self.world.messages[inter.message_id]
                apply(self.world, message, data, files)
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

    # -- the webhook: edits and followups -----------------------------------------------------------------
    def _webhook(self, request: web.Request) -> Interaction | web.Response:
        inter = self._interaction(request.match_info["token"])
        if inter is None or request.match_info["app"] != str(self.world.bot.id):
            return error(401, 50027, "Invalid Webhook Token")
        if not inter.answered:
            return error(404, 10015, "Unknown Webhook")
        inter.touched_at = time.monotonic()  # what the webhook changes is recorded, and so touched, by World.record
        return inter

    def _webhook_message(self, request: web.Request, inter: Interaction) -> Message | None:
        wanted = request.match_info["message"]
        message_id = inter.original_id if wanted == "@original" else int(wanted)
        if message_id is None or (wanted != "@original" and message_id not in inter.followups):
            return None
        return self.world.messages.get(message_id)

    def _webhook_target(self, request: web.Request) -> tuple[Interaction, Message] | web.Response:
        """The interaction and the message a webhook message route names, or Discord's refusal."""
        inter = self._webhook(request)
        if isinstance(inter, web.Response):
            return inter
        message = self._webhook_message(request, inter)
        if message is None:
            return error(404, 10008, "Unknown Message")
        return inter, message

    async def followup(self, request: web.Request) -> web.Response:
        inter = self._webhook(request)
        if isinstance(inter, web.Response):
            return inter
        payload, files = await read_body(request)
        refused = check(self.world, request, payload, files, new=True)
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
        apply(self.world, message, payload, files)
        inter.filled = True
        self.world.record(message, edit=edit)
        if message.audience is None or self.world.channels[message.channel_id].type == DM:
            await self.gateway.dispatch("MESSAGE_CREATE", message.payload(self.world, event=True))
        if request.query.get("wait") in ("true", "True", "1"):
            return reply(message.payload(self.world))
        return web.Response(status=204)

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        target = self._webhook_target(request)
        if isinstance(target, web.Response):
            return target
        _, message = target
        return reply(message.payload(self.world))

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        target = self._webhook_target(request)
        if isinstance(target, web.Response):
            return target
        inter, message = target
        return await apply_edit(self.world, request, message, inter)

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        target = self._webhook_target(request)
        if isinstance(target, web.Response):
            return target
        _, message = target
        self.world.messages.pop(message.id, None)
        return web.Response(status=204)
