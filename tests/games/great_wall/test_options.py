"""The table options (spec §9 table): exactly first_seat, infantry_covered and open_scores."""

from __future__ import annotations

import pytest

from bot.games.great_wall import GAME
from tests.games.great_wall.helpers import card_at, play, prog, scenario


def test_the_options_are_exactly_the_spec_table() -> None:
    table = {o.key: (o.choices, o.default) for o in GAME.options}
    assert table == {
        "first_seat": ((None, 0, 1, 2, 3, 4), None),
        "infantry_covered": (("keep_rank", "renumber"), "keep_rank"),
        "open_scores": ((False, True), False),
    }
    assert all(o.label and o.help for o in GAME.options)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_first_seat_fixes_the_start_player(players: int) -> None:
    for seat in range(players):
        state = GAME.new(players, 3, {"first_seat": seat})
        assert state.start_seat == seat and state.active == seat


@pytest.mark.parametrize(("players", "seat"), [(2, 2), (2, 4), (3, 3), (4, 4)])
def test_first_seat_beyond_the_table_is_refused(players: int, seat: int) -> None:
    with pytest.raises(ValueError, match="cannot start"):
        GAME.new(players, 0, {"first_seat": seat})


@pytest.mark.parametrize("bad", [{"first_seat": 5}, {"infantry_covered": "drop"}, {"open_scores": "yes"}, {"x": 1}])
def test_invalid_option_values_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        GAME.new(3, 0, bad)


@pytest.mark.parametrize(("rule", "expected"), [("keep_rank", 1 + 0 + 3), ("renumber", 1 + 0 + 2)])
def test_infantry_covered_decides_a_covered_infantrys_place(rule: str, expected: int) -> None:
    state = scenario(
        2, ["{1,2} P0:INF, P0:INF, P0:INF", "{3,5}"], active=1, hands={1: "DRAGON"}, options={"infantry_covered": rule}
    )
    state, _ = play(state, 1, "DRAGON", 0, cover=card_at(state, 0, 1))
    assert prog(state, 0)[0] == expected


def test_open_scores_shows_everybodys_markers() -> None:
    hidden = scenario(3, ["{1,2}", "{2,3}", "{3,4}"], scored={0: [5, 7], 1: [8, 4]})
    shown = scenario(3, ["{1,2}", "{2,3}", "{3,4}"], scored={0: [5, 7], 1: [8, 4]}, options={"open_scores": True})
    assert [p["markers"] for p in GAME.view(hidden, None)["players"]] == [None, None, None]
    assert [p["markers"] for p in GAME.view(hidden, 2)["players"]] == [None, None, []]
    assert [p["score"] for p in GAME.view(shown, None)["players"]] == [12, 12, 0]
    assert [p["markers"] for p in GAME.view(shown, 2)["players"]] == [[7, 5], [8, 4], []]
