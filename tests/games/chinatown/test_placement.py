"""§6.1 placing shop tiles: turn order, checks, permanence, the simultaneous option [R21]."""

from __future__ import annotations

from bot.games.chinatown import GAME
from bot.games.chinatown.data import Phase, State
from tests.games.chinatown.helpers import (
    ANN,
    BEN,
    CLEO,
    END_TURN,
    NAMES,
    act,
    hand,
    place,
    refused,
    scenario,
)


def builders(**options: object) -> State:
    """Placement in round 2; Ben is first player. Ann owns 1-3, Ben 16-17, Cleo 28."""
    return scenario(
        3,
        owners={1: ANN, 2: ANN, 3: ANN, 16: BEN, 17: BEN, 28: CLEO},
        hands={ANN: {"photo": 2, "antiques": 1}, BEN: {"tea_house": 1}, CLEO: {"florist": 1}},
        phase=Phase.PLACE_TILES,
        first_player=BEN,
        options=options or None,
    )


def test_turn_order_starts_with_the_first_player_and_goes_clockwise() -> None:
    state = builders()
    order = []
    for _ in range(3):
        [seat] = GAME.to_act(state)
        order.append(seat)
        assert refused(state, (seat + 1) % 3, END_TURN) == "NOT_YOUR_TURN"
        state, _ = act(state, seat, END_TURN)
    assert order == [BEN, CLEO, ANN]
    assert state.round == 3 and state.phase is Phase.DEAL_BUILDINGS  # income paid, next year dealt


def test_legal_placements() -> None:
    state = builders()
    assert GAME.legal_actions(state, ANN) == []
    assert GAME.legal_actions(state, BEN) == [place(16, "tea_house"), place(17, "tea_house"), END_TURN]
    state, _ = act(state, BEN, END_TURN)
    state, _ = act(state, CLEO, END_TURN)
    legal = GAME.legal_actions(state, ANN)
    assert len(legal) == 3 * 2 + 1 and legal[-1] == END_TURN


def test_any_number_of_placements_then_end_turn() -> None:
    state = scenario(
        3,
        owners={1: ANN, 2: ANN, 3: ANN},
        hands={ANN: {"photo": 2, "antiques": 1}},
        phase=Phase.PLACE_TILES,
        first_player=ANN,
    )
    state, events = act(state, ANN, place(1, "photo"))
    assert GAME.describe(events[0], NAMES) == "Ann builds Photo on lot 1."
    state, _ = act(state, ANN, place(2, "photo"))
    assert refused(state, ANN, place(3, "photo")) == "TILE_NOT_IN_HAND"
    assert refused(state, ANN, place(1, "antiques")) == "LOT_OCCUPIED"  # placements are permanent
    assert refused(state, ANN, {"type": "place", "lot": 0, "tile": "antiques"}) == "UNKNOWN_LOT"
    assert refused(state, ANN, {"type": "place", "lot": 3, "tile": "pagoda"}) == "UNKNOWN_SHOP"
    state, events = act(state, ANN, END_TURN)
    assert GAME.describe(events[0], NAMES) == "Ann has finished building; Ben builds next."
    assert hand(state, ANN) == {"antiques": 1}  # unplaced tiles stay in hand [R22]
    assert refused(state, ANN, END_TURN) == "NOT_YOUR_TURN"


def test_passing_without_building() -> None:
    state = builders()
    state, _ = act(state, BEN, END_TURN)
    assert hand(state, BEN) == {"tea_house": 1} and state.tile(16) is None
    assert GAME.timeout_action(state, CLEO) == END_TURN


def test_simultaneous_batches_stay_hidden_until_all_are_in() -> None:
    state = builders(placement_mode="simultaneous")
    assert GAME.to_act(state) == {ANN, BEN, CLEO}
    assert GAME.view(state, None)["turn"] is None
    state, events = act(state, ANN, place(1, "photo"))
    assert events[0].public == {} and GAME.describe(events[0], NAMES) is None
    assert "lot 1" in (GAME.describe(events[0], NAMES, ANN) or "")
    assert refused(state, ANN, place(1, "antiques")) == "LOT_OCCUPIED"  # already in the batch
    state, _ = act(state, ANN, place(2, "photo"))
    assert refused(state, ANN, place(3, "photo")) == "TILE_NOT_IN_HAND"
    for viewer in (None, BEN):
        view = GAME.view(state, viewer)
        assert view["lots"][0]["tile"] is None and view["players"][ANN]["hand_tiles"] == {"photo": 2, "antiques": 1}
        assert view["batch"] is None if viewer is None else view["batch"] == []
    assert GAME.view(state, ANN)["batch"] == [{"lot": 1, "tile": "photo"}, {"lot": 2, "tile": "photo"}]
    state, events = act(state, ANN, END_TURN)
    assert refused(state, ANN, place(3, "antiques")) == "ALREADY_DONE"
    assert refused(state, ANN, END_TURN) == "ALREADY_DONE"
    assert GAME.to_act(state) == {BEN, CLEO}
    state, _ = act(state, CLEO, END_TURN)
    state, events = act(state, BEN, place(16, "tea_house"))
    state, events = act(state, BEN, END_TURN)
    revealed = next(e for e in events if e.type == "placements_revealed")
    assert revealed.public == {"placements": [[ANN, 1, "photo"], [ANN, 2, "photo"], [BEN, 16, "tea_house"]]}
    assert state.tile(1) is not None and state.tile(16) is not None and hand(state, ANN) == {"antiques": 1}
    income = next(e for e in events if e.type == "income")
    assert income.public["income"] == [20_000, 10_000, 0]
