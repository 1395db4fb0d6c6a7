"""The double itself keeps Discord's rules: these requests are what a careless bot might send, and the
double answers them as Discord does (and remembers the broken rule, which fails any end-to-end test)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from tests.e2e.double import DiscordDouble
from tests.e2e.double.limits import ATTACHMENT_SIZE_LIMIT
from tests.e2e.double.replies import form_fields
from tests.e2e.users import SimUser

API = "/api/v10"


async def call(http: aiohttp.ClientSession, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    async with http.request(method, API + path, json=body) as response:
        return response.status, json.loads(await response.text() or "null")


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(parts)}


@pytest.mark.parametrize(
    ("payload", "broken"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"components": [row(button(f"b{n}")) for n in range(6)]}, "action rows"),
        ({"components": [row(*(button(f"b{n}") for n in range(6)))]}, "components"),
        ({"components": [row(button("a"), button("a"))]}, "used twice"),
        ({"components": [row(button("x" * 101))]}, "custom_id"),
        ({"components": [row(button("a", "L" * 81))]}, "label"),
        (
            {"components": [row({"type": 3, "custom_id": "s", "options": [{"label": str(n), "value": str(n)}
                                                                          for n in range(26)]})]},
            "26 options",
        ),
        ({"components": [row({"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}, button("b"))]},
         "shares"),
        ({}, "empty"),
    ],
)
async def test_messages_breaking_discord_rules_are_refused(
    double: DiscordDouble, http: aiohttp.ClientSession, payload: dict[str, Any], broken: str
) -> None:
    status, body = await call(http, "POST", f"/channels/{double.world.channel_id}/messages", payload)
    assert status == 400 and body["code"] == 50035
    assert any(broken in v for v in double.world.violations), double.world.violations


async def test_files_over_the_size_limit_get_413(double: DiscordDouble, http: aiohttp.ClientSession) -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "big"}))
    form.add_field("files[0]", b"0" * (ATTACHMENT_SIZE_LIMIT + 1), filename="big.png")
    async with http.post(f"{API}/channels/{double.world.channel_id}/messages", data=form) as response:
        assert response.status == 413 and (await response.json())["code"] == 40005
    assert double.world.violations


async def test_interactions_are_answered_once_and_within_3_seconds(
    double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    user = SimUser(double, double.person("Dana"))
    on_time = (await user._send(2, {"name": "x"}, double.world.channel_id, None)).interaction
    late = (await user._send(2, {"name": "x"}, double.world.channel_id, None)).interaction
    late.created_at -= 3.5
    answer = {"type": 5, "data": {"flags": 64}}
    assert (await call(http, "POST", f"/interactions/{on_time.id}/{on_time.token}/callback", answer))[0] == 200
    status, body = await call(http, "POST", f"/interactions/{on_time.id}/{on_time.token}/callback", answer)
    assert (status, body["code"]) == (400, 40060)
    status, body = await call(http, "POST", f"/interactions/{late.id}/{late.token}/callback", answer)
    assert (status, body["code"]) == (404, 10062) and late.late
    # The first followup fills the "thinking" message and keeps it private; the next one is a new message.
    status, first = await call(http, "POST", f"/webhooks/{double.world.bot.id}/{on_time.token}?wait=true",
                               {"content": "one"})
    status, second = await call(http, "POST", f"/webhooks/{double.world.bot.id}/{on_time.token}?wait=true",
                                {"content": "two"})
    assert first["id"] == str(on_time.original_id) and first["flags"] & 64
    assert second["id"] != first["id"] and not second["flags"] & 64
    assert [m.content for m in user.sees() if m.interaction_id == on_time.id] == ["one", "two"]


async def test_faults_look_like_discords(double: DiscordDouble, http: aiohttp.ClientSession) -> None:
    closed = double.person("Eve")
    double.faults.closed_dms.add(closed.id)
    _, dm = await call(http, "POST", "/users/@me/channels", {"recipient_id": str(closed.id)})
    status, body = await call(http, "POST", f"/channels/{dm['id']}/messages", {"content": "hi"})
    assert (status, body["code"]) == (403, 50007)
    double.faults.fail("GET", r"/users/@me", 429, retry_after=0.5)
    async with http.get(f"{API}/users/@me") as response:
        assert response.status == 429 and response.headers["Via"]  # discord.py trusts a 429 only with Via
        assert (await response.json())["retry_after"] == 0.5
    async with aiohttp.ClientSession(base_url=double.url) as anonymous, anonymous.get(f"{API}/users/@me") as response:
        assert response.status == 401
    status, _ = await call(http, "GET", "/guilds/1/audit-logs")
    assert status == 404 and any("does not know" in v for v in double.world.violations)


async def test_a_form_opened_by_the_bot_is_filled_in_and_submitted(
    double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    user = SimUser(double, double.person("Finn"))
    asked = await user._send(2, {"name": "x"}, double.world.channel_id, None)
    form = {"custom_id": "mk:1:0:m:offer", "title": "Your offer", "components": [
        row({"type": 4, "custom_id": "amount", "label": "Amount", "style": 1, "value": "10"}),
    ]}
    inter = asked.interaction
    status, _ = await call(http, "POST", f"/interactions/{inter.id}/{inter.token}/callback", {"type": 9, "data": form})
    assert status == 200 and (await asked.settled()).interaction.modal == form
    submitted = await user.submit(asked, {"amount": "30"})
    assert submitted.interaction.type == 5
    assert submitted.interaction.data == {
        "custom_id": "mk:1:0:m:offer",
        "components": [row({"type": 4, "custom_id": "amount", "value": "30"})],
    }


async def test_uploads_are_read_as_aiohttp_reads_them() -> None:
    """The double's own multipart reader (aiohttp's is too slow for the load test) gives what aiohttp's does:
    the same fields, file names and bytes, whatever the bytes hold."""
    def form() -> aiohttp.FormData:
        data = aiohttp.FormData()
        data.add_field("payload_json", json.dumps({"content": "José 山田"}), content_type="application/json")
        data.add_field("files[0]", b"\x89PNG\r\n\r\n--\r\n", filename="hand-1-2.png")
        data.add_field("files[1]", b"", filename='Núñez "q".png')
        return data

    read: dict[str, dict[str, tuple[str | None, bytes]]] = {}

    async def ours(request: web.Request) -> web.Response:
        read["ours"] = form_fields(await request.read(), request.headers["Content-Type"])
        return web.Response()

    async def theirs(request: web.Request) -> web.Response:
        fields = (await request.post()).items()
        read["aiohttp"] = {
            name: (value.filename, value.file.read()) if isinstance(value, web.FileField)
            else (None, bytes(value) if isinstance(value, (bytes, bytearray)) else value.encode())
            for name, value in fields
        }
        return web.Response()

    app = web.Application()
    app.router.add_post("/ours", ours)
    app.router.add_post("/theirs", theirs)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        async with aiohttp.ClientSession() as session:
            for path in ("ours", "theirs"):
                async with session.post(f"http://127.0.0.1:{port}/{path}", data=form()) as response:
                    assert response.status == 200
    finally:
        await runner.cleanup()
    assert read["ours"] == read["aiohttp"]
    assert read["ours"]["files[0]"] == ("hand-1-2.png", b"\x89PNG\r\n\r\n--\r\n")


async def test_a_hook_runs_once_discord_has_the_request(double: DiscordDouble, http: aiohttp.ClientSession) -> None:
    """A test that kills the bot "after the board" means Discord has the board: the hook runs once the request
    was handled (before, the kill raced the board's own upload, and the double read its body from a dead
    connection); a hook that drops the request runs before, and the request is never handled."""
    channel = double.world.channel_id
    seen: list[int] = []
    double.faults.on("POST", r"/channels/\{id\}/messages", lambda _path: seen.append(len(double.world.messages)))
    await call(http, "POST", f"/channels/{channel}/messages", {"content": "board"})
    double.faults.on("POST", r"/channels/\{id\}/messages", lambda _path: seen.append(len(double.world.messages)),
                     drop=True)
    status, _ = await call(http, "POST", f"/channels/{channel}/messages", {"content": "lost"})
    assert seen == [1, 1] and status == 503
    assert [m.content for m in double.world.public(channel)] == ["board"]


async def test_a_request_whose_sender_dies_while_sending_never_arrives(double: DiscordDouble) -> None:
    """The bot killed in the middle of sending a body: Discord never gets the request. The double records it as
    never arrived (499), changes nothing and raises nothing."""
    host, port = double.url.removeprefix("http://").split(":")
    _, writer = await asyncio.open_connection(host, int(port))
    head = (f"POST {API}/channels/{double.world.channel_id}/messages HTTP/1.1\r\nHost: {host}\r\n"
            f"Authorization: Bot {double.world.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n")
    writer.write(head.encode() + b'{"content": "half')
    await writer.drain()
    await asyncio.sleep(0.2)  # the double has the headers and waits for the rest of the body
    writer.close()
    await writer.wait_closed()
    for _ in range(200):
        if double.world.calls:
            break
        await asyncio.sleep(0.01)
    assert [(c.status, c.route) for c in double.world.calls] == [(499, "POST /channels/{id}/messages")]
    assert double.world.public(double.world.channel_id) == [] and double.world.violations == []
