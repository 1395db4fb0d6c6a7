"""Private prompts carry the picture their decision needs (issue 13, item 2): every game is played through the
fake Discord with the controls the bot shows, and every private message holding controls is checked as it
was sent or edited: it has the seat's own picture, at most two pictures, and when its choices name sections,
regions, lots or provinces, the board or the close-up of that part comes with it. Pictures are the real
renders (a close-up is the render of the seat's own view), so the checks see what a player sees.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.tables.service
import render
from bot.games.china.text import region_name
from bot.games.sun_tzu.data import PROVINCES
from bot.games.sun_tzu.text import province
from bot.names import picture_names
from bot.tables import Table
from cogs.game_pictures import focus_filename
from render import Focus
from render.crops import BOARD
from tests.cogs.flows import controls_of, is_control, last_board, open_from_panel
from tests.cogs.harness import FakeDiscord, Posted, Sent, make_user, walk

PEOPLE = [make_user(101, "Alice"), make_user(202, "Bob"), make_user(303, "Carol")]
SEATS = {"great_wall": 2, "china": 3, "sun_tzu": 2, "chinatown": 3}
# Presses that lead away from a move, or into the trade builder (walked on its own below).
AVOID = {"Back", "Cancel", "Rules", "Change a card", "Exceptional support…", "Remove an item", "Change my orders",
         "New offer", "Counter-offer", "Back to trading", "Withdraw", "Decline"}
CHINA_REGIONS = [region_name(r) for r in ("qin", "zhao", "qi", "han", "zhou", "wei", "lu", "shu", "chu")]
SUN_TZU_PROVINCES = [province(p) for p in PROVINCES]
NUMBERED = re.compile(r"\b(?:Section|Lot|lot) \d")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables get this seed instead of a random one, so each walk below is the same every run."""
    monkeypatch.setattr(bot.tables.service, "secrets", SimpleNamespace(randbits=lambda bits: 2024))


# -- what a decision names -------------------------------------------------------------------------------------
def texts(view: discord.ui.View | None) -> list[str]:
    """What a person reads on a message's controls: labels, placeholders, option labels."""
    found: list[str] = []
    for item in walk(view):
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Select):
            found.append(inner.placeholder or "")
            found.extend(option.label for option in inner.options)
        else:
            found.append(str(getattr(inner, "label", "") or ""))
    return found


def names_the_board(key: str, view: discord.ui.View | None) -> bool:
    """Whether a step's choices name parts of the board: sections, lots, regions, provinces."""
    words = texts(view)
    if key == "china":
        return any(name in word for word in words for name in CHINA_REGIONS)
    if key == "sun_tzu":
        return any(name in word for word in words for name in SUN_TZU_PROVINCES)
    return any(NUMBERED.search(word) for word in words)


def holds_controls(sent: Sent) -> bool:
    return any(re.fullmatch(r"mk:\d+:\d+:[bs]:.+", getattr(getattr(i, "item", i), "custom_id", "") or "")
               for i in walk(sent.view))


def check_prompts(key: str, sent: Sequence[Sent]) -> int:
    """Every private message with controls has the seat's picture and, when its choices name the board, the
    board or a close-up; never more than two. Returns how many named the board (so a test knows it met some)."""
    named = 0
    for one in sent:
        if not one.private or not holds_controls(one):
            continue
        assert 1 <= len(one.files) <= 2, (one.content, one.filenames)
        assert one.filenames[0].startswith("hand-"), one.filenames
        if names_the_board(key, one.view):
            named += 1
            assert len(one.filenames) == 2 and one.filenames[1].startswith(("focus-", "board-")), (
                f"{key}: choices {texts(one.view)[:6]} came without their picture: {one.filenames}"
            )
    return named


# -- playing ---------------------------------------------------------------------------------------------------
async def start(fake: FakeDiscord, key: str) -> tuple[int, dict[int, Any]]:
    users = PEOPLE[: SEATS[key]]
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, users[0], game=key, seats=len(users))  # type: ignore[union-attr]
    panel = fake.last(private=True)
    game_id, lobby = await open_from_panel(fake, users[0], panel)
    for user in users[1:]:
        await fake.click(user, lobby, label="Join")
    await fake.click(users[0], lobby, label="Start")
    return game_id, {u.id: u for u in users}


async def _controls(fake: FakeDiscord, table: Table, user: Any) -> Posted:
    message = controls_of(fake, table, user)
    if message is None:
        await fake.click(user, last_board(fake), label="Play")
        message = fake.last(private=True)
    return message


async def press_something(fake: FakeDiscord, user: Any, message: Posted, rng: random.Random) -> None:
    """One press a player could make on ``message``: a button, or a select's choice (as many values as the
    select asks for)."""
    choices: list[tuple[Any, tuple[str, ...]]] = []
    for item in walk(message.view):
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Select):
            offered = [option.value for option in inner.options]
            if inner.min_values > 1:
                choices.append((inner, tuple(offered[: inner.min_values])))
            else:
                choices.extend((inner, (value,)) for value in offered)
        elif inner.label not in AVOID:
            choices.append((inner, ()))
    inner, values = rng.choice(choices)
    await fake.dispatch(user, message, inner.custom_id, values)


async def play(fake: FakeDiscord, key: str, moves: int, seed: int) -> int:
    """``moves`` moves by whoever may act, each with the controls the bot shows; the prompts checked as sent."""
    game_id, users = await start(fake, key)
    rng, named, mark = random.Random(seed), 0, 0
    for _ in range(moves):
        table = await fake.bot.service.get(game_id)
        if table.status != "running":
            break
        seat = rng.choice(sorted(table.to_act()))
        user = users[table.player_at(seat).user_id or 0]
        message = await _controls(fake, table, user)
        for _ in range(16):
            await press_something(fake, user, message, rng)
            if (await fake.bot.service.get(game_id)).version != table.version:
                break
            if not any(is_control(i, table) for i in walk(message.view)):  # refused: fresh controls
                message = await _controls(fake, table, user)
        named += check_prompts(key, fake.sent[mark:])
        mark = len(fake.sent)
    return named


@pytest.mark.parametrize(("key", "moves"), [("great_wall", 10), ("china", 8), ("sun_tzu", 6), ("chinatown", 8)])
async def test_every_prompt_carries_the_picture_its_decision_needs(fake: FakeDiscord, key: str, moves: int) -> None:
    named = await play(fake, key, moves, seed=len(key))
    assert named, "the walk met choices that name parts of the board"


# -- one step at a time, compared with the renders ----------------------------------------------------------------
async def test_a_china_placement_shows_the_board_then_the_region(fake: FakeDiscord) -> None:
    game_id, users = await start(fake, "china")
    table = await fake.bot.service.get(game_id)
    seat = min(table.to_act())
    user = users[table.player_at(seat).user_id or 0]
    message = await _controls(fake, table, user)
    names = picture_names(table)
    assert message.filenames == [f"hand-{game_id}-{table.version}.png", f"board-{game_id}-{table.version}.png"]
    assert message.files[1] == render.board("china", table.view(None), names)  # the board, as in the thread
    select = next(getattr(i, "item", i) for i in walk(message.view) if ":s:reg." in getattr(i, "custom_id", ""))
    region = select.options[0].value
    await fake.dispatch(user, message, select.custom_id, (region,))
    focus = Focus("region", (region,))
    assert message.filenames[1] == f"focus-{game_id}-{table.version}-region-{region}.png"
    assert message.files[1] == render.focus("china", table.view(seat), names, focus)
    assert region_name(region) in message.descriptions[1]  # its alt text names the region
    name = region_name(region)
    pieces = [o.label for i in walk(message.view) if isinstance(s := getattr(i, "item", i), discord.ui.Select)
              for o in s.options]
    assert pieces and all(label.endswith(f" in {name}") for label in pieces)


async def test_a_step_keeps_the_pictures_already_on_the_message(fake: FakeDiscord) -> None:
    """The seat's picture does not change between the steps of a move: the edit keeps it on the message, and
    uploads only the close-up the new step is about."""
    game_id, users = await start(fake, "china")
    table = await fake.bot.service.get(game_id)
    seat = min(table.to_act())
    user = users[table.player_at(seat).user_id or 0]
    message = await _controls(fake, table, user)
    hand = message.files[0]
    select = next(getattr(i, "item", i) for i in walk(message.view) if ":s:reg." in getattr(i, "custom_id", ""))
    region = select.options[0].value
    await fake.dispatch(user, message, select.custom_id, (region,))
    step = fake.sent[-1]
    assert step.kind == "edit" and step.message is message
    assert step.uploaded == (f"focus-{game_id}-{table.version}-region-{region}.png",)
    assert message.filenames[0] == f"hand-{game_id}-{table.version}.png" and message.files[0] == hand
    assert message.files[1] == render.focus("china", table.view(seat), picture_names(table), Focus("region", (region,)))


async def test_great_wall_sections_are_labelled_with_every_strength(fake: FakeDiscord) -> None:
    game_id, users = await start(fake, "great_wall")
    rng = random.Random(4)
    for _ in range(6):  # a few cards on the wall, so the strengths say something
        table = await fake.bot.service.get(game_id)
        seat = min(table.to_act())
        user = users[table.player_at(seat).user_id or 0]
        message = await _controls(fake, table, user)
        await press_something(fake, user, message, rng)
        if (await fake.bot.service.get(game_id)).version == table.version:
            await press_something(fake, user, message, rng)
    for _ in range(10):  # until the player to move plays cards (not a first marker's choice)
        table = await fake.bot.service.get(game_id)
        seat = min(table.to_act())
        user = users[table.player_at(seat).user_id or 0]
        message = await _controls(fake, table, user)
        pending = table.view(None)["pending_claim"]  # its section's close-up; else the board, as in the thread
        shown = Focus("sections", (pending["section"],)) if pending else BOARD
        assert message.filenames[1] == focus_filename(table, shown)
        groups = [getattr(i, "item", i) for i in walk(message.view) if ":s:grp." in getattr(i, "custom_id", "")]
        if groups:
            break
        await press_something(fake, user, message, rng)
    select = groups[0]
    await fake.dispatch(user, message, select.custom_id, (select.options[0].value,))
    view = table.view(None)
    names = picture_names(table)
    buttons = [b for b in texts(message.view) if b.startswith("Section ")]
    assert buttons
    for label in buttons:
        slot = int(label.split()[1]) - 1
        for other, progress in enumerate(view["sections"][slot]["progress"]):
            if progress is not None:
                assert f"{'you' if other == seat else names[other]} {progress}" in label
    slots = tuple(int(label.split()[1]) - 1 for label in buttons)
    assert message.files[1] == render.focus("great_wall", table.view(seat), names, Focus("sections", slots))


async def test_chinatown_lots_come_ringed_with_their_neighbours_shops(fake: FakeDiscord) -> None:
    game_id, users = await start(fake, "chinatown")
    table = await fake.bot.service.get(game_id)
    names = picture_names(table)
    for seat in sorted(table.to_act()):
        user = users[table.player_at(seat).user_id or 0]
        message = await _controls(fake, table, user)
        dealt = table.view(seat)["hand_cards"]
        assert message.filenames[1] == f"focus-{game_id}-{table.version}-lots-{'.'.join(map(str, sorted(dealt)))}.png"
        assert message.files[1] == render.focus("chinatown", table.view(seat), names, Focus("lots", tuple(dealt)))
        select = next(getattr(i, "item", i) for i in walk(message.view) if isinstance(getattr(i, "item", i),
                                                                                        discord.ui.Select))
        assert all((o.description or "").startswith("district ") for o in select.options)
        keep = tuple(o.value for o in select.options[: select.min_values])
        await fake.dispatch(user, message, select.custom_id, keep)
        kept = tuple(sorted(int(v) for v in keep))
        assert message.filenames[1].endswith(f"-lots-{'.'.join(map(str, kept))}.png")  # the lots to confirm
        await fake.click(user, message, label="Keep these")
    # Trading: a new offer's draft shows every district; a lot put in it is ringed.
    table = await fake.bot.service.get(game_id)
    assert table.view(None)["phase"] == "trades"
    user = PEOPLE[0]
    message = await _controls(fake, table, user)
    mark = len(fake.sent)
    await fake.click(user, message, label="New offer")
    partners = next(getattr(i, "item", i) for i in walk(message.view) if isinstance(getattr(i, "item", i),
                                                                                     discord.ui.Select))
    await fake.dispatch(user, message, partners.custom_id, (partners.options[0].value,))
    assert message.filenames[1].endswith("-lots.png")  # nothing listed yet: every district
    mine = next(getattr(i, "item", i) for i in walk(message.view)
                if isinstance(getattr(i, "item", i), discord.ui.Select) and "You give" in (getattr(i, "item", i)
                                                                                              .placeholder or ""))
    if "lots" in {o.value for o in mine.options}:  # a short list on a phone: the lots are a step, with its picture
        await fake.dispatch(user, message, mine.custom_id, ("lots",))
        assert message.filenames[1].endswith("-lots-" + ".".join(
            str(lot["lot"]) for lot in table.view(None)["lots"] if lot["owner"] == table.seat_of(user.id)) + ".png")
        mine = next(getattr(i, "item", i) for i in walk(message.view) if isinstance(getattr(i, "item", i),
                                                                                    discord.ui.Select))
    lot = next(o for o in mine.options if o.value.startswith("L"))
    await fake.dispatch(user, message, mine.custom_id, (lot.value,))
    assert message.filenames[1].endswith(f"-lots-{lot.value[1:]}.png")
    check_prompts("chinatown", fake.sent[mark:])
