"""A trade offer being built, kept entirely in the custom_ids of the builder's controls.

The builder is stateless: each step's controls carry the whole draft, so it survives restarts and needs no
storage, and nothing in it is trusted (the engine re-checks the offer when it is posted). The text form is
short enough for a custom_id payload (at most 60 characters, ``[A-Za-z0-9_.-]``):

    <round>e<offer or 0>p<partner seats>{_<giver><receiver><items>}
    items: L<lot> | <shop letter a-l><count> | M<money units>

e.g. ``1e0p12_01L23_12f2_20M3``: in round 1 a new offer with seats 1 and 2, where seat 0 gives lot 23 to
seat 1, seat 1 gives two Florist tiles to seat 2, and seat 2 gives 3 money units to seat 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from bot.games.chinatown.data import SHOPS, Shop

LETTERS = "abcdefghijkl"  # shop types in SHOPS order
SHOP_LETTER: dict[Shop, str] = dict(zip(SHOPS, LETTERS, strict=True))
LETTER_SHOP: dict[str, Shop] = {letter: shop for shop, letter in SHOP_LETTER.items()}
LIMIT = 42  # characters: what the longest step payload (``to.<draft>.<side>.M123456.<seat>``) leaves

_DRAFT = re.compile(r"([1-6])e([0-9]{1,4})p([0-4]{0,4})((?:_[0-4]{2}(?:L[0-9]{1,2}|[a-l][0-9]{1,2}|M[0-9]{1,6})+)*)")
_GROUP = re.compile(r"_([0-4])([0-4])((?:L[0-9]{1,2}|[a-l][0-9]{1,2}|M[0-9]{1,6})+)")
_ITEM = re.compile(r"L([0-9]{1,2})|([a-l])([0-9]{1,2})|M([0-9]{1,6})")
_KIND_ORDER = {"lot": 0, "tiles": 1, "money": 2}


@dataclass(frozen=True)
class Item:
    """One thing given: a lot, ``count`` tiles of a shop type, or ``units`` of money."""

    kind: str  # lot | tiles | money
    lot: int = 0
    shop: Shop | None = None
    count: int = 0
    units: int = 0

    def code(self) -> str:
        if self.kind == "lot":
            return f"L{self.lot}"
        if self.kind == "tiles" and self.shop is not None:
            return f"{SHOP_LETTER[self.shop]}{self.count}"
        return f"M{self.units}"

    @classmethod
    def parse(cls, code: str) -> Item:
        """An item from its code; raises ValueError for anything else."""
        found = _ITEM.fullmatch(code)
        if found is None:
            raise ValueError(f"not an item: {code!r}")
        lot, letter, count, units = found.groups()
        if lot is not None:
            return cls("lot", lot=int(lot))
        if letter is not None:
            return cls("tiles", shop=LETTER_SHOP[letter], count=int(count))
        return cls("money", units=int(units))

    def sort_key(self) -> tuple[int, int]:
        shop = SHOPS.index(self.shop) if self.shop is not None else 0
        return (_KIND_ORDER[self.kind], self.lot or shop)


@dataclass(frozen=True)
class Leg:
    giver: int
    receiver: int
    item: Item

    def sort_key(self) -> tuple[int, int, int, int]:
        return (self.giver, self.receiver, *self.item.sort_key())


@dataclass(frozen=True)
class Draft:
    round: int
    offer: int  # 0: a new offer; else the offer this one changes (a counter-offer is an edit)
    partners: tuple[int, ...]  # the other players of the offer, sorted
    legs: tuple[Leg, ...] = ()  # sorted by sort_key; tiles and money of one giver to one receiver merged

    def encode(self) -> str:
        groups: dict[tuple[int, int], list[str]] = {}
        for leg in sorted(self.legs, key=Leg.sort_key):
            groups.setdefault((leg.giver, leg.receiver), []).append(leg.item.code())
        body = "".join(f"_{g}{r}{''.join(codes)}" for (g, r), codes in groups.items())
        return f"{self.round}e{self.offer}p{''.join(map(str, self.partners))}{body}"

    @classmethod
    def decode(cls, text: str) -> Draft:
        """A draft from its text; raises ValueError when it is not one (shape only, not legality)."""
        found = _DRAFT.fullmatch(text)
        if found is None:
            raise ValueError(f"not a draft: {text!r}")
        round_no, offer, partners, body = found.groups()
        seats = tuple(int(s) for s in partners)
        if len(set(seats)) != len(seats) or list(seats) != sorted(seats):
            raise ValueError("partners must be distinct and sorted")
        draft = cls(int(round_no), int(offer), seats)
        for group in _GROUP.finditer(body):
            giver, receiver, items = int(group[1]), int(group[2]), group[3]
            for item in _ITEM.finditer(items):
                draft = draft.add(Leg(giver, receiver, Item.parse(item[0])))
        return draft

    def fits(self) -> bool:
        return len(self.encode()) <= LIMIT

    def sides(self, me: int) -> tuple[int, ...]:
        """The players of the offer, the builder first."""
        return (me, *(p for p in self.partners if p != me))

    def add(self, leg: Leg) -> Draft:
        """With one more item: tiles and money add up with what the giver already gives that receiver;
        a lot listed already stays listed once."""
        legs = list(self.legs)
        for i, old in enumerate(legs):
            same = (old.giver, old.receiver, old.item.kind) == (leg.giver, leg.receiver, leg.item.kind)
            if leg.item.kind == "lot" and old.item.kind == "lot" and old.item.lot == leg.item.lot:
                return self
            if same and leg.item.kind == "tiles" and old.item.shop == leg.item.shop:
                legs[i] = replace(old, item=replace(old.item, count=old.item.count + leg.item.count))
                return replace(self, legs=tuple(sorted(legs, key=Leg.sort_key)))
            if same and leg.item.kind == "money":
                legs[i] = replace(old, item=replace(old.item, units=old.item.units + leg.item.units))
                return replace(self, legs=tuple(sorted(legs, key=Leg.sort_key)))
        return replace(self, legs=tuple(sorted([*legs, leg], key=Leg.sort_key)))

    def without(self, index: int) -> Draft:
        return replace(self, legs=self.legs[:index] + self.legs[index + 1 :])

    def given(self, giver: int, kind: str, shop: Shop | None = None) -> int:
        """How much of a kind ``giver`` already gives in the draft: lots, tiles of ``shop``, or money units."""
        total = 0
        for leg in self.legs:
            if leg.giver == giver and leg.item.kind == kind and (shop is None or leg.item.shop == shop):
                total += {"lot": 1, "tiles": leg.item.count, "money": leg.item.units}[kind]
        return total

    def lots(self) -> set[int]:
        return {leg.item.lot for leg in self.legs if leg.item.kind == "lot"}

    def action_legs(self, unit: int) -> list[dict[str, Any]]:
        """The legs in the engine's wire form."""
        out: list[dict[str, Any]] = []
        for leg in self.legs:
            data: dict[str, Any] = {"from": leg.giver, "to": leg.receiver, "kind": leg.item.kind}
            if leg.item.kind == "lot":
                data["lot"] = leg.item.lot
            elif leg.item.kind == "tiles" and leg.item.shop is not None:
                data["tile_type"] = leg.item.shop.value
                data["count"] = leg.item.count
            else:
                data["amount"] = leg.item.units * unit
            out.append(data)
        return out


def from_offer(round_no: int, offer: dict[str, Any], me: int, unit: int) -> Draft:
    """A counter-offer's starting point: the offer's current terms (as ``me`` sees them)."""
    partners = tuple(sorted(p for p in offer["participants"] if p != me))
    draft = Draft(round_no, int(offer["id"]), partners)
    for leg in offer["legs"]:
        if leg["kind"] == "lot":
            item = Item("lot", lot=int(leg["lot"]))
        elif leg["kind"] == "tiles":
            item = Item("tiles", shop=Shop(leg["tile_type"]), count=int(leg["count"]))
        else:
            item = Item("money", units=int(leg["amount"] or 0) // unit)
        draft = draft.add(Leg(int(leg["from"]), int(leg["to"]), item))
    return draft


def same_terms(draft: Draft, offer: dict[str, Any], unit: int) -> bool:
    """Whether an offer (a view's OfferView) has exactly the draft's legs."""

    def key(leg: dict[str, Any]) -> tuple[Any, ...]:
        return (leg["from"], leg["to"], leg["kind"], leg.get("lot"), leg.get("tile_type"), leg.get("count"),
                leg.get("amount"))

    return sorted(map(key, draft.action_legs(unit)), key=repr) == sorted(map(key, offer["legs"]), key=repr)
