"""Steps a Chinatown player takes in Discord, through the fake: open a table, keep cards, build an offer,
answer it, finish trading, build shops. Shared by the Chinatown cog tests (this module has no tests).

Pictures are stubbed in these tests (``json_pictures``): each "PNG" is the JSON of the view it was drawn
from, so a test can tell whose view every picture anyone saw was made of.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import discord
import pytest

import render
from bot.tables import Table
from tests.cogs.flows import last_board, open_from_panel
from tests.cogs.harness import FakeDiscord, Posted, labels, walk


@pytest.fixture
def json_pictures(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pictures as the JSON of their view: fast, and readable by the hidden-information checks."""

    def draw(kind: str) -> Any:
        def picture(key: str, view: dict[str, Any], names: Any = None, *focus: Any) -> bytes:
            return json.dumps({"picture": kind, "view": view}, sort_keys=True).encode()

        return picture

    for kind in ("board", "hand", "final", "focus"):
        monkeypatch.setattr(render, kind, draw(kind))
    yield


def picture_view(data: bytes) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(data)
    return found


async def open_chinatown(fake: FakeDiscord, host: Any, others: list[Any], computers: int = 0) -> int:
    """``/game new chinatown``, the table opened with the default options, joined, filled up, started."""
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, host, game="chinatown", seats=1 + len(others) + computers)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    game_id, lobby = await open_from_panel(fake, host, panel)
    for user in others:
        await fake.click(user, lobby, label="Join")
    for _ in range(computers):
        await fake.click(host, lobby, label="Add computer (easy)")
    await fake.click(host, lobby, label="Start")
    return game_id


def control(message: Posted, *, label: str | None = None, verb: str | None = None) -> Any:
    """The item labelled ``label``, or the first whose payload starts with ``verb``."""
    for item in walk(message.view):
        inner = getattr(item, "item", item)
        custom_id = str(getattr(inner, "custom_id", ""))
        payload = custom_id.split(":", 4)[-1]
        if (label is not None and getattr(inner, "label", None) == label) or (
            verb is not None and payload.split(".")[0] == verb
        ):
            return inner
    raise AssertionError(f"no {label or verb!r} in {message.content[:80]!r}: {labels(message.view)}")


def has(message: Posted, *, label: str | None = None, verb: str | None = None) -> bool:
    try:
        control(message, label=label, verb=verb)
    except AssertionError:
        return False
    return True


def option_value(select: discord.ui.Select[Any], starts: str) -> str:
    for option in select.options:
        if option.label.startswith(starts):
            return str(option.value)
    raise AssertionError(f"no option {starts!r} in {[o.label for o in select.options]}")


class Player:
    """One person at the table, acting only through what the bot shows them."""

    def __init__(self, fake: FakeDiscord, game_id: int, user: Any) -> None:
        self.fake, self.game_id, self.user = fake, game_id, user

    async def table(self) -> Table:
        return await self.fake.bot.service.get(self.game_id)

    async def seat(self) -> int:
        seat = (await self.table()).seat_of(self.user.id)
        assert seat is not None
        return seat

    async def panel(self) -> Posted:
        """Press "Play" on the latest board message: the controls, privately."""
        await self.fake.click(self.user, last_board(self.fake), label="Play")
        message = self.fake.last(private=True)
        assert message.owner == self.user.id, message.content
        return message

    async def pick(self, message: Posted, verb: str, *values: str) -> None:
        select = control(message, verb=verb)
        await self.fake.dispatch(self.user, message, select.custom_id, tuple(values))

    async def press(self, message: Posted, label: str, public: bool = False) -> Posted:
        """Press a button; the answer to a public message's button is a new private message."""
        await self.fake.click(self.user, message, label=label)
        if public:
            return self.fake.last(private=True, owner=self.user.id)
        return message

    # -- the phases ------------------------------------------------------------------------------------
    async def keep(self) -> list[int]:
        panel = await self.panel()
        select = control(panel, verb="kp")
        chosen = [str(o.value) for o in select.options][: select.max_values]
        await self.pick(panel, "kp", *chosen)
        assert "This is final" in panel.content
        await self.press(panel, "Keep these")
        return [int(lot) for lot in chosen]

    async def done_trading(self) -> None:
        panel = await self.panel()
        await self.press(panel, "Done trading")

    async def build_shops(self, most: int) -> int:
        """Build up to ``most`` shops (the first tile type and lot offered each time), then finish."""
        panel = await self.panel()
        built = 0
        while built < most and has(panel, verb="ps"):
            select = control(panel, verb="ps")
            await self.pick(panel, "ps", str(select.options[0].value))
            if has(panel, verb="pd"):  # more lots than a short list: the district first
                await self.pick(panel, "pd", str(control(panel, verb="pd").options[0].value))
            lots = control(panel, verb="pl")
            await self.pick(panel, "pl", str(lots.options[0].value))
            built += 1
        if has(panel, verb="end"):  # else nothing more fitted: the service finished the turn at once
            await self.press(panel, control(panel, verb="end").label)
        return built

    async def new_offer(self, partners: list[int]) -> Posted:
        """Open the builder from the trading panel and choose partners (skipped when there is only one)."""
        panel = await self.panel()
        await self.press(panel, "New offer")
        if has(panel, verb="who"):
            await self.pick(panel, "who", *map(str, partners))
        assert "**New offer** with" in panel.content
        return panel

    async def add(
        self, builder: Posted, side: int, item: str, *, to: str | None = None, amount: str | None = None
    ) -> None:
        """Add an item from the side's menu (the option whose label starts with ``item``); money then an
        amount; with three or more players, the recipient."""
        selects = [i for i in walk(builder.view) if i.item.custom_id.split(":", 4)[-1].startswith("add.")]
        select = next(i.item for i in selects if i.item.custom_id.split(".")[-1] == str(side))
        if not any(o.label.startswith(item) for o in select.options):  # a short list: lots or tiles are a step
            await self.fake.dispatch(self.user, builder, select.custom_id,
                                     (option_value(select, "A lot…" if item.startswith("Lot") else "A tile…"),))
            select = next(i.item for i in walk(builder.view) if i.item.custom_id.split(":", 4)[-1].startswith("add."))
        await self.fake.dispatch(self.user, builder, select.custom_id, (option_value(select, item),))
        if amount is not None:
            await self.pick(builder, "mny", option_value(control(builder, verb="mny"), amount))
        if to is not None:
            await self.press(builder, f"To {to}")
        assert " with " in builder.content, builder.content
