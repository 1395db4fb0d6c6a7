"""The worked examples of docs/rules/china.md §12, one test each, named after them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games.base import IllegalAction
from bot.games.china import GAME
from bot.games.china.data import ScoreEntry, State, board
from bot.games.china.flow import final_scoring, pieces_can_be_placed, ranking
from bot.games.china.scoring import road_score, rows_of, score_alliance, score_region
from tests.games.china.scenario import (
    A,
    B,
    C,
    D,
    act,
    cap_of,
    cards,
    emissaries_in,
    fill,
    free_spaces,
    houses_in,
    place,
    position,
    saturated,
)


def assert_illegal(state, action, match: str = "") -> None:
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match=match):
        act(state, action)
    assert GAME.dump(state) == before


def alliance_points(state) -> dict[str, list[int]]:
    """Alliance number -> points per seat, from final scoring."""
    scored, _ = final_scoring(state)
    table: dict[str, list[int]] = {}
    for seat, st in enumerate(scored.seats):
        for e in st.breakdown:
            if e.kind == "alliance":
                table.setdefault(e.ref, [0] * state.players)[seat] = e.points
    return table


# ------------------------------------------------------------------------------ 12.1 the rulebook


def test_x1_placement_basics() -> None:
    state = position(current=A, hands={A: "prr"})
    after, _ = act(state, place("wei", "r", "house@wei1"))
    assert houses_in(after, "wei") == [1, 0, 0, 0]
    assert_illegal(state, place("wei", "rr", "house@wei1", "house@wei2"), "empty at the start of your turn")
    assert_illegal(state, place("wei", "rr", "house@wei1"), "can't pay for 1 piece")

    state = position(current=B, hands={B: "rgg"}, houses={"wei1": A})
    after, _ = act(state, place("wei", "rgg", "house@wei2", "house@wei3"))
    assert houses_in(after, "wei") == [1, 2, 0, 0]
    after, _ = act(state, place("wei", "rgg", "house@wei2", "emissary"))
    assert emissaries_in(after, "wei") == [0, 1, 0, 0]
    assert_illegal(state, place("wei", "rgg", "emissary", "emissary"), "at most 1 emissary")

    state = position(current=C, hands={C: "yyy"}, houses={"qi1": A, "qin1": B})
    legal = GAME.legal_actions(state, C)
    assert all(len(a["cards"]) <= 2 for a in legal if a["type"] == "place")
    for region in ("qi", "qin"):
        assert any(a["region"] == region and a["cards"] == ["yellow"] for a in legal if a["type"] == "place")
        assert any(a["region"] == region and len(a["pieces"]) == 2 for a in legal if a["type"] == "place")
    wild = {a["region"] for a in legal if a["type"] == "place" and a["cards"] == ["yellow", "yellow"]
            and len(a["pieces"]) == 1}
    assert wild == {"qi", "qin", "zhao", "han", "zhou", "wei", "lu", "shu", "chu"} - {"qi", "qin"}
    assert_illegal(state, place("qi", "yyy", "house@qi2", "house@qi3"), "can't pay")
    assert_illegal(state, place("wei", "yyy", "house@wei1"), "can't pay")


def test_x2_emissaries_without_own_houses() -> None:
    houses = {**fill("chu", {B: 4}), **fill("chu", {C: 1}, start=4)}
    state = position(current=A, hands={A: "poo"}, houses=houses, emissaries={"chu": {C: 1, D: 1}})
    assert cap_of(state, "chu") == 4
    after, _ = act(state, place("chu", "poo", "emissary", "emissary"))
    assert emissaries_in(after, "chu") == [2, 0, 1, 1]
    later = position(current=C, hands={C: "ppg"}, houses=houses, emissaries={"chu": {A: 2, C: 1, D: 1}})
    assert_illegal(later, place("chu", "p", "emissary"), "at most 4 emissaries")
    assert not [a for a in GAME.legal_actions(later, C) if a["type"] == "place"
                and a["region"] == "chu" and {"kind": "emissary"} in a["pieces"]]
    # ... until some seat has 5 houses there: B's fifth house lifts the cap for B's emissary.
    fifth = replace(later, current=B, seats=tuple(replace(s, hand=later.seats[C].hand if i == B else
                                                          later.seats[B].hand if i == C else s.hand)
                                                  for i, s in enumerate(later.seats)))
    after, _ = act(fifth, place("chu", "pp", "house@chu6", "emissary"))
    assert cap_of(after, "chu") == 5 and sum(emissaries_in(after, "chu")) == 5


def test_x3_cap_with_tied_leaders() -> None:
    houses = {**fill("zhao", {B: 3, D: 2}), **fill("qi", {B: 2, D: 2})}
    state = position(current=A, hands={A: "yyp"}, houses=houses)
    assert cap_of(state, "zhao") == 3
    assert cap_of(state, "qi") == 2
    after, _ = act(state, place("qi", "yy", "emissary", "emissary"))
    assert emissaries_in(after, "qi") == [2, 0, 0, 0]
    (free,) = free_spaces(state, "qi")
    act(state, place("qi", "yy", f"house@{free}", "emissary"))  # the same cards, as in X11
    taken = next(s for s in board().regions[board().region_index("qi")].spaces if s != free)
    assert_illegal(state, place("qi", "yy", f"house@{free}", f"house@{taken}"), "already taken")


def test_x4_region_scoring() -> None:
    state = position(current=D, hands={D: "rgp"}, houses=fill("wei", {A: 4, B: 2}))
    after, events = act(state, place("wei", "r", "house@wei7"))
    scoring = next(e for e in events if e.type == "region_scored")
    assert scoring.public["points"] == [7, 4, 0, 2]
    assert after.scored[board().region_index("wei")]
    assert [st.score for st in after.seats] == [7, 4, 0, 2]


def test_x5_region_scoring_with_a_tie_for_first() -> None:
    state = position(current=D, hands={D: "ygp"}, houses=fill("qi", {B: 2, C: 2}))
    _, events = act(state, place("qi", "y", "house@qi5"))
    scoring = next(e for e in events if e.type == "region_scored")
    assert scoring.public["points"] == [0, 5, 5, 2]


def test_x6_alliances() -> None:
    houses = {
        **{s: D for s in ("qin4", "qin5", "qin6", "qin7")},
        "shu1": D, "shu2": D, "shu3": C, "shu4": C, "shu5": C,
        "wei2": B, "wei3": B,
    }
    emissaries = {"wei": {D: 1, B: 1}, "qin": {D: 2, B: 1, A: 1}, "shu": {C: 2, D: 1}}
    state = position(houses=houses, emissaries=emissaries)
    assert state.scored[board().region_index("shu")]
    table = alliance_points(state)
    assert table["3"] == [0, 0, 0, 6]
    assert "4" not in table


def test_x7_road_row_with_a_branch() -> None:
    spaces = ["qin4", "qin5", "qin6", "shu1", "shu2", "qin7"]
    for side in ("3-4", "4-5"):
        total, rows = road_score(spaces, board().neighbours(side))
        assert total == 5
        assert [set(r) for r, _ in rows] == [{"qin4", "qin5", "qin6", "shu1", "shu2"}]
    graph = rows_of([("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("x", "c")])
    assert road_score(graph, graph)[0] == 5


# -------------------------------------------------------------------------- 12.2 further vectors


def test_x8_wild_pair_into_an_empty_region() -> None:
    state = position(current=B, hands={B: "ggr"})
    after, _ = act(state, place("chu", "gg", "house@chu3"))
    assert houses_in(after, "chu") == [0, 1, 0, 0]
    assert_illegal(state, place("chu", "gg", "emissary"), "Chu has no houses")
    assert_illegal(state, place("chu", "ggr", "house@chu1", "house@chu2"), "empty at the start")
    assert_illegal(state, place("chu", "r", "house@chu1"), "can't pay")


def test_x9_two_piece_limit_and_over_payment() -> None:
    state = position(current=B, hands={B: "rry"})
    act(state, place("wei", "r", "house@wei1"))
    assert_illegal(state, place("wei", "rr", "house@wei1", "house@wei2"), "only one piece")
    assert_illegal(state, place("wei", "rr", "house@wei1", "emissary"), "only one piece")
    assert_illegal(state, place("wei", "rr", "house@wei1"), "can't pay")
    assert_illegal(state, place("wei", "r", "emissary"), "no houses")
    after, _ = act(state, place("qi", "rr", "house@qi1"))
    assert houses_in(after, "qi") == [0, 1, 0, 0]


@pytest.mark.parametrize(
    ("seat", "hand", "pieces", "legal"),
    [
        (D, "rrp", ("emissary", "emissary"), False),
        (D, "rpo", ("emissary",), True),
        (C, "rrp", ("house@wei6", "emissary"), True),
        (A, "rrp", ("house@wei6", "emissary"), True),
        (A, "rrp", ("emissary", "house@wei6"), True),
        (A, "rrp", ("emissary", "emissary"), False),
    ],
)
def test_x10_emissary_cap_ties_and_the_order_of_pieces(seat: int, hand: str, pieces: tuple[str, ...],
                                                       legal: bool) -> None:
    state = position(current=seat, hands={seat: hand}, houses=fill("wei", {A: 2, B: 2, C: 1}),
                     emissaries={"wei": {D: 1}})
    assert cap_of(state, "wei") == 2
    action = place("wei", "r" * len(pieces), *pieces)
    if legal:
        after, _ = act(state, action)
        assert sum(emissaries_in(after, "wei")) <= cap_of(after, "wei")
    else:
        assert_illegal(state, action, "at most 2 emissaries")
        assert houses_in(state, "wei") == [2, 2, 1, 0]


def test_x11_region_filled_mid_turn() -> None:
    state = position(current=A, hands={A: "ygg"}, houses=fill("qi", {B: 2, D: 2}))
    after, events = act(state, place("qi", "ygg", "house@qi5", "emissary"))
    kinds = [(e.type, e.public.get("kind")) for e in events if e.type in ("placed", "region_scored")]
    assert kinds == [("placed", "house"), ("region_scored", None), ("placed", "emissary")]
    scoring = next(e for e in events if e.type == "region_scored")
    assert scoring.public["points"] == [2, 5, 0, 5]
    assert after.phase == "refill"
    assert emissaries_in(after, "qi") == [1, 0, 0, 0]
    later = position(current=C, hands={C: "yyp"}, houses=fill("qi", {A: 1, B: 2, D: 2}, start=0),
                     emissaries={"qi": {A: 1}})
    later_after, _ = act(later, place("qi", "y", "emissary"))
    assert emissaries_in(later_after, "qi") == [1, 0, 1, 0]
    assert_illegal(later, place("qi", "yy", "emissary", "emissary"), "at most 2 emissaries")
    assert_illegal(later, place("qi", "y", "house@qi1"), "already taken")


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ([3, 2, 1, 1, 1], [8, 3, 2, 2, 2]),
        ([2, 2, 2, 1], [7, 7, 7, 2]),
        ([3, 2, 2, 1], [8, 3, 3, 2]),
        ([1, 1, 1, 1, 1], [5, 5, 5, 5, 5]),
        ([4, 0, 0, 0], [4, 0, 0, 0]),
        ([0, 0, 0, 0], [0, 0, 0, 0]),
    ],
)
def test_x12_ladder_variants(counts: list[int], points: list[int]) -> None:
    assert score_region(counts) == points


def test_x13_alliance_ties_and_empty_regions() -> None:
    assert score_alliance([2, 2, 0, 0], [1, 1, 1, 0]) == [7, 7, 0, 0]
    assert score_alliance([1, 1, 1, 0], [0, 0, 0, 0]) == [0, 0, 0, 0]
    assert score_alliance([1, 1, 1, 0], [0, 0, 3, 0]) == [0, 0, 6, 0]
    # The same on the board: alliance 3 is Wei-Qin, alliance 4 Qin-Shu.
    houses = {**fill("wei", {A: 4, B: 2}), **fill("qin", {C: 3}), **fill("shu", {D: 3})}
    state = position(houses=houses, emissaries={"wei": {A: 2, B: 2}, "qin": {A: 1, B: 1, C: 1}})
    table = alliance_points(state)
    assert table["3"] == [7, 7, 0, 0]
    assert "4" not in table
    state = position(houses=houses, emissaries={"wei": {A: 2, B: 2}, "qin": {A: 1, B: 1, C: 1}, "shu": {C: 3}})
    assert alliance_points(state)["4"] == [0, 0, 6, 0]


def _path(prefix: str, n: int) -> list[tuple[str, str]]:
    return [(f"{prefix}{i}", f"{prefix}{i + 1}") for i in range(1, n)]


@pytest.mark.parametrize(
    ("edges", "vertices", "expected"),
    [
        ([("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("d", "e"), ("e", "f"), ("f", "g"), ("x", "b")], None, 7),
        ([*_path("a", 7), *_path("b", 4), ("a4", "b1")], None, 11),
        ([*_path("a", 4), *_path("b", 4), ("a2", "b2")], None, 8),
        ([*_path("r", 6), ("r6", "r1")], None, 6),
        (_path("h", 6), ["h1", "h2", "h3", "h5", "h6"], 0),
        (_path("p", 3), None, 0),
    ],
)
def test_x14_rows_branches_loops_and_several_rows(edges, vertices, expected: int) -> None:
    graph = rows_of(edges)
    own = vertices if vertices is not None else list(graph)
    total, rows = road_score(own, graph)
    assert total == expected
    used = [v for row, _ in rows for v in row]
    assert len(used) == len(set(used))  # no house counted twice
    assert all(len(row) >= 4 and value == len(row) for row, value in rows)


@pytest.mark.parametrize(
    ("sides", "houses", "expected"),
    [
        (("3-4", "4-5"), ["zhao1", "zhao2", "zhao3", "zhao4", "zhao5", "zhao6", "wei2", "wei1", "qin4", "qin3"], 10),
        (("4-5",), ["qin1", "qin2", "qin3", "qin4"], 4),
        (("3-4",), ["qin1", "qin2", "qin3", "qin4"], 4),
        (("4-5",), ["qin2", "qin4", "qin5", "qin6"], 4),
        (("3-4",), ["qin2", "qin4", "qin5", "qin6"], 0),
        (("4-5",), ["qin1", "qin2", "qin3", "qin4", "qin7", "zhao1", "zhao2", "zhao3"], 7),
        (("3-4",), ["qin1", "qin2", "qin3", "qin4", "qin7", "zhao1", "zhao2", "zhao3"], 7),
        (("4-5",), ["qin1", "qin2", "qin3", "qin4", "qin5", "qin6", "qin7"], 7),
    ],
)
def test_x14r_rows_on_the_real_board(sides: tuple[str, ...], houses: list[str], expected: int) -> None:
    for side in sides:
        assert road_score(houses, board().neighbours(side))[0] == expected
        # The same through final scoring of a real position on that side.
        state = position(board_side=side, houses={s: A for s in houses})
        scored, _ = final_scoring(state)
        assert sum(e.points for e in scored.seats[A].breakdown if e.kind == "road") == expected


def test_x15_fortification_doubles_a_region() -> None:
    houses = {**fill("wei", {A: 3}), **fill("wei", {B: 3}, start=3)}
    state = position(fortifications=True, current=C, hands={C: "rgp"}, houses=houses, fortified={"wei1": D})
    _, events = act(state, place("wei", "r", "house@wei7"))
    scoring = next(e for e in events if e.type == "region_scored")
    assert scoring.public["points"] == [14, 7, 3, 0]
    assert scoring.public["doubled"] == [A]


def test_x16_fortification_doubles_a_row() -> None:
    graph = rows_of([*_path("h", 5), ("f", "h3")])
    assert road_score(graph, graph, ["f"])[0] == 8
    assert road_score(graph, graph)[0] == 5
    seven = rows_of(_path("s", 7))
    total, rows = road_score(seven, seven, ["s4"])
    assert total == 14
    assert rows[0][1] == 14


def test_x17_fortification_and_the_piece_limits() -> None:
    state = position(fortifications=True, current=A, hands={A: "yyr"})
    assert_illegal(state, place("qi", "yy", "fortification@qi2", "house@qi2"), "only one piece")
    after, _ = act(state, place("qi", "y", "fortification@qi2"))
    assert houses_in(after, "qi") == [0] * 4 and cap_of(after, "qi") == 0

    nxt = position(fortifications=True, current=B, hands={B: "yyg"}, fortified={"qi2": A})
    assert_illegal(nxt, place("qi", "y", "emissary"), "no houses")
    built, _ = act(nxt, place("qi", "yy", "house@qi2", "house@qi3"))
    assert houses_in(built, "qi") == [0, 2, 0, 0]
    # B owns the fortified house: a full Qi would double B's points there.
    full = position(fortifications=True, current=C, hands={C: "ypp"}, fortified={"qi2": A},
                    houses={"qi1": D, "qi2": B, "qi3": B, "qi4": D})
    _, events = act(full, place("qi", "y", "house@qi5"))
    scoring = next(e for e in events if e.type == "region_scored")
    assert scoring.public["doubled"] == [B] and scoring.public["points"] == [0, 10, 2, 5]
    # ... and so does any row of B through it.
    assert road_score(["a", "qi2", "c", "d"], rows_of([("a", "qi2"), ("qi2", "c"), ("c", "d")]), ["qi2"])[0] == 8

    again = position(fortifications=True, current=A, hands={A: "yyp"}, fortified={"qi2": A},
                     houses={"qi3": B})
    assert_illegal(again, place("qi", "y", "fortification@qi4"), "already placed your fortification")

    chu = {"chu1": D}
    state = position(fortifications=True, current=C, hands={C: "pyy"}, houses=chu)
    after, _ = act(state, place("chu", "pyy", "fortification@chu2", "house@chu2"))
    assert after.houses[board().space_index("chu2")] == C and after.fortified[board().space_index("chu2")] == C
    must = "pay for a house on your fortification"
    assert_illegal(state, place("chu", "p", "fortification@chu2"), must)
    assert_illegal(state, place("chu", "pyy", "fortification@chu2", "house@chu3"), must)
    assert_illegal(state, place("chu", "pyy", "fortification@chu2", "emissary"), must)
    weak = position(fortifications=True, current=C, hands={C: "pog"}, houses=chu)
    act(weak, place("chu", "p", "fortification@chu2"))

    bare = position(fortifications=True, fortified={"qi2": A},
                    houses={"qi1": B, "qi3": B, "qi4": C, "qi5": C})
    assert not bare.scored[board().region_index("qi")]
    assert free_spaces(bare, "qi") == ["qi2"]


def test_x18_first_exhaustion_during_a_refill() -> None:
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B}, display="ppor", deck="y")
    assert len(state.discard) == 35 and sum(len(s.hand) for s in state.seats) == 12
    placed, _ = act(state, place("wei", "rr", "house@wei2", "house@wei3"))
    assert len(placed.seats[A].hand) == 1 and len(placed.discard) == 37 and placed.phase == "refill"
    drawn, events = act(placed, {"type": "draw", "source": "deck"})
    assert [e.type for e in events][:3] == ["drew", "deck_exhausted", "reshuffled"]
    assert events[2].public["deck"] == 37
    assert len(drawn.deck) == 37 and drawn.discard == () and drawn.exhaustions == 1
    assert drawn.display == placed.display
    done, events = act(drawn, {"type": "draw", "source": "display", "color": "purple"})
    assert any(e.type == "restocked" for e in events)
    assert len(done.display) == 4 and len(done.deck) == 36 and done.exhaustions == 1
    assert done.current == B and done.phase == "action"


def _second_exhaustion(current: int) -> State:
    """The seat ``current`` places, then drains the last deck card of the second deck."""
    state = position(current=current, hands={current: "rrg"}, houses={"wei1": A}, display="ppor", deck="y",
                     exhaustions=1, check=True)
    placed, _ = act(state, place("wei", "rr", "house@wei2", "house@wei3"))
    drawn, events = act(placed, {"type": "draw", "source": "deck"})
    assert [e.type for e in events][1:3] == ["deck_exhausted", "final_round_started"]
    assert drawn.final_round and drawn.deck == ()
    return drawn


def _finish_turn(state):
    while not GAME.is_over(state) and state.phase == "refill":
        state, _ = act(state, GAME.legal_actions(state, state.current)[0])
    return state


def test_x19_second_exhaustion_the_round_is_finished() -> None:
    state = _second_exhaustion(B)
    assert {a["source"] for a in GAME.legal_actions(state, B)} == {"display"}
    state = _finish_turn(state)
    assert len(state.display) == 3  # no restock after the second exhaustion
    played = []
    while not GAME.is_over(state):
        seat = state.current
        played.append(seat)
        legal = GAME.legal_actions(state, seat)
        assert all(a.get("take") != "deck" and a.get("source") != "deck" for a in legal)
        exchange = next(a for a in legal if a["type"] == "exchange")
        state, _ = act(state, exchange)
    assert played == [C, D]
    assert state.over_reason == "normal"

    last = _finish_turn(_second_exhaustion(D))
    assert GAME.is_over(last)

    first = _finish_turn(_second_exhaustion(A))
    seen = []
    while not GAME.is_over(first):
        seen.append(first.current)
        first, _ = act(first, next(a for a in GAME.legal_actions(first, first.current) if a["type"] == "exchange"))
    assert seen == [B, C, D]


def test_x20_exchange_with_a_face_up_card() -> None:
    state = position(current=A, hands={A: "rgy"}, display="ppor", deck="o" + "r" * 5)
    after, events = act(state, {"type": "exchange", "give": "yellow", "take": "display", "color": "purple"})
    assert after.seats[A].hand == tuple(cards("rgp"))
    assert after.discard[-1] == cards("y")[0]
    assert after.display == tuple(cards("roop"))
    assert after.current == B and after.phase == "action"
    alt, events = act(state, {"type": "exchange", "give": "yellow", "take": "deck"})
    assert alt.seats[A].hand == tuple(cards("rgo"))
    exchanged = events[0]
    assert "color" not in exchanged.public and exchanged.private == {A: {"color": "orange"}}
    assert alt.display == state.display


def test_x21_end_because_no_piece_can_be_placed() -> None:
    state = saturated(missing="wei", current=B, hands={B: "rgp"})
    after, _ = act(state, place("wei", "r", "emissary"))
    assert after.phase == "refill"
    over, events = act(after, GAME.legal_actions(after, B)[0])
    assert GAME.is_over(over) and over.over_reason == "no_pieces"
    assert GAME.result(over).reason == "no_pieces"
    types = [e.type for e in events]
    assert "region_scored" not in types and types[-2:] == ["final_scoring", "game_over"]
    # The predicate alone: houses left nowhere and every region at its cap.
    stuck = saturated()
    assert not pieces_can_be_placed(stuck)
    no_houses = replace(
        position(houses={"wei1": A}),
        seats=tuple(replace(s, houses=0, emissaries=0) for s in position().seats),
    )
    assert not pieces_can_be_placed(no_houses)
    assert pieces_can_be_placed(replace(no_houses, seats=(replace(no_houses.seats[0], houses=1),
                                                          *no_houses.seats[1:])))


def test_x22_tie_break() -> None:
    state = position(fortifications=True)

    def seat(score: int, houses: int, emissaries: int, forts: int):
        return replace(state.seats[0], houses=houses, emissaries=emissaries, fortifications=forts,
                       breakdown=(ScoreEntry("region", "wei", score),))

    ended = replace(state, seats=(seat(60, 3, 1, 0), seat(60, 2, 0, 1), seat(50, 9, 9, 1), seat(40, 9, 9, 1)))
    assert ranking(ended) == (1, 2, 3, 4)
    shared = replace(ended, seats=(ended.seats[0], seat(60, 2, 1, 1), *ended.seats[2:]))
    assert ranking(shared) == (1, 1, 3, 4)


def test_x23_emissary_in_a_scored_region_without_an_own_house() -> None:
    state = position(current=C, hands={C: "ypo"}, houses=fill("qi", {B: 3, D: 2}), emissaries={"qi": {B: 1, D: 1}})
    assert state.scored[board().region_index("qi")] and cap_of(state, "qi") == 3
    after, _ = act(state, place("qi", "y", "emissary"))
    assert emissaries_in(after, "qi") == [0, 1, 1, 1]
    again = position(current=C, hands={C: "ypo"}, houses=fill("qi", {B: 3, D: 2}),
                     emissaries={"qi": {B: 1, C: 1, D: 1}})
    assert_illegal(again, place("qi", "y", "emissary"), "at most 3 emissaries")


def test_x24_no_more_pieces_during_the_final_round() -> None:
    state = saturated(missing="lu", current=C, hands={C: "ogp"}, display="rr", exhaustions=2, deck="")
    assert state.final_round
    after, _ = act(state, place("lu", "o", "emissary"))
    over, _ = act(after, GAME.legal_actions(after, C)[0]) if after.phase == "refill" else (after, [])
    assert GAME.is_over(over) and over.over_reason == "no_pieces"
    assert GAME.to_act(over) == frozenset() and over.current == C  # D never plays
