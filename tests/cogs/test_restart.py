"""After a restart every component still works: DynamicItems rebuild themselves from the custom_id alone."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import discord

from tests.cogs.flows import controls_of, last_board, play_turn, start_game
from tests.cogs.harness import FakeDiscord, Posted, labels, registered_items, walk


def _custom_id(message: Posted, label: str) -> str:
    return next(i.item.custom_id for i in walk(message.view) if getattr(i.item, "label", None) == label)


async def test_controls_work_from_the_custom_id_alone_after_a_restart(tmp_path: Path, alice: Any, bob: Any) -> None:
    path = str(tmp_path / "bot.sqlite3")
    before = await FakeDiscord.start(path)
    game_id, _ = await start_game(before, alice, bob)
    table = await before.bot.service.get(game_id)
    mover = alice if table.player_at(min(table.to_act())).user_id == alice.id else bob
    await before.click(mover, last_board(before), label="Play")
    controls = controls_of(before, table, mover)
    assert controls is not None
    draw, play = _custom_id(controls, "Draw a card"), _custom_id(last_board(before), "Play")
    await before.stop()

    after = await FakeDiscord.start(path)
    try:
        # Bare components, as discord.py rebuilds them from a message: nothing but type and custom_id.
        message = Posted(1, "channel:2000", True, owner=mover.id)
        await after.dispatch(mover, message, draw, base=discord.ui.Button(custom_id=draw))
        moved = await after.bot.service.get(game_id)
        assert moved.version == table.version + 1
        assert "drew" in message.content and message.view is not None  # fresh controls for the second action
        board = Posted(2, f"thread:{table.thread_id}", False)
        await after.dispatch(mover, board, play, base=discord.ui.Button(custom_id=play))
        answer = after.last()
        assert answer.private and answer.content.startswith("The board has changed since that message")
        assert "Draw a card" in labels(answer.view)
    finally:
        await after.stop()


async def test_every_custom_id_matches_exactly_one_template(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    await start_game(fake, alice, bob)
    table = await fake.bot.service.get(1)
    mover = alice if table.player_at(min(table.to_act())).user_id == alice.id else bob
    await fake.click(mover, last_board(fake), label="Play")
    seen = 0
    items = registered_items(fake.bot)
    for sent in fake.sent:
        for item in walk(sent.view):
            custom_id = getattr(item, "item", item).custom_id
            matches = [cls for cls in items if cls.__discord_ui_compiled_template__.fullmatch(custom_id)]
            assert len(matches) == 1, custom_id
            assert isinstance(item, discord.ui.DynamicItem)
            seen += 1
    assert seen >= 15  # options panel, lobby, board buttons and controls


async def test_a_dm_channel_is_opened_once_even_across_a_restart(tmp_path: Path, alice: Any, bob: Any) -> None:
    """Each person's DM channel is opened with their first turn DM and remembered: after a restart the turn
    DMs go to it, without asking Discord for it again (a request counted against the bot's limit)."""
    path = str(tmp_path / "bot.sqlite3")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(3)
    before = await FakeDiscord.start(path)
    try:
        game_id, _ = await start_game(before, alice, bob)
        for _ in range(3):
            await play_turn(before, game_id, users, rng)
        assert before.dms_opened == Counter({alice.id: 1, bob.id: 1})
        assert before.dm_attempts[alice.id] >= 2 and before.dm_attempts[bob.id] >= 1
    finally:
        await before.stop()

    after = await FakeDiscord.start(path)
    try:
        for _ in range(12):  # moves through the service, as a click makes them: each turn's DM goes out
            table = await after.bot.service.get(game_id)
            seat = min(table.to_act())
            action = rng.choice(table.game.legal_actions(table.state, seat))
            await after.bot.service.act(game_id, table.player_at(seat).user_id or 0, action, version=table.version)
        assert after.dm_attempts[alice.id] >= 1 and after.dm_attempts[bob.id] >= 1  # their turn DMs went out
        assert after.dms_opened == Counter()  # to the channels opened before
    finally:
        await after.stop()
