"""The end of the game (spec §5, R26, R33): winner, ranking, scores and their breakdown.

A seat's score is the marker counted toward its own side (blue +m, red -m). Its breakdown lists the
spaces each scoring (and Head Start) moved the marker toward that seat, so the parts sum to the score.
"""

from __future__ import annotations

from bot.games.base import Result, competition_ranking
from bot.games.sun_tzu.data import COLOURS, HEAD_START, SCORING_ROUNDS, Colour
from bot.games.sun_tzu.state import State


def winner(state: State) -> tuple[Colour | None, bool]:
    """(winning colour or None for a draw, whether the reserve tie-break decided)."""
    if state.resigned is not None:
        return state.resigned.other, False
    if state.score_marker > 0:
        return Colour.BLUE, False
    if state.score_marker < 0:
        return Colour.RED, False
    blue, red = state.side(Colour.BLUE).reserve, state.side(Colour.RED).reserve
    if blue == red:
        return None, True  # R33: a shared first place
    return (Colour.BLUE if blue > red else Colour.RED), True


def signed(colour: Colour, spaces: int) -> int:
    """Spaces toward blue, counted toward ``colour``."""
    return spaces if colour is Colour.BLUE else -spaces


def running(state: State) -> tuple[int, ...]:
    """The score marker counted toward each seat's colour, by seat."""
    scores = [0, 0]
    for colour in COLOURS:
        scores[state.side(colour).seat] = signed(colour, state.score_marker)
    return scores[0], scores[1]


def result(state: State) -> Result:
    won, tie_break = winner(state)
    scores = [0, 0]
    keys = [0, 0]
    breakdown: list[dict[str, object]] = [{}, {}]
    for colour in COLOURS:
        side = state.side(colour)
        head = 1 if HEAD_START in state.side(Colour.BLUE).warlords_used else 0
        parts = {"head_start": signed(colour, head)}
        for r in SCORING_ROUNDS:
            done = next((s for s in state.scorings if s.round == r), None)
            parts[f"round_{r}"] = 0 if done is None else signed(colour, done.marker_after - done.marker_before)
        total = signed(colour, state.score_marker)
        scores[side.seat] = total
        keys[side.seat] = 1 if won is None or won is colour else 0
        breakdown[side.seat] = {
            "colour": colour.value,
            "total": total,
            **parts,
            "points": [s.blue if colour is Colour.BLUE else s.red for s in state.scorings],
            "reserve": side.reserve,
            "tie_break": tie_break,
            "resigned": state.resigned is colour,
            "timed_out": state.resigned is colour and state.timed_out,
        }
    return Result(
        scores=(scores[0], scores[1]),
        ranking=competition_ranking(keys),
        breakdown=(breakdown[0], breakdown[1]),
        reason=state.end_reason or "normal",
    )
