"""The Take back button: on the mover's own DM after a move that may be taken back; pressed, it takes the move
back, returns the DM to the decision and edits the board back, pinging nobody."""

from __future__ import annotations

from typing import Any

import discord

from bot.tables.replay import TAKE_BACK_ACTION
from tests.cogs.flows import open_from_panel, start_game
from tests.cogs.harness import FakeDiscord, Posted


async def test_take_back_button_takes_the_play_back(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    game_id, _ = await start_game(fake, alice, bob)
    service = fake.bot.service
    table = await service.get(game_id)
    mover = alice if table.player_at(min(table.to_act())).user_id == alice.id else bob
    seat = min(table.to_act())
    play = next(a for a in table.game.legal_actions(table.state, seat) if a["type"] == "play")
    (prompt,) = [s for s in fake.sent if s.where == f"dm:{mover.id}"]
    label = table.game.action_label(play)
    del label  # the controls take steps; the move is made through the service as the panel would
    outcome = await service.act(game_id, mover.id, play, version=table.version)
    answer = await fake.bot.play._after_move(outcome, mover.id)  # type: ignore[attr-defined]
    prompt.message.view = answer["view"]
    mark = len(fake.sent)
    await fake.click(mover, prompt.message, label="Take back")
    after = await service.get(game_id)
    assert after.version == outcome.table.version + 1
    assert after.game.dump(after.state) == table.game.dump(table.state)
    log = await service.move_log(game_id)
    assert log[-1].action == dict(TAKE_BACK_ACTION)
    new = fake.since(mark)
    assert all(s.pinged == frozenset() for s in new)
    assert any("took back their last move" in (s.content or "") for s in new if not s.private)
    assert not any(s.kind == "send" and not s.private for s in new)  # the board was edited, not posted again


async def test_a_table_chosen_without_take_backs_refuses_them(fake: FakeDiscord, alice: Any, bob: Any) -> None:
    """The options panel's clock page chooses take-backs per table; the lobby says when they are off."""
    await fake.command(fake.bot.get_cog("GameCommands").new, alice, game="great_wall", seats=2)  # type: ignore[union-attr]
    panel = fake.last(private=True)
    assert "Take-backs: a player may take back their own last move" in panel.content
    await fake.click(alice, panel, label="Clock and timeouts")
    await fake.click(alice, panel, option="No take-backs")
    assert "Take-backs: off; every move stands." in panel.content
    game_id, lobby = await open_from_panel(fake, alice, panel)
    assert "Take-backs: off; every move stands." in lobby.content
    table = await fake.bot.service.get(game_id)
    assert not table.take_backs


async def test_panels_sent_before_the_take_back_choice_open_tables_that_allow_them(
    fake: FakeDiscord, alice: Any
) -> None:
    old = "mk:new:great_wall:2:0.1.0:0.0.0:open"  # three clock indices: no take-back choice yet
    panel = Posted(1, "channel:2000", True, owner=alice.id)
    await fake.dispatch(alice, panel, old, base=discord.ui.Button(custom_id=old))
    table = await fake.bot.service.get(1)
    assert table.take_backs and table.options["infantry_covered"] == "renumber"
