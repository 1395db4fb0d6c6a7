"""Whole Great Wall and Sun Tzu games through the cog callbacks in Spanish and in Japanese, and a mixed Great
Wall table: the thread says each game's sentences in the table's language, each person's private prompts and
controls come in their own, and every picture is drawn in the language of the place it goes to.

Only these games' own words are checked (the generic lobby and notices are another domain's). Buttons are
pressed by their custom_ids, whatever their labels say; the pictures are stand-ins naming the language they
were drawn in.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from tests.cogs import test_sun_tzu_game as sun_tzu_game
from tests.cogs.flows import candidates
from tests.cogs.harness import FakeDiscord, Posted, walk
from tests.cogs.language_games import (
    check_private,
    check_thread,
    open_controls,
    play_by_controls,
    play_to_the_end,
    said_to,
    stand_in_pictures,
)

# Each game's English sentences and labels: none may reach a Spanish or Japanese thread or prompt.
ENGLISH = {
    "great_wall": (
        re.compile(r" played (an? |\d+ )\w+ to section "), re.compile(r" drew a card\."), re.compile(r"Your hand: "),
        re.compile(r"Draw a card"), re.compile(r"Play cards…"), re.compile(r"Section \d"),
        re.compile(r"The game is over"), re.compile(r"\d points?\b"),
    ),
    "sun_tzu": (
        re.compile(r" has committed their orders"), re.compile(r" wins \w[\w-]* by \d"), re.compile(r"Your hand: "),
        re.compile(r"Your orders"), re.compile(r"Round \d+ begins"), re.compile(r"Scoring after round"),
        re.compile(r"Confirm these orders"),
    ),
}
THREAD = {
    ("great_wall", "es-ES"): (" en la sección ", " robó una carta."),
    ("great_wall", "ja"): ("枚を出しました。", "がカードを1枚引きました。"),
    ("sun_tzu", "es-ES"): (" ha confirmado sus órdenes.", "Empieza la ronda "),
    ("sun_tzu", "ja"): ("が命令を確定しました。", "ラウンド開始"),
}
PRIVATE = {
    ("great_wall", "es-ES"): ("Tu mano: ", "Robar una carta"),
    ("great_wall", "ja"): ("手札：", "カードを1枚引く"),
    ("sun_tzu", "es-ES"): ("Tu mano: ", "Tus órdenes"),
    ("sun_tzu", "ja"): ("手札：", "あなたの命令"),
}


def _any_but_back_or_rules(message: Posted, rng: random.Random) -> tuple[str, str]:
    """Any of the controls shown but Back and Rules (their custom_ids, not their words, tell them apart)."""
    shown = [(kind, label) for kind, label in candidates(message.view) if not _is_back_or_rules(message, kind, label)]
    return rng.choice(shown)


async def _play_wall(fake: FakeDiscord, game_id: int, people: Sequence[Any], seed: int) -> None:
    await play_by_controls(fake, game_id, people, seed, _any_but_back_or_rules, tries=6)


def _is_back_or_rules(message: Posted, kind: str, label: str) -> bool:
    if kind != "label":
        return False
    for item in walk(message.view):
        inner = getattr(item, "item", item)
        if getattr(inner, "label", None) == label:
            parts = str(inner.custom_id).split(":")
            return len(parts) < 5 or parts[4].split(".")[0] == "home"
    return False


@pytest.fixture
def pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in_pictures(monkeypatch)


def _check_thread(fake: FakeDiscord, game: str, spoken: str) -> None:
    check_thread(fake, spoken, ENGLISH[game], THREAD[game, spoken])


def _check_private(fake: FakeDiscord, game: str, user: Any, spoken: str) -> None:
    check_private(fake, user, spoken, ENGLISH[game], PRIVATE[game, spoken])


@pytest.mark.parametrize("spoken", ["es-ES", "ja"])
async def test_a_whole_great_wall_game_in_one_language(
    fake: FakeDiscord, pictures: None, alice: Any, bob: Any, carol: Any, spoken: str
) -> None:
    people = [alice, bob, carol]
    await play_to_the_end(fake, "great_wall", people, spoken, lambda game_id: _play_wall(fake, game_id, people, seed=3))
    _check_thread(fake, "great_wall", spoken)
    for person in people:
        _check_private(fake, "great_wall", person, spoken)


async def test_a_spanish_great_wall_thread_with_a_japanese_player(
    fake: FakeDiscord, pictures: None, alice: Any, bob: Any
) -> None:
    people = [alice, bob]
    await play_to_the_end(
        fake, "great_wall", people, "es-ES", lambda game_id: _play_wall(fake, game_id, people, seed=4), ["es-419", "ja"]
    )
    _check_thread(fake, "great_wall", "es-ES")
    _check_private(fake, "great_wall", bob, "ja")
    # Latin American Spanish reads Spain's words where it has none of its own.
    assert "Tu mano: " in said_to(fake, alice)
    japanese = said_to(fake, bob)
    assert "Tu mano" not in japanese and "Robar una carta" not in japanese


@pytest.mark.parametrize("spoken", ["es-ES", "ja"])
async def test_a_whole_sun_tzu_game_in_one_language(
    fake: FakeDiscord, pictures: None, monkeypatch: pytest.MonkeyPatch, alice: Any, bob: Any, spoken: str
) -> None:
    # The Sun Tzu game tests' players, who press Play by its English label, press it by its custom_id here;
    # they make no moves aside (exceptional support, changing orders), which also go through that label.
    monkeypatch.setattr(sun_tzu_game, "_open", open_controls)

    async def no_aside(*_: Any) -> None:
        return None

    monkeypatch.setattr(sun_tzu_game, "_aside", no_aside)
    minds = {alice.id: (alice, sun_tzu_game.computer), bob.id: (bob, sun_tzu_game.novice)}
    await play_to_the_end(
        fake, "sun_tzu", [alice, bob], spoken, lambda game_id: sun_tzu_game.play_through(fake, game_id, minds, seed=2)
    )
    _check_thread(fake, "sun_tzu", spoken)
    for person in (alice, bob):
        _check_private(fake, "sun_tzu", person, spoken)
