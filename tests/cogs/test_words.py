"""What the bot writes around the games: option texts in the lobby and the final result on the board."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from bot import games
from bot.games.base import Event
from bot.games.sun_tzu.text import marker_text
from bot.names import public_names
from bot.sentences import event_lines, ranking_lines
from bot.tables import Table
from cogs.controls import option_help, option_text
from tests.cogs.harness import FakeDiscord

INTERNALS = re.compile(r"\[R\d|0-based|_")


@pytest.mark.parametrize("key", games.GAMES)
def test_option_texts_are_plain_words_with_one_description_per_value(key: str) -> None:
    for option in games.get(key).options:
        helps = [option_help(key, option, value) for value in option.choices]
        labels = [option_text(key, option, value) for value in option.choices]
        for text in [option.label, option.help, *labels, *helps]:
            assert text and not INTERNALS.search(text), f"{key}.{option.key}: {text!r}"
        assert len(set(helps)) == len(helps), f"{key}.{option.key} repeats a description: {helps}"
        assert len(set(labels)) == len(labels), f"{key}.{option.key} repeats a label: {labels}"
        assert all(len(str(h)) <= 100 for h in helps)  # a select option's description


async def _finished(fake: FakeDiscord, key: str, players: int, seed: int) -> tuple[Table, list[Event]]:
    """A table of ``players`` people whose game was played to its end at random, and its last move's events."""
    service = fake.bot.service
    table = await service.create(key=key, creator_id=700, creator_name="Ann", seat_count=players, seed=seed)
    for n, name in enumerate(("Bo", "Cy", "Di", "Ed")[: players - 1], start=1):
        await service.join(table.id, 700 + n, name)
    table = await service.start(table.id, 700)
    game, rng, state, events = table.game, random.Random(seed), table.state, []
    while not game.is_over(state):
        seat = rng.choice(sorted(game.to_act(state)))
        state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return replace(table, state=state, status="finished"), events


def _states_every_score(line: str, names: list[str], scores: list[str]) -> bool:
    pairs = zip(names, scores, strict=True)
    return all(re.search(rf"{re.escape(name)}:? {re.escape(score)}\b", line) for name, score in pairs)


@pytest.mark.parametrize("key", games.GAMES)
async def test_the_final_result_states_the_ranking_once(fake: FakeDiscord, key: str) -> None:
    players = min(games.get(key).max_players, 4)
    for seed in (1, 2):
        table, events = await _finished(fake, key, players, seed)
        result = table.result()
        assert result is not None
        said, ranking = event_lines(table, events), ranking_lines(table)
        names = public_names(table)
        # The ranking: once, each player on one line with the score in the game's own unit.
        assert ranking[0] == "**Final ranking**" and len(ranking) == players + 1
        for seat, name in enumerate(names):
            mine = [line for line in ranking if line.endswith(f"{name}: {table.game.score_text(result.scores[seat])}")]
            assert len(mine) == 1 and mine[0].startswith(f"{result.ranking[seat]}. ")
        # ... and not again in the game's own closing sentences.
        raw = [str(s) for s in result.scores]
        money = [f"${s:,}" for s in result.scores]
        for line in said:
            assert not re.search(r"(^|: )1\. ", line), line
            assert not _states_every_score(line, names, raw) and not _states_every_score(line, names, money), line



async def test_sun_tzu_ends_on_its_marker_in_the_same_words_everywhere(fake: FakeDiscord) -> None:
    """The marker is the one number of Sun Tzu's ending, in the same words in the thread and the ranking."""
    for seed in (1, 2):
        table, events = await _finished(fake, "sun_tzu", 2, seed)
        said, ranking = event_lines(table, events), ranking_lines(table)
        marker = table.view(None)["score_marker"]
        over = next(line for line in said if line.startswith("The game is over"))
        assert marker_text(marker) in over
        if marker:  # said from each player's side: the winner "wins by 6", the other "loses by 6"
            assert any(f"wins by {abs(marker)}" in line for line in ranking)
            assert any(f"loses by {abs(marker)}" in line for line in ranking)
