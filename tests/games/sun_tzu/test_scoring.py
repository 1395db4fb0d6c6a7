"""Phase 4 and the end of the game: faces, the marker, instant wins, round 9, tie-break, resignation (§4.12, §5)."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.sun_tzu import GAME, flow
from bot.games.sun_tzu.data import HEAD_START
from bot.games.sun_tzu.state import Stage
from tests.games.sun_tzu.helpers import BLUE, RED, make


def score(round_no: int, **kw: object) -> object:
    return flow.proceed(make(round=round_no, stage=Stage.SCORING, **kw), [])  # type: ignore[arg-type]


def test_each_scoring_uses_its_own_face() -> None:
    # Screen 7 is (3, 1, 5): blue holding Qin alone scores 3, then 1, then 5.
    for round_no, points in ((3, 3), (6, 1), (9, 5)):
        state = score(round_no, board={"qin": (BLUE, 1)}, screens=(7, 1, 2, 3, 4))
        assert state.scorings[-1].blue == points and state.scorings[-1].red == 0  # type: ignore[attr-defined]


def test_no_scoring_outside_rounds_3_6_9_and_empty_provinces_score_nothing() -> None:
    state = score(4, board={"qin": (BLUE, 3)})
    assert state.scorings == () and state.score_marker == 0  # type: ignore[attr-defined]
    empty = score(3)
    assert empty.scorings[-1].blue == empty.scorings[-1].red == 0  # type: ignore[attr-defined]


def test_marker_clamps_at_the_end_boxes_and_round_9_does_not_win_instantly() -> None:
    board = {p: (RED, 1) for p in ("qin", "chu", "jin_yan", "han_qi", "wu")}
    state = score(9, marker=-7, board=board)
    assert state.score_marker == -9 and GAME.result(state).reason == "final_r9"  # type: ignore[attr-defined]
    assert state.scorings[-1].marker_after == -9  # type: ignore[attr-defined]


def test_result_scores_equal_their_breakdown() -> None:
    state = make(round=3, marker=1, stage=Stage.SCORING, board={"wu": (RED, 1)}, blue={"warlords_used": (HEAD_START,)})
    state = flow.proceed(state, [])
    state = flow.end_game(state, "final_r9", [])
    result = GAME.result(state)
    assert result.scores == (state.score_marker, -state.score_marker)
    for part, total in zip(result.breakdown, result.scores, strict=True):
        assert part["total"] == total == part["head_start"] + part["round_3"] + part["round_6"] + part["round_9"]
    assert result.breakdown[0]["head_start"] == 1 and result.breakdown[1]["head_start"] == -1
    assert result.breakdown[1]["points"] == [state.scorings[0].red]


def test_result_only_when_over() -> None:
    with pytest.raises(ValueError):
        GAME.result(make())


def test_resignation_ends_the_game_for_the_opponent() -> None:
    state = make(marker=5)
    assert not GAME.is_over(state)
    over, events = GAME.resign(state, 0)
    assert GAME.is_over(over) and GAME.to_act(over) == frozenset()
    assert [e.type for e in events] == ["resigned", "game_over"]
    result = GAME.result(over)
    assert result.reason == "resignation" and result.ranking == (2, 1)
    assert result.breakdown[0]["resigned"] is True
    assert all(GAME.legal_actions(over, seat) == [] for seat in (0, 1))
    with pytest.raises(IllegalAction):
        GAME.resign(over, 1)
    with pytest.raises(IllegalAction):
        GAME.apply(over, 1, {"type": "pass"})
    assert GAME.view(over, None)["players"][0]["resigned"] is True


def test_resignation_in_the_middle_of_a_decision_clears_it() -> None:
    state = make(stage=Stage.ASSIGN)
    state, _ = GAME.apply(
        state, 0, {"type": "commit", "cards": dict(qin="n1", chu="n2", jin_yan="n3", han_qi="n4", wu="n5")}
    )
    over, _ = GAME.resign(state, 1)
    assert GAME.result(over).ranking == (1, 2) and over.payments == ()
    assert RED.other is BLUE
