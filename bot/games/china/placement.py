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
from typing import NamedTuple

from bot.games.base import IllegalAction
from bot.games.base.language import tr, trn
from bot.games.china.actions import Piece, Place
from bot.games.china.data import (
    COLOURS,
    Colour,
    State,
    board,
    emissary_cap,
    region_has_piece,
    region_houses,
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
    return bool(payments(hand, colour, 2))


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
    if Counter(cards) - Counter(hand):
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


def legal_placements(state: State, seat: int) -> list[Place]:
    """Every legal (region, pieces, cards) triple for the seat (§4.4), in the order of ``action_sort_key`` of
    their dicts. Each field of a placement's dict is a list or a str, so that key orders placements by the
    texts of their cards, then of their pieces, then by region: the key ``_region_placements`` gives them.

    Every card set listed is held and pays exactly for its pieces, two pieces only come where the region
    had one, and every house or fortification goes on a free space of the region: of the checks of
    ``check_pieces`` only the supply, the emissary cap and rule F4 are left, and they do not depend on the
    cards. They are decided here from the region's counts, without the working copy of the board that
    ``check_pieces`` makes (this listing runs for every turn of every playout); ``check_place`` still
    checks every placement that is applied. A region's list depends only on its free spaces, those
    checks and the card sets, so it is remembered (most regions do not change from one turn to the next).
    """
    b = board()
    supply = state.seats[seat]
    held = Counter(supply.hand)
    houses, emissaries = supply.houses, supply.emissaries
    forts = state.fortifications and supply.fortifications > 0
    pay = _payment_texts(tuple(held[c] for c in COLOURS))
    found: list[tuple[SortKey, Place]] = []
    for ridx, region in enumerate(b.regions):
        one, two_anywhere = pay[region.colour]
        opened = region_has_piece(state, ridx)
        two = two_anywhere if opened else ()
        if not one and not two:
            continue
        indices = b.region_space_indices(ridx)
        free = tuple(s for s, i in zip(region.spaces, indices, strict=True) if state.houses[i] is None)
        bare = tuple(
            s for s, i in zip(region.spaces, indices, strict=True)
            if state.houses[i] is None and state.fortified[i] is None
        )
        counts = region_houses(state, ridx)
        present = sum(state.dragon[ridx])
        cap = emissary_cap(counts)
        # F4: where the seat can pay for a house on its fortification, the fortification comes with it.
        fort_alone = not (opened and houses > 0 and bool(two_anywhere))
        allowed = _Allowed(
            house=houses >= 1,
            emissary=emissaries >= 1 and present + 1 <= cap,
            fortification=forts and fort_alone,
            two_houses=houses >= 2,
            house_emissary=houses >= 1 and emissaries >= 1 and present + 1 <= max(cap, counts[seat] + 1),
            two_emissaries=emissaries >= 2 and present + 2 <= cap,
            fortification_house=forts and houses >= 1,
            fortification_emissary=forts and houses == 0 and emissaries >= 1 and present + 1 <= cap,
        )
        found += _region_placements(ridx, free, bare, one, two, allowed)
    found.sort(key=itemgetter(0))
    return [place for _, place in found]


class _Allowed(NamedTuple):
    """Which shapes of placement the supply, the emissary cap and F4 allow in a region."""

    house: bool
    emissary: bool
    fortification: bool
    two_houses: bool
    house_emissary: bool
    two_emissaries: bool
    fortification_house: bool
    fortification_emissary: bool


@lru_cache(maxsize=8192)
def _region_placements(
    ridx: int,
    free: tuple[str, ...],
    bare: tuple[str, ...],
    one: tuple[str, ...],
    two: tuple[str, ...],
    allowed: _Allowed,
) -> tuple[tuple[SortKey, Place], ...]:
    """The placements of one region with their sort keys (cards named by the texts of ``_texts``)."""
    candidates: list[tuple[tuple[Piece, ...], tuple[str, ...]]] = []
    if one:
        if allowed.house:
            candidates += [((_house(s),), one) for s in free]
        if allowed.emissary:
            candidates.append(((_EMISSARY,), one))
        if allowed.fortification:
            candidates += [((_fortification(s),), one) for s in bare]
    if two:
        if allowed.two_houses:
            candidates += [((_house(s), _house(t)), two) for s, t in combinations(free, 2)]
        if allowed.house_emissary:
            candidates += [((_house(s), _EMISSARY), two) for s in free]
        if allowed.two_emissaries:
            candidates.append(((_EMISSARY, _EMISSARY), two))
        if allowed.fortification_house:
            candidates += [((_fortification(s), _house(s)), two) for s in bare]
        if allowed.fortification_emissary:
            candidates += [((_fortification(s), _EMISSARY), two) for s in bare]
    region_id = board().regions[ridx].id
    found: list[tuple[SortKey, Place]] = []
    for pieces, card_texts in candidates:
        pieces_text = _pieces_text(pieces)
        found.extend(((text, pieces_text, region_id), Place(region_id, _CARDS[text], pieces)) for text in card_texts)
    return tuple(found)


# The listing's pieces, made once: a Piece is immutable, and building a frozen dataclass is slow.
_EMISSARY = Piece("emissary")


@cache
def _house(space: str) -> Piece:
    return Piece("house", space)


@cache
def _fortification(space: str) -> Piece:
    return Piece("fortification", space)


# How ``legal_placements`` orders placements: the texts of the cards and pieces lists, and the region.
SortKey = tuple[str, str, str]


# A card set by its text: the listing names card sets by text, which is quicker to compare and hash.
_CARDS: dict[str, tuple[Colour, ...]] = {}


@lru_cache(maxsize=256)
def _payment_texts(held: tuple[int, ...]) -> dict[Colour, tuple[tuple[str, ...], tuple[str, ...]]]:
    """What pays for one piece and for two in a region of each colour, for a hand of ``held`` cards of
    each colour (the texts of the card lists). Callers only read the result."""
    hand = Counter({c: n for c, n in zip(COLOURS, held, strict=True) if n})
    return {colour: (_texts(_payments(hand, colour, 1)), _texts(_payments(hand, colour, 2))) for colour in COLOURS}


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
