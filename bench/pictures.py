"""Pictures drawn the way the bot draws them (``bot.pictures``), in a thread of the bot's process or in the
pool of processes: boards per second with many requested at once, and how late the event loop gets meanwhile
(a 5 ms ticker's worst and p95 delay: what a click arriving during the drawing waits)."""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from typing import Any

import render
from bot import games
from bot.pictures import Pictures

TICK = 0.005


async def _ticker(stop: asyncio.Event, lags: list[float]) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        due = loop.time() + TICK
        await asyncio.sleep(TICK)
        lags.append(max(0.0, loop.time() - due))


def _position(key: str, moves: int = 20, seed: int = 3) -> tuple[str, dict[str, Any], list[str]]:
    """The public view of a seeded game some random moves in, with names."""
    game = games.get(key)
    players = max(game.min_players, min(4, game.max_players))
    state, rng = game.new(players, seed), random.Random(seed)
    for _ in range(moves):
        movers = sorted(game.to_act(state))
        if not movers:
            break
        state, _ = game.apply(state, movers[0], rng.choice(game.legal_actions(state, movers[0])))
    return key, game.view(state, None), [f"Player {n + 1}" for n in range(players)]


async def _run(processes: int, pictures: int) -> dict[str, float]:
    drawer = Pictures(processes, kept_bytes=0)  # every picture drawn: the same positions are asked for again and again
    positions = [_position(key) for key in games.GAMES]
    try:
        for key, view, names in positions:  # start the workers and warm their caches, untimed
            await drawer.draw(render.board, key, view, names)
        stop, lags = asyncio.Event(), list[float]()
        ticker = asyncio.create_task(_ticker(stop, lags))
        started = time.perf_counter()
        jobs = [positions[n % len(positions)] for n in range(pictures)]
        await asyncio.gather(*(drawer.draw(render.board, key, view, names) for key, view, names in jobs))
        seconds = time.perf_counter() - started
        stop.set()
        await ticker
    finally:
        drawer.close()
    lags.sort()
    return {
        "per_second": pictures / seconds,
        "lag_p95_ms": 1000 * lags[int(0.95 * (len(lags) - 1))] if lags else 0.0,
        "lag_max_ms": 1000 * lags[-1] if lags else 0.0,
        "lag_mean_ms": 1000 * statistics.fmean(lags) if lags else 0.0,
    }


def picture_throughput(processes: int, pictures: int = 40) -> dict[str, float]:
    """Boards of the four games, ``pictures`` of them requested at once; ``processes`` 0 draws in threads."""
    return asyncio.run(_run(processes, pictures))


def _close_ups(key: str, view: dict[str, Any]) -> list[render.Focus]:
    """Close-ups as prompts ask for them in this position: each kind the game has, with the parts its
    pictures name as samples (``CloseUp.samples``)."""
    close_ups = render.pictures(key).close_ups
    return [render.Focus(kind, part) for kind, close_up in close_ups.items() for part in close_up.samples(view)]


def close_up_ms(key: str, rounds: int = 3) -> float:
    """Milliseconds to draw and encode one close-up of game ``key`` in this thread, the best of ``rounds``
    passes over a seeded position's close-ups (the mean of a pass)."""
    _, view, names = _position(key, moves=40)
    focuses = _close_ups(key, view)
    render.focus(key, view, names, focuses[0])  # fonts and static layers loaded, untimed
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for focus in focuses:
            render.focus(key, view, names, focus)
        best = min(best, (time.perf_counter() - started) / len(focuses))
    return 1000 * best
