"""A local Discord double: the REST API and the gateway as discord.py uses them, on loopback only.

Written from Discord's public API documentation and checked against what discord.py sends. It keeps every
message, edit and interaction, enforces Discord's rules (3-second first answer, component and message
limits, attachment size) and its rate limits (the global limit per token, per-channel buckets, invalid
requests: ratelimits.py), and injects faults (429, 500, closed DMs, a dropped gateway).
"""

from tests.e2e.double.model import Attachment, Channel, Interaction, Message, Revision, World
from tests.e2e.double.server import DiscordDouble

__all__ = ["Attachment", "Channel", "DiscordDouble", "Interaction", "Message", "Revision", "World"]
