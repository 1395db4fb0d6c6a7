"""The snapshot-format key: every game writes "format"; China and Sun Tzu snapshots stored before the key
was the same everywhere say "version", and still load to the same state."""

from __future__ import annotations

import random

import pytest

from bot.games import GAMES, get


def _played(key: str) -> tuple[object, dict[str, object]]:
    game = get(key)
    state = game.new(game.min_players if key != "china" else 4, 3)
    rng = random.Random(3)
    for _ in range(10):
        if game.is_over(state):
            break
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state, game.dump(state)


@pytest.mark.parametrize("key", GAMES)
def test_every_game_writes_the_format_key(key: str) -> None:
    _, data = _played(key)
    assert data["format"] == 1
    assert "version" not in data


@pytest.mark.parametrize("key", ["china", "sun_tzu"])
def test_a_snapshot_stored_with_the_old_key_still_loads(key: str) -> None:
    state, data = _played(key)
    old = {("version" if name == "format" else name): value for name, value in data.items()}
    assert get(key).load(old) == state


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("stamp", [{"format": 2}, {"version": 2}, {"format": 1, "version": 2}, {}])
def test_another_format_is_refused(key: str, stamp: dict[str, int]) -> None:
    _, data = _played(key)
    del data["format"]
    with pytest.raises(ValueError, match="format"):
        get(key).load({**data, **stamp})
