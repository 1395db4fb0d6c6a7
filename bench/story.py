"""The story of the longest game of a game (``bot/story.py``): how long it takes to tell and draw, part by
part, and how big its animation is. The longest of a few seeded games at every player count, the computer's
easy choices, stands in for a long game between people."""

from __future__ import annotations

import asyncio
import random
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot import games
from bot.replays import Replayed, replay_log
from bot.story import Story, after_turns, draw, tell
from render.story import frame_count

SEEDS = 4


@dataclass(frozen=True)
class StoryFigures:
    players: int
    seed: int
    moves: int
    turns: int
    frames: int  # in the animation
    tell_s: float  # replay read into a story (words, views, scores)
    seconds: dict[str, float]  # per drawing function: the chart, the frames, the animation
    webp_mb: float
    chart_kb: float

    @property
    def total_s(self) -> float:
        return self.tell_s + sum(self.seconds.values())


def played(key: str, players: int, seed: int) -> Replayed:
    """A whole game of ``players`` seats from ``seed``, the computer's easy choices, replayed from its log."""
    game = games.get(key)
    state, rng = game.new(players, seed), random.Random(seed)
    moves: list[tuple[int, str, dict[str, Any]]] = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = game.choose_action(game.view(state, seat), game.legal_actions(state, seat), rng, "easy")
        state, _ = game.apply(state, seat, action)
        moves.append((seat, "action", action))
    return replay_log(game, players, seed, {}, moves)


def longest_game(key: str, seeds: int = SEEDS) -> tuple[int, int, Replayed]:
    """(players, seed, replayed) of the game with the most turns among ``seeds`` seeds at every player count."""
    game = games.get(key)
    found = [(players, seed, played(key, players, seed))
             for players in range(game.min_players, game.max_players + 1) for seed in range(seeds)]
    return max(found, key=lambda item: len(after_turns(game, item[2].states)))


def story_figures(key: str) -> StoryFigures:
    """Tell and draw the story of the longest game of ``key`` in this thread, timing each part."""
    game = games.get(key)
    players, seed, replayed = longest_game(key)
    started = time.perf_counter()
    story: Story = tell(game, key, f"{game.title} #1", [f"Player {n + 1}" for n in range(players)], replayed)
    told = time.perf_counter() - started
    seconds: dict[str, float] = defaultdict(float)

    async def timed(fn: Callable[..., bytes], *args: Any) -> bytes:
        begun = time.perf_counter()
        data = fn(*args)
        seconds[fn.__name__] += time.perf_counter() - begun
        return data

    pictures = asyncio.run(draw(story, timed))
    return StoryFigures(players, seed, len(replayed.states) - 1, story.turns, frame_count(pictures.animation), told,
                        dict(seconds),
                        len(pictures.animation) / 1e6, len(pictures.scores) / 1e3)
