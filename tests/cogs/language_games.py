"""Whole games through the cogs in another language: pressing controls by their custom_ids (whatever their
labels say), opening a table in a language, and reading what each message says (text and controls)."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest

import render
from bot.games.base import language
from bot.tables import Table
from tests.cogs.flows import controls_of
from tests.cogs.harness import FakeDiscord, Posted, Sent, walk


def stand_in_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pictures replaced by stand-ins naming their kind, the language in force where drawn and the viewer."""

    def stand_in(kind: str) -> Any:
        def draw(key: str, view: dict[str, Any], names: Sequence[str] | None = None) -> bytes:
            return f"{kind}:{language.code()}:{view['viewer']}".encode()

        return draw

    for kind in ("board", "hand", "final"):
        monkeypatch.setattr(render, kind, stand_in(kind))


def _custom_id(item: Any) -> str:
    return str(getattr(getattr(item, "item", item), "custom_id", ""))


async def press(fake: FakeDiscord, user: Any, message: Posted, suffix: str) -> None:
    """Press the button whose custom_id ends with ``suffix`` (":join", ":start", ":play"...)."""
    for item in walk(message.view):
        if _custom_id(item).endswith(suffix):
            await fake.dispatch(user, message, _custom_id(item))
            return
    raise AssertionError(f"no {suffix!r} button in message {message.id}")


async def start_table(fake: FakeDiscord, game: str, people: Sequence[Any], spoken: str, computers: int = 0) -> int:
    """``/game new <game>`` in ``spoken``, joined by the others, computers added, started: the game id."""
    host, *others = people
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, host, game=game, seats=len(people) + computers, language=spoken)  # type: ignore[union-attr]
    mark = len(fake.sent)
    await press(fake, host, fake.last(private=True), ":open")
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    game_id = int(next(m[1] for item in walk(lobby.view) if (m := re.fullmatch(r"mk:(\d+):0:join", _custom_id(item)))))
    for user in others:
        await press(fake, user, lobby, ":join")
    for _ in range(computers):
        await press(fake, host, lobby, ":ai")
    await press(fake, host, lobby, ":start")
    assert (await fake.bot.service.get(game_id)).language == spoken
    return game_id


async def play_to_the_end(
    fake: FakeDiscord,
    game: str,
    people: Sequence[Any],
    spoken: str,
    play: Callable[[int], Awaitable[object]],
    own: Sequence[str] | None = None,
) -> None:
    """A ``game`` table in ``spoken`` for ``people``, whose clients speak ``own`` (by default ``spoken`` too),
    played to its end by ``play`` (given the game id)."""
    for person, code in zip(people, own or [spoken] * len(people), strict=True):
        fake.locales[person.id] = code
    game_id = await start_table(fake, game, people, spoken)
    await play(game_id)
    assert (await fake.bot.service.get(game_id)).status == "finished"


async def open_controls(fake: FakeDiscord, table: Table, user: Any, *, anew: bool = False) -> Posted:
    """The user's current controls, else (or, ``anew``, even so) those Play on the board answers with (pressed
    by its custom_id)."""
    message = None if anew else controls_of(fake, table, user)
    if message is None:
        await press(fake, user, board_message(fake), ":play")
        message = fake.last(private=True)
        assert message.owner == user.id
    return message


async def play_by_controls(
    fake: FakeDiscord,
    game_id: int,
    people: Sequence[Any],
    seed: int,
    choose: Callable[[Posted, random.Random], tuple[str, str]],
    *,
    tries: int,
    anew: float = 0.0,
) -> None:
    """Every move made with the controls shown, ``choose`` giving each click (as click() arguments) and a move
    due within ``tries`` clicks; with chance ``anew`` the mover opens new controls with Play rather than use
    those they have."""
    by_id, rng = {p.id: p for p in people}, random.Random(seed)
    for _ in range(400):
        table = await fake.bot.service.get(game_id)
        if table.status != "running":
            return
        user = by_id[table.player_at(min(table.to_act())).user_id or 0]
        # rng drawn from only where ``anew`` asks for it, so each seed still plays the game it always has
        message = await open_controls(fake, table, user, anew=anew > 0 and rng.random() <= anew)
        for _ in range(tries):
            kind, label = choose(message, rng)
            await fake.click(user, message, **{kind: label})
            if (await fake.bot.service.get(game_id)).version != table.version:
                break
        else:
            raise AssertionError(f"no move after {tries} steps; last shown: {message.content!r}")
    raise AssertionError("the game did not finish")


def board_message(fake: FakeDiscord) -> Posted:
    """The latest public board message (the one with a Play button)."""
    for sent in reversed(fake.public()):
        if any(_custom_id(i).endswith(":play") for i in walk(sent.view)):
            return sent.message
    raise AssertionError("no board message with a Play button")


def words_of(sent: Sent) -> str:
    """A message's text with its controls' labels, placeholders and option descriptions."""
    found = [sent.content]
    for row in sent.view.to_components() if sent.view is not None else []:
        for part in row["components"]:
            found += [part.get("label") or "", part.get("placeholder") or ""]
            found += [f"{o['label']} {o.get('description') or ''}" for o in part.get("options", [])]
    return "\n".join(found)


def sent_to(fake: FakeDiscord, user: Any) -> list[Sent]:
    """What ``user`` alone saw: their DMs and ephemeral answers."""
    return [s for s in fake.private() if s.where == f"dm:{user.id}" or s.message.owner == user.id]


def said_to(fake: FakeDiscord, user: Any) -> str:
    """The words of all ``user`` alone saw (see words_of)."""
    return "\n".join(words_of(s) for s in sent_to(fake, user))


def check_thread(fake: FakeDiscord, spoken: str, english: Sequence[re.Pattern[str]], expected: Sequence[str]) -> None:
    """The thread says none of the ``english`` sentences, every ``expected`` one, and its pictures were drawn
    in ``spoken``."""
    said = "\n".join(s.content for s in fake.public() if s.where.startswith("thread:"))
    for pattern in english:
        assert not pattern.search(said), f"{pattern.pattern!r} in the {spoken} thread"
    for words in expected:
        assert words in said, f"{words!r} not in the {spoken} thread"
    files = [f for s in fake.public() for f in s.files]
    assert files and all(f.startswith((f"board:{spoken}:".encode(), f"final:{spoken}:".encode())) for f in files)


def check_private(
    fake: FakeDiscord, user: Any, spoken: str, english: Sequence[re.Pattern[str]], expected: Sequence[str]
) -> None:
    """What ``user`` alone saw says none of the ``english`` sentences, every ``expected`` one, and their hand
    pictures were drawn in ``spoken``."""
    said = said_to(fake, user)
    for pattern in english:
        assert not pattern.search(said), f"{pattern.pattern!r} in {user.name}'s {spoken} prompts"
    for words in expected:
        assert words in said, f"{words!r} not in {user.name}'s {spoken} prompts"
    hands = [f for s in sent_to(fake, user) for f in s.files if f.startswith(b"hand:")]
    assert hands and all(f.startswith(f"hand:{spoken}:".encode()) for f in hands)
