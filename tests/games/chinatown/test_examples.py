"""The spec's worked examples (§11), verbatim: rulebook examples W1-W7 and additional examples E1-E15."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.games.chinatown import GAME
from bot.games.chinatown.data import BOARD, SHOPS, OfferStatus, Phase, State
from bot.games.chinatown.errors import ChinatownError
from bot.games.chinatown.scoring import businesses, income
from tests.games.chinatown.helpers import (
    ANN,
    BEN,
    CLEO,
    DAN,
    END_TURN,
    READY,
    accept,
    act,
    hand,
    income_of,
    lot,
    money,
    offer,
    place,
    propose,
    refused,
    scenario,
    tiles,
)

CHANG, LUCY, SIMON = ANN, BEN, CLEO


def test_w1_round_one_deal_four_players() -> None:
    state = GAME.new(4, 11)
    assert [len(seat.dealt) for seat in state.seats] == [6, 6, 6, 6]
    assert len(state.deck) == 85 - 24
    for seat in range(4):
        state, _ = act(state, seat, {"type": "keep", "lots": list(state.seats[seat].dealt[:4])})
    assert sum(owner is not None for owner in state.owners) == 16
    assert len(state.deck) == 69  # 85 - 24 dealt + 8 returned
    assert [sum(seat.hand) for seat in state.seats] == [6, 6, 6, 6]
    assert sum(state.bag) == 90 - 24
    assert state.phase is Phase.TRADES


def test_w2_chang_and_lucy_trade() -> None:
    state = scenario(
        4,
        owners={16: CHANG, 17: LUCY, 19: LUCY, 20: LUCY, 18: CLEO},
        tiles={16: "tea_house", 17: "tea_house", 19: "tea_house", 18: "take_out"},
        hands={LUCY: {"dim_sum": 2}},
    )
    assert income(state, LUCY) == 20_000  # 17 and 19 touch only diagonally
    assert income(state, CHANG) == 10_000
    state, _ = act(
        state,
        CHANG,
        propose(
            lot(CHANG, LUCY, 16), money(CHANG, LUCY, 10_000), tiles(LUCY, CHANG, "dim_sum", 2), lot(LUCY, CHANG, 20)
        ),
    )
    assert offer(state, 1).accepted == (CHANG,)
    state, events = act(state, LUCY, accept(1, 1))
    assert offer(state, 1).status is OfferStatus.EXECUTED
    assert "offer_executed" in [e.type for e in events]
    assert [state.owner(n) for n in (16, 17, 19, 20)] == [LUCY, LUCY, LUCY, CHANG]
    assert state.tile(16) == "tea_house"  # the tile did not move; only its owner changed
    assert hand(state, CHANG) == {"dim_sum": 2} and hand(state, LUCY) == {}
    assert state.seats[CHANG].cash == 40_000 and state.seats[LUCY].cash == 60_000
    assert income(state, LUCY) == 50_000 and income(state, CHANG) == 0
    [tea] = businesses(state, LUCY)
    assert tea.lots == (16, 17, 19) and tea.complete


def test_w3_lucys_dim_sum() -> None:
    state = scenario(
        3,
        owners={59: LUCY, 60: LUCY, 61: LUCY, 62: LUCY},
        tiles={59: "dim_sum", 60: "dim_sum", 61: "dim_sum"},
        hands={LUCY: {"dim_sum": 1}},
        phase=Phase.PLACE_TILES,
        first_player=LUCY,
    )
    assert income(state, LUCY) == 40_000
    state, _ = act(state, LUCY, place(62, "dim_sum"))
    assert income(state, LUCY) == 60_000
    [dim_sum] = businesses(state, LUCY)
    assert dim_sum.parts == (4,) and not dim_sum.complete


def test_w4_tropical_fish_two_owners() -> None:
    simon = BEN
    state = scenario(
        3,
        owners={43: CHANG, 44: CHANG, 47: CHANG, 48: simon},
        tiles=dict.fromkeys((43, 44, 47, 48), "tropical_fish"),
    )
    assert income(state, CHANG) == 40_000 and income(state, simon) == 10_000
    state, _ = act(state, simon, propose(lot(simon, CHANG, 48), money(CHANG, simon, 20_000)))
    state, _ = act(state, CHANG, accept(1))
    assert income(state, CHANG) == 80_000 and income(state, simon) == 0


def test_w5_changs_photo() -> None:
    assert income_of({"photo": [35, 37, 38, 40, 41]}) == 70_000
    state = scenario(
        3, owners={n: CHANG for n in (35, 36, 37, 38, 40, 41)}, tiles=dict.fromkeys((35, 37, 38, 40, 41), "photo")
    )
    [photo] = businesses(state, CHANG)
    assert photo.lots == (35, 37, 38, 40, 41) and photo.parts == (3, 2)


def test_w6_simons_income_after_round_three() -> None:
    simon = ANN
    board = {
        71: "seafood",
        72: "seafood",
        75: "seafood",
        80: "laundry",
        81: "laundry",
        85: "laundry",
        52: "factory",
        53: "factory",
        56: "factory",
    }
    state = scenario(
        3,
        owners={**dict.fromkeys(board, simon), 55: simon},
        tiles=board,
        hands={simon: {"factory": 1}},
        phase=Phase.PLACE_TILES,
        round_no=3,
    )
    assert sorted((b.shop.value, b.parts, b.income) for b in businesses(state, simon)) == [
        ("factory", (1,), 10_000),
        ("factory", (2,), 20_000),
        ("laundry", (3,), 40_000),
        ("seafood", (3,), 50_000),
    ]
    assert income(state, simon) == 120_000
    state, _ = act(state, simon, place(55, "factory"))
    assert income(state, simon) == 150_000
    assert any(b.lots == (52, 53, 55, 56) and b.income == 60_000 for b in businesses(state, simon))


def test_w7_completeness() -> None:
    assert income_of({"antiques": [1, 2, 3, 4, 5, 9]}) == 140_000
    state = scenario(
        3,
        owners={n: ANN for n in (63, 64, 65, 66, 67)},
        tiles=dict.fromkeys((63, 64, 66, 67), "dim_sum"),
        hands={ANN: {"dim_sum": 1}},
        phase=Phase.PLACE_TILES,
    )
    assert income(state, ANN) == 60_000
    state, _ = act(state, ANN, place(65, "dim_sum"))
    assert income(state, ANN) == 110_000


def test_e1_oversize_split_laundry() -> None:
    assert income_of({"laundry": [79, 80, 81, 82, 83, 84, 85]}) == 130_000


def test_e2_oversize_with_a_complete_remainder() -> None:
    assert income_of({"photo": [1, 2, 3, 4, 5, 9]}) == 100_000


def test_e3_largest_possible_group() -> None:
    assert income_of({"restaurant": [43, 44, 45, 46, 47, 48, 49, 50, 51]}) == 180_000


def test_e4_no_false_adjacency() -> None:
    assert income_of({"jewellery": [34, 37]}) == 20_000
    assert income_of({"jewellery": [9, 22]}) == 20_000
    assert income_of({"florist": [28, 29], "jewellery": [30]}) == 30_000


def test_e5_three_party_trade() -> None:
    state = scenario(
        3, owners={23: ANN}, hands={BEN: {"florist": 2, "photo": 1}}, cash={ANN: 60_000, BEN: 30_000, CLEO: 80_000}
    )
    state = replace(state, next_offer_id=5)
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 23), tiles(BEN, CLEO, "florist", 2), money(CLEO, ANN, 30_000)))
    assert offer(state, 5).version == 1 and offer(state, 5).accepted == (ANN,)
    state, _ = act(state, BEN, accept(5))
    state, _ = act(state, CLEO, accept(5))
    assert offer(state, 5).status is OfferStatus.EXECUTED
    assert [seat.cash for seat in state.seats] == [90_000, 30_000, 50_000]
    assert state.owner(23) == BEN
    assert hand(state, BEN) == {"photo": 1} and hand(state, CLEO) == {"florist": 2}
    assert not any(seat.ready for seat in state.seats)


def test_e6_trading_a_lot_that_has_a_shop_on_it() -> None:
    state = scenario(3, owners={64: ANN, 67: BEN, 68: BEN}, tiles=dict.fromkeys((64, 67, 68), "restaurant"))
    assert income(state, ANN) == 10_000 and income(state, BEN) == 20_000
    variant = propose(
        {"from": ANN, "to": BEN, "kind": "tiles", "tile_type": "restaurant", "count": 1, "lot": 64},
        money(BEN, ANN, 40_000),
    )
    assert refused(state, ANN, variant) == "PLACED_TILE_NOT_TRADEABLE"
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 64), money(BEN, ANN, 40_000)))
    state, _ = act(state, BEN, accept(1))
    assert state.tile(64) == "restaurant" and state.owner(64) == BEN
    assert [b.lots for b in businesses(state, BEN)] == [(64, 67, 68)]
    assert income(state, BEN) == 40_000 and income(state, ANN) == 0


def test_e7_rejected_placements() -> None:
    state = scenario(
        3,
        owners={64: BEN, 23: BEN, 30: ANN},
        tiles={64: "restaurant"},
        hands={BEN: {"florist": 2, "photo": 1}, ANN: {"photo": 1}},
        phase=Phase.PLACE_TILES,
        first_player=ANN,
        done=(ANN,),
    )
    assert GAME.to_act(state) == {BEN}
    assert refused(state, BEN, place(30, "florist")) == "NOT_LOT_OWNER"
    assert refused(state, BEN, place(12, "photo")) == "NOT_LOT_OWNER"
    assert refused(state, BEN, place(64, "florist")) == "LOT_OCCUPIED"
    assert refused(state, BEN, place(23, "jewellery")) == "TILE_NOT_IN_HAND"
    assert refused(state, ANN, place(30, "photo")) == "NOT_YOUR_TURN"
    state, _ = act(state, BEN, place(23, "florist"))
    assert hand(state, BEN) == {"florist": 1, "photo": 1} and state.tile(23) == "florist"
    state, events = act(state, BEN, END_TURN)
    assert GAME.to_act(state) == {CLEO} and GAME.view(state, None)["turn"] == CLEO
    assert events[-1].public == {"seat": BEN, "next": CLEO}


def _e8_state() -> State:
    state = scenario(3, owners={30: BEN}, hands={CLEO: {"photo": 1}})
    state = replace(state, next_offer_id=7)
    state, _ = act(state, ANN, propose(money(ANN, BEN, 40_000), lot(BEN, ANN, 30)))
    state, _ = act(state, CLEO, propose(tiles(CLEO, ANN, "photo", 1), money(ANN, CLEO, 30_000)))
    assert offer(state, 7).accepted == (ANN,) and offer(state, 8).accepted == (CLEO,)
    return state


def test_e8_offer_voided_because_an_asset_was_spent() -> None:
    state = _e8_state()
    state, events = act(state, ANN, accept(8))
    assert offer(state, 8).status is OfferStatus.EXECUTED and state.seats[ANN].cash == 20_000
    voided = offer(state, 7)
    assert voided.status is OfferStatus.VOID and (voided.void_code, voided.void_seat) == ("INSUFFICIENT_CASH", ANN)
    assert state.owner(30) == BEN  # nothing in #7 happened
    [void] = [e for e in events if e.type == "offer_void"]
    assert void.public["offer"]["void_reason"] == "MONEY_UNPAYABLE" and void.public["offer"]["void_seat"] is None
    assert void.private[ANN]["offer"]["void_reason"] == "INSUFFICIENT_CASH"
    assert void.private[BEN]["offer"]["void_reason"] == "MONEY_UNPAYABLE"
    assert [o["void_reason"] for o in GAME.view(state, BEN)["offers"] if o["id"] == 7] == ["MONEY_UNPAYABLE"]
    assert [o["void_reason"] for o in GAME.view(state, ANN)["offers"] if o["id"] == 7] == ["INSUFFICIENT_CASH"]
    assert refused(state, BEN, accept(7)) == "OFFER_CLOSED"


def test_e8_race_variant() -> None:
    state = _e8_state()
    state, _ = act(state, BEN, accept(7))
    assert offer(state, 7).status is OfferStatus.EXECUTED and state.seats[ANN].cash == 10_000
    assert offer(state, 8).status is OfferStatus.OPEN  # Ann has not accepted #8, so her cash is not checked
    assert refused(state, ANN, accept(8)) == "INSUFFICIENT_CASH"
    assert offer(state, 8).status is OfferStatus.OPEN


def test_e9_an_edit_clears_acceptances() -> None:
    state = scenario(4, owners={5: ANN})
    state = replace(state, next_offer_id=9)
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 5), money(BEN, ANN, 20_000)))
    state, _ = act(state, BEN, {"type": "edit", "offer": 9, "legs": [lot(ANN, BEN, 5), money(BEN, ANN, 10_000)]})
    assert offer(state, 9).version == 2 and offer(state, 9).accepted == (BEN,)
    assert refused(state, ANN, accept(9, 1)) == "STALE_VERSION"
    assert refused(state, DAN, accept(9, 2)) == "NOT_PARTICIPANT"
    state, _ = act(state, ANN, accept(9, 2))
    assert offer(state, 9).status is OfferStatus.EXECUTED
    assert state.owner(5) == BEN and state.seats[ANN].cash == 60_000 and state.seats[BEN].cash == 40_000


def _final(tiles_per_seat: tuple[int, int, int], in_hand: int = 0) -> State:
    shops = [shop.value for shop in SHOPS for _ in range(BOARD.shops[shop].tiles)]
    owners: dict[int, int] = {}
    board: dict[int, str] = {}
    number = 1
    for seat, count in enumerate(tiles_per_seat):
        for _ in range(count):
            owners[number], board[number] = seat, shops[number - 1]
            number += 1
    return scenario(
        3,
        owners=owners,
        tiles=board,
        cash={ANN: 1_230_000, BEN: 1_230_000, CLEO: 1_010_000},
        hands={ANN: {"restaurant": in_hand}},
        phase=Phase.GAME_OVER,
        round_no=6,
    )


def test_e10_tie_break_by_tiles_on_the_board() -> None:
    state = _final((16, 18, 20), in_hand=3)
    assert GAME.result(state).ranking == (2, 1, 3)
    assert [p["tiles_on_board"] for p in GAME.view(state, None)["players"]] == [16, 18, 20]
    variant = _final((18, 18, 20), in_hand=3)  # tiles still in hand never count
    assert GAME.result(variant).ranking == (1, 1, 3)


def test_e11_five_player_game_uses_the_whole_deck() -> None:
    rng = random.Random(5)
    state = GAME.new(5, 5)
    rows: list[tuple[int, ...]] = []
    while not GAME.is_over(state):
        if state.phase is Phase.DEAL_BUILDINGS and not any(s.keep for s in state.seats):
            dealt = sum(len(s.dealt) for s in state.seats)
            before, bag_before = len(state.deck) + dealt, sum(state.bag)
        previous = state.phase
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(
            state, seat, GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        )
        if previous is Phase.DEAL_BUILDINGS and state.phase is Phase.TRADES:
            kept = sum(o is not None for o in state.owners) - sum(r[2] for r in rows)
            rows.append(
                (before, dealt, kept, dealt - kept, len(state.deck), bag_before - sum(state.bag), sum(state.bag))
            )
    assert rows == [
        (85, 25, 15, 10, 70, 25, 65),
        (70, 25, 15, 10, 55, 15, 50),
        (55, 25, 15, 10, 40, 15, 35),
        (40, 20, 10, 10, 30, 10, 25),
        (30, 20, 10, 10, 20, 10, 15),
        (20, 20, 10, 10, 10, 10, 5),
    ]
    assert sum(o is not None for o in state.owners) == 75 and len(state.deck) == 10
    drawn = sum(sum(s.hand) for s in state.seats) + sum(t is not None for t in state.tiles)
    assert drawn == 85 and sum(state.bag) == 5


def test_e12_gift() -> None:
    state = scenario(3, hands={ANN: {"photo": 1}})
    state, _ = act(state, ANN, propose(tiles(ANN, BEN, "photo", 1)))
    state, _ = act(state, BEN, accept(1))
    assert offer(state, 1).status is OfferStatus.EXECUTED and hand(state, BEN) == {"photo": 1}


def _e13(scope: str) -> State:
    state = scenario(4, hands={BEN: {"photo": 1}, ANN: {"tea_house": 1}}, options={"ready_reset_scope": scope})
    state = replace(state, next_offer_id=12)
    for seat in (ANN, CLEO, DAN):
        state, _ = act(state, seat, READY)
    state, _ = act(state, BEN, propose(tiles(BEN, CLEO, "photo", 1), money(CLEO, BEN, 10_000)))
    state, _ = act(state, CLEO, accept(12))
    assert offer(state, 12).status is OfferStatus.EXECUTED and not state.seats[CLEO].ready
    return state


def test_e13_ending_the_trading_phase() -> None:
    state = _e13("all")
    assert [seat.ready for seat in state.seats] == [False, False, False, False]
    state, _ = act(state, ANN, propose(tiles(ANN, DAN, "tea_house", 1), money(DAN, ANN, 10_000)))  # offer #13
    for seat in (ANN, BEN, CLEO):
        state, _ = act(state, seat, READY)
        assert state.phase is Phase.TRADES
    state, events = act(state, DAN, READY)
    assert state.phase is Phase.PLACE_TILES
    assert offer(state, 13).status is OfferStatus.VOID and offer(state, 13).void_code == "PHASE_ENDED"
    assert [e.type for e in events] == ["ready", "offer_void", "phase"]


def test_e13_participants_scope_keeps_others_ready() -> None:
    state = _e13("participants")
    assert [seat.ready for seat in state.seats] == [True, False, False, True]


def test_e14_bad_amounts() -> None:
    state = scenario(3, owners={30: ANN, 31: BEN}, cash={ANN: 60_000, BEN: 200_000})
    assert refused(state, ANN, propose(money(ANN, BEN, 15_000), lot(BEN, ANN, 31))) == "BAD_AMOUNT"
    with pytest.raises(ChinatownError) as refusal:
        GAME.apply(state, ANN, propose(money(ANN, BEN, 70_000), lot(BEN, ANN, 31)))
    assert refusal.value.code == "INSUFFICIENT_CASH"
    assert not any(ch.isdigit() for ch in str(refusal.value))  # no amount or bound is told
    state, _ = act(state, ANN, propose(money(BEN, ANN, 500_000), lot(ANN, BEN, 30)))
    assert offer(state, 1).status is OfferStatus.OPEN  # Ann learns nothing about Ben's cash
    assert refused(state, BEN, accept(1)) == "INSUFFICIENT_CASH"
    assert offer(state, 1).status is OfferStatus.OPEN


def test_e15_a_merge_by_trade_exceeds_the_max() -> None:
    state = scenario(
        3,
        owners={35: CHANG, 37: CHANG, 38: CHANG, 40: SIMON, 41: SIMON},
        tiles=dict.fromkeys((35, 37, 38, 40, 41), "photo"),
        cash={CHANG: 100_000},
    )
    assert income(state, CHANG) == 50_000 and income(state, SIMON) == 20_000
    state, _ = act(state, SIMON, propose(lot(SIMON, CHANG, 40), lot(SIMON, CHANG, 41), money(CHANG, SIMON, 60_000)))
    state, _ = act(state, CHANG, accept(1))
    [photo] = businesses(state, CHANG)
    assert photo.parts == (3, 2) and income(state, CHANG) == 70_000 and income(state, SIMON) == 0
