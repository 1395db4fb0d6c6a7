"""§4.1 to §4.4 and §7: placing pieces, legal and illegal, and the list of legal placements."""

from __future__ import annotations

import copy
import random
from itertools import combinations

import pytest

from bot.games.base import IllegalAction
from bot.games.china import GAME
from bot.games.china.actions import Piece, Place, canonical_pieces, parse
from bot.games.china.data import COLOURS, State, board
from bot.games.china.placement import check_place, legal_placements, payments
from tests.games.china.scenario import (
    A,
    B,
    C,
    D,
    act,
    cards,
    emissaries_in,
    fill,
    houses_in,
    place,
    position,
    with_supply,
)
from tests.games.strategies import action_key


def assert_illegal(state: State, action: object, match: str = "", seat: int | None = None) -> None:
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match=match):
        GAME.apply(state, state.current if seat is None else seat, action)  # type: ignore[arg-type]
    assert GAME.dump(state) == before


def test_turn_and_phase_are_checked() -> None:
    state = position(current=A, hands={A: "rrg"})
    assert_illegal(state, place("wei", "r", "house@wei1"), "not your turn", seat=B)
    assert_illegal(state, {"type": "draw", "source": "deck"}, "only after placing")
    refill, _ = act(state, place("wei", "r", "house@wei1"))
    assert refill.phase == "refill"
    assert_illegal(refill, place("han", "g", "house@han1"), "Refill your hand first")
    assert_illegal(refill, {"type": "exchange", "give": "red", "take": "deck"}, "Refill your hand first")


@pytest.mark.parametrize(
    ("action", "match"),
    [
        ({"type": "fly"}, "not a China action"),
        ("place", "not an action"),
        ({"type": "place", "region": "mars", "cards": ["red"], "pieces": [{"kind": "house", "space": "x"}]},
         "no region called"),
        ({"type": "place", "region": "wei", "cards": ["blue"], "pieces": [{"kind": "emissary"}]}, "not a card colour"),
        ({"type": "place", "region": "wei", "cards": "red", "pieces": [{"kind": "emissary"}]}, "list of colours"),
        ({"type": "place", "region": "wei", "cards": ["red"], "pieces": [{"kind": "tower"}]}, "not a piece"),
        ({"type": "place", "region": "wei", "cards": ["red"], "pieces": [{"kind": "house"}]}, "Say which house space"),
        ({"type": "place", "region": "wei", "cards": ["red"], "pieces": "house"}, "List the pieces"),
        ({"type": "place", "cards": ["red"], "pieces": []}, "which region"),
        ({"type": "draw", "source": "sky"}, "deck or from the face-up"),
        ({"type": "exchange", "give": "red", "take": "display"}, "not a card colour"),
    ],
)
def test_malformed_actions_are_illegal(action: object, match: str) -> None:
    assert_illegal(position(current=A, hands={A: "rrg"}), action, match)


def test_cards_and_piece_counts() -> None:
    state = position(current=A, hands={A: "rrg"}, houses={"wei1": B})
    assert_illegal(state, place("wei", "rrr", "house@wei2", "house@wei3"), "don't hold those cards")
    assert_illegal(state, place("han", "gg", "house@han1"), "don't hold those cards")
    assert_illegal(state, place("wei", "", "house@wei2"), "Play 1 to 3 cards")
    assert_illegal(state, place("wei", "r"), "Place 1 or 2 pieces")
    assert_illegal(state, place("wei", "rrg", "house@wei2", "house@wei3", "emissary"), "Place 1 or 2 pieces")
    assert_illegal(state, place("wei", "r", "house@qi1"), "not a house space of Wei")


def test_a_placement_moves_cards_and_pieces() -> None:
    state = position(current=A, hands={A: "rgg"}, houses={"wei1": B})
    after, events = act(state, place("wei", "rgg", "emissary", "house@wei2"))
    me = after.seats[A]
    assert me.hand == () and me.houses == 19 and me.emissaries == 7
    assert after.discard[-3:] == tuple(cards("rgg"))
    assert houses_in(after, "wei") == [1, 1, 0, 0] and emissaries_in(after, "wei") == [1, 0, 0, 0]
    assert after.last_placement is not None and after.last_placement.spaces == ("wei2",)
    assert after.phase == "refill" and after.current == A
    played = events[0]
    assert played.type == "played" and played.public["pieces"][0] == {"kind": "house", "space": "wei2"}


def test_supplies_limit_the_pieces() -> None:
    state = position(current=A, hands={A: "rrg"}, houses={**fill("wei", {B: 2})})
    no_houses = with_supply(state, A, houses=0)
    assert_illegal(no_houses, place("wei", "r", "house@wei5"), "no houses left")
    no_envoys = with_supply(state, A, emissaries=0)
    assert_illegal(no_envoys, place("wei", "r", "emissary"), "no emissaries left")
    assert_illegal(state, place("wei", "r", "fortification@wei5"), "without fortifications")


def test_fortification_spaces() -> None:
    state = position(fortifications=True, current=A, hands={A: "rog"}, houses={"wei1": B}, fortified={"wei2": C})
    assert_illegal(state, place("wei", "r", "fortification@wei1"), "already has a house or a fortification")
    assert_illegal(state, place("wei", "r", "fortification@wei2"), "already has a house or a fortification")
    # Any player may build on a bare fortification later; the house stands on it and is doubled.
    after, _ = act(state, place("wei", "r", "house@wei2"))
    i = board().space_index("wei2")
    assert after.houses[i] == A and after.fortified[i] == C


def test_fortification_alone_when_no_house_is_left() -> None:
    state = position(fortifications=True, current=A, hands={A: "rrg"}, houses={"wei1": B})
    bare = with_supply(state, A, houses=0)
    after, _ = act(bare, place("wei", "rr", "fortification@wei3", "emissary"))
    assert after.fortified[board().space_index("wei3")] == A and emissaries_in(after, "wei")[A] == 1


@pytest.mark.parametrize(
    ("hand", "colour", "one", "two"),
    [
        ("rrg", "red", ["r"], ["rr"]),
        ("ryy", "red", ["r", "yy"], ["ryy"]),
        ("yyy", "red", ["yy"], []),
        ("rrr", "red", ["r"], ["rr"]),
        ("ggp", "purple", ["p", "gg"], ["ggp"]),
        ("rgo", "purple", [], []),
    ],
)
def test_payments_table(hand: str, colour: str, one: list[str], two: list[str]) -> None:
    colour_of = next(c for c in COLOURS if c.value == colour)
    h = tuple(sorted(cards(hand), key=COLOURS.index))
    assert sorted(payments(h, colour_of, 1)) == sorted(tuple(sorted(cards(x), key=COLOURS.index)) for x in one)
    assert sorted(payments(h, colour_of, 2)) == sorted(tuple(sorted(cards(x), key=COLOURS.index)) for x in two)


def _brute_force(state: State, seat: int) -> set[Place]:
    """Every region x card sub-multiset x piece set that check_place accepts."""
    hand = state.seats[seat].hand
    subsets = {tuple(sorted(c, key=COLOURS.index)) for k in (1, 2, 3) for c in combinations(hand, k)}
    found: set[Place] = set()
    for region in board().regions:
        singles = [Piece("emissary")]
        for s in region.spaces:
            singles += [Piece("house", s), Piece("fortification", s)]
        sets = [(p,) for p in singles] + list(combinations(singles, 2)) + [(Piece("emissary"), Piece("emissary"))]
        for pieces in sets:
            for cs in subsets:
                action = Place(region.id, cs, canonical_pieces(list(pieces)))
                try:
                    check_place(state, seat, action)
                except IllegalAction:
                    continue
                found.add(action)
    return found


@pytest.mark.parametrize("fortifications", [False, True])
def test_listing_equals_brute_force(fortifications: bool) -> None:
    rng = random.Random(5)
    state = GAME.new(4, 9, {"fortifications": fortifications})
    checked = 0
    while not GAME.is_over(state) and checked < 12:
        seat = state.current
        legal = GAME.legal_actions(state, seat)
        if state.phase == "action" and rng.random() < 0.3:
            listed = {parse(a) for a in legal if a["type"] == "place"}
            assert listed == _brute_force(state, seat)
            assert len(listed) == len([a for a in legal if a["type"] == "place"])  # each triple once
            checked += 1
        places = [a for a in legal if a["type"] == "place"]
        state, _ = GAME.apply(state, seat, rng.choice(places or legal))
    assert checked == 12


def test_legal_actions_sorted_and_only_for_the_seat_to_act() -> None:
    state = GAME.new(5, 2, {"fortifications": True})
    legal = GAME.legal_actions(state, state.current)
    assert legal == GAME.legal_actions(state, state.current)
    assert len({str(a) for a in legal}) == len(legal)
    types = [a["type"] for a in legal]
    assert types == sorted(types, key=["place", "exchange", "draw", "pass"].index)
    assert legal == sorted(legal, key=action_key)  # the project-wide order of the contract tests
    for other in set(range(5)) - {state.current}:
        assert GAME.legal_actions(state, other) == []
    for action in legal:
        GAME.apply(state, state.current, action)  # every listed action applies


def test_listed_placements_match_example_payments() -> None:
    state = position(current=D, hands={D: "rrp"}, houses=fill("wei", {A: 2, B: 2, C: 1}),
                     emissaries={"wei": {D: 1}})
    wei = [a for a in legal_placements(state, D) if a.region == "wei"]
    assert Place("wei", tuple(cards("rr")), (Piece("emissary"), Piece("emissary"))) not in wei
    assert Place("wei", tuple(cards("r")), (Piece("emissary"),)) in wei
    assert Place("wei", tuple(cards("rr")), (Piece("house", "wei6"), Piece("house", "wei7"))) in wei


def test_listed_actions_are_the_callers_own() -> None:
    """The listing builds its dicts from remembered parts: changing what one call returned changes no later list."""
    rng = random.Random(3)
    state = GAME.new(4, 11, {"fortifications": True})
    while not GAME.is_over(state):
        seat = state.current
        legal = GAME.legal_actions(state, seat)
        pristine = copy.deepcopy(legal)
        for action in legal:
            for value in action.values():
                if isinstance(value, list):
                    for item in value:
                        if isinstance(item, dict):
                            item["kind"] = "changed"
                    value.append("changed")
            action["type"] = "changed"
        assert GAME.legal_actions(state, seat) == pristine
        state, _ = GAME.apply(state, seat, rng.choice(pristine))
