"""Phase 1 (deal, secret keep, reveal) and phase 2 (tile draw), §4.3 and R6-R9."""

from __future__ import annotations

from itertools import combinations

import pytest

from bot.games.base import Event
from bot.games.base import action_sort_key as sort_key
from bot.games.chinatown import GAME
from bot.games.chinatown.data import Phase, State
from tests.games.chinatown.helpers import ANN, BEN, CLEO, NAMES, READY, act, refused


def keep_first(state: State, seat: int) -> State:
    keep = GAME.view(state, seat)["keep"]
    state, _ = act(state, seat, {"type": "keep", "lots": list(state.seats[seat].dealt[:keep])})
    return state


def test_legal_keeps_are_every_choice_of_y_cards() -> None:
    state = GAME.new(3, 8)
    legal = GAME.legal_actions(state, ANN)
    assert len(legal) == 21  # C(7, 5)
    assert sorted(tuple(a["lots"]) for a in legal) == list(combinations(state.seats[ANN].dealt, 5))
    assert legal == sorted(legal, key=sort_key)


@pytest.mark.parametrize(
    "lots",
    [
        "four",  # not a list
        [1, 2, 3],  # wrong count (and maybe not dealt)
        [86, 1, 2, 3, 4],  # no such lot
    ],
)
def test_malformed_keeps_are_refused(lots: object) -> None:
    state = GAME.new(3, 8)
    assert refused(state, ANN, {"type": "keep", "lots": lots}) in {"BAD_KEEP", "UNKNOWN_LOT"}


def test_keep_must_be_exactly_y_of_your_own_cards() -> None:
    state = GAME.new(3, 8)
    mine, theirs = state.seats[ANN].dealt, state.seats[BEN].dealt
    assert refused(state, ANN, {"type": "keep", "lots": list(mine[:4])}) == "BAD_KEEP"
    assert refused(state, ANN, {"type": "keep", "lots": [*mine[:4], theirs[0]]}) == "BAD_KEEP"
    assert refused(state, ANN, {"type": "keep", "lots": [*mine[:4], mine[0]]}) == "BAD_KEEP"


def test_a_keep_is_final_and_secret() -> None:
    state = keep_first(GAME.new(3, 8), ANN)
    assert refused(state, ANN, {"type": "keep", "lots": list(state.seats[ANN].dealt[1:6])}) == "ALREADY_KEPT"
    assert GAME.to_act(state) == {BEN, CLEO} and GAME.legal_actions(state, ANN) == []
    for viewer in (None, BEN):
        view = GAME.view(state, viewer)
        assert view["keep_choice"] is None and view["players"][ANN]["keep_submitted"] is True
        assert view["hand_cards"] == (None if viewer is None else list(state.seats[BEN].dealt))
    assert GAME.view(state, ANN)["keep_choice"] == list(state.seats[ANN].dealt[:5])


def test_trading_is_not_possible_during_the_deal() -> None:
    state = GAME.new(3, 8)
    card = state.seats[ANN].dealt[0]
    assert refused(state, ANN, {"type": "propose", "legs": [{"from": 0, "to": 1, "kind": "lot", "lot": card}]}) == (
        "WRONG_PHASE"
    )
    assert refused(state, ANN, READY) == "WRONG_PHASE"
    assert refused(state, ANN, {"type": "place", "lot": card, "tile": "photo"}) == "WRONG_PHASE"


def test_reveal_assigns_owners_returns_discards_and_draws() -> None:
    state = GAME.new(3, 8)
    dealt = {seat: state.seats[seat].dealt for seat in range(3)}
    for seat in (ANN, BEN):
        state = keep_first(state, seat)
    keep = list(state.seats[CLEO].dealt[:5])
    state, events = act(state, CLEO, {"type": "keep", "lots": keep})
    assert [e.type for e in events] == ["kept", "lots_kept", "tiles_drawn", "phase"]
    assert events[1].public["kept"] == [list(dealt[s][:5]) for s in range(3)]
    assert "discard" not in str(events[1].public)  # discards are never revealed [R8]
    for seat in range(3):
        assert [state.owner(n) for n in dealt[seat][:5]] == [seat] * 5
        assert all(n in state.deck for n in dealt[seat][5:])
        assert sum(state.seats[seat].hand) == 7
    assert events[2].public["draws"] == [GAME.view(state, None)["players"][s]["hand_tiles"] for s in range(3)]
    assert state.phase is Phase.TRADES and len(state.deck) == 85 - 15
    assert sum(state.bag) == 90 - 21


def test_deal_event_is_private_per_seat() -> None:
    state = GAME.new(3, 8)
    for seat in (ANN, BEN, CLEO):
        state = keep_first(state, seat)
    for seat in (ANN, BEN, CLEO):
        state, _ = act(state, seat, READY)
    # Round 1 placement: everyone passes; income; round 2 is dealt.
    events: list[Event] = []
    for seat in (state.first_player, (state.first_player + 1) % 3, (state.first_player + 2) % 3):
        state, events = act(state, seat, {"type": "end_turn"})
    deal = next(e for e in events if e.type == "deal")
    assert deal.public == {"round": 2, "year": 1966, "deal": 6, "keep": 4}
    assert deal.private[BEN] == {"lots": list(state.seats[BEN].dealt)}
    public = "1966, the Year of the Horse: everyone is dealt 6 Building cards and keeps 4."
    assert GAME.describe(deal, NAMES, None) == public
    lots = ", ".join(str(n) for n in state.seats[BEN].dealt)
    assert GAME.describe(deal, NAMES, BEN) == f"{public} You are dealt lots {lots}."


def test_timeout_keeps_the_lowest_cards() -> None:
    state = GAME.new(4, 2)
    action = GAME.timeout_action(state, BEN)
    assert action == {"type": "keep", "lots": list(sorted(state.seats[BEN].dealt)[:4])}
    state = keep_first(state, BEN)
    assert GAME.timeout_action(state, BEN) is None


def test_the_deck_is_the_unowned_lots_every_round() -> None:
    state = GAME.new(4, 13)
    for seat in range(4):
        state = keep_first(state, seat)
    owned = {n for n in range(1, 86) if state.owner(n) is not None}
    assert set(state.deck) == set(range(1, 86)) - owned  # [R6]
