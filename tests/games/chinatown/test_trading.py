"""§5 trading: validity checks V1-V10, the offer lifecycle, execution, the sweep, ready flags, visibility."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.base import Event
from bot.games.chinatown import GAME
from bot.games.chinatown.data import OfferStatus, Phase, State
from bot.games.chinatown.hidden import resample
from tests.games.chinatown.helpers import (
    ANN,
    BEN,
    CLEO,
    DAN,
    NAMES,
    READY,
    accept,
    act,
    hand,
    lot,
    money,
    offer,
    place,
    propose,
    refused,
    scenario,
    tiles,
)


def market(**options: Any) -> State:
    """Ann owns 23 and 24, Ben 30, Cleo 40; Ann holds Photo x1, Ben Florist x2."""
    return scenario(
        4,
        owners={23: ANN, 24: ANN, 30: BEN, 40: CLEO},
        hands={ANN: {"photo": 1}, BEN: {"florist": 2}},
        options=options or None,
    )


@pytest.mark.parametrize(
    ("legs", "code"),
    [
        ([], "EMPTY_OFFER"),
        ([lot(ANN, 7, 23)], "UNKNOWN_PLAYER"),
        ([lot(ANN, ANN, 23)], "SELF_TRANSFER"),
        ([tiles(BEN, CLEO, "florist", 1)], "NOT_PARTICIPANT"),
        ([lot(ANN, BEN, 23), lot(ANN, CLEO, 23)], "LOT_LISTED_TWICE"),
        ([lot(ANN, BEN, 30)], "LOT_NOT_OWNED_BY_GIVER"),
        ([lot(ANN, BEN, 12)], "LOT_NOT_OWNED_BY_GIVER"),  # nobody owns 12 [R29]
        ([tiles(ANN, BEN, "photo", 2)], "TILES_NOT_IN_HAND"),
        ([tiles(ANN, BEN, "photo", 1), tiles(ANN, CLEO, "photo", 1)], "TILES_NOT_IN_HAND"),
        ([tiles(ANN, BEN, "tea_house", 1)], "TILES_NOT_IN_HAND"),
        ([money(ANN, BEN, 15_000)], "BAD_AMOUNT"),
        ([money(ANN, BEN, 0)], "BAD_AMOUNT"),
        ([money(ANN, BEN, -10_000)], "BAD_AMOUNT"),
        ([money(ANN, BEN, 60_000)], "INSUFFICIENT_CASH"),
        ([money(ANN, BEN, 30_000), money(ANN, CLEO, 30_000)], "INSUFFICIENT_CASH"),
        ([{"from": ANN, "to": BEN, "kind": "card", "lot": 12}], "UNTRADEABLE_ITEM"),
        ([{"from": ANN, "to": BEN, "kind": "first_player"}], "UNTRADEABLE_ITEM"),
        ([{"from": ANN, "to": BEN, "kind": "tile", "lot": 23}], "PLACED_TILE_NOT_TRADEABLE"),
        ([{"from": ANN, "to": BEN, "kind": "lot", "lot": 99}], "UNKNOWN_LOT"),
        ([{"from": ANN, "to": BEN, "kind": "tiles", "tile_type": "pagoda", "count": 1}], "UNKNOWN_SHOP"),
        ([{"from": ANN, "to": BEN, "kind": "tiles", "tile_type": "photo", "count": 0}], "BAD_ACTION"),
        ([{"to": BEN, "kind": "money", "amount": 10_000}], "BAD_ACTION"),
        ("not a list", "BAD_ACTION"),
    ],
)
def test_invalid_offers_are_refused(legs: Any, code: str) -> None:
    state = market()
    assert refused(state, ANN, {"type": "propose", "legs": legs}) == code


def test_a_note_is_limited_and_non_binding() -> None:
    state = market()
    assert refused(state, ANN, propose(lot(ANN, BEN, 23), note="x" * 301)) == "BAD_ACTION"
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), note="I'll pay you next round"))
    assert offer(state, 1).note == "I'll pay you next round"
    assert GAME.view(state, CLEO)["offers"][0]["note"] == "I'll pay you next round"


def test_money_unit_option() -> None:
    state = market(money_unit=1_000)
    state, _ = act(state, ANN, propose(money(ANN, BEN, 15_000), lot(BEN, ANN, 30)))
    assert offer(state, 1).legs[0].amount == 15_000


def test_pre_trade_holdings_only() -> None:
    """R15: nothing received in an offer can be passed on in the same offer."""
    state = market()
    assert refused(state, ANN, propose(tiles(ANN, BEN, "photo", 1), tiles(BEN, CLEO, "photo", 1))) == (
        "TILES_NOT_IN_HAND"
    )
    assert refused(state, ANN, propose(lot(ANN, BEN, 23), lot(BEN, CLEO, 23))) == "LOT_LISTED_TWICE"
    state, _ = act(state, ANN, propose(money(ANN, BEN, 50_000), money(BEN, CLEO, 60_000), lot(CLEO, ANN, 40)))
    assert refused(state, BEN, accept(1)) == "INSUFFICIENT_CASH"  # Ben cannot pay from Ann's money


def test_identical_legs_are_merged() -> None:
    state = market()
    state, _ = act(
        state,
        ANN,
        propose(
            money(ANN, BEN, 10_000), money(ANN, BEN, 20_000), tiles(BEN, ANN, "florist"), tiles(BEN, ANN, "florist")
        ),
    )
    legs = offer(state, 1).legs
    assert [(leg.kind.value, leg.count, leg.amount) for leg in legs] == [("money", None, 30_000), ("tiles", 2, None)]


def test_propose_accepts_and_clears_own_ready() -> None:
    state = market()
    state, _ = act(state, ANN, READY)
    state, events = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    created = offer(state, 1)
    assert (created.version, created.author, created.status, created.accepted) == (1, ANN, OfferStatus.OPEN, (ANN,))
    assert not state.seats[ANN].ready
    assert events[0].type == "offer_proposed"
    assert GAME.describe(events[0], NAMES) == (
        "Ann proposes offer #1: Ann gives lot 23 to Ben; Ben gives $10,000 to Ann."
    )


def test_accept_rules() -> None:
    state = market()
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), lot(CLEO, ANN, 40)))
    assert refused(state, BEN, accept(2)) == "UNKNOWN_OFFER"
    assert refused(state, ANN, accept(1)) == "ALREADY_ACCEPTED"
    assert refused(state, DAN, accept(1)) == "NOT_PARTICIPANT"
    assert refused(state, BEN, accept(1, 2)) == "STALE_VERSION"
    state, _ = act(state, CLEO, READY)
    state, events = act(state, CLEO, accept(1))
    assert offer(state, 1).accepted == (ANN, CLEO) and not state.seats[CLEO].ready
    assert offer(state, 1).status is OfferStatus.OPEN  # Ben has not accepted yet
    state, events = act(state, BEN, accept(1))
    assert [e.type for e in events] == ["offer_accepted", "offer_executed"]
    assert state.owner(23) == BEN and state.owner(40) == ANN


def test_reject_closes_the_offer_for_everyone() -> None:
    state = market()
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    state, _ = act(state, BEN, READY)
    assert refused(state, CLEO, {"type": "reject", "offer": 1}) == "NOT_PARTICIPANT"
    state, events = act(state, BEN, {"type": "reject", "offer": 1})
    assert offer(state, 1).status is OfferStatus.REJECTED and state.seats[BEN].ready  # reject keeps ready
    assert GAME.describe(events[0], NAMES) == "Ben declines offer #1; it is closed."
    assert refused(state, ANN, accept(1)) == "OFFER_CLOSED"
    assert refused(state, BEN, {"type": "reject", "offer": 1}) == "OFFER_CLOSED"


def test_cancel_by_the_author_while_a_participant() -> None:
    state = market()
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    assert refused(state, BEN, {"type": "cancel", "offer": 1}) == "NOT_AUTHOR"
    cancelled, _ = act(state, ANN, {"type": "cancel", "offer": 1})
    assert offer(cancelled, 1).status is OfferStatus.CANCELLED
    # Ben edits Ann out of the offer: she can no longer cancel it.
    edited, events = act(
        state, BEN, {"type": "edit", "offer": 1, "legs": [tiles(BEN, CLEO, "florist", 1), money(CLEO, BEN, 10_000)]}
    )
    assert offer(edited, 1).participants == (BEN, CLEO)
    assert events[0].private[ANN] == {"offer": None, "by": BEN, "removed": 1}
    assert refused(edited, ANN, {"type": "cancel", "offer": 1}) == "NOT_PARTICIPANT"
    assert refused(edited, ANN, accept(1, 2)) == "NOT_PARTICIPANT"


def test_edit_rules() -> None:
    state = market()
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    legs = [lot(ANN, BEN, 23), money(BEN, ANN, 20_000)]
    assert refused(state, CLEO, {"type": "edit", "offer": 1, "legs": legs}) == "NOT_PARTICIPANT"
    assert refused(state, BEN, {"type": "edit", "offer": 5, "legs": legs}) == "UNKNOWN_OFFER"
    assert refused(state, BEN, {"type": "edit", "offer": 1, "legs": [money(BEN, ANN, 60_000), lot(ANN, BEN, 23)]}) == (
        "INSUFFICIENT_CASH"  # the editor's own money is checked
    )
    assert refused(state, BEN, {"type": "edit", "offer": 1, "legs": [lot(ANN, CLEO, 23)]}) == "NOT_PARTICIPANT"
    state, _ = act(state, BEN, {"type": "edit", "offer": 1, "legs": [*legs, lot(CLEO, BEN, 40)], "note": "v2"})
    edited = offer(state, 1)
    assert (edited.version, edited.accepted, edited.note, edited.author) == (2, (BEN,), "v2", ANN)
    assert edited.participants == (ANN, BEN, CLEO)  # participants may be added
    state, _ = act(state, CLEO, {"type": "reject", "offer": 1})
    assert refused(state, BEN, {"type": "edit", "offer": 1, "legs": legs}) == "OFFER_CLOSED"


def test_ready_flags() -> None:
    state = market()
    assert refused(state, ANN, {"type": "ready", "ready": False}) == "NOT_READY"
    state, events = act(state, ANN, READY)
    assert GAME.describe(events[0], NAMES) == "Ann is done trading."
    assert refused(state, ANN, READY) == "ALREADY_READY"
    assert refused(state, ANN, {"type": "ready", "ready": "yes"}) == "BAD_ACTION"
    assert ANN not in GAME.to_act(state) and GAME.legal_actions(state, ANN) == []
    state, _ = act(state, ANN, {"type": "ready", "ready": False})  # a done player may come back [§5.6]
    assert ANN in GAME.to_act(state)


def test_a_done_player_is_asked_again_when_an_offer_waits_for_them() -> None:
    state = market()
    state, _ = act(state, BEN, READY)
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    assert BEN in GAME.to_act(state)
    assert GAME.legal_actions(state, BEN) == [  # in the contract's order: fields by name
        {"type": "accept", "offer": 1, "version": 1},
        {"type": "reject", "offer": 1},
        {"type": "ready", "ready": False},
    ]
    assert GAME.timeout_action(state, BEN) == {"type": "reject", "offer": 1}
    assert GAME.timeout_action(state, CLEO) == READY


def test_accept_is_listed_only_when_the_seat_can_pay() -> None:
    state = market()
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 60_000)))
    assert {"type": "accept", "offer": 1, "version": 1} not in GAME.legal_actions(state, BEN)
    assert GAME.legal_actions(state, ANN) == [{"type": "cancel", "offer": 1}, {"type": "reject", "offer": 1}, READY]


def test_the_sweep_voids_offers_whose_assets_moved() -> None:
    state = market()
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    state, _ = act(state, ANN, propose(lot(ANN, CLEO, 23), money(CLEO, ANN, 20_000)))
    state, _ = act(state, BEN, propose(tiles(BEN, DAN, "florist", 2)))
    state, _ = act(state, BEN, propose(tiles(BEN, CLEO, "florist", 1), money(CLEO, BEN, 10_000)))
    state, events = act(state, BEN, accept(1))
    assert offer(state, 2).status is OfferStatus.VOID
    assert (offer(state, 2).void_code, offer(state, 2).void_seat) == ("LOT_NOT_OWNED_BY_GIVER", ANN)
    assert offer(state, 3).status is OfferStatus.OPEN
    state, events = act(state, DAN, accept(3))
    assert offer(state, 4).void_code == "TILES_NOT_IN_HAND"
    assert hand(state, DAN) == {"florist": 2}
    assert GAME.describe(events[-1], NAMES) == "Offer #4 is void: shop tiles in it were traded away."


def test_execution_clears_every_ready_flag() -> None:
    state = market()
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23)))
    for seat in (CLEO, DAN):
        state, _ = act(state, seat, READY)
    state, _ = act(state, BEN, accept(1))
    assert [seat.ready for seat in state.seats] == [False] * 4  # [R17]


def test_offers_visible_to_participants_only() -> None:
    state = market(offer_visibility="participants")
    state, events = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    assert events[0].public == {} and GAME.describe(events[0], NAMES) is None
    assert GAME.view(state, None)["offers"] == [] and GAME.view(state, CLEO)["offers"] == []
    [number] = [o["id"] for o in GAME.view(state, BEN)["offers"]]  # a hidden offer's own number, not #1
    assert GAME.describe(events[0], NAMES, BEN) is not None
    state, events = act(state, BEN, accept(number))
    executed = events[-1]
    assert executed.type == "offer_executed" and executed.public["offer"]["id"] == number  # executed trades are public


# -- offers only their participants see: the others must not learn that one exists ----------------------

OBSERVERS = (None, CLEO)  # the table, and a player outside the hidden offers below
Move = tuple[int, dict[str, Any] | Callable[[State], dict[str, Any]], bool]  # seat, action, hidden


def observed(state: State, events: list[Event], viewer: int | None) -> tuple[Any, ...]:
    """All that ``viewer`` (None: the table) learns of a move: its view, the seats the table is told it
    waits for, and the events as told to it (public parts, its own private parts, the sentences)."""
    told = [
        (e.type, e.public, None if viewer is None else e.private.get(viewer))
        for e in events
        if e.public or viewer in e.private
    ]
    texts = [text for e in events if (text := GAME.describe(e, NAMES, viewer)) is not None]
    return GAME.view(state, viewer), sorted(GAME.to_act(state)), told, texts


def watch(state: State, moves: list[Move]) -> list[Any]:
    """What the observers see of each move, in order; a hidden move must show them nothing at all."""
    seen = []
    for seat, action, hidden in moves:
        quiet = [observed(state, [], viewer) for viewer in OBSERVERS]
        state, events = act(state, seat, action(state) if callable(action) else action)
        now = [observed(state, events, viewer) for viewer in OBSERVERS]
        if hidden:
            assert now == quiet, f"{NAMES[seat]}'s hidden move showed"
        else:
            seen.append(now)
    return seen


def own_offer(seat: int) -> Callable[[State], int]:
    def number(state: State) -> int:
        [found] = [o["id"] for o in GAME.view(state, seat)["offers"] if o["status"] == "open"]
        return int(found)

    return number


def test_a_hidden_offer_changes_nothing_the_others_observe() -> None:
    """Cleo and the table see the same game whether or not Ann made Ben a participants-only offer: Ben,
    done trading, is not waited for, and the next offer gets the same number (no gap shows one)."""
    ann_to_ben = propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000))

    def game(hidden_offer: bool) -> list[Any]:
        offer_by_ann: list[Move] = [(ANN, ann_to_ben, True)] if hidden_offer else []
        moves: list[Move] = [
            (BEN, READY, False),
            *offer_by_ann,
            (CLEO, propose(lot(CLEO, DAN, 40), money(DAN, CLEO, 10_000)), False),
            (DAN, lambda state: accept(own_offer(DAN)(state)), False),  # executed: announced with its number
            *[(seat, READY, False) for seat in (CLEO, DAN, ANN, BEN)],  # trading ends; Ann's offer is void
        ]
        return watch(market(offer_visibility="participants"), moves)

    assert game(hidden_offer=True) == game(hidden_offer=False)


def test_a_done_player_still_answers_a_hidden_offer() -> None:
    state = market(offer_visibility="participants")
    state, _ = act(state, BEN, READY)
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    assert BEN not in GAME.to_act(state) and GAME.legal_actions(state, BEN) == []  # not waited for ...
    assert GAME.can_act(state, BEN)  # ... yet free to answer [§5.6]
    state, events = act(state, BEN, accept(own_offer(BEN)(state)))
    assert events[-1].type == "offer_executed" and state.owner(23) == BEN


@pytest.mark.parametrize("move", ["propose", "edit", "accept"])
def test_a_done_player_busy_with_a_hidden_offer_looks_like_one_trading_again(move: str) -> None:
    """Proposing, editing or accepting clears one's ready flag [R17], which everybody sees: for a hidden
    offer the others must see just what "Back to trading" shows, or they would learn that an offer exists."""
    three_way = propose(lot(ANN, BEN, 23), tiles(BEN, DAN, "florist", 1))
    back = {"type": "ready", "ready": False}
    if move == "propose":
        busy: list[Move] = [(ANN, READY, False), (ANN, three_way, False)]
        idle: list[Move] = [(ANN, READY, False), (ANN, back, False)]
    elif move == "edit":

        def edit(state: State) -> dict[str, Any]:
            legs = [lot(ANN, BEN, 23), money(BEN, ANN, 10_000)]
            return {"type": "edit", "offer": own_offer(ANN)(state), "legs": legs, "note": ""}

        busy = [(ANN, three_way, True), (ANN, READY, False), (ANN, edit, False)]
        idle = [(ANN, READY, False), (ANN, back, False)]
    else:  # Ben accepts; the offer still waits for Dan
        answer = (BEN, lambda state: accept(own_offer(BEN)(state)), False)
        busy = [(ANN, three_way, True), (BEN, READY, False), answer]
        idle = [(BEN, READY, False), (BEN, back, False)]
    state = market(offer_visibility="participants")
    assert watch(state, busy) == watch(state, idle)


def test_the_resampler_drops_hidden_offers_and_views_stay_the_same() -> None:
    """The no-leak property's other half (hidden.resample) now also removes offers the viewer cannot see;
    every view, to_act included, must stay the same, as a ready Ben owing a hidden answer once did not."""
    state = market(offer_visibility="participants")
    state, _ = act(state, BEN, READY)
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    rng = random.Random(3)
    dropped = 0
    for viewer in (None, CLEO, DAN):
        for _ in range(6):
            other = resample(state, viewer, rng)
            dropped += not other.offers
            assert GAME.view(other, viewer) == GAME.view(state, viewer)
            assert GAME.to_act(other) == GAME.to_act(state)
    assert dropped


def test_trade_money_hidden_from_others() -> None:
    state = market(announce_trade_money=False)
    state, events = act(state, ANN, propose(lot(ANN, BEN, 23), money(BEN, ANN, 10_000)))
    public_leg = GAME.view(state, CLEO)["offers"][0]["legs"][1]
    assert public_leg["kind"] == "money" and public_leg["amount"] is None
    assert GAME.view(state, BEN)["offers"][0]["legs"][1]["amount"] == 10_000
    state, events = act(state, BEN, accept(1))
    assert GAME.describe(events[-1], NAMES) == "Trade #1 done: Ann gives lot 23 to Ben; Ben gives money to Ann."
    assert "$10,000" in (GAME.describe(events[-1], NAMES, ANN) or "")


def test_forced_end_of_trading() -> None:
    state = market()
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23)))
    assert GAME.end_trades(scenario(3, phase=Phase.TRADES))[0].phase is Phase.PLACE_TILES
    ended, events = GAME.end_trades(state)
    assert ended.phase is Phase.PLACE_TILES and offer(ended, 1).void_code == "PHASE_ENDED"
    assert [e.type for e in events] == ["offer_void", "phase"]
    with pytest.raises(Exception, match="not possible in this phase"):
        GAME.end_trades(ended)


def test_no_trading_outside_the_trading_phase() -> None:
    state = scenario(3, owners={23: ANN}, hands={ANN: {"photo": 1}}, phase=Phase.PLACE_TILES)
    assert refused(state, ANN, propose(lot(ANN, BEN, 23))) == "WRONG_PHASE"
    assert refused(state, ANN, accept(1)) == "WRONG_PHASE"
    assert refused(state, ANN, READY) == "WRONG_PHASE"
    state, _ = act(state, ANN, place(23, "photo"))


def test_the_phase_ends_when_all_are_ready() -> None:
    state = market()
    for seat in (ANN, BEN, CLEO):
        state, _ = act(state, seat, READY)
        assert state.phase is Phase.TRADES
    state, events = act(state, DAN, READY)
    assert state.phase is Phase.PLACE_TILES
    assert events[-1].public == {"phase": "place_tiles", "round": 2, "turn": state.first_player}
