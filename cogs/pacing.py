"""Every counted request of the bot waits for its slot in the budget (``bot/pacing.py``).

discord.py sends each REST request made with the bot's token through one method, ``HTTPClient.request``;
that is where the budget is put, so nothing escapes it. Interaction answers and follow-ups go through
discord.py's webhook adapter with the interaction's token, which Discord does not count: they never wait.
What a request is for (its priority) comes from the task that makes it (``bot.pacing.yielding``).
"""

from __future__ import annotations

from typing import Any

import discord

from bot import pacing

# Routes Discord does not count against the global limit (with the interaction's token, not the bot's).
EXEMPT = ("/interactions/", "/webhooks/{webhook_id}/{webhook_token}")


def counted(route: discord.http.Route) -> bool:
    return not route.path.startswith(EXEMPT)


def pace(http: discord.http.HTTPClient, budget: pacing.Budget) -> None:
    """Make ``http`` wait for the budget before each counted request (at the priority of the task making it)."""
    send = http.request

    async def request(route: discord.http.Route, **kwargs: Any) -> Any:
        if counted(route):
            await budget.request(pacing.priority())
        return await send(route, **kwargs)

    http.request = request  # type: ignore[method-assign]
