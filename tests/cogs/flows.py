"""Steps a person takes in Discord, done through the fake: open a table, start it, make a move."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import discord

from bot.games.base import Event
from bot.names import public_names
from bot.tables import Table
from tests.cogs.harness import FakeDiscord, Posted, walk


async def open_from_panel(fake: FakeDiscord, host: Any, panel: Posted) -> tuple[int, Posted]:
    """"Open the table" on the private options panel: the game id and the public lobby."""
    mark = len(fake.sent)
    await fake.click(host, panel, label="Open the table")
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    found = re.search(r"table #(\d+)", lobby.content)
    assert found is not None
    return int(found[1]), lobby


async def open_table(fake: FakeDiscord, host: Any, *, seats: int = 2, game: str = "great_wall") -> tuple[int, Posted]:
    """``/game new`` then "Open the table" on the private options panel: the game id and the public lobby."""
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, host, game=game, seats=seats)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    return await open_from_panel(fake, host, panel)


async def start_game(fake: FakeDiscord, host: Any, *others: Any, game: str = "great_wall") -> tuple[int, Posted]:
    game_id, lobby = await open_table(fake, host, seats=1 + len(others), game=game)
    for user in others:
        await fake.click(user, lobby, label="Join")
    await fake.click(host, lobby, label="Start")
    return game_id, lobby


def is_control(item: Any, table: Table) -> bool:
    custom_id = getattr(getattr(item, "item", item), "custom_id", "") or ""
    return re.fullmatch(rf"mk:{table.id}:{table.version}:[bs]:.+", custom_id) is not None


def controls_of(fake: FakeDiscord, table: Table, user: Any) -> Posted | None:
    """The newest private message of ``user`` that holds controls for the current position."""
    seen: set[int] = set()
    for sent in reversed(fake.sent):
        message = sent.message
        if message.id in seen:
            continue
        seen.add(message.id)
        if message.owner == user.id and any(is_control(item, table) for item in walk(message.view)):
            return message
    return None


def last_board(fake: FakeDiscord) -> Posted:
    for sent in reversed(fake.sent):
        if not sent.private and any(getattr(getattr(i, "item", i), "label", None) == "Play" for i in walk(sent.view)):
            return sent.message
    raise AssertionError("no board message with a Play button")


AWAY = ("Back", "Rules", "Take back")  # presses that lead away from a move (a take-back is tested on its own)


def candidates(view: discord.ui.View | None) -> list[tuple[str, str]]:
    """Everything a person could pick in a step of the controls, as click() arguments (never "Back", nor
    "Rules", which only explains)."""
    found: list[tuple[str, str]] = []
    for item in walk(view):
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Select):
            found.extend(("option", option.label) for option in inner.options)
        elif inner.label not in AWAY:
            found.append(("label", inner.label))
    return found


async def mover_controls(
    fake: FakeDiscord, game_id: int, users: dict[int, Any], rng: random.Random
) -> tuple[Table, Any, Posted]:
    """The table, the person to move and the controls they use: their DM or ephemeral message when it is
    current, else (or sometimes anyway) those "Play" on the latest board message answers with."""
    table = await fake.bot.service.get(game_id)
    user = users[table.player_at(min(table.to_act())).user_id or 0]
    message = controls_of(fake, table, user) if rng.random() > 0.2 else None
    if message is None:
        await fake.click(user, last_board(fake), label="Play")
        message = fake.last(private=True)
        assert message.owner == user.id
    return table, user, message


async def make_move(fake: FakeDiscord, game_id: int, users: dict[int, Any], rng: random.Random) -> None:
    """The player to move makes one move with the controls the bot shows them: from their DM or ephemeral
    message when it is current, else (or sometimes anyway) through "Play" on the latest board message."""
    table, user, message = await mover_controls(fake, game_id, users, rng)
    for _ in range(4):
        kind, label = rng.choice(candidates(message.view))
        await fake.click(user, message, **{kind: label})
        if (await fake.bot.service.get(game_id)).version != table.version:
            return
    raise AssertionError(f"no move after 4 steps; last shown: {message.content!r}")


def picks(view: discord.ui.View | None, rng: random.Random) -> list[tuple[str, tuple[str, ...], bool]]:
    """What a person may pick on a step, as (custom_id, select values, a select still to fill in): never
    "Back" or "Rules"; a select allowing several values gets a random number of them, within its bounds."""
    found: list[tuple[str, tuple[str, ...], bool]] = []
    for item in walk(view):
        inner = getattr(item, "item", item)
        if getattr(inner, "disabled", False):
            continue
        if isinstance(inner, discord.ui.Select):
            options = inner.options
            fresh = not any(o.default for o in options)
            low, high = inner.min_values, min(inner.max_values, len(options))
            if high > 1:
                chosen = rng.sample(options, rng.randint(max(low, 1), high))
                found.append((inner.custom_id, tuple(o.value for o in chosen), fresh))
            else:
                found.extend((inner.custom_id, (o.value,), fresh) for o in options)
        elif getattr(inner, "label", None) not in (None, *AWAY) and getattr(inner, "custom_id", None):
            found.append((inner.custom_id, (), False))
    return found


async def play_a_move(fake: FakeDiscord, game_id: int, users: dict[int, Any], rng: random.Random) -> None:
    """A seat to act makes one move with the controls the bot shows it, whatever the game: mostly a select
    still to fill in, else a button; after a refusal, or with no controls left, it starts again from "Play"."""
    table = await fake.bot.service.get(game_id)
    seat = rng.choice(sorted(table.to_act()))
    user = users[table.player_at(seat).user_id or 0]
    message = controls_of(fake, table, user) if rng.random() > 0.2 else None
    for step in range(120):
        if message is None or step % 30 == 29 or not any(is_control(i, table) for i in walk(message.view)):
            await fake.click(user, last_board(fake), label="Play")
            message = fake.last(private=True)
        found = picks(message.view, rng)
        fresh = [p for p in found if p[2]]
        buttons = [p for p in found if not p[1]]
        custom_id, values, _ = rng.choice(fresh if fresh and (not buttons or rng.random() < 0.75) else buttons or found)
        await fake.dispatch(user, message, custom_id, values)
        now = await fake.bot.service.get(game_id)
        if now.version != table.version or now.status != "running":
            return
        table = now
    raise AssertionError(f"no move after 120 steps; last shown: {message.content!r}")


async def open_timed(
    fake: FakeDiscord, host: Any, *others: Any, clock: str, policy: str, vacations: bool = True
) -> tuple[int, Posted]:
    """``/game new`` with a clock chosen on the panel's clock page, then join and start: the game id and lobby.
    ``clock`` is a preset's label; ``policy`` the words of the "Out of time: ..." choice."""
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, host, game="great_wall", seats=1 + len(others))  # type: ignore[union-attr]
    panel = fake.last(private=True)
    await fake.click(host, panel, label="Clock and timeouts")
    await fake.click(host, panel, option=clock)
    await fake.click(host, panel, option=f"Out of time: {policy}")
    if not vacations:
        await fake.click(host, panel, option="Vacations do not pause clocks")
    game_id, lobby = await open_from_panel(fake, host, panel)
    for user in others:
        await fake.click(user, lobby, label="Join")
    await fake.click(host, lobby, label="Start")
    return game_id, lobby


async def play_turn(fake: FakeDiscord, game_id: int, users: dict[int, Any], rng: random.Random) -> None:
    """The seat to move makes moves until its turn is over (a Great Wall turn may take several)."""
    table = await fake.bot.service.get(game_id)
    seat = min(table.to_act())
    for _ in range(20):
        await make_move(fake, game_id, users, rng)
        table = await fake.bot.service.get(game_id)
        if table.status != "running" or seat not in table.to_act():
            return
    raise AssertionError("the turn did not end after 20 moves")


async def private_sentences(fake: FakeDiscord, game_id: int) -> set[str]:
    """Every sentence only one seat may read (e.g. a card drawn from the deck), from the notifications' events."""
    table = await fake.bot.service.get(game_id)
    game, names = table.game, public_names(table)
    rows = await fake.bot.service.db.fetchall("SELECT payload FROM outbox WHERE game_id = ?", (game_id,))
    found = set()
    for row in rows:
        for data in json.loads(row["payload"]).get("events", []):
            event = Event.from_dict(data)
            for seat in event.private:
                mine = game.describe(event, names, seat)
                if mine and mine != game.describe(event, names, None):
                    found.add(mine)
    return found


async def rules_embed(fake: FakeDiscord, user: Any, game: str) -> discord.Embed:
    """``/rules game``: answered privately with one PNG picture; the answer's embed."""
    cog = fake.bot.get_cog("Rulebook")
    await fake.command(cog.rules, user, game=game)  # type: ignore[union-attr]
    answer = fake.last()
    assert answer.private and len(answer.files) == 1 and answer.files[0].startswith(b"\x89PNG")
    return answer.embeds[0]
