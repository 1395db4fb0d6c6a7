"""Pictures drawn by worker processes are the pictures drawn in the bot's own process, byte for byte; the
drawing's own refusals come back as raised; a closed pool starts again at the next picture. (The other tests
draw in a thread, as a bot built directly does: only ``run_bot`` switches to processes.)"""

from __future__ import annotations

import pytest

import render
from bot import games
from cogs import pictures
from cogs.rulebook import demo_position
from render.crops import Focus

CLOSE_UPS = {
    "great_wall": Focus("sections", (0,)),
    "chinatown": Focus("lots", ()),
    "sun_tzu": Focus("provinces", ()),
}


async def test_the_pool_draws_the_same_bytes_as_the_bot_itself() -> None:
    pool = pictures.Pictures(processes=2)
    try:
        for key in games.GAMES:
            view, names = demo_position(key)
            assert await pool.draw(render.board, key, view, names) == render.board(key, view, names)
            close_up = CLOSE_UPS.get(key) or Focus("region", (view["regions"][0]["id"],))
            assert await pool.draw(render.focus, key, view, names, close_up) == render.focus(
                key, view, names, close_up
            )
        with pytest.raises(ValueError):  # a hand from the public view: refused in the worker, raised here
            await pool.draw(render.hand, "great_wall", *demo_position("great_wall"))
        pool.close()
        view, names = demo_position("sun_tzu")
        assert await pool.draw(render.board, "sun_tzu", view, names) == render.board("sun_tzu", view, names)
    finally:
        pool.close()


def test_sizes() -> None:
    assert pictures.Pictures().processes == 0  # the default: a thread of this process
    assert pictures.Pictures(None).processes == pictures.cores() >= 1
