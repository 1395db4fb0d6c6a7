"""§6.2-§8: businesses, the oversize split, income every round, the year, the end and the ranking."""

from __future__ import annotations

import pytest

from bot.games.chinatown import GAME
from bot.games.chinatown.data import Phase, State
from bot.games.chinatown.errors import ChinatownError
from bot.games.chinatown.scoring import businesses, group_income, split
from tests.games.chinatown.helpers import ANN, BEN, CLEO, END_TURN, NAMES, act, income_of, scenario


@pytest.mark.parametrize(
    ("size", "max_size", "parts"),
    [
        (4, 3, (3, 1)),
        (5, 3, (3, 2)),
        (6, 3, (3, 3)),
        (5, 4, (4, 1)),
        (6, 4, (4, 2)),
        (7, 4, (4, 3)),
        (6, 5, (5, 1)),
        (7, 5, (5, 2)),
        (8, 5, (5, 3)),
        (7, 6, (6, 1)),
        (8, 6, (6, 2)),
        (9, 6, (6, 3)),
        (2, 3, (2,)),
        (3, 3, (3,)),
        (6, 6, (6,)),
    ],
)
def test_oversize_split(size: int, max_size: int, parts: tuple[int, ...]) -> None:
    assert split(size, max_size) == parts  # §6.3


@pytest.mark.parametrize(
    ("size", "max_size", "income"),
    [
        (1, 3, 10_000),
        (2, 3, 20_000),
        (3, 4, 40_000),
        (4, 5, 60_000),
        (5, 6, 80_000),
        (3, 3, 50_000),
        (4, 4, 80_000),
        (5, 5, 110_000),
        (6, 6, 140_000),
    ],
)
def test_income_table(size: int, max_size: int, income: int) -> None:
    assert group_income(size, max_size) == income  # §7.1


def test_a_business_is_one_owner_one_type_connected() -> None:
    state = scenario(
        3,
        owners={28: ANN, 29: ANN, 30: ANN, 31: BEN},
        tiles={28: "florist", 29: "jewellery", 30: "florist", 31: "florist"},
    )
    # 28 and 30 are joined only through another type's tile; 31 touches 28 but has another owner.
    assert sorted(b.lots for b in businesses(state, ANN)) == [(28,), (29,), (30,)]
    assert [b.lots for b in businesses(state, BEN)] == [(31,)]
    assert income_of({"florist": [28, 31]}) == 20_000  # same owner: 28-31 touch, one business of 2


def _last_placement(round_no: int, **options: object) -> State:
    return scenario(
        3,
        owners={1: ANN, 2: ANN, 16: BEN},
        tiles={1: "photo", 2: "photo", 16: "seafood"},
        phase=Phase.PLACE_TILES,
        round_no=round_no,
        first_player=ANN,
        done=(ANN, BEN),
        options=options or None,
    )


def test_income_is_paid_after_placement_and_the_year_moves_on() -> None:
    state = _last_placement(2)
    state, events = act(state, CLEO, END_TURN)
    assert [e.type for e in events] == ["turn_ended", "income", "new_year", "deal"]
    assert events[1].public == {"round": 2, "year": 1966, "income": [20_000, 10_000, 0]}
    assert GAME.describe(events[1], NAMES) == "Income for 1966: Ann $20,000, Ben $10,000, Cleo $0."
    assert [s.cash for s in state.seats] == [70_000, 60_000, 50_000]
    assert [s.income[-1] for s in state.seats] == [20_000, 10_000, 0]
    assert state.round == 3 and state.first_player == BEN  # the First Player card passes clockwise [R5]
    assert GAME.describe(events[2], NAMES) == "1967, the Year of the Goat begins; Ben holds the First Player card."


def test_fixed_first_player() -> None:
    state, _ = act(_last_placement(2, first_player_rotation="fixed"), CLEO, END_TURN)
    assert state.first_player == ANN


def test_private_income_announcement() -> None:
    state = _last_placement(2, announce_income="private")
    assert GAME.view(state, BEN)["players"][ANN]["income_now"] is None
    assert GAME.view(state, ANN)["players"][ANN]["income_now"] == 20_000
    state, events = act(state, CLEO, END_TURN)
    income = events[1]
    assert "income" not in income.public and income.private[ANN] == {"income": 20_000}
    assert GAME.describe(income, NAMES, ANN) == "Income for 1966 has been paid. You earn $20,000."


def test_the_game_ends_after_the_1970_income() -> None:
    state = _last_placement(6)
    assert GAME.view(state, None)["players"][ANN]["cash"] is None
    with pytest.raises(ValueError):
        GAME.result(state)
    state, events = act(state, CLEO, END_TURN)
    assert [e.type for e in events] == ["turn_ended", "income", "game_over"]
    assert GAME.is_over(state) and state.round == 6 and GAME.to_act(state) == frozenset()
    assert GAME.legal_actions(state, ANN) == []
    result = GAME.result(state)
    assert result.scores == (70_000, 60_000, 50_000) and result.ranking == (1, 2, 3) and result.reason == "normal"
    for score, parts in zip(result.scores, result.breakdown, strict=True):
        assert parts["total"] == score == parts["start_money"] + parts["income"] + parts["trades"]
    assert result.breakdown[ANN] == {
        "total": 70_000,
        "start_money": 50_000,
        "income": 20_000,
        "trades": 0,
        "tiles_on_board": 2,
        "resigned": False,
        "timed_out": False,
    }
    assert [p["cash"] for p in GAME.view(state, None)["players"]] == [70_000, 60_000, 50_000]  # revealed (§8)
    # The ranking is said once, by the board's final ranking; the event says how the game ended.
    assert GAME.describe(events[-1], NAMES) == "The game is over: the income of 1970 is paid."
    with pytest.raises(ChinatownError, match="over"):
        GAME.apply(state, ANN, END_TURN)
    assert GAME.view(state, None)["result"] == result.to_dict()
