"""The "normal" China player's first judgement: which few moves deserve playouts.

A board is valued by what it would score if the game ended now plus credits for what is in the making
(``ai_eval``), relative to the other seats. Each region is rated by the best one- and two-piece
placements open there, and a hand is worth the best placement it could pay for. A placement is judged by
the board it leaves and the hand it keeps; a draw or an exchange by the hand it makes (a deck draw by its
expectation over the cards the seat has not seen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.china.ai_eval import expected_fill, values
from bot.games.china.ai_world import unseen_cards
from bot.games.china.data import Colour, board, emissary_cap
from bot.games.china.placement import payments
from bot.games.china.schema import Side

# The value of the cards a placement leaves in hand, relative to a fresh hand after the refill.
KEPT_HAND_WEIGHT = 0.15
# Each card spent brings the end of the game closer; a wild pair spends one more than a colour card.
CARD_COST = 0.15
# Every piece on the board keeps working (caps, rows, majorities to come) beyond today's points.
PIECE_BONUS = {"house": 1.0, "emissary": 1.0, "fortification": 0.5}
# An exchange gives up this turn's placement for a better hand next turn.
EXCHANGE_HAND_WEIGHT = 0.9
EXCHANGE_TEMPO = 1.0


class Planner:
    """The seat's view of the board as arrays, with the value of trying pieces on it."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me: int = view["viewer"]
        self.players: int = view["num_players"]
        self.side: Side = view["board_side"]
        self.houses = [space["house"] for space in view["spaces"]]
        self.fortified: list[int | None] = [0 if space["fortified"] else None for space in view["spaces"]]
        self.dragon = [list(region["emissaries"]) for region in view["regions"]]
        supply = view["players"][self.me]
        self.my_houses: int = supply["houses"]
        self.my_emissaries: int = supply["emissaries"]
        self.fill = expected_fill(view)
        self.base = self.relative(self._values(self.houses, self.fortified, self.dragon))
        self._gains: dict[int, tuple[float, float]] = {}

    def relative(self, totals: Sequence[float]) -> float:
        """Our points minus the mean of the other seats' still in play."""
        others = [t for seat, t in enumerate(totals) if seat != self.me and not self.view["players"][seat]["resigned"]]
        return totals[self.me] - (sum(others) / len(others) if others else 0.0)

    def placement_gain(self, region: int, pieces: Sequence[Mapping[str, Any]]) -> float:
        houses = list(self.houses)
        fortified = list(self.fortified)
        dragon = [list(d) for d in self.dragon]
        b = board()
        for piece in pieces:
            if piece["kind"] == "house":
                houses[b.space_index(piece["space"])] = self.me
            elif piece["kind"] == "fortification":
                fortified[b.space_index(piece["space"])] = self.me
            else:
                dragon[region][self.me] += 1
        return self.relative(self._values(houses, fortified, dragon)) - self.base

    def _values(
        self, houses: Sequence[int | None], fortified: Sequence[int | None], dragon: Sequence[Sequence[int]]
    ) -> list[float]:
        return values(self.players, self.side, houses, fortified, dragon, self.fill)

    def region_gains(self, region: int) -> tuple[float, float]:
        """The best gain from one piece and from two pieces in ``region`` (emissaries and houses only)."""
        if region not in self._gains:
            self._gains[region] = self._best_in(region)
        return self._gains[region]

    def _best_in(self, region: int) -> tuple[float, float]:
        b = board()
        spec = b.regions[region]
        free = [s for s in spec.spaces if self.houses[b.space_index(s)] is None]
        counts = [0] * self.players
        for s in spec.spaces:
            owner = self.houses[b.space_index(s)]
            if owner is not None:
                counts[owner] += 1
        singles: list[tuple[float, dict[str, Any]]] = []
        if self.my_houses:
            singles += [(self.placement_gain(region, [{"kind": "house", "space": s}]), {"kind": "house", "space": s})
                        for s in free]
        if self.my_emissaries and sum(self.dragon[region]) < emissary_cap(counts):
            singles.append((self.placement_gain(region, [{"kind": "emissary"}]), {"kind": "emissary"}))
        if not singles:
            return (0.0, 0.0)
        singles.sort(key=lambda item: -item[0])
        one = max(0.0, singles[0][0])
        # Two pieces: the best single with each of the next few (the second may lift the cap for an emissary).
        two = one
        for first in singles[:3]:
            for second in [*singles[:4], (0.0, {"kind": "emissary"})]:
                if second[1] == first[1] and second[1]["kind"] == "house":
                    continue
                if second[1]["kind"] == "emissary" and self.my_emissaries < 1 + (first[1]["kind"] == "emissary"):
                    continue
                two = max(two, self.placement_gain(region, [first[1], second[1]]))
        return (one, two)

    def hand_value(self, hand: Sequence[Colour]) -> float:
        """The best placement this hand could pay for on the board as it stands."""
        b = board()
        best = 0.0
        for ridx, region in enumerate(b.regions):
            one = payments(tuple(hand), region.colour, 1)
            two = payments(tuple(hand), region.colour, 2) if self._opened(ridx) else []
            if not one and not two:
                continue
            g1, g2 = self.region_gains(ridx)
            best = max(best, g2 if two else g1)
        return best

    def _opened(self, region: int) -> bool:
        b = board()
        return bool(sum(self.dragon[region])) or any(
            self.houses[b.space_index(s)] is not None or self.fortified[b.space_index(s)] is not None
            for s in b.regions[region].spaces
        )


def shortlist(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], limit: int) -> list[Mapping[str, Any]]:
    """The ``limit`` moves worth simulating: the best by the planner's judgement, best first."""
    planner = Planner(view)
    hand = [Colour(c) for c in view["hand"] or []]
    unseen = unseen_cards(view)
    scored = sorted(
        ((_value(planner, hand, unseen, action), index) for index, action in enumerate(legal)),
        key=lambda item: (-item[0], item[1]),
    )
    return [legal[index] for _, index in scored[:limit]]


def _value(planner: Planner, hand: list[Colour], unseen: Counter[Colour], action: Mapping[str, Any]) -> float:
    kind = action["type"]
    if kind == "place":
        region = board().region_index(action["region"])
        kept = list(hand)
        for card in action["cards"]:
            kept.remove(Colour(card))
        gain = planner.placement_gain(region, action["pieces"])
        gain += sum(PIECE_BONUS[piece["kind"]] for piece in action["pieces"])
        return gain + KEPT_HAND_WEIGHT * _expected_hand(planner, kept, unseen) - CARD_COST * len(action["cards"])
    if kind == "draw":
        if action["source"] == "display":
            return _expected_hand(planner, [*hand, Colour(action["color"])], unseen)
        return _deck_draw(planner, hand, unseen)
    if kind == "exchange":
        kept = list(hand)
        kept.remove(Colour(action["give"]))
        if action["take"] == "display":
            after = planner.hand_value([*kept, Colour(action["color"])])
        else:
            after = _deck_draw(planner, kept, unseen)
        return EXCHANGE_HAND_WEIGHT * after - EXCHANGE_TEMPO
    return -1.0


def _deck_draw(planner: Planner, hand: list[Colour], unseen: Counter[Colour]) -> float:
    total = sum(unseen.values())
    if not total:
        return planner.hand_value(hand)
    return sum(count / total * _expected_hand(planner, [*hand, colour], unseen) for colour, count in unseen.items()
               if count)


def _expected_hand(planner: Planner, hand: list[Colour], unseen: Counter[Colour]) -> float:
    """A hand of fewer than 3 cards will be refilled; count it by its current best, plus a little."""
    value = planner.hand_value(hand)
    if len(hand) >= 3:
        return value
    return value + 0.1 * (3 - len(hand))
