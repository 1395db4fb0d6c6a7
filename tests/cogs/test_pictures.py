"""Pictures drawn by worker processes are the pictures drawn in the bot's own process, byte for byte; the
drawing's own refusals come back as raised; a closed pool starts again at the next picture. (The other tests
draw in a thread, as a bot built directly does: only ``run_bot`` switches to processes.)"""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path

import pytest

import render
from bot import games, i18n, pictures
from bot.games.base import language
from cogs.rulebook import demo_position
from render.crops import Focus

ROOT = Path(__file__).resolve().parents[2]



async def test_the_pool_draws_the_same_bytes_as_the_bot_itself() -> None:
    pool = pictures.Pictures(processes=2, kept_bytes=0)  # every picture drawn by a worker, none kept
    try:
        for key in games.GAMES:
            view, names = demo_position(key)
            assert await pool.draw(render.board, key, view, names) == render.board(key, view, names)
            for kind, close_up in render.pictures(key).close_ups.items():
                focus = Focus(kind, close_up.samples(view)[0])
                assert await pool.draw(render.focus, key, view, names, focus) == render.focus(key, view, names, focus)
        with pytest.raises(ValueError):  # a hand from the public view: refused in the worker, raised here
            await pool.draw(render.hand, "great_wall", *demo_position("great_wall"))
        pool.close()
        view, names = demo_position("sun_tzu")
        assert await pool.draw(render.board, "sun_tzu", view, names) == render.board("sun_tzu", view, names)
    finally:
        pool.close()


DRAWN: list[tuple[str, str]] = []


def counted(key: str, view: dict[str, str]) -> bytes:
    """A picture that notes each drawing and the language it was drawn in."""
    DRAWN.append((key, language.code()))
    if key == "broken":
        raise ValueError("no such picture")
    return f"{key}:{view}:{language.code()}".encode()


async def test_a_picture_asked_for_again_is_drawn_once() -> None:
    DRAWN.clear()
    drawer = pictures.Pictures(kept_bytes=30)  # two of these 15-byte pictures
    # Asked for twice at once (a hand for the DM and for the panel): one drawing, both get its bytes.
    first, second = await asyncio.gather(drawer.draw(counted, "a", {"x": "1"}), drawer.draw(counted, "a", {"x": "1"}))
    assert first == second == b"a:{'x': '1'}:en" and DRAWN == [("a", "en")]
    assert await drawer.draw(counted, "a", {"x": "1"}) == first and len(DRAWN) == 1  # and asked for later
    # Anything different in what it is drawn from, the language included, is another picture.
    assert await drawer.draw(counted, "a", {"x": "2"}) == b"a:{'x': '2'}:en"
    with i18n.speaking("ja"):
        assert await drawer.draw(counted, "a", {"x": "1"}) == b"a:{'x': '1'}:ja"
    assert DRAWN == [("a", "en"), ("a", "en"), ("a", "ja")]
    # Only the latest that fit in `kept_bytes` are kept: the first one, pushed out, is drawn again.
    assert await drawer.draw(counted, "a", {"x": "1"}) == first and len(DRAWN) == 4
    assert await drawer.draw(counted, "a", {"x": "1"}) == first and len(DRAWN) == 4
    # One larger than all the room is not kept (it would push out every other and then itself).
    for _ in range(2):
        await drawer.draw(counted, "a picture larger than all the room", {"x": "1"})
    assert DRAWN[-2:] == [("a picture larger than all the room", "en")] * 2
    assert await drawer.draw(counted, "a", {"x": "1"}) == first and len(DRAWN) == 6
    # A failed drawing is not kept: asked for again, it is tried again (and fails again, as raised).
    for _ in range(2):
        with pytest.raises(ValueError):
            await drawer.draw(counted, "broken", {})
    assert DRAWN[-2:] == [("broken", "en"), ("broken", "en")]


async def test_a_game_that_moved_on_keeps_only_its_new_position() -> None:
    DRAWN.clear()
    drawer = pictures.Pictures()
    for game, version, hand in [(1, 4, "a"), (1, 4, "b"), (2, 9, "a")]:
        await drawer.draw(counted, hand, {"v": version}, position=(game, version))
    await drawer.draw(counted, "a", {"v": 5}, position=(1, 5))  # game 1 moves on
    assert len(DRAWN) == 4
    await drawer.draw(counted, "a", {"v": 5}, position=(1, 5))
    await drawer.draw(counted, "a", {"v": 9}, position=(2, 9))  # another game's pictures stay
    assert len(DRAWN) == 4
    await drawer.draw(counted, "b", {"v": 4}, position=(1, 4))  # the old position's were let go
    await drawer.draw(counted, "b", {"v": 4}, position=(1, 4))  # and one drawn late is not kept
    assert len(DRAWN) == 6


async def test_a_picture_the_new_position_asks_for_again_stays_with_it() -> None:
    DRAWN.clear()
    drawer = pictures.Pictures()
    await drawer.draw(counted, "a", {}, position=(1, 4))
    await drawer.draw(counted, "a", {}, position=(1, 5))  # the same picture for the next position: kept, not redrawn
    await drawer.draw(counted, "b", {}, position=(1, 5))  # another of that position does not let it go
    await drawer.draw(counted, "a", {}, position=(1, 5))
    assert DRAWN == [("a", "en"), ("b", "en")]


async def test_a_drawing_that_does_not_pickle_is_drawn_every_time() -> None:
    drawer, drawn = pictures.Pictures(), []
    for _ in range(2):  # a stand-in drawing of a test (a lambda): it could not go to a worker process either
        assert await drawer.draw(lambda n: drawn.append(n) or b"png", 1) == b"png"
    assert drawn == [1, 1]


async def test_none_kept_draws_every_time() -> None:
    DRAWN.clear()
    drawer = pictures.Pictures(kept_bytes=0)
    for _ in range(2):
        await drawer.draw(counted, "a", {})
    assert len(DRAWN) == 2


def test_sizes() -> None:
    assert pictures.Pictures().processes == 0  # the default: a thread of this process
    assert pictures.Pictures(None).processes == max(1, pictures.cores() - 1) >= 1


DRAWING_PARENT = """
import asyncio, sys
import render
from bot.pictures import Pictures
from cogs.rulebook import demo_position

async def main():
    pool = Pictures(processes=2)
    view, names = demo_position("great_wall")
    await asyncio.gather(*(pool.draw(render.board, "great_wall", view, names) for _ in range(2)))
    print("drawn", flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def descendants(pid: int) -> set[int]:
    found, waiting = set(), [pid]
    while waiting:
        for children in Path(f"/proc/{waiting.pop()}/task").glob("*/children"):
            try:
                kids = [int(child) for child in children.read_text().split()]
            except OSError:
                continue
            found.update(kids)
            waiting.extend(kids)
    return found


async def test_the_workers_end_with_a_killed_bot() -> None:
    """SIGKILL runs no shutdown code: the workers (and their server process) still end with the bot."""
    parent = await asyncio.create_subprocess_exec(
        sys.executable, "-c", DRAWING_PARENT, cwd=ROOT, stdout=asyncio.subprocess.PIPE
    )
    assert parent.stdout is not None
    assert await asyncio.wait_for(parent.stdout.readline(), timeout=120) == b"drawn\n"
    workers = descendants(parent.pid)
    assert len(workers) >= 3  # the server process and two workers (and its resource tracker)
    parent.send_signal(signal.SIGKILL)
    await parent.wait()
    deadline = time.monotonic() + 30
    while {pid for pid in workers if Path(f"/proc/{pid}").exists()} and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert not {pid for pid in workers if Path(f"/proc/{pid}").exists()}
