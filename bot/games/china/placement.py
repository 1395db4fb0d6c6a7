"""Placing pieces (§4.2 to §4.4): payments, the legality check and the list of legal placements.

``check_place`` follows the spec's algorithm step by step on a working copy of the board and either
raises IllegalAction or returns the copy; ``rules`` then commits it and scores a region it filled.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any

from bot.games.base import Action, IllegalAction
from bot.games.base.language import tr, trn
from bot.games.china.actions import Piece, Place
from bot.games.china.data import (
    COLOURS,
    Colour,
    State,
    board,
    emissary_cap,
    region_has_piece,
    sort_cards,
)
from bot.games.china.text import colour_word

# ------------------------------------------------------------------------------------------ payment


def payments(hand: tuple[Colour, ...], colour: Colour, pieces: int) -> list[tuple[Colour, ...]]:
    """Every distinct card set of ``hand`` that pays exactly for ``pieces`` pieces in a region of
    ``colour``: one own-colour card or a wild pair of another colour per piece (§4.2 table)."""
    return _payments(Counter(hand), colour, pieces)


def _payments(held: Counter[Colour], colour: Colour, pieces: int) -> list[tuple[Colour, ...]]:
    own = held[colour]
    pairs = [c for c in COLOURS if c != colour and held[c] >= 2]
    found: list[tuple[Colour, ...]] = []
    if pieces == 1:
        if own >= 1:
            found.append((colour,))
        found.extend(sort_cards((c, c)) for c in pairs)
    elif pieces == 2:
        if own >= 2:
            found.append((colour, colour))
        if own >= 1:
            found.extend(sort_cards((colour, c, c)) for c in pairs)
    return found


def pays_for(cards: tuple[Colour, ...], colour: Colour) -> int | None:
    """How many pieces ``cards`` pay for in a region of ``colour``, or None if some card pays for
    nothing (over-payment, R6)."""
    own = sum(1 for c in cards if c == colour)
    rest = [c for c in cards if c != colour]
    if rest and (len(rest) != 2 or rest[0] != rest[1]):
        return None
    return own + len(rest) // 2


def can_pay_two(hand: tuple[Colour, ...], colour: Colour) -> bool:
    return bool(_payment_texts(hand)[colour][1])


def holds(hand: tuple[Colour, ...], cards: tuple[Colour, ...]) -> bool:
    """Whether ``cards`` is part of ``hand`` (as multisets)."""
    left = list(hand)
    for card in cards:
        if card not in left:
            return False
        left.remove(card)
    return True


# ------------------------------------------------------------------------------------------ check


@dataclass
class Work:
    """A working copy of what one placement changes. ``filled_after`` is the number of pieces
    placed when the region filled up (then it is scored before the next piece, P11)."""

    region: int
    houses: list[int | None]
    fortified: list[int | None]
    dragon: list[int]  # this region's emissaries per seat
    houses_used: int = 0
    emissaries_used: int = 0
    fortification_used: int = 0
    filled_after: int | None = None


def check_place(state: State, seat: int, place: Place) -> Work:
    """Steps 2 to 9 of §4.3 (the caller checks turn and phase). Raises IllegalAction."""
    b = board()
    try:
        ridx = b.region_index(place.region)
    except KeyError:
        raise IllegalAction(tr("There is no region called {region}.", region=repr(place.region))) from None
    region = b.regions[ridx]
    hand = state.seats[seat].hand
    cards = place.cards
    if not 1 <= len(cards) <= 3:
        raise IllegalAction(tr("Play 1 to 3 cards."))
    if not holds(hand, cards):
        raise IllegalAction(tr("You don't hold those cards."))
    k = len(place.pieces)
    if k not in (1, 2):
        raise IllegalAction(tr("Place 1 or 2 pieces."))
    opened = region_has_piece(state, ridx)
    if k == 2 and not opened:
        raise IllegalAction(tr(
            "{region} was empty at the start of your turn, so you may place only one piece there.",
            region=tr(region.name),
        ))
    if pays_for(cards, region.colour) != k:
        raise IllegalAction(trn(
            "Those cards can't pay for {n} piece in {region}. Each piece costs one {colour} card or two cards of "
            "one other colour.",
            "Those cards can't pay for {n} pieces in {region}. Each piece costs one {colour} card or two cards of "
            "one other colour.",
            k, region=tr(region.name), colour=colour_word(region.colour.value),
        ))
    return check_pieces(state, seat, ridx, place.pieces, opened=opened, can_pay_two=can_pay_two(hand, region.colour))


def check_pieces(
    state: State, seat: int, ridx: int, pieces: tuple[Piece, ...], *, opened: bool, can_pay_two: bool
) -> Work:
    """Steps 7 to 9 of §4.3 for pieces already known to be paid for (1 or 2 of them, 2 only in a region that
    had a piece): the fortification rules, then each piece on a working copy of the board."""
    supply = state.seats[seat]
    fort = [p for p in pieces if p.kind == "fortification"]
    if fort:
        # Checked before F4 so that its message never asks for a fortification the seat cannot place.
        _fortification_available(state, seat, len(fort))
    if (
        fort
        and opened
        and supply.houses > 0
        and can_pay_two
        and pieces != (fort[0], Piece("house", fort[0].space))
    ):
        raise IllegalAction(tr(
            "You can pay for a house on your fortification, so this turn must be the fortification "
            "and your house on it."
        ))
    work = Work(ridx, list(state.houses), list(state.fortified), list(state.dragon[ridx]))
    for n, piece in enumerate(pieces, start=1):
        if piece.kind == "house":
            _put_house(state, seat, work, piece.space)
            if work.filled_after is None and not state.scored[ridx] and _full(work):
                work.filled_after = n
        elif piece.kind == "emissary":
            _put_emissary(state, seat, work)
        else:
            _put_fortification(state, seat, work, piece.space)
    return work


def _space_in_region(space: str | None, work: Work) -> int:
    b = board()
    region = b.regions[work.region]
    if space not in region.spaces:
        raise IllegalAction(tr("{space} is not a house space of {region}.", space=space, region=tr(region.name)))
    return b.space_index(space)


def _put_house(state: State, seat: int, work: Work, space: str | None) -> None:
    i = _space_in_region(space, work)
    if work.houses[i] is not None:
        raise IllegalAction(tr("That house space is already taken."))
    if state.seats[seat].houses - work.houses_used < 1:
        raise IllegalAction(tr("You have no houses left."))
    work.houses[i] = seat
    work.houses_used += 1


def _put_emissary(state: State, seat: int, work: Work) -> None:
    if state.seats[seat].emissaries - work.emissaries_used < 1:
        raise IllegalAction(tr("You have no emissaries left."))
    region = board().regions[work.region]
    cap = emissary_cap(_house_counts(state.players, work))
    if cap == 0:
        raise IllegalAction(tr("{region} has no houses, so no emissary can go there.", region=tr(region.name)))
    present = sum(work.dragon)
    if present + 1 > cap:
        raise IllegalAction(trn(
            "{region} can hold at most {n} emissary (the most houses any one player has there), and it already "
            "has {present}.",
            "{region} can hold at most {n} emissaries (the most houses any one player has there), and it already "
            "has {present}.",
            cap, region=tr(region.name), present=present,
        ))
    work.dragon[seat] += 1
    work.emissaries_used += 1


def _fortification_available(state: State, seat: int, wanted: int) -> None:
    if not state.fortifications:
        raise IllegalAction(tr("This table plays without fortifications."))
    if state.seats[seat].fortifications < wanted:
        raise IllegalAction(tr("You have already placed your fortification."))


def _put_fortification(state: State, seat: int, work: Work, space: str | None) -> None:
    _fortification_available(state, seat, work.fortification_used + 1)
    i = _space_in_region(space, work)
    if work.houses[i] is not None or work.fortified[i] is not None:
        raise IllegalAction(tr("That space already has a house or a fortification."))
    work.fortified[i] = seat
    work.fortification_used += 1


def _house_counts(players: int, work: Work) -> list[int]:
    counts = [0] * players
    for i in board().region_space_indices(work.region):
        owner = work.houses[i]
        if owner is not None:
            counts[owner] += 1
    return counts


def _full(work: Work) -> bool:
    return all(work.houses[i] is not None for i in board().region_space_indices(work.region))


# ---------------------------------------------------------------------------------------- listing

# One listed placement: its rank in the order of ``action_sort_key`` of the dicts, the Place, and the parts of
# its dict (region, card texts, piece dicts) from which ``placement_actions`` builds a fresh dict.
Entry = tuple[int, Place, str, tuple[str, ...], tuple[dict[str, str], ...]]


def legal_placements(state: State, seat: int) -> list[Place]:
    """Every legal (region, pieces, cards) triple for the seat (§4.4), in the order of ``action_sort_key`` of
    their dicts."""
    return [entry[1] for entry in placement_entries(state, seat)]


def placement_actions(state: State, seat: int) -> list[Action]:
    """The dicts of ``legal_placements``, each built afresh (callers own what they are given)."""
    return [
        {"type": "place", "region": region, "cards": [*cards], "pieces": [*map(dict.copy, pieces)]}
        for _, _, region, cards, pieces in placement_entries(state, seat)
    ]


def placement_entries(state: State, seat: int) -> list[Entry]:
    """The entries of every legal placement, in order.

    Every card set listed is held and pays exactly for its pieces, two pieces only come where the region
    had one, and every house or fortification goes on a free space of the region: of the checks of
    ``check_pieces`` only the supply, the emissary cap and rule F4 are left, and they do not depend on the
    cards. They are decided here from the region's counts, without the working copy of the board that
    ``check_pieces`` makes (this listing runs for every turn); ``check_place`` still checks every placement
    that is applied. A region's facts depend only on its slice of the board, and its list only on its free
    spaces, those checks and the card sets, so both are remembered (a turn changes one region).
    """
    supply = state.seats[seat]
    houses, emissaries = supply.houses, supply.emissaries
    forts = state.fortifications and supply.fortifications > 0
    pay = _payment_texts(supply.hand)
    board_houses, board_forts, dragon = state.houses, state.fortified, state.dragon
    found: list[Entry] = []
    for ridx, colour, start, end in _regions():
        one, two_anywhere = pay[colour]
        if not one and not two_anywhere:
            continue
        opened, free, bare, present, cap, owners = _region_facts(
            ridx, board_houses[start:end], board_forts[start:end], dragon[ridx]
        )
        two = two_anywhere if opened else ()
        if not one and not two:
            continue
        # Which shapes of placement the supply, the emissary cap and F4 allow, as bits of ``_region_entries``.
        allowed = 0
        if houses >= 1:
            allowed |= _HOUSE
            if houses >= 2:
                allowed |= _TWO_HOUSES
            if emissaries >= 1 and present + 1 <= max(cap, owners.count(seat) + 1):
                allowed |= _HOUSE_EMISSARY
        if emissaries >= 1 and present + 1 <= cap:
            allowed |= _EMISSARY_ALONE
            if emissaries >= 2 and present + 2 <= cap:
                allowed |= _TWO_EMISSARIES
        if forts:
            # F4: where the seat can pay for a house on its fortification, the fortification comes with it.
            if not (opened and houses > 0 and two_anywhere):
                allowed |= _FORTIFICATION
            if houses >= 1:
                allowed |= _FORTIFICATION_HOUSE
            elif emissaries >= 1 and present + 1 <= cap:
                allowed |= _FORTIFICATION_EMISSARY
        found += _region_entries(ridx, free, bare, one, two, allowed)
    found.sort()  # by rank: ranks are distinct, so no two entries compare further
    return found


(_HOUSE, _EMISSARY_ALONE, _FORTIFICATION, _TWO_HOUSES, _HOUSE_EMISSARY, _TWO_EMISSARIES, _FORTIFICATION_HOUSE,
 _FORTIFICATION_EMISSARY) = (1 << n for n in range(8))


@cache
def _regions() -> tuple[tuple[int, Colour, int, int], ...]:
    """Per region: its index, colour and the bounds of its slice of the board."""
    b = board()
    return tuple(
        (ridx, region.colour, start, end)
        for ridx, (region, (start, end)) in enumerate(zip(b.regions, b.region_bounds(), strict=True))
    )


@lru_cache(maxsize=4096)
def _region_facts(
    ridx: int, houses: tuple[int | None, ...], fortified: tuple[int | None, ...], dragon: tuple[int, ...]
) -> tuple[bool, tuple[str, ...], tuple[str, ...], int, int, tuple[int | None, ...]]:
    """What the listing needs of a region, from its slices of the board: whether it holds any piece (R8),
    its free and its bare (no fortification either) spaces, the emissaries present, the emissary cap (R9)
    and the owner of each space."""
    spaces = board().regions[ridx].spaces
    free = tuple(s for s, h in zip(spaces, houses, strict=True) if h is None)
    bare = tuple(s for s, h, f in zip(spaces, houses, fortified, strict=True) if h is None and f is None)
    opened = any(dragon) or len(bare) < len(spaces)
    cap = max((houses.count(owner) for owner in set(houses) if owner is not None), default=0)
    return opened, free, bare, sum(dragon), cap, houses


@lru_cache(maxsize=8192)
def _region_entries(
    ridx: int, free: tuple[str, ...], bare: tuple[str, ...], one: tuple[str, ...], two: tuple[str, ...], allowed: int
) -> tuple[Entry, ...]:
    """The entries of one region's placements, for the card sets ``one`` and ``two`` (their texts) and the
    shapes ``allowed``, sorted (so that the listing's sort merges runs)."""
    found: list[Entry] = []
    tables = _entry_tables()[ridx]
    for text in one:
        shapes = tables[text]
        if allowed & _HOUSE:
            found += map(shapes["house"].__getitem__, free)
        if allowed & _EMISSARY_ALONE:
            found.append(shapes["emissary"][None])
        if allowed & _FORTIFICATION:
            found += map(shapes["fortification"].__getitem__, bare)
    for text in two:
        shapes = tables[text]
        if allowed & _TWO_HOUSES:
            found += map(shapes["two_houses"].__getitem__, combinations(free, 2))
        if allowed & _HOUSE_EMISSARY:
            found += map(shapes["house_emissary"].__getitem__, free)
        if allowed & _TWO_EMISSARIES:
            found.append(shapes["two_emissaries"][None])
        if allowed & _FORTIFICATION_HOUSE:
            found += map(shapes["fortification_house"].__getitem__, bare)
        if allowed & _FORTIFICATION_EMISSARY:
            found += map(shapes["fortification_emissary"].__getitem__, bare)
    return tuple(sorted(found))


# A region's placements paid with one card set: by shape, then by space (a pair of spaces in data order for
# two houses, None for emissaries alone), the entry.
_Shapes = dict[str, dict[Any, Entry]]


def _region_shapes(spaces: tuple[str, ...], pieces: int) -> list[tuple[str, Any, tuple[Piece, ...]]]:
    """Every placement of ``pieces`` pieces a region of ``spaces`` could see: (shape, space or spaces, pieces)."""
    if pieces == 1:
        return [
            *(("house", s, (_house(s),)) for s in spaces),
            ("emissary", None, (_EMISSARY,)),
            *(("fortification", s, (_fortification(s),)) for s in spaces),
        ]
    return [
        *(("two_houses", (s, t), (_house(s), _house(t))) for s, t in combinations(spaces, 2)),
        *(("house_emissary", s, (_house(s), _EMISSARY)) for s in spaces),
        ("two_emissaries", None, (_EMISSARY, _EMISSARY)),
        *(("fortification_house", s, (_fortification(s), _house(s))) for s in spaces),
        *(("fortification_emissary", s, (_fortification(s), _EMISSARY)) for s in spaces),
    ]


@cache
def _entry_tables() -> tuple[dict[str, _Shapes], ...]:
    """Per region and text of a card set, the entry of every placement that could ever be listed there.
    Ranks follow ``action_sort_key`` of the dicts: each field of a placement's dict is a list or a str, so
    that key orders placements by the texts of their cards, then of their pieces, then by region."""
    b = board()
    every = Counter({c: 2 for c in COLOURS})  # a hand that could make every payment
    found: list[tuple[tuple[str, str, str], int, str, str, Any, tuple[Piece, ...]]] = []
    for ridx, region in enumerate(b.regions):
        for pieces in (1, 2):
            for text in _texts(_payments(every, region.colour, pieces)):
                found += [
                    ((text, _pieces_text(placed), region.id), ridx, text, shape, where, placed)
                    for shape, where, placed in _region_shapes(region.spaces, pieces)
                ]
    found.sort(key=itemgetter(0))
    tables: tuple[dict[str, _Shapes], ...] = tuple({} for _ in b.regions)
    for rank, (_, ridx, text, shape, where, placed) in enumerate(found):
        region_id = b.regions[ridx].id
        cards = _CARDS[text]
        entry = (rank, Place(region_id, cards, placed), region_id, tuple(c._value_ for c in cards),
                 tuple(p.to_dict() for p in placed))
        tables[ridx].setdefault(text, {}).setdefault(shape, {})[where] = entry
    return tables


# The listing's pieces, made once: a Piece is immutable, and building a frozen dataclass is slow.
_EMISSARY = Piece("emissary")


@cache
def _house(space: str) -> Piece:
    return Piece("house", space)


@cache
def _fortification(space: str) -> Piece:
    return Piece("fortification", space)


# A card set by its text: the listing names card sets by text, which is quicker to compare and hash.
_CARDS: dict[str, tuple[Colour, ...]] = {}


@lru_cache(maxsize=256)
def _payment_texts(hand: tuple[Colour, ...]) -> dict[Colour, tuple[tuple[str, ...], tuple[str, ...]]]:
    """What pays for one piece and for two in a region of each colour, for a (sorted) hand (the texts of the
    card lists). Callers only read the result."""
    held = Counter(hand)
    return {colour: (_texts(_payments(held, colour, 1)), _texts(_payments(held, colour, 2))) for colour in COLOURS}


def _texts(card_sets: list[tuple[Colour, ...]]) -> tuple[str, ...]:
    texts = []
    for cards in card_sets:
        text = str([c._value_ for c in cards])
        _CARDS.setdefault(text, cards)
        texts.append(text)
    return tuple(texts)


def _pieces_text(pieces: tuple[Piece, ...]) -> str:
    return "[" + ", ".join(_piece_text(p.kind, p.space) for p in pieces) + "]"


@cache
def _piece_text(kind: str, space: str | None) -> str:
    return str(Piece(kind, space).to_dict())  # type: ignore[arg-type]
