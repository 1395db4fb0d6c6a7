"""The double enforces Discord's rate limits as Discord's documentation states them and discord.py reads them:
the global 50 requests a second per bot token across every connection (interaction endpoints exempt), the
per-channel buckets with their headers on every answer, and the count of invalid requests with its ban.

The double's clock is held still here, so "within one second" does not depend on how busy the machine is."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from multidict import CIMultiDictProxy

from tests.e2e.double import DiscordDouble
from tests.e2e.double.ratelimits import GLOBAL_PER_SECOND, Usage
from tests.e2e.users import SimUser

API = "/api/v10"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(double: DiscordDouble) -> Clock:
    held = Clock()
    double.limits.clock = held
    return held


@pytest.fixture
async def second(double: DiscordDouble) -> AsyncIterator[aiohttp.ClientSession]:
    """Another connection with the same token: as a second process (another shard) of the same bot."""
    headers = {"Authorization": f"Bot {double.world.token}"}
    async with aiohttp.ClientSession(base_url=double.url, headers=headers) as session:
        yield session


async def send(
    http: aiohttp.ClientSession, method: str, path: str, body: Any = None
) -> tuple[int, CIMultiDictProxy[str], Any]:
    async with http.request(method, API + path, json=body) as response:
        text = await response.text()
        try:
            data = json.loads(text or "null")
        except ValueError:
            data = text
        return response.status, response.headers, data


async def test_the_global_limit_is_per_token_across_connections(
    double: DiscordDouble, http: aiohttp.ClientSession, second: aiohttp.ClientSession, clock: Clock
) -> None:
    statuses = []
    for n in range(GLOBAL_PER_SECOND + 10):
        status, headers, body = await send(http if n % 2 else second, "GET", "/users/@me")
        statuses.append(status)
    assert statuses.count(200) == GLOBAL_PER_SECOND and statuses[GLOBAL_PER_SECOND:] == [429] * 10
    assert body == {"message": "You are being rate limited.", "retry_after": 1.0, "global": True}
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert headers["Retry-After"] == "1" and headers["Via"]  # discord.py trusts a 429 only with Via
    clock.now += 0.5
    assert (await send(second, "GET", "/users/@me"))[0] == 429  # a sliding second: nothing has left it yet
    clock.now += 0.5
    assert (await send(http, "GET", "/users/@me"))[0] == 200
    usage = Usage.of(double.world.calls)
    assert usage.counted == GLOBAL_PER_SECOND + 12 and usage.refused == 11 and usage.invalid == 11


async def test_interaction_endpoints_are_exempt(
    double: DiscordDouble, http: aiohttp.ClientSession, clock: Clock
) -> None:
    user = SimUser(double, double.person("Ivy"))
    inter = (await user._send(2, {"name": "x"}, double.world.channel_id, None)).interaction
    for _ in range(GLOBAL_PER_SECOND):
        assert (await send(http, "GET", "/users/@me"))[0] == 200
    assert (await send(http, "GET", "/users/@me"))[0] == 429
    # The callback and the interaction's webhook take no part of the spent budget, and count against none.
    callback = f"/interactions/{inter.id}/{inter.token}/callback"
    assert (await send(http, "POST", callback, {"type": 5}))[0] == 200
    webhook = f"/webhooks/{double.world.bot.id}/{inter.token}"
    assert (await send(http, "PATCH", webhook + "/messages/@original", {"content": "done"}))[0] == 200
    for n in range(3):
        assert (await send(http, "POST", webhook + "?wait=true", {"content": f"more {n}"}))[0] == 200
    exempt = [c for c in double.world.calls if c.path.startswith((API + "/interactions", API + "/webhooks"))]
    assert len(exempt) == 5 and not any(c.counted for c in exempt)


async def test_a_channel_takes_5_messages_and_5_edits_every_5_seconds(
    double: DiscordDouble, http: aiohttp.ClientSession, clock: Clock
) -> None:
    channel = double.world.channel_id
    other = double.world.add_guild("Another server").channel_id
    seen: list[CIMultiDictProxy[str]] = []
    for _ in range(5):
        status, headers, message = await send(http, "POST", f"/channels/{channel}/messages", {"content": "hi"})
        assert status == 200
        seen.append(headers)
    assert [h["X-RateLimit-Remaining"] for h in seen] == ["4", "3", "2", "1", "0"]
    assert {h["X-RateLimit-Limit"] for h in seen} == {"5"} and len({h["X-RateLimit-Bucket"] for h in seen}) == 1
    assert float(seen[0]["X-RateLimit-Reset-After"]) == 5.0
    assert abs(float(seen[0]["X-RateLimit-Reset"]) - (time.time() + 5.0)) < 2.0  # epoch seconds
    status, headers, body = await send(http, "POST", f"/channels/{channel}/messages", {"content": "too many"})
    assert status == 429 and body["global"] is False and body["retry_after"] == 5.0
    assert headers["X-RateLimit-Scope"] == "user" and headers["X-RateLimit-Remaining"] == "0"
    assert headers["X-RateLimit-Bucket"] == seen[0]["X-RateLimit-Bucket"] and "X-RateLimit-Global" not in headers
    assert [m.content for m in double.world.public(channel)] == ["hi"] * 5, "a refused message is not posted"
    # Another channel has a window of its own; edits have a bucket of their own.
    assert (await send(http, "POST", f"/channels/{other}/messages", {"content": "elsewhere"}))[0] == 200
    edit = f"/channels/{channel}/messages/{message['id']}"
    edits = [(await send(http, "PATCH", edit, {"content": f"edit {n}"})) for n in range(6)]
    assert [s for s, _, _ in edits] == [200] * 5 + [429]
    assert edits[0][1]["X-RateLimit-Bucket"] != seen[0]["X-RateLimit-Bucket"]
    clock.now += 5.0
    status, headers, _ = await send(http, "POST", f"/channels/{channel}/messages", {"content": "later"})
    assert status == 200 and headers["X-RateLimit-Remaining"] == "4"
    assert double.world.violations == [], "a 429 is Discord's answer, not a broken rule"


async def test_invalid_requests_are_counted_and_too_many_ban_the_address(
    double: DiscordDouble, http: aiohttp.ClientSession, clock: Clock
) -> None:
    closed = double.person("Eve")
    double.faults.closed_dms.add(closed.id)
    _, _, dm = await send(http, "POST", "/users/@me/channels", {"recipient_id": str(closed.id)})
    assert (await send(http, "POST", f"/channels/{dm['id']}/messages", {"content": "hi"}))[0] == 403
    async with aiohttp.ClientSession(base_url=double.url) as anonymous, anonymous.get(f"{API}/users/@me") as answer:
        assert answer.status == 401
    double.faults.fail("GET", r"/users/@me", 429)
    assert (await send(http, "GET", "/users/@me"))[0] == 429
    assert (await send(http, "GET", "/gateway/bot"))[0] == 200
    assert double.limits.invalid_total == 3 and Usage.of(double.world.calls).invalid == 3
    double.limits.invalid_limit = 5  # Discord's is 10,000 in 10 minutes; the same rule, sooner
    for _ in range(2):
        assert (await send(http, "GET", "/users/@me", None))[0] == 200
        async with aiohttp.ClientSession(base_url=double.url) as anonymous, anonymous.get(f"{API}/users/@me"):
            pass
    status, headers, body = await send(http, "GET", "/users/@me")
    assert (status, body) == (429, "error code: 1015") and "Via" not in headers  # Cloudflare's, not Discord's
    assert any("banned" in v for v in double.world.violations)
    clock.now += 3600
    assert (await send(http, "GET", "/users/@me"))[0] == 200


async def test_limits_switched_off_refuse_nothing_and_still_count() -> None:
    double = DiscordDouble(rate_limits=False)
    await double.start()
    try:
        headers = {"Authorization": f"Bot {double.world.token}"}
        async with aiohttp.ClientSession(base_url=double.url, headers=headers) as session:
            channel = double.world.channel_id
            statuses = [(await send(session, "POST", f"/channels/{channel}/messages", {"content": "x"}))[0]
                        for _ in range(GLOBAL_PER_SECOND + 5)]
        assert statuses == [200] * (GLOBAL_PER_SECOND + 5)
        assert Usage.of(double.world.calls).counted == GLOBAL_PER_SECOND + 5
    finally:
        await double.stop()
