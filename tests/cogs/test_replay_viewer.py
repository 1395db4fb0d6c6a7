"""``/game replay``: the board at every move re-drawn from the log is the live board of that move."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES, get
from bot.tables import NullNotifier
from cogs.game_pictures import board_picture
from tests.cogs.harness import GUILD, FakeDiscord, Posted, make_user, walk
from tests.cogs.played import FIRST_USER, NAMES, play, seat_players


async def _live_pictures(fake: FakeDiscord, key: str, seed: int) -> tuple[int, dict[int, bytes]]:
    """A whole game of random legal moves; the live public picture at every version (as board posts draw it)."""
    service = fake.bot.service
    # The thread is not what is compared here.
    notifier, service.delivery.notifier = service.delivery.notifier, NullNotifier()
    players = get(key).min_players  # the fewest players: the shortest whole game
    table = await seat_players(service, key, players, seed=seed, guild_id=GUILD)
    rng = random.Random(seed)
    live: dict[int, bytes] = {}
    while True:
        picture = await board_picture(table)
        assert picture is not None
        live[table.version] = picture.fp.read()
        if table.status != "running":
            break
        table = await play(service, table, rng, moves=1)
    service.delivery.notifier = notifier
    return table.id, live


def _shown(message: Posted) -> int:
    found = re.search(r"· move ([0-9]+) of ([0-9]+)", message.content)
    assert found is not None, message.content
    return int(found[1])


@pytest.mark.parametrize("key", GAMES)
async def test_the_viewer_shows_the_live_board_of_every_move(fake: FakeDiscord, key: str) -> None:
    game_id, live = await _live_pictures(fake, key, seed=16)
    user = make_user(FIRST_USER, NAMES[0])
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.replay, user, game=game_id)  # type: ignore[union-attr]
    viewer = fake.last(private=True)
    assert viewer.owner == user.id and _shown(viewer) == max(live)
    assert viewer.files == [live[max(live)]] and viewer.descriptions[0]
    await fake.click(user, viewer, label="First")
    seen = {_shown(viewer): viewer.files[0]}
    assert list(seen) == [0]
    while max(seen) < max(live):
        await fake.click(user, viewer, label="Next move")
        assert _shown(viewer) > max(seen), "Next move goes forward"
        seen[_shown(viewer)] = viewer.files[0]
    # Every move's live board (a forced move right after another was never on the live board by itself)
    # is the viewer's picture of that move, or of the move before it when the viewer stepped over it
    # because nothing public changed.
    for version, picture in live.items():
        shown = max(v for v in seen if v <= version)
        assert picture == seen[shown], f"{key}: the viewer's move {version} is not the live board"
    await fake.click(user, viewer, label="Previous turn")
    back = _shown(viewer)
    assert back < max(live) and viewer.files == [live[back]]
    await fake.click(user, viewer, label="Next turn")
    assert _shown(viewer) > back


async def test_a_running_game_is_shown_to_its_server_and_buttons_survive_a_restart(
    tmp_path: Path, alice: Any, carol: Any
) -> None:
    path = str(tmp_path / "bot.sqlite3")
    fake = await FakeDiscord.start(path)
    service = fake.bot.service
    table = await seat_players(service, "great_wall", 2, seed=4, users=(101, 202), guild_id=GUILD)
    table = await play(service, table, random.Random(4), moves=12)
    elsewhere = await seat_players(service, "great_wall", 2, seed=4, users=(101, 202), guild_id=GUILD + 1)
    cog = fake.bot.get_cog("GameCommands")
    await fake.command(cog.replay, carol, game=table.id)  # type: ignore[union-attr]
    viewer = fake.last(private=True)
    assert "public information only" in viewer.content and _shown(viewer) == table.version
    await fake.click(carol, viewer, label="Previous move")
    buttons = [getattr(i, "item", i) for i in walk(viewer.view)]
    before = _shown(viewer)
    await fake.stop()

    again = await FakeDiscord.start(path)
    try:
        item = next(b for b in buttons if b.label == "Previous move")
        await again.dispatch(carol, viewer, item.custom_id, base=item)
        assert _shown(viewer) < before
        # A custom_id is only a hint: a version past the log shows the newest position, and a game of
        # another server is not shown.
        await again.dispatch(carol, viewer, f"mk:{table.id}:99999:rp:next", base=item)
        assert _shown(viewer) == table.version
        await again.dispatch(carol, viewer, f"mk:{elsewhere.id}:0:rp:first", base=item)
        assert again.last(private=True).content == f"There is no game #{elsewhere.id}."
        assert all(b.custom_id.startswith(f"mk:{table.id}:") for b in buttons)
    finally:
        await again.stop()
