"""Setup and the turn machine: checks and claims (spec §6), end of turn (§4.4) and end of game (§7).

Every function takes a state and an event list, and returns the next state at rest: either waiting for
the active seat (a first-marker choice or an action) or over. Nothing here mutates a state.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from bot.games.base import Event
from bot.games.great_wall.data import (
    ACTIONS_PER_TURN,
    HAND_SIZE,
    MARKERS,
    SECTIONS_FOR_PLAYERS,
    FirstMarker,
    Options,
    Phase,
    SeatState,
    Section,
    State,
    card_owner,
    deck_of,
    put,
)
from bot.games.great_wall.progress import claim_cards, leader, section_progress
from bot.games.great_wall.scoring import result


def new_state(num_players: int, seed: int, options: Options) -> State:
    """Spec §3: shuffle each deck and the markers from the seed, then set up."""
    # A per-game derivation keeps this game's draws independent of other engines fed the same seed.
    rng = random.Random(f"great_wall/{seed}")
    decks = []
    for seat in range(num_players):
        cards = list(deck_of(seat))
        rng.shuffle(cards)
        decks.append(tuple(cards))
    supply = list(MARKERS)
    rng.shuffle(supply)
    start = options.first_seat if options.first_seat is not None else rng.randrange(num_players)
    return setup(num_players, seed, options, tuple(decks), tuple(supply), start)


def setup(
    num_players: int,
    seed: int,
    options: Options,
    decks: tuple[tuple[int, ...], ...],
    supply: tuple[int, ...],
    start: int,
) -> State:
    """Deal 5 from each shuffled deck, fill the slots in order from the supply, begin the start seat's turn."""
    state = State(
        num_players=num_players,
        seed=seed,
        options=options,
        start_seat=start,
        seats=tuple(SeatState(deck=deck[HAND_SIZE:], hand=tuple(sorted(deck[:HAND_SIZE]))) for deck in decks),
        supply=supply,
        removed_pairs=(),
        removed_cards=(),
        sections=tuple(Section(open=False) for _ in range(SECTIONS_FOR_PLAYERS[num_players])),
        phase=Phase.ACTIONS,
        active=None,
    )
    for slot in range(len(state.sections)):
        state, _, _ = refill(state, slot)
    return start_turn(state, start, [])


def draw_pair(supply: tuple[int, ...], num_players: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(the pair drawn or () if the supply ran out, the supply left, equal pairs removed) [R2, R3]."""
    removed: tuple[int, ...] = ()
    while len(supply) >= 2:
        pair, supply = supply[:2], supply[2:]
        if num_players == 2 and pair[0] == pair[1]:
            removed += pair
            continue
        return tuple(sorted(pair)), supply, removed
    return (), supply, removed


def refill(state: State, slot: int) -> tuple[State, tuple[int, ...], tuple[int, ...]]:
    """Put a new pair into ``slot``, or close it for good; returns (state, pair, equal pairs removed)."""
    pair, supply, removed = draw_pair(state.supply, state.num_players)
    section = Section(open=True, markers=pair) if pair else Section(open=False)
    sections = put(state.sections, slot, section)
    state = replace(state, supply=supply, removed_pairs=state.removed_pairs + removed, sections=sections)
    return state, pair, removed


def clockwise_from(state: State, seat: int) -> tuple[int, ...]:
    """Seats still in play, clockwise, starting at ``seat`` (which is skipped if it resigned)."""
    n = state.num_players
    return tuple(s for s in ((seat + step) % n for step in range(n)) if state.in_play(s))


def next_in_play(state: State, seat: int) -> int:
    return next(s for s in clockwise_from(state, (seat + 1) % state.num_players))


def claim_options(state: State, slot: int) -> list[tuple[int, int]]:
    """Distinct (marker value, card) first-marker choices of the active seat in ``slot`` [R10]."""
    assert state.active is not None
    section = state.sections[slot]
    return [(value, card) for value in sorted(set(section.markers)) for card in claim_cards(section, state.active)]


def start_turn(state: State, seat: int, events: list[Event]) -> State:
    """Begin ``seat``'s turn (or its final check when the check-only round is on) with its check."""
    phase = Phase.FINAL_CHECK if state.phase is Phase.FINAL_CHECK else Phase.CHECK
    state = replace(state, active=seat, phase=phase, actions_left=0, pending=None)
    return run_check(state, 0, events)


def run_check(state: State, first_slot: int, events: list[Event]) -> State:
    """Spec §6.5 from ``first_slot`` on, in ascending slot order [R9]; pauses for a real choice."""
    seat = state.active
    assert seat is not None
    for slot in range(first_slot, len(state.sections)):
        section = state.sections[slot]
        if not section.open or leader(section_progress(section, state.options.renumber)) != seat:
            continue
        if section.first_marker is None:
            options = claim_options(state, slot)
            if len(options) > 1:
                return replace(state, pending=slot)
            value, card = options[0]  # the claimant always has an uncovered card (spec §6.2 proof)
            state = place_first_marker(state, slot, value, card, events, chosen=False)
        else:
            state = complete_section(state, slot, seat, events)
            if not state.open_slots():
                return finish(state, "normal", events)  # trigger A overrides everything [R29]
    state = replace(state, pending=None)
    if state.phase is Phase.FINAL_CHECK:
        return advance(state, events)
    return after_action(replace(state, phase=Phase.ACTIONS, actions_left=ACTIONS_PER_TURN), events)


def place_first_marker(
    state: State, slot: int, value: int, card: int, events: list[Event], *, chosen: bool
) -> State:
    section = state.sections[slot]
    markers = list(section.markers)
    markers.remove(value)
    placed = replace(section, markers=tuple(markers), first_marker=FirstMarker(value=value, card=card))
    events.append(
        Event(
            "first_marker",
            {"seat": state.active, "section": slot, "marker": value, "card": card, "chosen": chosen},
        )
    )
    return replace(state, sections=put(state.sections, slot, placed), pending=None)


def complete_section(state: State, slot: int, seat: int, events: list[Event]) -> State:
    """Spec §6.3: the claimant takes the last marker, the first goes to its card's owner, cards leave."""
    section = state.sections[slot]
    first = section.first_marker
    assert first is not None and len(section.markers) == 1
    taken = section.markers[0]
    owner = card_owner(first.card)
    seats = put(state.seats, seat, replace(state.seats[seat], scored=(*state.seats[seat].scored, taken)))
    seats = put(seats, owner, replace(seats[owner], scored=(*seats[owner].scored, first.value)))
    cards = section.cards
    state = replace(state, seats=seats, removed_cards=state.removed_cards + cards)
    state, pair, removed = refill(state, slot)
    events.append(
        Event(
            "section_completed",
            {
                "seat": seat,
                "section": slot,
                "marker": taken,
                "first_marker": first.value,
                "first_owner": owner,
                "cards": list(cards),
                "new_markers": list(pair),
                "removed_pairs": list(removed),
                "closed": not pair,
            },
        )
    )
    return state


def after_action(state: State, events: list[Event]) -> State:
    """Spec §4.4: lapse and declare when deck and hand are empty, end the turn after action 3."""
    seat = state.active
    assert seat is not None
    mine = state.seats[seat]
    if not mine.deck and not mine.hand:
        if state.declarer is None:  # only the first declaration counts [R26]
            events.append(Event("last_round", {"seat": seat, "lapsed": state.actions_left}))
            state = replace(state, declarer=seat, owed=clockwise_from(state, seat)[1:])
        return advance(replace(state, actions_left=0), events)
    if state.actions_left == 0:
        return advance(state, events)
    return state


def advance(state: State, events: list[Event]) -> State:
    """The active seat is done: next normal turn, next last turn, the check-only round, or the end."""
    assert state.active is not None
    if state.declarer is None:
        return start_turn(state, next_in_play(state, state.active), events)
    if state.owed:
        return start_turn(replace(state, owed=state.owed[1:]), state.owed[0], events)
    if state.phase is not Phase.FINAL_CHECK:
        # The check-only round starts with the declarer and includes everyone still in play [R28].
        order = clockwise_from(state, state.declarer)
        events.append(Event("check_round", {"order": list(order)}))
        state = replace(state, phase=Phase.FINAL_CHECK, owed=order[1:], actions_left=0)
        return start_turn(state, order[0], events)
    return finish(state, "normal", events)


def finish(state: State, reason: str, events: list[Event]) -> State:
    state = replace(
        state, phase=Phase.OVER, active=None, actions_left=0, pending=None, owed=(), end_reason=reason
    )
    final = result(state)
    over: dict[str, Any] = {"reason": reason, "scores": list(final.scores), "ranking": list(final.ranking)}
    if reason == "resignation" and state.resigned[-1] in state.timed_out:
        over["timed_out"] = True  # the last leaver ran out of time: the sentence says so
    events.append(Event("game_over", over))
    return state
