"""Build China positions for tests: a board, hands and card zones, checked by the engine's invariants.

Seats are written A..E (0..4) and cards by letter (r y g o p), as in the spec's worked examples.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.games.base import Action, Event
from bot.games.china import GAME
from bot.games.china.data import (
    COLOURS,
    EMISSARIES_PER_SEAT,
    HOUSES_PER_SEAT,
    Colour,
    SeatState,
    State,
    board,
    emissary_cap,
    region_houses,
    region_is_full,
    sort_cards,
)
from bot.games.china.serial import check_invariants

A, B, C, D, E = range(5)
LETTER = {"r": Colour.RED, "y": Colour.YELLOW, "g": Colour.GREEN, "o": Colour.ORANGE, "p": Colour.PURPLE}


def cards(spec: str | Sequence[str]) -> list[Colour]:
    """"rgg" or ["r", "g", "g"] or ["red", ...] -> colours."""
    return [LETTER[c] if c in LETTER else Colour(c) for c in spec]


def names(spec: str) -> list[str]:
    return [c.value for c in cards(spec)]


def position(
    *,
    players: int = 4,
    fortifications: bool = False,
    board_side: str = "auto",
    start_seat: int = 0,
    current: int = 0,
    hands: Mapping[int, str] | None = None,
    houses: Mapping[str, int] | None = None,
    emissaries: Mapping[str, Mapping[int, int]] | None = None,
    fortified: Mapping[str, int] | None = None,
    display: str | None = None,
    deck: str | None = None,
    discard: str | None = None,
    exhaustions: int = 0,
    check: bool = True,
) -> State:
    """A legal state: the given board and cards; unspecified hands, display and deck are filled from the
    remaining cards in a fixed order (deck last, unless ``deck`` is given: then the rest is discarded)."""
    base = GAME.new(players, 1, {"fortifications": fortifications, "board_side": board_side})
    b = board()
    pool = Counter({c: b.cards[c] for c in COLOURS}) - Counter(base.removed)

    def take(spec: str) -> tuple[Colour, ...]:
        wanted = Counter(cards(spec))
        assert not wanted - pool, f"not enough cards for {spec!r}"
        pool.subtract(wanted)
        return tuple(cards(spec))

    def take_any(k: int) -> tuple[Colour, ...]:
        got: list[Colour] = []
        while len(got) < k:
            colour = max(COLOURS, key=lambda c: (pool[c], -COLOURS.index(c)))
            pool[colour] -= 1
            got.append(colour)
        return tuple(got)

    hands = dict(hands or {})
    hand_cards = {s: take(spec) for s, spec in hands.items()}
    shown = take(display) if display is not None else None
    deck_cards = take(deck) if deck is not None else None
    discard_cards = take(discard) if discard is not None else None
    for s in range(players):
        if s not in hand_cards:
            hand_cards[s] = take_any(3)
    if shown is None:
        shown = take_any(4) if exhaustions < 2 else ()
    rest = tuple(c for c in COLOURS for _ in range(pool[c]))
    if deck_cards is None:
        deck_cards = rest
    elif discard_cards is None:
        discard_cards = rest
    else:
        assert not rest, "cards left over"
    owners = dict(houses or {})
    forts = dict(fortified or {})
    dragon = [[0] * players for _ in b.regions]
    for region_id, per_seat in (emissaries or {}).items():
        for seat, count in per_seat.items():
            dragon[b.region_index(region_id)][seat] = count
    seats = tuple(
        SeatState(
            houses=HOUSES_PER_SEAT - sum(1 for o in owners.values() if o == s),
            emissaries=EMISSARIES_PER_SEAT - sum(d[s] for d in dragon),
            fortifications=(1 if fortifications else 0) - sum(1 for f in forts.values() if f == s),
            hand=sort_cards(hand_cards[s]),
        )
        for s in range(players)
    )
    state = replace(
        base,
        start_seat=start_seat,
        current=current,
        houses=tuple(owners.get(s) for s in b.spaces),
        fortified=tuple(forts.get(s) for s in b.spaces),
        dragon=tuple(tuple(d) for d in dragon),
        seats=seats,
        deck=deck_cards,
        display=sort_cards(shown),
        discard=discard_cards or (),
        exhaustions=exhaustions,
    )
    state = replace(state, scored=tuple(region_is_full(state, r) for r in range(len(b.regions))))
    if check:
        check_invariants(state)
    return state


def with_supply(state: State, seat: int, **changes: int) -> State:
    """The state with a seat's supply changed (for positions the real card flow cannot reach)."""
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)  # type: ignore[arg-type]
    return replace(state, seats=tuple(seats))


def place(region: str, card_spec: str, *pieces: str) -> Action:
    """place("wei", "rgg", "house@wei1", "emissary")."""
    parsed = []
    for p in pieces:
        kind, _, space = p.partition("@")
        parsed.append({"kind": kind, "space": space} if space else {"kind": kind})
    return {"type": "place", "region": region, "cards": names(card_spec), "pieces": parsed}


def free_spaces(state: State, region: str) -> list[str]:
    b = board()
    return [s for s in b.regions[b.region_index(region)].spaces if state.houses[b.space_index(s)] is None]


def houses_in(state: State, region: str) -> list[int]:
    return region_houses(state, board().region_index(region))


def emissaries_in(state: State, region: str) -> list[int]:
    return list(state.dragon[board().region_index(region)])


def cap_of(state: State, region: str) -> int:
    return emissary_cap(houses_in(state, region))


def fill(region: str, counts: Mapping[int, int], start: int = 0) -> dict[str, int]:
    """Houses for ``counts`` seats on the region's spaces, in data order from space index ``start``."""
    spaces = board().regions[board().region_index(region)].spaces[start:]
    owners = [seat for seat, n in sorted(counts.items()) for _ in range(n)]
    assert len(owners) <= len(spaces)
    return dict(zip(spaces, owners, strict=False))


def act(state: State, action: Action, seat: int | None = None) -> tuple[State, list[Event]]:
    return GAME.apply(state, state.current if seat is None else seat, action)


def saturated(players: int = 4, *, missing: str | None = None, **kwargs: Any) -> State:
    """Every house space built (round robin over the seats) and every region's dragon at its cap,
    except ``missing``, which lacks one emissary."""
    b = board()
    owners = {space: k % players for k, space in enumerate(b.spaces)}
    emissaries: dict[str, dict[int, int]] = {}
    e = 0
    for region in b.regions:
        counts = Counter(owners[s] for s in region.spaces)
        cap = max(counts.values()) - (1 if region.id == missing else 0)
        per_seat: dict[int, int] = {}
        for _ in range(cap):
            per_seat[e % players] = per_seat.get(e % players, 0) + 1
            e += 1
        emissaries[region.id] = per_seat
    return position(players=players, houses=owners, emissaries=emissaries, **kwargs)
