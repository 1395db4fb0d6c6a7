"""Scores, ranking and breakdown (spec §7.4, R30-R31), plus resignation placing."""

from __future__ import annotations

from bot.games.base import Result, competition_ranking
from bot.games.great_wall.data import State, card_owner


def scores(state: State) -> tuple[int, ...]:
    """Only markers face down in front of a player count; those still on cards score nothing [R30]."""
    return tuple(sum(seat.scored) for seat in state.seats)


def lost_on_cards(state: State, seat: int) -> list[int]:
    return sorted(
        section.first_marker.value
        for section in state.sections
        if section.first_marker is not None and card_owner(section.first_marker.card) == seat
    )


def ranking(state: State) -> tuple[int, ...]:
    """Competition ranking with no tie-break [R31]; resigned seats come last, earlier leavers lower."""
    totals = scores(state)
    keys = []
    for seat in range(state.num_players):
        if seat in state.resigned:
            keys.append((0, state.resigned.index(seat), 0))
        else:
            keys.append((1, 0, totals[seat]))
    return competition_ranking(keys)


def result(state: State) -> Result:
    totals = scores(state)
    breakdown = tuple(
        {
            "markers": sorted(state.seats[seat].scored, reverse=True),
            "total": totals[seat],
            "lost_on_cards": lost_on_cards(state, seat),
            "resigned": seat in state.resigned,
            "timed_out": seat in state.timed_out,
        }
        for seat in range(state.num_players)
    )
    return Result(scores=totals, ranking=ranking(state), breakdown=breakdown, reason=state.end_reason or "normal")
