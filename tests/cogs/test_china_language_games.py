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

from tests.cogs.harness import FakeDiscord, Posted
from tests.cogs.language_games import (
    check_private,
    check_thread,
    play_by_controls,
    play_to_the_end,
    said_to,
    stand_in_pictures,
)
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


def _weighted(message: Posted, rng: random.Random) -> tuple[str, str]:
    """One of the controls shown, picked by its payload's verb (never by its words)."""
    shown = _shown(message)
    _, kind, label = rng.choices(shown, [WEIGHTS.get(verb, 3) for verb, _, _ in shown])[0]
    return kind, label


async def _play(fake: FakeDiscord, game_id: int, people: Sequence[Any], seed: int) -> None:
    await play_by_controls(fake, game_id, people, seed, _weighted, tries=8, anew=0.2)


@pytest.fixture
def pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in_pictures(monkeypatch)


def _check_thread(fake: FakeDiscord, spoken: str) -> None:
    check_thread(fake, spoken, ENGLISH, THREAD[spoken])


def _check_private(fake: FakeDiscord, user: Any, spoken: str) -> None:
    check_private(fake, user, spoken, ENGLISH, PRIVATE[spoken])


@pytest.mark.parametrize("spoken", ["es-ES", "ja"])
async def test_a_whole_game_in_one_language(
    fake: FakeDiscord, pictures: None, alice: Any, bob: Any, carol: Any, spoken: str
) -> None:
    people = [alice, bob, carol]
    await play_to_the_end(fake, "china", people, spoken, lambda game_id: _play(fake, game_id, people, seed=5))
    _check_thread(fake, spoken)
    for person in people:
        _check_private(fake, person, spoken)


async def test_a_spanish_thread_with_a_japanese_player(
    fake: FakeDiscord, pictures: None, alice: Any, bob: Any, carol: Any
) -> None:
    people = [alice, bob, carol]
    await play_to_the_end(
        fake, "china", people, "es-ES", lambda game_id: _play(fake, game_id, people, seed=8), ["es-ES", "es-419", "ja"]
    )
    _check_thread(fake, "es-ES")
    _check_private(fake, alice, "es-ES")
    _check_private(fake, carol, "ja")
    # Latin American Spanish reads Spain's words where it has none of its own.
    assert "Tu mano: " in said_to(fake, bob)
    spanish = said_to(fake, carol)
    assert "Tu mano" not in spanish and "Colocar piezas" not in spanish
