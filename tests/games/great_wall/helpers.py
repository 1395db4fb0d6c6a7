"""Build Great Wall scenario states in the spec's notation, through ``GAME.load`` (so invariants are checked).

Section notation (spec §10): ``"{3,5} P0:GATE, P0:GATE[5], P1:DRAGON>P0:WALL"``; ``"closed"`` for a closed
slot. ``INF``/``CAV`` abbreviate INFANTRY/CAVALRY, ``A>B`` puts A on B, ``[v]`` is the first marker on a card.
Card ids are given lowest first per owner and type: row cards first, then hands, then decks. A seat's
cards not placed anywhere go to its deck, or (when its deck size is fixed) to the removed cards.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.games.base import Action, Event
from bot.games.great_wall import GAME
from bot.games.great_wall.data import MARKERS, CardType, Phase, State, card_owner, card_type, deck_of
from bot.games.great_wall.flow import start_turn
from bot.games.great_wall.progress import section_progress
from bot.games.great_wall.serial import dump, parse

ABBREVIATIONS = {"INF": "INFANTRY", "CAV": "CAVALRY"}
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def kind(token: str) -> CardType:
    return CardType(ABBREVIATIONS.get(token, token))


class _Cards:
    """Hands out the lowest free id of an owner's card type."""

    def __init__(self, players: int) -> None:
        self.free = {seat: list(deck_of(seat)) for seat in range(players)}

    def take(self, seat: int, card: CardType) -> int:
        for card_id in self.free[seat]:
            if card_type(card_id) is card:
                self.free[seat].remove(card_id)
                return card_id
        raise ValueError(f"P{seat} has no {card.value} left to place")


_CARD = re.compile(r"^P(\d):([A-Z]+)(?:\((\w+)\))?(?:\[(\d+)\])?$")


def _section(text: str | None, cards: _Cards) -> tuple[dict[str, Any], list[int]]:
    if text is None or text.strip() == "closed":
        return {"open": False, "markers": [], "first_marker": None, "row": []}, []
    match = re.match(r"^\{([\d,\s]*)\}\s*(.*)$", text.strip())
    assert match, f"bad section notation {text!r}"
    markers = [int(v) for v in match.group(1).split(",") if v.strip()]
    row: list[list[int]] = []
    first = None
    for position in filter(None, (p.strip() for p in match.group(2).split(","))):
        stack = []
        for token in reversed(position.split(">")):  # written top first, stored bottom first
            found = _CARD.match(token.strip())
            assert found, f"bad card {token!r}"
            card = cards.take(int(found.group(1)), kind(found.group(2)))
            if found.group(4):
                first = {"value": int(found.group(4)), "card": card}
            stack.append(card)
        row.append(stack)
    used = markers + ([first["value"]] if first else [])
    return {"open": True, "markers": sorted(markers), "first_marker": first, "row": row}, used


def scenario(
    players: int,
    sections: Sequence[str | None],
    *,
    active: int = 0,
    hands: Mapping[int, str] | None = None,
    decks: Mapping[int, int | str] | None = None,
    supply: Sequence[int] = (),
    exact_supply: bool = False,
    scored: Mapping[int, Sequence[int]] | None = None,
    spare_to: int | None = None,
    removed_pairs: Sequence[int] = (),
    actions_left: int = 2,
    declarer: int | None = None,
    owed: Sequence[int] = (),
    options: Mapping[str, Any] | None = None,
    validate: bool = True,
) -> State:
    """A state at rest in ``active``'s actions phase (as if its check claimed nothing).

    ``supply`` lists the top of the supply; the unused markers follow it in ascending order, unless
    ``exact_supply``, when they go face down in front of ``spare_to``. ``validate=False`` skips the
    invariants (only for the spec's one unreachable position, TV-12).
    """
    cards = _Cards(players)
    section_data, used = [], list(removed_pairs)
    for text in sections:
        data, markers = _section(text, cards)
        section_data.append(data)
        used += markers
    hand_ids: dict[int, list[int]] = {}
    for seat in range(players):
        hand_ids[seat] = sorted(cards.take(seat, kind(t)) for t in (hands or {}).get(seat, "").split())
    deck_ids: dict[int, list[int]] = {}
    removed: list[int] = []
    for seat in range(players):
        spec = (decks or {}).get(seat)
        if isinstance(spec, str):
            deck_ids[seat] = [cards.take(seat, kind(t)) for t in spec.split()]
        else:
            rest = cards.free[seat]
            size = len(rest) if spec is None else spec
            deck_ids[seat], cards.free[seat] = rest[:size], rest[size:]
        removed += cards.free[seat]  # a fixed deck leaves the rest out, as if gone with earlier sections
    fronts = {seat: list((scored or {}).get(seat, ())) for seat in range(players)}
    used += [v for values in fronts.values() for v in values]
    left = Counter(MARKERS) - Counter(used) - Counter(supply)
    assert not Counter(used + list(supply)) - Counter(MARKERS), "more markers than the game has"
    spare = sorted(left.elements())
    if exact_supply:
        if spare:
            assert spare_to is not None, f"markers {spare} need a spare_to seat"
            fronts[spare_to] += spare
        pile = list(supply)
    else:
        pile = list(supply) + spare
    opts = GAME.resolve_options(options)
    data = {
        "format": 1,
        "num_players": players,
        "seed": 0,
        "options": opts,
        "start_seat": 0,
        "seats": [{"deck": deck_ids[s], "hand": hand_ids[s], "scored": fronts[s]} for s in range(players)],
        "supply": pile,
        "removed_pairs": list(removed_pairs),
        "removed_cards": sorted(removed),
        "sections": section_data,
        "phase": "actions",
        "active": active,
        "actions_left": actions_left,
        "pending": None,
        "declarer": declarer,
        "owed": list(owed),
        "resigned": [],
        "last_move": None,
        "end_reason": None,
    }
    return GAME.load(data) if validate else parse(data)


def give_turn(state: State, seat: int) -> State:
    """Hand ``seat`` its actions without a check: for vectors that only follow progress through plays."""
    return replace(state, active=seat, phase=Phase.ACTIONS, actions_left=2, pending=None)


def check(state: State, seat: int) -> tuple[State, list[Event]]:
    """Start ``seat``'s turn (its check first), as the engine does when the previous turn ends."""
    events: list[Event] = []
    return start_turn(state, seat, events), events


def final_check_round(state: State, order: Sequence[int]) -> State:
    """Put a state into the check-only round, waiting for the first seat of ``order`` to check next."""
    return replace(state, phase=Phase.FINAL_CHECK, owed=tuple(order[1:]))


def prog(state: State, slot: int) -> dict[int, int]:
    return section_progress(state.sections[slot], state.options.renumber)


def row(state: State, slot: int) -> str:
    """The row back in spec notation, e.g. ``P0:TOWER, P0:DRAGON>P1:WALL``."""
    first = state.sections[slot].first_marker

    def name(card: int) -> str:
        mark = f"[{first.value}]" if first and first.card == card else ""
        return f"P{card_owner(card)}:{card_type(card).value}{mark}"

    return ", ".join(">".join(name(card) for card in reversed(stack)) for stack in state.sections[slot].row)


def card_at(state: State, slot: int, position: int, depth: int = 0) -> int:
    """The id of the card at ``position`` of the row, ``depth`` cards up its stack (0 = bottom)."""
    return state.sections[slot].row[position][depth]


def play(state: State, seat: int, card: str, section: int, count: int = 1, cover: int | None = None) -> Any:
    action: dict[str, Any] = {"type": "play", "card": kind(card).value, "count": count, "section": section}
    if cover is not None:
        action["cover"] = cover
    return GAME.apply(state, seat, action)


def draw(state: State, seat: int) -> Any:
    return GAME.apply(state, seat, {"type": "draw"})


def random_moves(players: int, seed: int) -> Iterator[tuple[int, list[Action], list[Event]]]:
    """A whole game of random legal moves, the game and the choices seeded by ``seed``: for each move, the
    mover, the actions it had and the events of the one it made."""
    rng = random.Random(seed)
    state = GAME.new(players, seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state, events = GAME.apply(state, seat, rng.choice(legal))
        yield seat, legal, events


def snapshot(state: State) -> dict[str, Any]:
    return dump(state)
