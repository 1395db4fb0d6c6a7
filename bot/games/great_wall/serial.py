"""Lossless JSON round trip of a state, and the invariants ``load`` re-checks (each names itself)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, get_args

from bot.games.base import check_format
from bot.games.base.literals import one_of
from bot.games.great_wall.data import (
    ACTIONS_PER_TURN,
    CARDS_PER_DECK,
    KEEP_RANK,
    MARKERS,
    RENUMBER,
    SECTIONS_FOR_PLAYERS,
    CardType,
    FirstMarker,
    LastMove,
    Options,
    Phase,
    SeatState,
    Section,
    State,
    card_owner,
    card_type,
    deck_of,
)
from bot.games.great_wall.flow import claim_options
from bot.games.great_wall.progress import leader, section_progress
from bot.games.great_wall.schema import LastMoveKind

FORMAT = 1


def dump(state: State) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "num_players": state.num_players,
        "seed": state.seed,
        "options": {
            "first_seat": state.options.first_seat,
            "infantry_covered": state.options.infantry_covered,
            "open_scores": state.options.open_scores,
        },
        "start_seat": state.start_seat,
        "seats": [
            {"deck": list(seat.deck), "hand": list(seat.hand), "scored": list(seat.scored)} for seat in state.seats
        ],
        "supply": list(state.supply),
        "removed_pairs": list(state.removed_pairs),
        "removed_cards": list(state.removed_cards),
        "sections": [
            {
                "open": section.open,
                "markers": list(section.markers),
                "first_marker": (
                    {"value": section.first_marker.value, "card": section.first_marker.card}
                    if section.first_marker
                    else None
                ),
                "row": [list(stack) for stack in section.row],
            }
            for section in state.sections
        ],
        "phase": state.phase.value,
        "active": state.active,
        "actions_left": state.actions_left,
        "pending": state.pending,
        "declarer": state.declarer,
        "owed": list(state.owed),
        "resigned": list(state.resigned),
        "last_move": (
            {
                "seat": state.last_move.seat,
                "kind": state.last_move.kind,
                "section": state.last_move.section,
                "cards": list(state.last_move.cards),
            }
            if state.last_move
            else None
        ),
        "end_reason": state.end_reason,
    }
    if state.timed_out:  # only then: a dump without a time-out stays as it always was
        data["timed_out"] = list(state.timed_out)
    return data


def _ints(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError(f"{name} must be a list of whole numbers")
    return tuple(value)


def _opt_int(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number or null")
    return value


def _int(value: Any, name: str) -> int:
    result = _opt_int(value, name)
    if result is None:
        raise ValueError(f"{name} must be a whole number")
    return result


def _section(data: Mapping[str, Any], slot: int) -> Section:
    first = data.get("first_marker")
    row = data.get("row", [])
    if not isinstance(row, list):
        raise ValueError(f"section {slot} row must be a list of stacks")
    return Section(
        open=bool(data["open"]),
        markers=_ints(data.get("markers", []), f"section {slot} markers"),
        first_marker=(
            FirstMarker(_int(first["value"], "first marker value"), _int(first["card"], "first marker card"))
            if first is not None
            else None
        ),
        row=tuple(_ints(stack, f"section {slot} stack") for stack in row),
    )


def load(data: Mapping[str, Any]) -> State:
    state = parse(data)
    check(state)
    return state


def parse(data: Mapping[str, Any]) -> State:
    """The state a dump describes, with field types checked but not the game's invariants."""
    try:
        check_format(data, FORMAT)
        opts = data["options"]
        move = data.get("last_move")
        state = State(
            num_players=_int(data["num_players"], "num_players"),
            seed=_int(data["seed"], "seed"),
            options=Options(
                first_seat=_opt_int(opts["first_seat"], "first_seat"),
                infantry_covered=str(opts["infantry_covered"]),
                open_scores=opts["open_scores"],
            ),
            start_seat=_int(data["start_seat"], "start_seat"),
            seats=tuple(
                SeatState(
                    deck=_ints(seat["deck"], "deck"),
                    hand=_ints(seat["hand"], "hand"),
                    scored=_ints(seat["scored"], "scored"),
                )
                for seat in data["seats"]
            ),
            supply=_ints(data["supply"], "supply"),
            removed_pairs=_ints(data["removed_pairs"], "removed_pairs"),
            removed_cards=_ints(data["removed_cards"], "removed_cards"),
            sections=tuple(_section(section, slot) for slot, section in enumerate(data["sections"])),
            phase=Phase(data["phase"]),
            active=_opt_int(data["active"], "active"),
            actions_left=_int(data["actions_left"], "actions_left"),
            pending=_opt_int(data["pending"], "pending"),
            declarer=_opt_int(data["declarer"], "declarer"),
            owed=_ints(data["owed"], "owed"),
            resigned=_ints(data["resigned"], "resigned"),
            timed_out=_ints(data.get("timed_out", []), "timed_out"),
            last_move=(
                LastMove(
                    seat=_int(move["seat"], "last move seat"),
                    kind=one_of(move["kind"], get_args(LastMoveKind), "last move kind"),
                    section=_opt_int(move["section"], "last move section"),
                    cards=_ints(move["cards"], "last move cards"),
                )
                if move is not None
                else None
            ),
            end_reason=data.get("end_reason"),
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"malformed state: {error!r}") from None
    return state


def check(state: State) -> None:
    """Raise ValueError naming the first broken invariant."""
    for name, ok in _invariants(state):
        if not ok():
            raise ValueError(f"invariant broken: {name}")


def _invariants(state: State) -> list[tuple[str, Any]]:
    n = state.num_players
    seats = range(n)
    return [
        ("player count is 2 to 5", lambda: n in SECTIONS_FOR_PLAYERS and len(state.seats) == n),
        ("options are valid", lambda: _options_ok(state)),
        ("start seat is a seat", lambda: state.start_seat in seats),
        ("card conservation: every seat's 20 cards in exactly one place", lambda: _cards_ok(state)),
        ("decks and hands hold only their owner's cards", lambda: _own_cards_ok(state)),
        ("hands are sorted", lambda: all(list(s.hand) == sorted(s.hand) for s in state.seats)),
        ("36 markers accounted for", lambda: _marker_multiset(state) == Counter(MARKERS)),
        ("the supply holds an even number of markers", lambda: len(state.supply) % 2 == 0),
        ("removed pairs are equal pairs of a 2-player game", lambda: _removed_pairs_ok(state)),
        ("section count matches the player count", lambda: len(state.sections) == SECTIONS_FOR_PLAYERS[n]),
        ("sections are well formed", lambda: all(_section_ok(s) for s in state.sections)),
        ("a closed slot means an empty supply", lambda: all(s.open for s in state.sections) or not state.supply),
        ("only Dragons cover cards", lambda: _stacks_ok(state)),
        ("resigned seats are distinct seats", lambda: len(set(state.resigned)) == len(state.resigned) <= n),
        ("timed-out seats are resigned seats, in the order they left", lambda: _timed_out_ok(state)),
        ("phase, active seat and actions agree", lambda: _phase_ok(state)),
        ("a pending claim is a real choice of the active leader", lambda: _pending_ok(state)),
        ("last-round bookkeeping is consistent", lambda: _last_round_ok(state)),
        ("last move is well formed", lambda: _last_move_ok(state)),
    ]


def _timed_out_ok(state: State) -> bool:
    return list(state.timed_out) == [seat for seat in state.resigned if seat in state.timed_out]


def _options_ok(state: State) -> bool:
    o = state.options
    return (
        (o.first_seat is None or 0 <= o.first_seat < state.num_players)
        and o.infantry_covered in (KEEP_RANK, RENUMBER)
        and isinstance(o.open_scores, bool)
    )


def _all_cards(state: State) -> list[int]:
    wall = [card for section in state.sections for card in section.cards]
    piles = [card for seat in state.seats for card in (*seat.deck, *seat.hand)]
    return wall + piles + list(state.removed_cards)


def _cards_ok(state: State) -> bool:
    cards = _all_cards(state)
    expected = [card for seat in range(state.num_players) for card in deck_of(seat)]
    return sorted(cards) == expected


def _own_cards_ok(state: State) -> bool:
    return all(card_owner(card) == seat for seat, s in enumerate(state.seats) for card in (*s.deck, *s.hand))


def _marker_multiset(state: State) -> Counter[int]:
    counts = Counter(state.supply) + Counter(state.removed_pairs)
    for seat in state.seats:
        counts += Counter(seat.scored)
    for section in state.sections:
        counts += Counter(section.markers)
        if section.first_marker:
            counts[section.first_marker.value] += 1
    return counts


def _removed_pairs_ok(state: State) -> bool:
    pairs = state.removed_pairs
    if state.num_players != 2:
        return not pairs
    return len(pairs) % 2 == 0 and all(pairs[i] == pairs[i + 1] for i in range(0, len(pairs), 2))


def _section_ok(section: Section) -> bool:
    if not section.open:
        return not section.markers and section.first_marker is None and not section.row
    if list(section.markers) != sorted(section.markers) or any(not stack for stack in section.row):
        return False
    if section.first_marker is None:
        return len(section.markers) == 2
    # The first marker lies on an uncovered card of that section.
    return len(section.markers) == 1 and section.first_marker.card in section.uncovered


def _stacks_ok(state: State) -> bool:
    return all(
        card_type(card) is CardType.DRAGON
        for section in state.sections
        for stack in section.row
        for card in stack[1:]
    )


def _phase_ok(state: State) -> bool:
    phase, active = state.phase, state.active
    if phase is Phase.OVER:
        return active is None and state.pending is None and not state.owed and state.end_reason is not None
    if active is None or active not in range(state.num_players) or not state.in_play(active):
        return False
    if not state.open_slots():
        return False
    if state.end_reason is not None or state.num_players - len(state.resigned) < 2:
        return False
    if phase is Phase.ACTIONS:
        mine = state.seats[active]
        return 1 <= state.actions_left <= ACTIONS_PER_TURN and state.pending is None and bool(mine.deck or mine.hand)
    return state.actions_left == 0 and state.pending is not None


def _pending_ok(state: State) -> bool:
    if state.pending is None:
        return True
    if state.pending not in range(len(state.sections)) or state.active is None:
        return False
    section = state.sections[state.pending]
    return (
        section.open
        and section.first_marker is None
        and leader(section_progress(section, state.options.renumber)) == state.active
        and len(claim_options(state, state.pending)) > 1
    )


def _last_round_ok(state: State) -> bool:
    if state.declarer is None:
        return not state.owed and state.phase is not Phase.FINAL_CHECK
    owed = state.owed
    return (
        state.declarer in range(state.num_players)
        and len(set(owed)) == len(owed)
        and all(state.in_play(s) and s != state.active for s in owed)
    )


def _last_move_ok(state: State) -> bool:
    move = state.last_move
    if move is None:
        return True
    return (
        move.seat in range(state.num_players)
        and move.kind in ("play", "draw", "claim", "resign")
        and (move.section is None or move.section in range(len(state.sections)))
        and all(0 <= card < CARDS_PER_DECK * state.num_players for card in move.cards)
    )
