"""Trading in Discord: answers from the thread's offer messages, refusals (not a player of the offer, not a
player at all, an offer that is closed, an old version, a second click on Post, a forged offer number, a
control from an earlier year), and trading on after "Done trading". Every refusal is private and changes
nothing.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.cogs.flows import last_board
from tests.cogs.harness import FakeDiscord, Posted, labels, make_user
from tests.cogs.test_chinatown_flows import (
    Player,
    control,
    json_pictures,  # noqa: F401  (fixtures used below)
    open_chinatown,
)

pytestmark = pytest.mark.usefixtures("json_pictures")


async def _trading(fake: FakeDiscord) -> list[Player]:
    """Three people at a table, all lots kept: the trading phase of 1965. Players in seat order."""
    people = [make_user(500 + n, name) for n, name in enumerate(("Ann", "Ben", "Cleo"))]
    game_id = await open_chinatown(fake, people[0], people[1:])
    players = [Player(fake, game_id, p) for p in people]
    for player in players:
        await player.keep()
    table = await players[0].table()
    assert table.view(None)["phase"] == "trades"
    return sorted(players, key=lambda p: table.seat_of(p.user.id) or 0)


def _thread_offer(fake: FakeDiscord, offer_id: int) -> Posted:
    return next(s.message for s in reversed(fake.sent) if not s.private and f"Offer #{offer_id} " in s.content)


async def _propose_lot(owner: Player, partner: Player) -> Posted:
    builder = await owner.new_offer([await partner.seat()])
    await owner.add(builder, await owner.seat(), "Lot ")
    return builder


async def test_answers_from_the_thread_and_their_refusals(fake: FakeDiscord) -> None:
    a, b, c = await _trading(fake)
    builder = await _propose_lot(a, b)
    post = control(builder, label="Post offer")
    await a.press(builder, "Post offer")
    version = (await a.table()).version
    await fake.dispatch(a.user, builder, post.custom_id, base=post)  # the same Post button, clicked twice
    assert fake.last().private and "You have posted this offer already: #1." in fake.last().content
    offer = _thread_offer(fake, 1)
    assert labels(offer.view) == ["Accept", "Decline", "Counter-offer", "Withdraw"]
    refused = await c.press(offer, "Accept", public=True)
    assert refused.content == "You are not part of this offer."
    stranger = make_user(999, "Dan")
    await fake.click(stranger, offer, label="Decline")
    assert fake.last().private and fake.last().content == "You are not playing in this game."
    refused = await b.press(offer, "Withdraw", public=True)
    assert refused.content == "Only the author can withdraw an offer."
    assert (await a.table()).version == version  # nothing changed
    accept = control(offer, label="Accept")
    declined = await b.press(offer, "Decline", public=True)
    assert "declines offer #1" in declined.content
    assert offer.view is None and offer.content.endswith("**Declined.**")  # the outcome, no dead buttons
    await fake.dispatch(b.user, offer, accept.custom_id, base=accept)  # a client still showing the old buttons
    late = fake.last(private=True)
    assert late.content.startswith("That offer is closed.")
    builder = await _propose_lot(a, b)
    await a.press(builder, "Post offer")
    accept = control(_thread_offer(fake, 2), label="Accept")
    withdrawn = await a.press(_thread_offer(fake, 2), "Withdraw", public=True)
    assert "withdraws offer #2" in withdrawn.content
    assert _thread_offer(fake, 2).content.endswith("**Withdrawn.**")
    forged = accept.custom_id.replace("acc.1.2.1", "acc.1.99.1")
    await fake.dispatch(b.user, _thread_offer(fake, 2), forged, base=accept)
    assert fake.last().private and fake.last().content == "There is no such offer."
    offers = (await a.table()).view(None)["offers"]
    assert [o["status"] for o in offers] == ["rejected", "cancelled"]
    # Nothing private went to the thread: every answer above was ephemeral.
    assert all(s.private for s in fake.sent if s.message.owner in (a.user.id, b.user.id, c.user.id, 999))


async def test_trading_goes_on_after_done_trading(fake: FakeDiscord) -> None:
    a, b, c = await _trading(fake)
    panel = await a.panel()
    await a.press(panel, "Done trading")
    assert "Back to trading" in labels(panel.view) and "You are done trading." in panel.content
    again = await a.panel()  # not "It is not your turn": a player who is done may still trade
    assert labels(again.view) == ["New offer", "Back to trading", "Rules"]
    builder = await _propose_lot(a, c)
    await a.press(builder, "Post offer")
    table = await a.table()
    assert not table.view(None)["players"][await a.seat()]["ready"]  # proposing un-readies the author [R17]
    await c.press(_thread_offer(fake, 1), "Accept", public=True)
    for player in (a, b, c):
        await player.done_trading()
    table = await a.table()
    assert table.view(None)["phase"] == "place_tiles"
    waiting = next(p for p in (a, b, c) if table.seat_of(p.user.id) not in table.to_act())
    # the turn's board message: posted anew, or edited when the last trader is also the first to build
    board = next(s.message for s in reversed(fake.public()) if "Play" in labels(s.message.view))
    await fake.click(waiting.user, board, label="Play")
    builder_name = table.player_at(min(table.to_act())).name
    refusal = fake.last()
    assert refusal.private and refusal.content.startswith(
        f"It is not your move. The game is waiting for {builder_name} to build. Latest board: https://"
    )


async def test_a_control_from_an_earlier_year_is_refused(fake: FakeDiscord) -> None:
    players = await _trading(fake)
    old_keep, old_view = next(
        (s.message, s.view)
        for s in fake.sent
        if s.private and s.view is not None and "kp.1" in str(s.view.to_components())
    )
    old_keep = replace(old_keep, view=old_view)  # as a client that still shows the passed prompt's controls
    for player in players:
        await player.done_trading()
    while (await players[0].table()).view(None)["phase"] == "place_tiles":
        table = await players[0].table()
        mover = next(p for p in players if table.seat_of(p.user.id) in table.to_act())
        await mover.build_shops(0)
    table = await players[0].table()
    assert table.view(None)["round"] == 2
    owner = next(p for p in players if p.user.id == old_keep.owner)
    select = control(old_keep, verb="kp")
    await fake.dispatch(owner.user, old_keep, select.custom_id, tuple(str(o.value) for o in select.options[:5]))
    assert fake.last().private and "That control is from an earlier year" in fake.last().content
    assert (await players[0].table()).version == table.version


async def test_a_player_with_closed_dms_plays_from_the_thread(fake: FakeDiscord) -> None:
    people = [make_user(600 + n, name) for n, name in enumerate(("Ann", "Ben", "Cleo"))]
    fake.closed_dms.add(people[1].id)
    game_id = await open_chinatown(fake, people[0], people[1:])
    ben = Player(fake, game_id, people[1])
    kept = await ben.keep()
    mine = fake.last(private=True)
    assert mine.owner == people[1].id and f"You keep lots {', '.join(map(str, sorted(kept)))}" in mine.content
    assert all(s.where != f"dm:{people[1].id}" for s in fake.sent)


async def test_a_half_built_offer_survives_other_players_moves(fake: FakeDiscord) -> None:
    a, b, c = await _trading(fake)
    builder = await _propose_lot(a, b)
    before = (await a.table()).version
    await b.done_trading()
    await c.done_trading()
    assert (await a.table()).version == before + 2  # the builder's controls were made two moves ago
    await a.add(builder, await b.seat(), "Money", amount="$20,000")
    await a.press(builder, "Post offer")
    offer = (await a.table()).view(None)["offers"][0]
    assert offer["status"] == "open" and [leg["kind"] for leg in offer["legs"]] == ["lot", "money"]


async def test_a_completed_trade_tells_its_parties_only(fake: FakeDiscord) -> None:
    """A completed trade un-readies everybody [R17], but only its parties get a new DM: a player who was
    done trading and took no part is not asked again (issue 27)."""
    a, b, c = await _trading(fake)
    await c.done_trading()
    builder = await _propose_lot(a, b)
    await a.press(builder, "Post offer")
    await a.done_trading()  # the author is done again, waiting for the answer
    table = await a.table()
    assert {await a.seat(), await c.seat()}.isdisjoint(table.to_act())
    sent = len(fake.sent)
    await b.press(_thread_offer(fake, 1), "Accept", public=True)
    table = await a.table()
    assert table.view(None)["offers"][0]["status"] == "executed"
    assert table.to_act() == frozenset(range(3))  # every ready flag was cleared [R17]
    new_dms = [s.where for s in fake.sent[sent:] if s.kind == "send" and s.where.startswith("dm:")]
    assert f"dm:{a.user.id}" in new_dms  # the author: their offer was taken
    assert f"dm:{c.user.id}" not in new_dms  # not a party: nothing new to decide
    assert new_dms.count(f"dm:{a.user.id}") == 1
    # One post per turn: trading is one turn, so the trade edits its board message (and the offer's) rather
    # than opening a new one; the board keeps its buttons.
    assert [s for s in fake.sent[sent:] if s.kind == "send" and not s.private] == []
    board = last_board(fake)
    assert "Trade #1 done" in board.content and "Play" in labels(board.view)
