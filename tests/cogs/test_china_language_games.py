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

from tests.cogs.flows import controls_of
from tests.cogs.harness import FakeDiscord
from tests.cogs.language_games import (
    board_message,
    check_private,
    check_thread,
    press,
    sent_to,
    stand_in_pictures,
    start_table,
    words_of,
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
            await press(fake, user, board_message(fake), ":play")
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
    for person in people:
        fake.locales[person.id] = spoken
    game_id = await start_table(fake, "china", people, spoken)
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
    game_id = await start_table(fake, "china", people, "es-ES")
    await _play(fake, game_id, people, seed=8)
    assert (await fake.bot.service.get(game_id)).status == "finished"
    _check_thread(fake, "es-ES")
    _check_private(fake, alice, "es-ES")
    _check_private(fake, carol, "ja")
    # Latin American Spanish reads Spain's words where it has none of its own.
    assert "Tu mano: " in "\n".join(words_of(s) for s in sent_to(fake, bob))
    spanish = "\n".join(words_of(s) for s in sent_to(fake, carol))
    assert "Tu mano" not in spanish and "Colocar piezas" not in spanish
