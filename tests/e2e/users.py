"""Simulated people: they type slash commands the bot registered, click components of messages they can
see, fill in forms, and read only what Discord would show them.

An :class:`Exchange` is one interaction seen from the person's side: Discord shows "This interaction failed"
when the bot does not answer within 3 seconds, and a "thinking" answer until the bot fills it in.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.e2e.double import DiscordDouble, Interaction, Message
from tests.e2e.double.interactions import FIRST_ANSWER_SECONDS
from tests.e2e.double.model import Person, walk

BUTTON, SELECT, TEXT_INPUT = 2, 3, 4
OPTION_TYPES = {"str": 3, "int": 4, "bool": 5}


class InteractionFailed(AssertionError):
    """What Discord shows a person whose interaction got no answer in time."""


@dataclass
class Exchange:
    double: DiscordDouble
    user: SimUser
    interaction: Interaction
    sent_at: float

    @property
    def world(self) -> Any:
        return self.double.world

    async def answered(self) -> Exchange:
        """The bot acknowledged in time; else Discord tells the person the interaction failed."""
        while not self.interaction.answered:
            if time.monotonic() > self.sent_at + FIRST_ANSWER_SECONDS + 0.2 or self._bot_gone():
                raise InteractionFailed(f"no answer within {FIRST_ANSWER_SECONDS} s to {self.interaction.data}")
            await self.world.changed(0.25, self.interaction.channel_id)
        return self

    async def settled(self, timeout: float = 30.0) -> Exchange:
        """Acknowledged, and the first real answer is visible (not "thinking" any more)."""
        return await self.until(lambda: self.interaction.filled, timeout)

    async def until(self, predicate: Callable[[], bool], timeout: float = 30.0) -> Exchange:
        await self.answered()
        deadline = time.monotonic() + timeout
        while not predicate():
            now = time.monotonic()
            if now >= deadline:
                raise AssertionError(f"the bot never finished answering {self.interaction.data}: {self.text()!r}")
            if self._bot_gone():  # "Thinking…" from a bot that died stays so
                raise InteractionFailed(f"the bot died while answering {self.interaction.data}")
            await self.world.changed(min(deadline - now, 0.25), self.interaction.channel_id)
        return self

    def _bot_gone(self) -> bool:
        """The bot's shard this interaction went to is not connected and its process is dead (a reconnecting
        bot is waited for)."""
        guild_id = self.world.channels[self.interaction.channel_id].guild_id
        return self.double.gone(self.double.gateway.shard_for(guild_id))

    @property
    def reply(self) -> Message | None:
        """The message the answer is in: the answer itself, or the message whose component was clicked."""
        found = self.world.messages.get(self.interaction.original_id or 0)
        return found if isinstance(found, Message) else None

    @property
    def followups(self) -> list[Message]:
        return [self.world.messages[m] for m in self.interaction.followups if m in self.world.messages]

    def messages(self) -> list[Message]:
        return [m for m in [self.reply, *self.followups] if m is not None and not m.loading]

    def text(self) -> str:
        return "\n".join(m.content for m in self.messages())

    def last(self) -> Message:
        """The newest message of the answer: the followup when there is one, else the reply."""
        found = self.messages()
        if not found:
            raise AssertionError("no answer to read")
        return found[-1]


class SimUser:
    def __init__(self, double: DiscordDouble, person: Person) -> None:
        self.double = double
        self.person = person
        self.exchanges: list[Exchange] = []

    @property
    def id(self) -> int:
        return self.person.id

    @property
    def name(self) -> str:
        return self.person.name

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"SimUser({self.name})"

    # -- what this person can see ------------------------------------------------------------------------
    def sees(self) -> list[Message]:
        return self.double.world.visible_to(self.id)

    def private(self) -> list[Message]:
        """Messages only this person sees (their DMs and ephemeral answers), oldest first."""
        return self.double.world.private_to(self.id)

    def dm_channel_id(self) -> int | None:
        for channel in self.double.world.channels.values():
            if channel.recipient_id == self.id:
                return channel.id
        return None

    # -- acting --------------------------------------------------------------------------------------------
    async def _send(self, kind: int, data: dict[str, Any], channel_id: int, message: Message | None) -> Exchange:
        sent_at = time.monotonic()
        inter = await self.double.interact(self.person, kind, data, channel_id=channel_id, message=message)
        exchange = Exchange(self.double, self, inter, sent_at)
        self.exchanges.append(exchange)
        return exchange

    async def command(self, line: str, *, channel_id: int | None = None, **options: Any) -> Exchange:
        """Type ``/<line>`` with options, as the registered command allows (else the client would not)."""
        world = self.double.world
        names = line.split()
        command = world.commands.get(names[0])
        assert command is not None, f"/{names[0]} is not registered (the bot syncs its commands at start)"
        spec: dict[str, Any] = command
        path: list[dict[str, Any]] = []
        for name in names[1:]:
            spec = next((o for o in spec.get("options", []) if o["name"] == name and o["type"] in (1, 2)), {})
            assert spec, f"/{line}: no subcommand {name}"
            path.append(spec)
        given = []
        for name, value in options.items():
            opt = next((o for o in spec.get("options", []) if o["name"] == name), None)
            assert opt is not None, f"/{line} has no option {name}"
            if opt.get("choices"):
                assert value in [c["value"] for c in opt["choices"]], f"{value!r} is not a choice of {name}"
            given.append({"type": opt["type"], "name": name, "value": value})
        missing = [o["name"] for o in spec.get("options", []) if o.get("required") and o["name"] not in options]
        assert not missing, f"/{line} needs {missing}"
        nested: list[dict[str, Any]] = given
        for sub in reversed(path):
            nested = [{"type": sub["type"], "name": sub["name"], "options": nested}]
        data = {"id": command["id"], "name": command["name"], "type": 1, "options": nested}
        channel_id = channel_id or world.channel_id
        if "guild_id" in command:
            here = world.channels[channel_id].guild_id
            assert command["guild_id"] == str(here), f"/{names[0]} is registered in another server only"
            data["guild_id"] = command["guild_id"]
        return await self._send(2, data, channel_id, None)

    async def click(
        self,
        message: Message,
        *,
        label: str | None = None,
        option: str | None = None,
        custom_id: str | None = None,
        values: list[str] | None = None,
        forged: bool = False,
    ) -> Exchange:
        """Press a button (by label or custom_id), or pick in a select (an option by label, or ``values`` of
        the select ``custom_id``), on a message this person sees; Discord lets nobody click anything else.
        ``forged`` sends the custom_id and values as given, as a tampered client would."""
        if forged:
            assert custom_id is not None
            kind = SELECT if values else BUTTON
            fake = Message(message.id, message.channel_id, message.author_id, message.content,
                           [{"type": 1, "components": [_forged_component(custom_id, kind, values or [])]}],
                           flags=message.flags, audience=message.audience)
            data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
            if kind == SELECT:
                data["values"] = list(values or [])
            return await self._send(3, data, message.channel_id, fake)
        assert message.audience in (None, self.id), f"{self.name} cannot see message {message.id}"
        latest = self.double.world.messages.get(message.id)
        assert latest is not None and not latest.loading, "that message is gone"
        for component in walk(latest.components):
            if component.get("disabled") or component["type"] not in (BUTTON, SELECT):
                continue
            mine = custom_id is not None and component.get("custom_id") == custom_id
            if component["type"] == BUTTON and (mine or (label is not None and component.get("label") == label)):
                pressed = {"custom_id": component["custom_id"], "component_type": BUTTON}
                return await self._send(3, pressed, latest.channel_id, latest)
            if component["type"] != SELECT:
                continue
            offered = {o["label"]: o["value"] for o in component.get("options", [])}
            picked = list(values) if mine and values is not None else [offered[option]] if option in offered else None
            if picked is None:
                continue
            low, high = component.get("min_values", 1), component.get("max_values", 1)
            assert set(picked) <= set(offered.values()) and low <= len(picked) <= high, f"cannot pick {picked}"
            chosen = {"custom_id": component["custom_id"], "component_type": SELECT, "values": picked}
            return await self._send(3, chosen, latest.channel_id, latest)
        raise AssertionError(f"{self.name} sees no {label or option or custom_id!r} in: {choices(latest)}")

    async def submit(self, exchange: Exchange, values: dict[str, str]) -> Exchange:
        """Fill in the form (modal) the bot opened in answer to ``exchange`` and submit it."""
        modal = exchange.interaction.modal
        assert modal is not None, "the bot opened no form"
        rows = []
        for row in modal.get("components", []):
            parts = []
            for part in row.get("components", []):
                if part.get("type") == TEXT_INPUT:
                    parts.append({"type": TEXT_INPUT, "custom_id": part["custom_id"],
                                  "value": values.get(part["custom_id"], part.get("value") or "")})
            rows.append({"type": 1, "components": parts})
        data = {"custom_id": modal["custom_id"], "components": rows}
        message = exchange.reply if exchange.interaction.type == 3 else None
        return await self._send(5, data, exchange.interaction.channel_id, message)


def _forged_component(custom_id: str, kind: int, values: list[str]) -> dict[str, Any]:
    if kind == BUTTON:
        return {"type": BUTTON, "style": 1, "label": "Forged", "custom_id": custom_id}
    options = [{"label": v, "value": v} for v in values]
    return {"type": SELECT, "custom_id": custom_id, "options": options, "min_values": 1, "max_values": 1}


def choices(message: Message | None) -> list[tuple[str, str]]:
    """Everything a person could press or pick on a message: ("label", text) and ("option", text)."""
    found: list[tuple[str, str]] = []
    for component in walk(message.components if message else []):
        if component.get("disabled"):
            continue
        if component["type"] == BUTTON and component.get("label"):
            found.append(("label", component["label"]))
        elif component["type"] == SELECT:
            found.extend(("option", opt["label"]) for opt in component.get("options", []))
    return found
