"""Whole China games through the cog callbacks in Spanish and in Japanese, and at a mixed table: the thread
says China's sentences in the table's language, each person's private prompts and controls come in their own,
and every picture is drawn in the language of the place it goes to.

Only China's own words are checked here (the generic lobby and notices are another domain's). Buttons are
pressed by their custom_ids, whatever their labels say. As in ``test_china_game``, the pictures are stand-ins,
here naming the language they were drawn in.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

import render
from bot.games.base import language
from tests.cogs.flows import controls_of
from tests.cogs.harness import FakeDiscord, Posted, Sent, walk
from tests.cogs.test_china_game import WEIGHTS, _shown, fixed_seed  # noqa: F401  (the seed fixture)

# China's English sentences and labels: none may reach a Spanish or Japanese thread or prompt.
ENGLISH = (
    re.compile(r" plays (an? |\d+ )\w+ cards? "), re.compile(r" is scored: "), re.compile(r"face-up"),
    re.compile(r"from the deck"), re.compile(r"Final scoring\. Alliances"), re.compile(r"new Emperor"),
    re.compile(r"Your hand: "), re.compile(r"Place pieces in a region"), re.compile(r"In supply: "),
)
THREAD = {
    "es-ES": ("juega", "Se puntúa ", "Puntuación final. Alianzas: "),
    "ja": ("を使いました：", "の得点計算：", "最終得点計算。同盟："),
}
PRIVATE = {
    "es-ES": ("Tu mano: ", "En tu suministro: ", "Colocar piezas en una región…"),
    "ja": ("手札：", "手元の駒：", "領地に駒を置く…"),
}


@pytest.fixture
def pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stand-in pictures naming their kind and the language in force where they were drawn."""

    def stand_in(kind: str) -> Any:
        def draw(key: str, view: dict[str, Any], names: Sequence[str] | None = None) -> bytes:
            assert key == "china"
            return f"{kind}:{language.code()}:{view['viewer']}".encode()

        return draw

    for kind in ("board", "hand", "final"):
        monkeypatch.setattr(render, kind, stand_in(kind))


async def _press(fake: FakeDiscord, user: Any, message: Posted, suffix: str) -> None:
    """Press the button whose custom_id ends with ``suffix`` (":join", ":start", ":play"...)."""
    for item in walk(message.view):
        custom_id = str(getattr(getattr(item, "item", item), "custom_id", ""))
        if custom_id.endswith(suffix):
            await fake.dispatch(user, message, custom_id)
            return
    raise AssertionError(f"no {suffix!r} button in message {message.id}")


async def _start(fake: FakeDiscord, people: Sequence[Any], spoken: str, computers: int = 0) -> int:
    """``/game new china`` in ``spoken``, joined by the others, computers added, started: the game id."""
    host, *others = people
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.new, host, game="china", seats=len(people) + computers, language=spoken)  # type: ignore[union-attr]
    mark = len(fake.sent)
    await _press(fake, host, fake.last(private=True), ":open")
    lobby = next(s.message for s in fake.since(mark) if not s.private)
    game_id = int(next(
        m[1] for item in walk(lobby.view)
        if (m := re.fullmatch(r"mk:(\d+):0:join", str(getattr(getattr(item, "item", item), "custom_id", ""))))
    ))
    for user in others:
        await _press(fake, user, lobby, ":join")
    for _ in range(computers):
        await _press(fake, host, lobby, ":ai")
    await _press(fake, host, lobby, ":start")
    assert (await fake.bot.service.get(game_id)).language == spoken
    return game_id


def _board(fake: FakeDiscord) -> Posted:
    for sent in reversed(fake.public()):
        if any(str(getattr(getattr(i, "item", i), "custom_id", "")).endswith(":play") for i in walk(sent.view)):
            return sent.message
    raise AssertionError("no board message with a Play button")


async def _play(fake: FakeDiscord, game_id: int, people: Sequence[Any], seed: int) -> None:
    """Every move made with the controls shown, picked by their payloads (never by their words)."""
    by_id, rng = {p.id: p for p in people}, random.Random(seed)
    for _ in range(400):
        table = await fake.bot.service.get(game_id)
        if table.status != "running":
            return
        user = by_id[table.player_at(min(table.to_act())).user_id or 0]
        message = controls_of(fake, table, user) if rng.random() > 0.2 else None
        if message is None:
            await _press(fake, user, _board(fake), ":play")
            message = fake.last(private=True)
        for _ in range(8):
            shown = _shown(message)
            _, kind, label = rng.choices(shown, [WEIGHTS.get(verb, 3) for verb, _, _ in shown])[0]
            await fake.click(user, message, **{kind: label})
            if (await fake.bot.service.get(game_id)).version != table.version:
                break
        else:
            raise AssertionError(f"no move after 8 steps; last shown: {message.content!r}")
    raise AssertionError("the game did not finish")


def _words(sent: Sent) -> str:
    """A message's text with its controls' labels, placeholders and option descriptions."""
    found = [sent.content]
    for row in sent.view.to_components() if sent.view is not None else []:
        for part in row["components"]:
            found += [part.get("label") or "", part.get("placeholder") or ""]
            found += [f"{o['label']} {o.get('description') or ''}" for o in part.get("options", [])]
    return "\n".join(found)


def _to(fake: FakeDiscord, user: Any) -> list[Sent]:
    return [s for s in fake.private() if s.where == f"dm:{user.id}" or s.message.owner == user.id]


def _check_thread(fake: FakeDiscord, spoken: str) -> None:
    thread = [s for s in fake.public() if s.where.startswith("thread:")]
    said = "\n".join(s.content for s in thread)
    for english in ENGLISH:
        assert not english.search(said), f"{english.pattern!r} in the {spoken} thread"
    for words in THREAD[spoken]:
        assert words in said, f"{words!r} not in the {spoken} thread"
    files = [f for s in fake.public() for f in s.files]
    assert files and all(f.startswith((f"board:{spoken}:".encode(), f"final:{spoken}:".encode())) for f in files)


def _check_private(fake: FakeDiscord, user: Any, spoken: str) -> None:
    sent = _to(fake, user)
    said = "\n".join(_words(s) for s in sent)
    for english in ENGLISH:
        assert not english.search(said), f"{english.pattern!r} in {user.name}'s {spoken} prompts"
    for words in PRIVATE[spoken]:
        assert words in said, f"{words!r} not in {user.name}'s {spoken} prompts"
    hands = [f for s in sent for f in s.files if f.startswith(b"hand:")]
    assert hands and all(f.startswith(f"hand:{spoken}:".encode()) for f in hands)


@pytest.mark.parametrize("spoken", ["es-ES", "ja"])
async def test_a_whole_game_in_one_language(
    fake: FakeDiscord, pictures: None, alice: Any, bob: Any, carol: Any, spoken: str
) -> None:
    people = [alice, bob, carol]
    for person in people:
        fake.locales[person.id] = spoken
    game_id = await _start(fake, people, spoken)
    await _play(fake, game_id, people, seed=5)
    assert (await fake.bot.service.get(game_id)).status == "finished"
    _check_thread(fake, spoken)
    for person in people:
        _check_private(fake, person, spoken)


async def test_a_spanish_thread_with_a_japanese_player(
    fake: FakeDiscord, pictures: None, alice: Any, bob: Any, carol: Any
) -> None:
    fake.locales.update({alice.id: "es-ES", bob.id: "es-419", carol.id: "ja"})
    people = [alice, bob, carol]
    game_id = await _start(fake, people, "es-ES")
    await _play(fake, game_id, people, seed=8)
    assert (await fake.bot.service.get(game_id)).status == "finished"
    _check_thread(fake, "es-ES")
    _check_private(fake, alice, "es-ES")
    _check_private(fake, carol, "ja")
    # Latin American Spanish reads Spain's words where it has none of its own.
    assert "Tu mano: " in "\n".join(_words(s) for s in _to(fake, bob))
    spanish = "\n".join(_words(s) for s in _to(fake, carol))
    assert "Tu mano" not in spanish and "Colocar piezas" not in spanish
