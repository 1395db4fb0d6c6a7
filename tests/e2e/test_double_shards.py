"""The double shards as Discord does: each shard identifies with ``[id, count]`` and receives the servers
whose ``(guild_id >> 22) % count`` is its id, their interactions and messages; DMs and DM interactions go to
shard 0; ``GET /gateway/bot`` recommends the shard count."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.e2e.double import DiscordDouble
from tests.e2e.double.gateway import ALL_INTENTS, GUILDS
from tests.e2e.double.model import shard_of
from tests.e2e.users import SimUser

API = "/api/v10"


class Shard:
    """A bare gateway client: one shard's connection, reading every frame it is sent."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.events: list[tuple[str, dict[str, Any]]] = []

    async def read_until(self, event: str, count: int = 1) -> None:
        while sum(1 for name, _ in self.events if name == event) < count:
            message = await self.ws.receive(timeout=5)
            assert message.type == aiohttp.WSMsgType.TEXT, message
            frame = json.loads(message.data)
            if frame["op"] == 0:
                self.events.append((frame["t"], frame["d"]))

    def of(self, event: str) -> list[dict[str, Any]]:
        return [data for name, data in self.events if name == event]


@pytest.fixture
async def sharded() -> AsyncIterator[DiscordDouble]:
    world = DiscordDouble(shards=2)
    await world.start()
    yield world
    await world.stop()


async def connect(
    session: aiohttp.ClientSession, double: DiscordDouble, shard: list[int] | None, intents: int = ALL_INTENTS
) -> Shard:
    ws = await session.ws_connect(double.gateway.url + "?v=10&encoding=json")
    hello = json.loads((await ws.receive(timeout=5)).data)
    assert hello["op"] == 10
    identify: dict[str, Any] = {"token": double.world.token, "intents": intents, "properties": {}}
    if shard is not None:
        identify["shard"] = shard
    await ws.send_json({"op": 2, "d": identify})
    return Shard(ws)


async def test_gateway_bot_recommends_the_shard_count(sharded: DiscordDouble) -> None:
    headers = {"Authorization": f"Bot {sharded.world.token}"}
    async with aiohttp.ClientSession(base_url=sharded.url, headers=headers) as http, http.get(
        f"{API}/gateway/bot"
    ) as response:
        assert (await response.json())["shards"] == 2


async def test_each_shard_gets_its_servers_their_events_and_shard_0_the_dms(sharded: DiscordDouble) -> None:
    world = sharded.world
    other = world.add_guild("Second server", shard=(1 - shard_of(world.guild_id, 2), 2))
    on = {shard_of(world.guild_id, 2): world.guild_id, shard_of(other.id, 2): other.id}
    assert set(on) == {0, 1}, "one server on each shard"
    alice = SimUser(sharded, sharded.person("Alice"))
    async with aiohttp.ClientSession() as session:
        shards = [await connect(session, sharded, [n, 2]) for n in (0, 1)]
        for n, shard in enumerate(shards):
            await shard.read_until("GUILD_CREATE")
            (ready,) = shard.of("READY")
            assert ready["shard"] == [n, 2]
            assert [g["id"] for g in ready["guilds"]] == [str(on[n])]
            assert [g["id"] for g in shard.of("GUILD_CREATE")] == [str(on[n])]
            channels = shard.of("GUILD_CREATE")[0]["channels"]
            assert [c["id"] for c in channels] == [str(world.guilds[on[n]].channel_id)]
        assert sharded.gateway.ready.is_set()

        # A command in each server reaches that server's shard only; a DM click reaches shard 0.
        for n in (0, 1):
            await alice._send(2, {"name": "x"}, world.guilds[on[n]].channel_id, None)
        await alice._send(3, {"custom_id": "mk:1:0:play", "component_type": 2}, world.dm_channel(alice.id).id, None)
        await shards[0].read_until("INTERACTION_CREATE", 2)
        await shards[1].read_until("INTERACTION_CREATE", 1)
        guild_of = [[i.get("guild_id") for i in shard.of("INTERACTION_CREATE")] for shard in shards]
        assert guild_of == [[str(on[0]), None], [str(on[1])]]

        # The bot's own messages: a server's MESSAGE_CREATE on its shard, a DM's on shard 0.
        headers = {"Authorization": f"Bot {world.token}"}
        async with aiohttp.ClientSession(base_url=sharded.url, headers=headers) as http:
            for channel in (world.guilds[on[1]].channel_id, world.dm_channel(alice.id).id):
                async with http.post(f"{API}/channels/{channel}/messages", json={"content": "hi"}) as response:
                    assert response.status == 200
        await shards[0].read_until("MESSAGE_CREATE")
        await shards[1].read_until("MESSAGE_CREATE")
        assert [m.get("guild_id") for m in shards[0].of("MESSAGE_CREATE")] == [None]
        assert [m.get("guild_id") for m in shards[1].of("MESSAGE_CREATE")] == [str(on[1])]
        for shard in shards:
            await shard.ws.close()


async def test_an_unsharded_identify_is_shard_0_of_1_with_every_server(sharded: DiscordDouble) -> None:
    world = sharded.world
    world.add_guild("Second server")
    async with aiohttp.ClientSession() as session:
        shard = await connect(session, sharded, None)
        await shard.read_until("GUILD_CREATE", 2)
        assert shard.of("READY")[0]["shard"] == [0, 1]
        assert {g["id"] for g in shard.of("GUILD_CREATE")} == {str(g) for g in world.guilds}
        await shard.ws.close()


@pytest.mark.parametrize("shard", [[2, 2], [0, 0], [-1, 2], [0]])
async def test_an_impossible_shard_is_refused_with_discords_code(sharded: DiscordDouble, shard: list[int]) -> None:
    async with aiohttp.ClientSession() as session:
        client = await connect(session, sharded, shard)
        message = await client.ws.receive(timeout=5)
        assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 4010


def test_servers_can_be_placed_on_a_shard() -> None:
    double = DiscordDouble()
    for count in (2, 3, 16):
        for wanted in range(count):
            guild = double.world.add_guild(f"{wanted}/{count}", shard=(wanted, count))
            assert shard_of(guild.id, count) == wanted
    assert len(set(double.world.guilds)) == len(double.world.guilds)


@pytest.mark.parametrize("intents", [GUILDS, 0])
async def test_a_session_gets_only_the_events_its_intents_ask_for(sharded: DiscordDouble, intents: int) -> None:
    world = sharded.world
    alice = SimUser(sharded, sharded.person("Alice"))
    async with aiohttp.ClientSession() as session:
        shard = await connect(session, sharded, None, intents=intents)
        await shard.read_until("READY")
        headers = {"Authorization": f"Bot {world.token}"}
        async with aiohttp.ClientSession(base_url=sharded.url, headers=headers) as http:
            for channel in (world.channel_id, world.dm_channel(alice.id).id):
                async with http.post(f"{API}/channels/{channel}/messages", json={"content": "hi"}) as response:
                    assert response.status == 200
        await alice._send(2, {"name": "x"}, world.channel_id, None)
        await shard.read_until("INTERACTION_CREATE")  # after both messages: they were never sent
        assert not shard.of("MESSAGE_CREATE")
        assert all(not frame["t"].startswith("MESSAGE_") for frame in sharded.gateway.sessions[0].frames)
        await shard.ws.close()


@pytest.mark.parametrize("intents", [None, -1, 1 << 40, "1"])
async def test_identify_without_valid_intents_is_refused(sharded: DiscordDouble, intents: object) -> None:
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(sharded.gateway.url + "?v=10&encoding=json")
        await ws.receive(timeout=5)
        identify = {"token": sharded.world.token, "properties": {}, "shard": [0, 2]}
        if intents is not None:
            identify["intents"] = intents
        await ws.send_json({"op": 2, "d": identify})
        message = await ws.receive(timeout=5)
        assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 4013
