"""Turn flow and the end of the game: the refill, the end-of-turn checks (§4.9) and final scoring (§6).

Every turn ends in ``end_turn``: restock, then "no more pieces", then "the round after the second
exhaustion is over", then the next seat still in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.games.base import Action, Event, competition_ranking
from bot.games.china.actions import Draw, sort_key
from bot.games.china.cards import Cards
from bot.games.china.data import (
    DISPLAY_SIZE,
    HAND_SIZE,
    Colour,
    OverReason,
    ScoreEntry,
    SeatState,
    Source,
    State,
    board,
    emissary_cap,
    evolve,
    region_houses,
    sort_cards,
)
from bot.games.china.scoring import road_score, score_alliance, score_region

# ---------------------------------------------------------------------------------------- scoring


def region_scoring(
    state: State, region: int, houses: Sequence[int | None], fortified: Sequence[int | None]
) -> tuple[tuple[SeatState, ...], Event]:
    """Score one region (§5) on the given board and add the points to the seats' breakdowns."""
    b = board()
    counts = [0] * state.players
    doubled = [False] * state.players
    for space in b.regions[region].spaces:
        i = b.space_index(space)
        owner = houses[i]
        if owner is not None:
            counts[owner] += 1
            # The doubling belongs to the owner of the house standing on the fortification (F6).
            doubled[owner] = doubled[owner] or fortified[i] is not None
    points = score_region(counts, doubled)
    region_id = b.regions[region].id
    seats = tuple(
        evolve(st, breakdown=(*st.breakdown, ScoreEntry("region", region_id, pts, doubled[s])))
        if pts
        else st
        for s, (st, pts) in enumerate(zip(state.seats, points, strict=True))
    )
    event = Event(
        "region_scored",
        {"region": region_id, "houses": counts, "points": points, "doubled": [s for s, d in enumerate(doubled) if d]},
    )
    return seats, event


def final_scoring(state: State) -> tuple[State, list[Event]]:
    """Unscored regions in data order, alliances 1..15, then roads seat by seat (R26)."""
    b = board()
    events: list[Event] = []
    scored = list(state.scored)
    for ridx in range(len(b.regions)):
        if scored[ridx]:
            continue
        scored[ridx] = True
        if any(region_houses(state, ridx)):
            seats, event = region_scoring(state, ridx, state.houses, state.fortified)
            state = evolve(state, seats=seats)
            events.append(event)
    state = evolve(state, scored=tuple(scored))
    entries: list[list[ScoreEntry]] = [[] for _ in range(state.players)]
    for alliance in b.alliances:
        first, second = (state.dragon[b.region_index(r)] for r in alliance.regions)
        for seat, pts in enumerate(score_alliance(first, second)):
            if pts:
                entries[seat].append(ScoreEntry("alliance", str(alliance.number), pts))
    adjacency = b.neighbours(state.board_side)
    fortified_spaces = {s for s, f in zip(b.spaces, state.fortified, strict=True) if f is not None}
    for seat in range(state.players):
        own = [s for s, h in zip(b.spaces, state.houses, strict=True) if h == seat]
        _, rows = road_score(own, adjacency, fortified_spaces)
        for row, value in rows:
            entries[seat].append(ScoreEntry("road", "", value, value > len(row), row))
    seats = tuple(
        evolve(st, breakdown=(*st.breakdown, *extra)) for st, extra in zip(state.seats, entries, strict=True)
    )
    state = evolve(state, seats=seats)
    events.append(
        Event(
            "final_scoring",
            {
                "alliances": [sum(e.points for e in es if e.kind == "alliance") for es in entries],
                "roads": [sum(e.points for e in es if e.kind == "road") for es in entries],
                "scores": [st.score for st in seats],
            },
        )
    )
    return state, events


def ranking(state: State) -> tuple[int, ...]:
    """Places 1, 1, 3...: seats still in play above those who resigned, then score, then pieces
    left in supply (§8); seats equal on all of these share the place (R22)."""
    return competition_ranking([(not st.resigned, st.score, st.supply) for st in state.seats])


def finish(state: State, reason: OverReason) -> tuple[State, list[Event]]:
    state, events = final_scoring(state)
    state = evolve(state, phase="over", over_reason=reason)
    places = ranking(state)
    events.append(
        Event(
            "game_over",
            {
                "reason": reason,
                "scores": [st.score for st in state.seats],
                "winners": [s for s, place in enumerate(places) if place == 1],
            },
        )
    )
    return state, events


# ------------------------------------------------------------------------------------------ turns


def draw_choices(state: State) -> tuple[tuple[Source, Colour | None], ...]:
    """The distinct draws open now: the deck, and each colour in the display."""
    return _draw_choices(bool(state.deck), state.display)


def draw_actions(state: State) -> list[Action]:
    """The dicts of ``draw_choices``, in the order of ``action_sort_key``, each built afresh (callers own
    what they are given)."""
    return [*map(dict.copy, _draw_dicts(bool(state.deck), state.display))]


@lru_cache(maxsize=256)
def _draw_choices(deck: bool, display: tuple[Colour, ...]) -> tuple[tuple[Source, Colour | None], ...]:
    return ((("deck", None),) if deck else ()) + tuple(("display", c) for c in sort_cards(set(display)))


@lru_cache(maxsize=256)
def _draw_dicts(deck: bool, display: tuple[Colour, ...]) -> tuple[Action, ...]:
    draws = (Draw(source, colour) for source, colour in _draw_choices(deck, display))
    return tuple(d.to_dict() for d in sorted(draws, key=sort_key))


def draw(state: State, source: Source, colour: Colour | None) -> tuple[State, list[Event]]:
    """One refill draw by the seat to act (the caller checked it is open)."""
    seat = state.current
    cards = Cards.of(state)
    if source == "deck":
        card = cards.take_top()
        event = Event("drew", {"seat": seat, "source": "deck"}, {seat: {"color": card._value_}})
    else:
        assert colour is not None
        card = colour
        cards.take_face_up(colour)
        event = Event("drew", {"seat": seat, "source": "display", "color": colour._value_})
    events = [event, *cards.drain()]
    hand = sort_cards((*state.seats[seat].hand, card))
    state = cards.commit(state, seats=seats_with(state, seat, evolve(state.seats[seat], hand=hand)))
    return state, events


def continue_refill(state: State) -> tuple[State, list[Event]]:
    """Draw by itself while only one distinct choice exists (§4.5); end the turn when the hand is
    full or nothing is left to draw."""
    events: list[Event] = []
    while True:
        if len(state.seats[state.current].hand) >= HAND_SIZE:
            break
        choices = draw_choices(state)
        if len(choices) > 1:
            return state, events
        if not choices:
            break
        state, more = draw(state, *choices[0])
        events += more
    state, more = end_turn(state)
    return state, events + more


def end_turn(state: State) -> tuple[State, list[Event]]:
    """Restock the display, run the end checks of §4.9 and hand the turn on."""
    events: list[Event] = []
    if len(state.display) < DISPLAY_SIZE and state.deck:  # else restocking changes nothing
        cards = Cards.of(state)
        cards.restock()
        events = cards.drain()
        state = cards.commit(state)
    if not pieces_can_be_placed(state):
        more = finish(state, "no_pieces")
        return more[0], events + more[1]
    nxt, round_closed = next_seat(state)
    if state.final_round and round_closed:
        more = finish(state, "normal")
        return more[0], events + more[1]
    return evolve(state, current=nxt, phase="action"), events


def next_seat(state: State) -> tuple[int, bool]:
    """The next seat still in play, and whether the round closed on the way (the last seat of the
    round just played, or was skipped because it resigned)."""
    seat = state.current
    closed = seat == state.last_seat
    for _ in range(state.players):
        seat = (seat + 1) % state.players
        if not state.seats[seat].resigned:
            return seat, closed
        closed = closed or seat == state.last_seat
    return state.current, True


def pieces_can_be_placed(state: State) -> bool:
    """§4.9 step 1 (R14): judged on the board and the supplies of seats still in play, not hands."""
    b = board()
    active = [st for st in state.seats if not st.resigned]
    if None in state.houses and any(st.houses for st in active):
        return True
    if any(st.emissaries for st in active):
        return any(
            sum(state.dragon[r]) < emissary_cap(region_houses(state, r)) for r in range(len(b.regions))
        )
    return False


def with_seat(state: State, seat: int, new: SeatState) -> State:
    return evolve(state, seats=seats_with(state, seat, new))


def seats_with(state: State, seat: int, new: SeatState) -> tuple[SeatState, ...]:
    """The seats with ``new`` in place of ``seat``."""
    seats = list(state.seats)
    seats[seat] = new
    return tuple(seats)
