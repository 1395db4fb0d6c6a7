"""Discord's request budget (bot/pacing.py), on a fake clock: never more than the rate in any second, moves
before notifications before background posts, each priority in the order it came, exempt requests at once
(cogs/pacing.py), and edits of one message made while it waits sent once, in their newest version
(cogs/sending.py)."""

from __future__ import annotations

import asyncio
import itertools
import math
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
from yarl import URL

from bot import pacing
from bot.pacing import Budget, LocalSlots, Priority, SharedSlots
from cogs.pacing import PacedConnector
from cogs.sending import Sender


class FakeTime:
    """A clock that moves only when the budget sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(0)  # those already let through go on, at the time they were let through
        self.now += seconds


def fake_budget(rate: float = pacing.RATE) -> tuple[Budget, FakeTime]:
    clock = FakeTime()
    return Budget(LocalSlots(rate, clock), clock.sleep, clock), clock


def most_in_a_second(times: list[float]) -> int:
    """The most of these moments in any second [t, t + 1)."""
    ordered = sorted(times)
    return max(sum(1 for u in ordered if t <= u < t + 1.0 - 1e-9) for t in ordered)


async def test_never_more_than_the_rate_in_any_second() -> None:
    budget, clock = fake_budget()
    granted: list[float] = []

    async def request(priority: Priority) -> None:
        await budget.take(priority)
        granted.append(clock.now)

    levels = list(Priority)
    await asyncio.gather(*(request(levels[n % 3]) for n in range(300)))
    assert len(granted) == 300 and budget.granted == 300
    assert most_in_a_second(granted) == pacing.RATE
    assert pacing.RATE < 50  # Discord's global limit, with a margin
    assert granted[-1] - granted[0] == pytest.approx(299 / pacing.RATE)  # and no slower than the rate

    # Requests that come later, while the budget sleeps, are paced the same.
    later: list[float] = []

    async def another() -> None:
        await budget.take(Priority.MOVE)
        later.append(clock.now)

    await asyncio.gather(*(another() for _ in range(100)))
    assert most_in_a_second(granted + later) == pacing.RATE


async def test_an_idle_budget_lets_a_request_through_at_once() -> None:
    budget, clock = fake_budget()
    start = clock.now
    await budget.take(Priority.BACKGROUND)
    assert clock.now == start and budget.delayed == 0


async def test_moves_go_first_then_notifications_then_background_posts() -> None:
    budget, _ = fake_budget(rate=10)
    order: list[str] = []

    async def request(name: str, priority: Priority) -> None:
        await budget.take(priority)
        order.append(name)

    # A backlog of reminders and tournament posts; then a turn's notification and a move arrive.
    background = [asyncio.create_task(request(f"reminder {n}", Priority.BACKGROUND)) for n in range(5)]
    await asyncio.sleep(0)  # the first reminder takes the free slot; the others wait
    notice = asyncio.create_task(request("turn DM", Priority.NOTICE))
    move = asyncio.create_task(request("board", Priority.MOVE))
    await asyncio.gather(*background, notice, move)
    assert order == ["reminder 0", "board", "turn DM", "reminder 1", "reminder 2", "reminder 3", "reminder 4"]


async def test_a_turns_dms_go_as_a_move_once_its_games_next_move_waits_for_them() -> None:
    """A turn's DMs yield to other games' boards, but not to their own game's next move, which waits for them:
    while it does (``until``), they go at MOVE, in the order they came, so that move's board is not held back."""

    async def run(next_move_waits: bool) -> list[str]:
        budget, _ = fake_budget(rate=10)
        order: list[str] = []

        async def request(name: str, priority: Priority, until: Any = None) -> None:
            await budget.take(priority, until)
            order.append(name)

        first = asyncio.create_task(request("board 1", Priority.MOVE))
        await asyncio.sleep(0)  # the free slot; the rest wait
        dm = asyncio.create_task(request("game 1's DM", Priority.NOTICE, lambda: next_move_waits))
        boards = [asyncio.create_task(request(f"board {n}", Priority.MOVE)) for n in range(2, 4)]
        await asyncio.gather(first, dm, *boards)
        return order

    assert await run(next_move_waits=False) == ["board 1", "board 2", "board 3", "game 1's DM"]
    assert await run(next_move_waits=True) == ["board 1", "game 1's DM", "board 2", "board 3"]
    with pacing.yielding(Priority.NOTICE, until=lambda: True):
        assert pacing.priority() == Priority.NOTICE and pacing.raised_when() is not None
    assert pacing.raised_when() is None


async def test_notifications_go_in_the_order_they_came() -> None:
    budget, _ = fake_budget(rate=5)
    sent: list[int] = []

    async def notify(n: int) -> None:
        await budget.take(Priority.NOTICE)
        sent.append(n)

    tasks = []
    for n in range(30):
        tasks.append(asyncio.create_task(notify(n)))
        if n % 7 == 0:
            await asyncio.sleep(0)  # some come while others wait
    await asyncio.gather(*tasks)
    assert sent == list(range(30))


async def test_an_abandoned_request_gives_its_turn_to_the_next() -> None:
    budget, _ = fake_budget(rate=10)
    order: list[str] = []

    async def request(name: str) -> None:
        await budget.take(Priority.NOTICE)
        order.append(name)

    first = asyncio.create_task(request("first"))
    await asyncio.sleep(0)
    gone = asyncio.create_task(request("gone"))
    last = asyncio.create_task(request("last"))
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.gather(first, last)
    assert order == ["first", "last"] and budget.waiting == 0


async def test_priority_is_the_lowest_any_enclosing_block_asked_for() -> None:
    assert pacing.priority() == Priority.MOVE
    # A game's board, inside a tournament round's start, stays behind moves in progress.
    with pacing.yielding(Priority.BACKGROUND), pacing.yielding(Priority.MOVE):
        assert pacing.priority() == Priority.BACKGROUND
    with pacing.yielding(Priority.NOTICE):
        assert pacing.priority() == Priority.NOTICE
    assert pacing.priority() == Priority.MOVE


async def test_a_shared_budget_paces_on_its_own_share_while_the_database_cannot_answer() -> None:
    clock = FakeTime()

    async def broken() -> float:
        raise OSError("connection refused")

    slots = SharedSlots(broken, 1 / pacing.RATE, LocalSlots(pacing.RATE * pacing.share(4, (0, 1)), clock))
    budget = Budget(slots, clock.sleep, clock)
    granted: list[float] = []
    for _ in range(50):
        await budget.take(Priority.MOVE)
        granted.append(clock.now)
    assert most_in_a_second(granted) == math.ceil(pacing.RATE / 2)  # two shards of four: half the bot's rate


def test_a_process_share_is_its_part_of_the_shards() -> None:
    assert pacing.share(None, None) == 1.0
    assert pacing.share(4, None) == 1.0  # every shard in this process
    assert pacing.share(4, (1,)) == 0.25


# -- the hook in discord.py's HTTP client -------------------------------------------------------------------
async def test_a_slot_handed_out_late_does_not_make_the_next_one_early() -> None:
    """The event loop, busy, wakes the budget late: the requests waiting still go a slot's width apart."""
    budget, clock = fake_budget(rate=10)
    granted: list[float] = []
    late = True

    async def oversleep(seconds: float) -> None:
        nonlocal late
        await asyncio.sleep(0)
        clock.now += seconds + (0.5 if late else 0.0)  # the first sleep ends half a second late
        late = False

    budget._sleep = oversleep

    async def request() -> None:
        await budget.take(Priority.MOVE)
        granted.append(clock.now)

    await asyncio.gather(*(request() for _ in range(4)))
    gaps = [b - a for a, b in itertools.pairwise(granted)]
    assert gaps[0] == pytest.approx(0.6)  # the late one
    assert all(gap >= 0.1 - 1e-9 for gap in gaps)  # none right after it


def api(path: str) -> SimpleNamespace:
    """A request to Discord's API, as aiohttp hands it to the connector."""
    return SimpleNamespace(url=URL(discord.http.Route.BASE + path))


async def test_interaction_answers_never_wait_behind_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    budget, clock = fake_budget(rate=2)
    sent: list[tuple[str, float]] = []

    async def connect(self: aiohttp.TCPConnector, req: Any, traces: Any, timeout: Any) -> None:
        sent.append((req.url.path.removeprefix(URL(discord.http.Route.BASE).path), clock.now))

    monkeypatch.setattr(aiohttp.TCPConnector, "connect", connect)
    connector = PacedConnector(budget)
    posts = [asyncio.create_task(connector.connect(api(f"/channels/{n}/messages"), [], None))  # type: ignore[arg-type]
             for n in range(6)]
    await asyncio.sleep(0)
    start = clock.now
    exempt = ["/interactions/1/t0k3n/callback", "/webhooks/1/t0k3n", "/webhooks/1/t0k3n/messages/@original"]
    for path in exempt:
        await connector.connect(api(path), [], None)  # type: ignore[arg-type]
    gateway = SimpleNamespace(url=URL("wss://gateway.discord.gg/?v=10"))
    await connector.connect(gateway, [], None)  # type: ignore[arg-type]
    assert [path for path, at in sent if at == start][-4:] == [*exempt, "/"]
    await asyncio.gather(*posts)
    counted = [at for path, at in sent if path.startswith("/channels/")]
    assert counted == [start + n * 0.5 for n in range(6)]  # two a second
    # A webhook read with the bot's token is counted: only the interaction's token is exempt.
    assert budget.granted == 6
    await connector.connect(api("/webhooks/1"), [], None)  # type: ignore[arg-type]
    assert budget.granted == 7
    await connector.close()


async def test_a_slot_taken_ahead_is_used_only_at_once() -> None:
    """A request that waited elsewhere after its slot (discord.py holding it for a channel's own limit) takes
    a new one: sent late on the old one, it could join a second already full."""
    budget, clock = fake_budget(rate=2)
    await budget.take(Priority.MOVE)
    with budget.paid():
        await budget.request(Priority.MOVE)  # at once: the slot taken
    assert budget.granted == 1
    await budget.take(Priority.MOVE)
    with budget.paid():
        clock.now += 3.0  # held 3 s by the channel's limit
        await budget.request(Priority.MOVE)
    assert budget.granted == 3


# -- edits of one message, coalesced while they wait ----------------------------------------------------------
class EditingBot:
    """What a Sender uses of the bot, with a message whose edits are recorded."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.edits: list[dict[str, Any]] = []

    def get_partial_messageable(self, channel_id: int, **_: Any) -> Any:
        async def edit(**kwargs: Any) -> None:
            await self.budget.request(pacing.priority())  # as discord.py's request would
            self.edits.append(kwargs)

        return SimpleNamespace(get_partial_message=lambda message_id: SimpleNamespace(edit=edit))


async def test_a_message_edited_several_times_while_its_edit_waits_is_sent_once_in_its_newest_version() -> None:
    budget, _ = fake_budget(rate=1)
    bot = EditingBot(budget)
    sender = Sender(bot)  # type: ignore[arg-type]
    await budget.take(Priority.MOVE)  # the budget is busy: the next slot is a second away
    first = asyncio.create_task(sender.edit(1, 10, content="move 1", view="buttons 1", attachments=["board 1"]))
    await asyncio.sleep(0)
    second = asyncio.create_task(sender.edit(1, 10, content="move 2", attachments=["board 2"]))
    third = asyncio.create_task(sender.edit(1, 10, content="move 3", view="buttons 3"))
    other = asyncio.create_task(sender.edit(1, 11, content="another message"))
    assert await asyncio.gather(first, second, third, other) == [True, True, True, True]
    assert bot.edits == [
        {"content": "move 3", "view": "buttons 3", "attachments": ["board 2"]},  # as the three in a row leave it
        {"content": "another message"},
    ]
    assert budget.granted == 3  # the busy slot, then one for each message edited

    # Once an edit has gone, the next one is a request of its own.
    await sender.edit(1, 10, content="move 4")
    assert bot.edits[-1] == {"content": "move 4"} and budget.granted == 4


async def test_edits_that_joined_a_refused_edit_hear_the_refusal() -> None:
    budget, _ = fake_budget(rate=1)

    class Refusing(EditingBot):
        def get_partial_messageable(self, channel_id: int, **_: Any) -> Any:
            async def edit(**kwargs: Any) -> None:
                await self.budget.request(pacing.priority())
                raise discord.HTTPException(SimpleNamespace(status=403, reason="Forbidden"), "no")  # type: ignore[arg-type]

            return SimpleNamespace(get_partial_message=lambda message_id: SimpleNamespace(edit=edit))

    sender = Sender(Refusing(budget))  # type: ignore[arg-type]
    await budget.take(Priority.MOVE)
    first = asyncio.create_task(sender.edit(1, 10, content="a"))
    await asyncio.sleep(0)
    second = asyncio.create_task(sender.edit(1, 10, content="b"))
    results = await asyncio.gather(first, second, return_exceptions=True)
    assert all(isinstance(r, discord.HTTPException) for r in results)
    assert budget.granted == 2  # one request for both
