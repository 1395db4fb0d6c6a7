"""The view's last move (for the board's highlight and "Last:" line): what everybody saw of it, never a
secret keep, a hidden batch or an offer only its participants see; kept through dump and load."""

from __future__ import annotations

from typing import Any

from bot.games.chinatown import GAME
from bot.games.chinatown.data import Phase, State
from tests.games.chinatown.helpers import (
    ANN,
    BEN,
    CLEO,
    END_TURN,
    READY,
    accept,
    act,
    lot,
    money,
    place,
    propose,
    scenario,
)


def _last(state: State, viewer: int | None = None) -> Any:
    return GAME.view(state, viewer)["last_move"]


def builders(**options: object) -> State:
    return scenario(
        3,
        owners={1: ANN, 2: ANN, 16: BEN, 28: CLEO},
        hands={ANN: {"photo": 2}, BEN: {"tea_house": 1}, CLEO: {"florist": 1}},
        phase=Phase.PLACE_TILES,
        first_player=ANN,
        options=options or None,
    )


def test_no_last_move_before_the_first() -> None:
    assert _last(GAME.new(3, 5)) is None


def test_a_placement_names_its_lot_and_shop() -> None:
    state, _ = act(builders(), ANN, place(2, "photo"))
    assert _last(state) == {"seat": ANN, "kind": "place", "lots": [2], "tile": "photo", "offer": None}
    state, _ = act(state, ANN, END_TURN)
    assert _last(state) == {"seat": ANN, "kind": "end_turn", "lots": [], "tile": None, "offer": None}


def test_a_keep_shows_only_that_it_happened_until_the_reveal() -> None:
    state = GAME.new(3, 11)
    for seat in (ANN, BEN):
        kept = GAME.legal_actions(state, seat)[0]
        state, _ = act(state, seat, kept)
        last = _last(state)
        assert last == {"seat": seat, "kind": "keep", "lots": [], "tile": None, "offer": None}
        assert _last(state, CLEO) == last  # the same for another seat's own view
    state, _ = act(state, CLEO, GAME.legal_actions(state, CLEO)[0])
    last = _last(state)
    owned = sorted(item["lot"] for item in GAME.view(state, None)["lots"] if item["owner"] is not None)
    assert last["kind"] == "lots_revealed" and last["seat"] == CLEO and last["lots"] == owned


def test_a_hidden_placement_leaves_the_public_view_as_it_was() -> None:
    state = builders(placement_mode="simultaneous")
    state, _ = act(state, BEN, END_TURN)
    before = GAME.view(state, None)
    state, _ = act(state, ANN, place(1, "photo"))
    assert GAME.view(state, None) == before  # not even that Ann built something
    assert _last(state, CLEO) == before["last_move"]
    state, _ = act(state, ANN, END_TURN)
    state, _ = act(state, CLEO, END_TURN)  # the last one: every batch is revealed
    assert _last(state)["kind"] == "placements_revealed" and _last(state)["lots"] == [1]


def test_an_offer_seen_only_by_its_participants_is_not_a_public_last_move() -> None:
    state = scenario(3, owners={1: ANN, 16: BEN}, options={"offer_visibility": "participants"})
    state, _ = act(state, CLEO, READY)
    shown = _last(state)
    assert shown["kind"] == "ready" and shown["seat"] == CLEO
    state, _ = act(state, ANN, propose(lot(ANN, BEN, 1), money(BEN, ANN, 10_000)))
    assert _last(state) == shown and _last(state, CLEO) == shown
    assert _last(state, BEN)["kind"] == "ready"  # the view holds public moves only, for every seat
    [offer] = state.offers
    state, _ = act(state, BEN, accept(offer.id))  # a trade changes the board: it is public
    assert _last(state) == {"seat": BEN, "kind": "trade", "lots": [1], "tile": None, "offer": offer.id}


def test_the_last_move_survives_dump_and_load_and_old_snapshots_load() -> None:
    state, _ = act(builders(), ANN, place(2, "photo"))
    assert GAME.load(GAME.dump(state)) == state
    old = GAME.dump(state)
    del old["last_move"]
    assert GAME.load(old).last_move is None


def test_a_resignation_is_a_public_last_move() -> None:
    state, _ = GAME.resign(builders(), CLEO)
    assert _last(state)["kind"] == "resign" and _last(state)["seat"] == CLEO
