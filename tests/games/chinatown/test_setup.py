"""§4.4 setup, §4.1 per-round numbers and the table options."""

from __future__ import annotations

import pytest

from bot.games.chinatown import GAME, Chinatown
from bot.games.chinatown.data import BOARD, COLOURS, Phase


@pytest.mark.parametrize("players", [2, 6, 0])
def test_only_three_to_five_players(players: int) -> None:
    with pytest.raises(ValueError, match="3 to 5 players"):
        GAME.new(players, 1)


@pytest.mark.parametrize(("players", "deal", "keep"), [(3, 7, 5), (4, 6, 4), (5, 5, 3)])
def test_fresh_game(players: int, deal: int, keep: int) -> None:
    state = GAME.new(players, 42)
    assert isinstance(GAME, Chinatown) and GAME.key == "chinatown"
    assert state.round == 1 and state.phase is Phase.DEAL_BUILDINGS
    assert [seat.cash for seat in state.seats] == [50_000] * players
    assert sum(state.bag) == 90 and all(sum(seat.hand) == 0 for seat in state.seats)
    assert [len(seat.dealt) for seat in state.seats] == [deal] * players
    assert len(state.deck) == 85 - deal * players
    assert all(owner is None for owner in state.owners) and all(tile is None for tile in state.tiles)
    view = GAME.view(state, None)
    assert (view["deal"], view["keep"], view["year"], view["zodiac"]) == (deal, keep, 1965, "Snake")
    assert [p["colour"] for p in view["players"]] == list(COLOURS[:players])
    assert GAME.to_act(state) == frozenset(range(players))


def test_round_table_follows_the_data_file() -> None:
    assert [(r.deal, r.keep, r.tiles) for r in BOARD.rounds[3]] == [(7, 5, 7)] + [(6, 4, 4)] * 5
    assert [(r.deal, r.keep, r.tiles) for r in BOARD.rounds[4]] == [(6, 4, 6)] + [(5, 3, 3)] * 5
    assert [(r.deal, r.keep, r.tiles) for r in BOARD.rounds[5]] == [(5, 3, 5), (5, 3, 3), (5, 3, 3)] + [(4, 2, 2)] * 3


def test_board_data() -> None:
    edges = {tuple(sorted((a, b))) for a, nbs in BOARD.adjacency.items() for b in nbs}
    assert len(edges) == 119 and len(BOARD.adjacency) == 85
    for a, b in ((9, 12), (17, 19), (34, 37), (36, 39), (54, 55), (62, 65), (66, 69), (82, 85), (9, 22)):
        assert b not in BOARD.adjacency[a]
    assert sum(spec.tiles for spec in BOARD.shops.values()) == 90
    assert all(spec.tiles == spec.max_size + 3 for spec in BOARD.shops.values())


def test_the_seed_decides_the_deal_and_the_first_player() -> None:
    assert GAME.new(4, 3) == GAME.new(4, 3)
    firsts = {GAME.new(4, seed).first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}  # random first player [R4]
    assert len({GAME.new(4, seed).seats[0].dealt for seed in range(10)}) > 1


def test_host_chooses_the_first_player() -> None:
    assert GAME.new(3, 9, {"first_player_initial": 2}).first_player == 2
    with pytest.raises(ValueError, match="first player"):
        GAME.new(3, 9, {"first_player_initial": 4})


@pytest.mark.parametrize(
    "options",
    [
        {"no_such_option": 1},
        {"money_unit": 5_000},
        {"placement_mode": "chaotic"},
        {"first_player_rotation": "backwards"},
        {"first_player_initial": True},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        GAME.new(3, 1, options)


def test_options_are_stored_and_shown() -> None:
    state = GAME.new(3, 1, {"money_unit": 1_000, "placement_mode": "simultaneous", "announce_trade_money": False})
    view = GAME.view(state, None)
    assert view["options"]["money_unit"] == 1_000 and view["options"]["placement_mode"] == "simultaneous"
    assert view["options"]["announce_trade_money"] is False
    assert {opt.key for opt in GAME.options} == set(view["options"])
