"""Whole Chinatown games through the cog callbacks, with 3, 4 and 5 players (people for three seats, the
computer for the others): keep cards, a trade between two players and one among three (with a counter-offer),
answers from the thread's offer messages and from the private panel, building, income, the end.

Then, over every message anyone could see: each picture is drawn from the public view or from its viewer's
own view; nobody's money and no dealt Building cards or keep choice reach anyone else before the rules
reveal them; the final money is public at the end.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

import pytest

from bot import games
from bot.store import games as game_sql
from bot.tables import Table
from tests.cogs.harness import FakeDiscord, labels, make_user, walk
from tests.cogs.test_chinatown_flows import (
    Player,
    control,
    json_pictures,  # noqa: F401  (fixtures used below)
    open_chinatown,
    picture_view,
)

GAME = games.get("chinatown")
pytestmark = pytest.mark.usefixtures("json_pictures")
PRIVATE_WORDS = ("only you see", "Your money", "Your Building cards", "You are dealt", "You keep lots", "Your income")
MONEY = re.compile(r"Your money(?: now)?: \$([0-9,]+)")
CARDS = re.compile(r"Your Building cards for (\d{4}): ([0-9, ]+) \(")
DEALT = re.compile(r"You are dealt lots ([0-9, ]+)\.")
KEPT = re.compile(r"You keep lots ([0-9, ]+)[;.]")


def _offer_message(fake: FakeDiscord, offer_id: int, version: int) -> Any:
    title = f"Offer #{offer_id} by " if version == 1 else f"Offer #{offer_id}, version {version}, "
    for sent in reversed(fake.sent):
        if not sent.private and title in sent.content and sent.view is not None:
            return sent.message
    raise AssertionError(f"no public message for offer #{offer_id} v{version}")


def _last_offer_id(table: Table) -> int:
    return max(o["id"] for o in table.view(None)["offers"])


async def two_player_trade(fake: FakeDiscord, a: Player, b: Player) -> None:
    """``a`` gives a lot to ``b`` for $10,000; ``b`` accepts from the offer message in the thread."""
    seat_a, seat_b = await a.seat(), await b.seat()
    builder = await a.new_offer([seat_b])
    await a.add(builder, seat_a, "Lot ")  # two players: the other one receives, no question asked
    await a.add(builder, seat_b, "Money", amount="$10,000")
    await a.press(builder, "Post offer")
    table = await a.table()
    offer_id = _last_offer_id(table)
    message = _offer_message(fake, offer_id, 1)
    assert f"<@{b.user.id}>" in message.content
    assert labels(message.view) == ["Accept", "Decline", "Counter-offer", "Withdraw"]
    answer = await b.press(message, "Accept", public=True)
    assert f"Trade #{offer_id} done" in answer.content
    after = (await a.table()).view(seat_a)
    assert next(o for o in after["offers"] if o["id"] == offer_id)["status"] == "executed"


async def three_player_trade(fake: FakeDiscord, a: Player, b: Player, c: Player) -> None:
    """``a`` offers: a lot to ``b``, a tile of ``b``'s to ``c``, $10,000 of ``c``'s to ``a``. ``b`` counters
    (``c`` pays $20,000 instead), ``a`` accepts the new version in the thread, ``c`` from the panel."""
    seats = [await p.seat() for p in (a, b, c)]
    builder = await a.new_offer(sorted(seats[1:]))
    await a.add(builder, seats[0], "Lot ", to=b.user.name)
    await a.add(builder, seats[1], "1 × ", to=c.user.name)
    await a.add(builder, seats[2], "Money", amount="$10,000", to="you")
    await a.press(builder, "Post offer")
    offer_id = _last_offer_id(await a.table())
    first = _offer_message(fake, offer_id, 1)
    old_accept = next(getattr(i, "item", i) for i in walk(first.view)
                      if getattr(getattr(i, "item", i), "label", None) == "Accept")
    counter = await b.press(first, "Counter-offer", public=True)
    assert "Counter-offer to #" in counter.content and counter.content.count("•") == 3
    await b.press(counter, "Remove an item")
    await b.pick(counter, "rm", str(_money_leg(counter)))
    assert counter.content.count("•") == 2
    await b.add(counter, seats[2], "Money", amount="$20,000", to=a.user.name)
    await b.press(counter, "Post counter-offer")
    second = _offer_message(fake, offer_id, 2)
    assert "$20,000" in second.content and "Accepted" in second.content
    assert first.view is None and "Changed: version 2 is below" in first.content  # no dead buttons
    await fake.dispatch(a.user, first, old_accept.custom_id, base=old_accept)  # a client showing the old one
    stale = fake.last(private=True)
    assert "That offer has changed since" in stale.content  # the old version's button fails [E9]
    await a.press(second, "Accept", public=True)
    panel = await c.panel()
    await c.pick(panel, "ofs", str(offer_id))
    await c.press(panel, "Accept")
    assert f"Trade #{offer_id} done" in panel.content
    table = await a.table()
    assert next(o for o in table.view(None)["offers"] if o["id"] == offer_id)["status"] == "executed"


def _money_leg(message: Any) -> int:
    select = control(message, verb="rm")
    return next(int(o.value) for o in select.options if "$" in o.label)


async def play(fake: FakeDiscord, game_id: int, people: list[Any]) -> None:
    """The people play to the end: the two trades in 1965 and 1966, a few shops a turn."""
    players = {p.id: Player(fake, game_id, p) for p in people}
    ordered = [players[p.id] for p in people]
    traded: set[int] = set()
    for _ in range(2000):
        table = await fake.bot.service.get(game_id)
        if table.status != "running":
            return
        view = table.view(None)
        humans = [s for s in sorted(table.to_act()) if not table.player_at(s).is_ai]
        assert humans, f"nobody to act in {view['phase']}"
        mover = players[table.player_at(humans[0]).user_id or 0]
        if view["phase"] == "deal_buildings":
            await mover.keep()
        elif view["phase"] == "trades" and view["round"] not in traded:
            traded.add(view["round"])
            if view["round"] == 1:
                await two_player_trade(fake, ordered[0], ordered[1])
            elif view["round"] == 2:
                await three_player_trade(fake, ordered[0], ordered[1], ordered[2])
        elif view["phase"] == "trades":
            await mover.done_trading()
        else:
            await mover.build_shops(3)
    raise AssertionError("the game did not end")


Secrets = tuple[dict[int, set[int]], dict[tuple[int, int], list[int]]]


async def _seen_secrets(fake: FakeDiscord, table: Table) -> Secrets:
    """Replay the game: every cash amount each seat ever had, and the Building cards dealt to it each year."""
    moves = await game_sql.fetch_moves(fake.bot.service.db, table.id)
    state = GAME.new(len(table.players), table.seed, table.options)
    cash: dict[int, set[int]] = defaultdict(set)
    dealt: dict[tuple[int, int], list[int]] = {}

    def note() -> None:
        for seat in range(len(table.players)):
            mine = GAME.view(state, seat)
            cash[seat].add(mine["players"][seat]["cash"])
            if mine["hand_cards"]:
                dealt[(seat, mine["year"])] = mine["hand_cards"]

    note()
    for move in moves:
        state, _ = GAME.resign(state, move.seat) if move.kind == "resign" else GAME.apply(state, move.seat, move.action)
        note()
    return cash, dealt


async def check_secrets(fake: FakeDiscord, game_id: int) -> None:
    table = await fake.bot.service.get(game_id)
    assert table.status == "finished"
    cash, dealt = await _seen_secrets(fake, table)
    checked = {"money": 0, "cards": 0, "kept": 0}
    for sent in fake.sent:
        pictures = [picture_view(data) for data in sent.files]
        if not sent.private:
            assert not any(word in sent.content for word in PRIVATE_WORDS), sent.content
            for picture in pictures:
                view = picture["view"]
                assert view["viewer"] is None and view["hand_cards"] is None and view["keep_choice"] is None
                if picture["picture"] != "final":
                    assert all(p["cash"] is None for p in view["players"])
            continue
        owner = sent.message.owner
        assert owner is not None and (not sent.where.startswith("dm:") or sent.where == f"dm:{owner}")
        seat = table.seat_of(owner)
        assert seat is not None, "private messages only go to the players"
        for picture in pictures:
            # A private picture is its reader's own view, or the final one (public: the end told by DM).
            assert picture["view"]["viewer"] == seat or picture["picture"] == "final"
        for amount in MONEY.findall(sent.content):
            assert int(amount.replace(",", "")) in cash[seat]
            checked["money"] += 1
        for year, lots in CARDS.findall(sent.content):
            assert [int(lot) for lot in lots.split(", ")] == dealt[(seat, int(year))]
            checked["cards"] += 1
        mine = [cards for (owner_seat, _), cards in dealt.items() if owner_seat == seat]
        for lots in DEALT.findall(sent.content):
            assert [int(lot) for lot in lots.split(", ")] in mine
        for lots in KEPT.findall(sent.content):
            assert any({int(lot) for lot in lots.split(", ")} <= set(cards) for cards in mine)
            checked["kept"] += 1
    assert all(checked.values()), checked  # the checks above did meet the secrets they look for
    final = fake.last(private=False)
    result = table.result()
    assert result is not None and "The game is over" in final.content
    for amount in result.scores:
        assert f"${amount:,}" in final.content  # the final money is revealed to everybody


@pytest.mark.parametrize(("computers", "dm_closed"), [(0, False), (1, True), (2, False)])
async def test_whole_game_with_trades_among_two_and_three(
    fake: FakeDiscord, alice: Any, bob: Any, carol: Any, computers: int, dm_closed: bool
) -> None:
    if dm_closed:
        fake.closed_dms.add(bob.id)
    game_id = await open_chinatown(fake, alice, [bob, carol], computers)
    table = await fake.bot.service.get(game_id)
    assert table.status == "running" and len(table.players) == 3 + computers
    await play(fake, game_id, [alice, bob, carol])
    await check_secrets(fake, game_id)
    # Income summaries reached each person privately, every new year.
    for person in (alice, bob, carol):
        summaries = [s for s in fake.sent if s.message.owner == person.id and "Your income for" in s.content]
        assert summaries and all(s.private for s in summaries)
    executed = [s for s in fake.sent if not s.private and re.search(r"Trade #\d+ done", s.content)]
    assert len({re.search(r"Trade #(\d+)", s.content)[1] for s in executed}) >= 2  # type: ignore[index]


async def test_a_stranger_sees_only_public_messages(fake: FakeDiscord) -> None:
    people = [make_user(400 + n, f"P{n}") for n in range(3)]
    game_id = await open_chinatown(fake, people[0], people[1:])
    first = Player(fake, game_id, people[0])
    await first.keep()
    stranger = make_user(999, "Dan")
    await fake.click(stranger, fake.last(private=False), label="Play")
    assert fake.last().private and fake.last().content == "You are not playing in this game."
    assert all(s.message.owner != stranger.id or s.private for s in fake.sent)
