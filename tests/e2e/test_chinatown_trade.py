"""A Chinatown trade agreed by two players, through the double: the offer has its own message in the thread,
and its completion edits that message and the turn's board message; trading is one turn, so nothing new is
posted in the thread."""

from __future__ import annotations

import random

from tests.e2e.double import DiscordDouble, Message
from tests.e2e.double.model import walk
from tests.e2e.play import Game, button, click, start_game, take_turn
from tests.e2e.process import BotProcess
from tests.e2e.records import read_game
from tests.e2e.users import SimUser, choices


def _option(message: Message, starts: str, menu: str = "") -> tuple[str, str]:
    """(custom_id, value) of the first select option whose label starts with ``starts``, in a select whose
    placeholder starts with ``menu``."""
    for component in walk(message.components):
        if component["type"] != 3 or not str(component.get("placeholder", "")).startswith(menu):
            continue
        for option in component.get("options", []):
            if option["label"].startswith(starts):
                return str(component["custom_id"]), str(option["value"])
    raise AssertionError(f"no option {starts!r} in {message.content!r}")


async def _pick(game: Game, user: SimUser, message: Message, starts: str, menu: str = "") -> Message:
    custom_id, value = _option(message, starts, menu)
    await (await user.click(message, custom_id=custom_id, values=[value])).settled()
    return game.double.world.messages[message.id]


async def _press(game: Game, user: SimUser, message: Message, label: str) -> Message:
    await (await user.click(message, label=label)).settled()
    return game.double.world.messages[message.id]


async def _done_trading(game: Game, user: SimUser) -> None:
    version = game.version()
    assert version is not None
    await click(game, user, game.board(), button(game.board(), "Play"))
    found = game.controls_since(user, version)
    assert found is not None
    await _press(game, user, found[1], "Done trading")


def _phase(game: Game, bot: BotProcess) -> str:
    recorded = read_game(bot.database, game.id)
    state = list(recorded.states())[-1]
    return str(recorded.engine.view(state, None)["phase"])


async def test_a_completed_trade_edits_the_board_and_posts_nothing(
    double: DiscordDouble, bot: BotProcess, alice: SimUser, bob: SimUser, carol: SimUser
) -> None:
    game = await start_game(double, "chinatown", alice, bob, carol)
    rng = random.Random(1)
    while _phase(game, bot) == "deal_buildings":  # everyone keeps lots with what the bot shows them
        await take_turn(game, game.movers()[0], rng)
    # Alice offers Bob one of her lots.
    version = game.version()
    assert version is not None
    await click(game, alice, game.board(), button(game.board(), "Play"))
    found = game.controls_since(alice, version)
    assert found is not None
    builder = await _press(game, alice, found[1], "New offer")
    builder = await _pick(game, alice, builder, "Bob")
    # Her own lots: listed, or behind "A lot" (by district) when she has many; Bob's menu may differ from hers.
    gives = [c for c in walk(builder.components) if str(c.get("placeholder", "")).startswith("You give")]
    first = "A lot" if any(o["label"].startswith("A lot") for c in gives for o in c.get("options", [])) else "Lot "
    builder = await _pick(game, alice, builder, first, menu="You give")
    if first == "A lot":
        builder = await _pick(game, alice, builder, "Lot ")
    if ("label", "To Bob") in choices(builder):  # among more than two, the receiver is a step
        builder = await _press(game, alice, builder, "To Bob")
    await _press(game, alice, builder, "Post offer")
    offer = next(m for m in double.world.public(game.thread_id) if m.content.startswith("**Offer #1 by"))
    for user in (alice, carol):  # done trading: the trade un-readies them [R17] without opening a new turn
        await _done_trading(game, user)
    board = game.board()
    posts = len(double.world.public(game.thread_id))
    revisions = len(double.world.revisions)
    # Bob accepts from the offer's message: the trade is done.
    await (await bob.click(offer, label="Accept")).settled()
    recorded = read_game(bot.database, game.id)
    assert recorded.engine.view(list(recorded.states())[-1], None)["offers"][0]["status"] == "executed"
    await game.moved_from(game.version(), timeout=2)
    assert len(double.world.public(game.thread_id)) == posts, "the trade posted nothing new in the thread"
    # Edits only (they notify nobody): the board message and the offer's.
    changed = [r for r in double.world.revisions[revisions:] if r.channel_id == game.thread_id and r.audience is None]
    assert changed and all(r.edit for r in changed)
    assert {r.message_id for r in changed} <= {board.id, offer.id}
    assert "Trade #1 done" in double.world.messages[board.id].content
    assert double.world.messages[offer.id].content.endswith("**Accepted by everyone: the trade is done.**")
    assert game.board().id == board.id  # still the turn's board, with its buttons
    assert ("label", "Play") in choices(game.board())
    # Told by DM: Alice, whose offer was taken; not Carol, who took no part and has nothing new to decide.
    def new_dms(user: SimUser) -> list[object]:
        return [r for r in double.world.revisions[revisions:] if r.channel_id == user.dm_channel_id() and not r.edit]

    for _ in range(40):
        if new_dms(alice):
            break
        await double.world.changed(0.25)
    assert len(new_dms(alice)) == 1 and new_dms(carol) == []
