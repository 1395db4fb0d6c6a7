"""resign(state, seat): the seat leaves play and ranks last; the others play on until fewer than two remain."""

from __future__ import annotations

import random

import pytest

from bot.games.chinatown import GAME
from bot.games.chinatown.data import OfferStatus, Phase
from bot.games.chinatown.errors import ChinatownError
from tests.games.chinatown.helpers import (
    ANN,
    BEN,
    CLEO,
    DAN,
    NAMES,
    READY,
    accept,
    act,
    lot,
    money,
    offer,
    place,
    play_to_end,
    propose,
    refused,
    scenario,
)


def test_resign_during_the_deal_returns_the_cards_unseen() -> None:
    state = GAME.new(4, 3)
    cards = state.seats[BEN].dealt
    state, events = GAME.resign(state, BEN)
    assert GAME.describe(events[0], NAMES) == "Ben resigns and leaves the game."
    assert set(cards) <= set(state.deck) and state.seats[BEN].dealt == ()
    assert GAME.to_act(state) == {ANN, CLEO, DAN}
    assert refused(state, BEN, {"type": "keep", "lots": list(cards[:4])}) == "RESIGNED"
    for seat in (ANN, CLEO, DAN):
        state, _ = act(state, seat, {"type": "keep", "lots": list(state.seats[seat].dealt[:4])})
    assert state.phase is Phase.TRADES and sum(state.seats[BEN].hand) == 0  # no tiles for a resigned seat
    assert sum(owner == BEN for owner in state.owners) == 0


def test_the_last_keep_missing_resigns_and_the_round_goes_on() -> None:
    state = GAME.new(3, 3)
    for seat in (ANN, BEN):
        state, _ = act(state, seat, {"type": "keep", "lots": list(state.seats[seat].dealt[:5])})
    state, _ = GAME.resign(state, CLEO)
    assert state.phase is Phase.TRADES


def test_resign_while_trading_voids_its_offers() -> None:
    state = scenario(4, owners={5: ANN, 6: CLEO})
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 5), money(BEN, ANN, 10_000)))
    state, _ = act(state, CLEO, propose(lot(CLEO, DAN, 6)))
    for seat in (ANN, CLEO, DAN):
        state, _ = act(state, seat, READY)
    state, events = GAME.resign(state, BEN)
    assert offer(state, 1).status is OfferStatus.VOID and offer(state, 1).void_code == "PLAYER_LEFT"
    assert [e.type for e in events] == ["resigned", "offer_void", "offer_void", "phase"]  # all others were ready
    assert state.phase is Phase.PLACE_TILES


def test_a_resigned_player_cannot_trade_or_be_traded_with() -> None:
    state = scenario(4, owners={5: ANN, 7: BEN})
    state, _ = GAME.resign(state, BEN)
    assert refused(state, ANN, propose(lot(ANN, BEN, 5))) == "PLAYER_LEFT"
    assert refused(state, ANN, propose(lot(BEN, ANN, 7), money(ANN, BEN, 10_000))) == "PLAYER_LEFT"
    assert state.owner(7) == BEN  # its lots stay on the board
    with pytest.raises(ChinatownError, match="left"):
        GAME.resign(state, BEN)


def test_resign_on_your_placement_turn_passes_it() -> None:
    state = scenario(3, owners={1: BEN}, hands={BEN: {"photo": 1}}, phase=Phase.PLACE_TILES, first_player=BEN)
    state, _ = GAME.resign(state, BEN)
    assert GAME.to_act(state) == {CLEO}
    assert state.first_player == CLEO  # the First Player card goes to the next seat in play


def test_resign_in_simultaneous_placement_discards_the_hidden_batch() -> None:
    state = scenario(
        3,
        owners={1: BEN},
        hands={BEN: {"photo": 1}},
        phase=Phase.PLACE_TILES,
        options={"placement_mode": "simultaneous"},
        done=(ANN, CLEO),
    )
    state, _ = act(state, BEN, place(1, "photo"))
    state, events = GAME.resign(state, BEN)
    assert state.tile(1) is None and state.round == 3  # nothing was built; the round moved on
    assert next(e for e in events if e.type == "income").public["income"] == [0, None, 0]


def test_fewer_than_two_players_end_the_game() -> None:
    state = scenario(3, cash={ANN: 40_000, BEN: 90_000, CLEO: 70_000})
    state, _ = act(state, ANN, propose(money(ANN, BEN, 10_000)))
    state, _ = GAME.resign(state, BEN)
    assert not GAME.is_over(state)
    state, events = GAME.resign(state, ANN)
    assert GAME.is_over(state) and events[-1].type == "game_over"
    result = GAME.result(state)
    assert result.reason == "resignation"
    assert result.ranking == (2, 3, 1)  # the one left wins; Ben, who left first, is last
    assert all(o.status is not OfferStatus.OPEN for o in state.offers)
    with pytest.raises(ChinatownError):
        GAME.resign(state, CLEO)


def test_a_resigned_seat_ranks_below_richer_players_and_is_skipped_afterwards() -> None:
    state = GAME.new(4, 21)
    state, _ = GAME.resign(state, DAN)
    final, seen = play_to_end(state, random.Random(2))
    result = GAME.result(final)
    assert result.ranking[DAN] == 4 and result.reason == "normal"
    assert all(DAN not in GAME.to_act(s) for s in seen)
    assert all(income == 0 for income in final.seats[DAN].income)


def test_accepting_an_offer_of_a_leaver_is_refused() -> None:
    state = scenario(3, owners={5: ANN})
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 5)))
    state, _ = act(state, CLEO, propose(money(CLEO, BEN, 10_000)))
    state, _ = GAME.resign(state, ANN)
    assert refused(state, BEN, accept(1)) == "OFFER_CLOSED"
    assert offer(state, 2).status is OfferStatus.OPEN
