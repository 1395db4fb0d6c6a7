"""Determinization: a full :class:`State` consistent with one seat's view, its unknowns sampled.

The computer player sees only its own view, yet simulating needs a state. Everything public (the wall,
the face-up markers, counts, the unplayed cards of each colour that public play reveals) is copied from
the view; what the seat cannot know is drawn at random among the possibilities the view leaves open:

- other seats' hands and decks: their union is each seat's unplayed cards, split by the hand size;
- the viewer's own deck order (its composition is in the view);
- the supply order (its multiset is public);
- other seats' face-down marker values, when scores are not open: the markers not accounted for
  anywhere else, dealt out by each seat's marker count;
- which copies of a card type left the game (ids of one type and owner are interchangeable).

Nothing here ever sees a real state, so nothing hidden can leak into the computer's choice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot.games.great_wall.data import (
    MARKERS,
    CardType,
    FirstMarker,
    LastMove,
    Options,
    Phase,
    SeatState,
    Section,
    State,
    card_type,
    deck_of,
)


def sample_world(view: Mapping[str, Any], rng: random.Random) -> State:
    """One state drawn uniformly among those the seat's view allows (up to interchangeable ids)."""
    me = view["viewer"]
    if me is None:
        raise ValueError("a world is sampled from a seat's own view, not the public one")
    n = view["num_players"]
    sections = tuple(_section(section) for section in view["sections"])
    on_wall = {card for section in sections for card in section.cards}
    seats: list[SeatState] = []
    removed: list[int] = []
    for seat, player in enumerate(view["players"]):
        # Ids of this seat's cards not on the wall, by type; ids of one type are interchangeable.
        free: dict[CardType, list[int]] = {kind: [] for kind in CardType}
        for card in deck_of(seat):
            if card not in on_wall:
                free[card_type(card)].append(card)
        if seat == me:
            hand = [card["id"] for card in view["hand"]]
            unknown = _take_by_type(free, view["deck_composition"], exclude=set(hand))
            rng.shuffle(unknown)
            seats.append(SeatState(deck=tuple(unknown), hand=tuple(sorted(hand)), scored=()))
        else:
            pool = _take_by_type(free, player["unplayed"], exclude=set())
            rng.shuffle(pool)
            size = player["hand_count"]
            seats.append(SeatState(deck=tuple(pool[size:]), hand=tuple(sorted(pool[:size])), scored=()))
        removed.extend(card for cards in free.values() for card in cards)
    seats = _deal_markers(view, seats, sections, rng)
    supply = [int(value) for value, count in view["supply_values"].items() for _ in range(count)]
    rng.shuffle(supply)
    last_round = view["last_round"]
    pending = view["pending_claim"]
    options = view["options"]
    return State(
        num_players=n,
        seed=rng.randrange(2**31),
        options=Options(options["first_seat"], str(options["infantry_covered"]), bool(options["open_scores"])),
        start_seat=view["active"] if view["active"] is not None else 0,  # not in the view; it affects nothing
        seats=tuple(seats),
        supply=tuple(supply),
        removed_pairs=tuple(view["removed_pairs"]),
        removed_cards=tuple(sorted(removed)),
        sections=sections,
        phase=Phase(view["phase"]),
        active=view["active"],
        actions_left=view["actions_left"],
        pending=pending["section"] if pending else None,
        declarer=last_round["declarer"] if last_round else None,
        owed=tuple(last_round["remaining"]) if last_round else (),
        # The order of leaving only ranks resigned seats among themselves: seat order will do.
        resigned=tuple(seat for seat, player in enumerate(view["players"]) if player["resigned"]),
        timed_out=tuple(seat for seat, player in enumerate(view["players"]) if player["timed_out"]),
        last_move=_last_move(view["last_move"]),
        end_reason=None,
    )


def _section(view: Mapping[str, Any]) -> Section:
    first = view["first_marker"]
    return Section(
        open=view["open"],
        markers=tuple(view["markers"]),
        first_marker=FirstMarker(first["value"], first["card"]) if first else None,
        row=tuple(tuple(card["id"] for card in stack) for stack in view["row"]),
    )


def _last_move(move: Mapping[str, Any] | None) -> LastMove | None:
    if move is None:
        return None
    return LastMove(move["seat"], move["kind"], move["section"], tuple(move["cards"]))


def _take_by_type(free: dict[CardType, list[int]], counts: Mapping[str, int], exclude: set[int]) -> list[int]:
    """Remove ``counts[type]`` ids of each type from ``free`` (skipping ``exclude``, which is also removed)."""
    taken: list[int] = []
    for kind in CardType:
        ids = [card for card in free[kind] if card not in exclude]
        wanted = counts.get(kind.value, 0)
        if wanted > len(ids):
            raise ValueError(f"the view asks for more {kind.value} cards than exist")
        taken.extend(ids[:wanted])
        free[kind] = ids[wanted:]
    return taken


def _deal_markers(
    view: Mapping[str, Any], seats: list[SeatState], sections: tuple[Section, ...], rng: random.Random
) -> list[SeatState]:
    """Face-down markers: the visible ones as shown, the rest dealt from what no public place accounts for."""
    unseen = Counter(MARKERS) - Counter(int(v) for v, c in view["supply_values"].items() for _ in range(c))
    unseen -= Counter(view["removed_pairs"])
    for section in sections:
        unseen -= Counter(section.markers)
        if section.first_marker is not None:
            unseen -= Counter([section.first_marker.value])
    for player in view["players"]:
        if player["markers"] is not None:
            unseen -= Counter(player["markers"])
    pool = list(unseen.elements())
    rng.shuffle(pool)
    dealt = list(seats)
    for seat, player in enumerate(view["players"]):
        if player["markers"] is not None:
            values = tuple(player["markers"])
        else:
            count = player["markers_count"]
            values, pool = tuple(pool[:count]), pool[count:]
        dealt[seat] = SeatState(deck=seats[seat].deck, hand=seats[seat].hand, scored=values)
    return dealt
