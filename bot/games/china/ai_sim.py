"""A compact, fast model of a China game for the playouts of the "normal" computer player.

The engine checks every rule and builds events and immutable states; a playout needs none of that and
must run a whole game in a few milliseconds. ``Sim`` keeps the same facts in flat, mutable lists (card
colours and spaces as indices) and plays turns by the rules of §4: placements in one region paid by
colour cards or wild pairs, one piece in an empty region, the emissary cap, the refill and restock, the
exhaustions and the end checks. Fortifications are left out of new placements (a playout never lays
one) but those on the board keep doubling. It runs only on sampled worlds (``ai_world``), never on a
real state, and the final points are counted by ``ai_eval.points`` (the engine's own scoring rules).
The playout policy that drives it is in ``ai_playout``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.games.china.ai_eval import points
from bot.games.china.data import COLOURS, DISPLAY_SIZE, HAND_SIZE, Colour, State, board
from bot.games.china.schema import Side

NONE = -1  # no house on a space
COLOUR_INDEX: dict[Colour, int] = {colour: index for index, colour in enumerate(COLOURS)}
# A piece: ("house", space index) or ("emissary", -1).
Piece = tuple[str, int]


@dataclass(frozen=True)
class Geometry:
    """The board as index lists for one side: regions' spaces and colours, roads, alliance partners."""

    region_spaces: tuple[tuple[int, ...], ...]
    region_colour: tuple[int, ...]
    space_region: tuple[int, ...]
    adjacency: tuple[tuple[int, ...], ...]
    partners: tuple[tuple[int, ...], ...]  # per region, the regions it is allied with


@cache
def geometry(side: Side) -> Geometry:
    b = board()
    neighbours = b.neighbours(side)
    partners: list[list[int]] = [[] for _ in b.regions]
    for alliance in b.alliances:
        first, second = (b.region_index(r) for r in alliance.regions)
        partners[first].append(second)
        partners[second].append(first)
    return Geometry(
        region_spaces=tuple(tuple(b.space_index(s) for s in r.spaces) for r in b.regions),
        region_colour=tuple(COLOUR_INDEX[r.colour] for r in b.regions),
        space_region=tuple(b.region_of_space(s) for s in b.spaces),
        adjacency=tuple(tuple(sorted(b.space_index(n) for n in neighbours[s])) for s in b.spaces),
        partners=tuple(tuple(p) for p in partners),
    )


@dataclass
class Sim:
    """A mutable scratch game. ``deck`` has its top card last; hands, display and discard are counts."""

    players: int
    side: Side
    start_seat: int
    current: int
    refilling: bool  # the seat to act owes refill draws
    houses: list[int]
    fortified: list[bool]
    dragon: list[list[int]]
    hands: list[list[int]]
    house_supply: list[int]
    emissary_supply: list[int]
    in_play: list[bool]
    deck: list[int]
    display: list[int]
    discard: list[int]
    exhaustions: int
    over: bool = False
    rng: random.Random = field(default_factory=lambda: random.Random(0))  # the one reshuffle

    @classmethod
    def of(cls, state: State) -> Sim:
        def counts(cards: tuple[Colour, ...]) -> list[int]:
            found = [0] * len(COLOURS)
            for card in cards:
                found[COLOUR_INDEX[card]] += 1
            return found

        return cls(
            players=state.players,
            side=state.board_side,
            start_seat=state.start_seat,
            current=state.current,
            refilling=state.phase == "refill",
            houses=[NONE if h is None else h for h in state.houses],
            fortified=[f is not None for f in state.fortified],
            dragon=[list(d) for d in state.dragon],
            hands=[counts(seat.hand) for seat in state.seats],
            house_supply=[seat.houses for seat in state.seats],
            emissary_supply=[seat.emissaries for seat in state.seats],
            in_play=[not seat.resigned for seat in state.seats],
            deck=[COLOUR_INDEX[c] for c in reversed(state.deck)],
            display=counts(state.display),
            discard=counts(state.discard),
            exhaustions=state.exhaustions,
            over=state.phase == "over",
        )

    def copy(self) -> Sim:
        return Sim(
            self.players, self.side, self.start_seat, self.current, self.refilling, list(self.houses),
            list(self.fortified), [list(d) for d in self.dragon], [list(h) for h in self.hands],
            list(self.house_supply), list(self.emissary_supply), list(self.in_play), list(self.deck),
            list(self.display), list(self.discard), self.exhaustions, self.over, self.rng,
        )  # fmt: skip

    # -- board facts ------------------------------------------------------------------------------
    def region_counts(self, region: int) -> list[int]:
        counts = [0] * self.players
        for space in geometry(self.side).region_spaces[region]:
            owner = self.houses[space]
            if owner != NONE:
                counts[owner] += 1
        return counts

    def opened(self, region: int) -> bool:
        spaces = geometry(self.side).region_spaces[region]
        return any(self.dragon[region]) or any(self.houses[s] != NONE or self.fortified[s] for s in spaces)

    def final_points(self) -> list[int]:
        houses = tuple(None if h == NONE else h for h in self.houses)
        fortified = tuple(0 if f else None for f in self.fortified)
        return points(self.players, self.side, houses, fortified, self.dragon)

    # -- moves ------------------------------------------------------------------------------------
    def place(self, region: int, cards: list[int], pieces: list[Piece]) -> None:
        """Cards (counts per colour) to the discard pile, pieces on the board; the refill comes next."""
        seat = self.current
        hand = self.hands[seat]
        for colour, count in enumerate(cards):
            hand[colour] -= count
            self.discard[colour] += count
        for kind, space in sorted(pieces, key=lambda p: p[0] != "house"):
            if kind == "house":
                self.houses[space] = seat
                self.house_supply[seat] -= 1
            else:
                self.dragon[region][seat] += 1
                self.emissary_supply[seat] -= 1
        self.refilling = True

    def draw(self, colour: int | None) -> None:
        """One refill card: from the display (``colour``) or the deck (None)."""
        hand = self.hands[self.current]
        if colour is None:
            hand[self._take_top()] += 1
        else:
            self.display[colour] -= 1
            hand[colour] += 1

    def exchange(self, give: int, colour: int | None) -> None:
        hand = self.hands[self.current]
        hand[give] -= 1
        self.discard[give] += 1
        if colour is None:
            hand[self._take_top()] += 1
        else:
            self.display[colour] -= 1
            hand[colour] += 1
            self._restock()
        self.end_turn()

    def end_turn(self) -> None:
        """Restock, then the end checks of §4.9, then the next seat still in play."""
        self.refilling = False
        self._restock()
        if not self._pieces_can_be_placed():
            self.over = True
            return
        last = (self.start_seat - 1) % self.players
        seat = self.current
        closed = seat == last
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if self.in_play[seat]:
                break
            closed = closed or seat == last
        if self.exhaustions == 2 and closed:
            self.over = True
            return
        self.current = seat

    def _take_top(self) -> int:
        card = self.deck.pop()
        if not self.deck:
            if self.exhaustions == 0 and any(self.discard):
                self.exhaustions = 1
                self.deck = [colour for colour, count in enumerate(self.discard) for _ in range(count)]
                self.rng.shuffle(self.deck)
                self.discard = [0] * len(COLOURS)
            else:
                self.exhaustions = 2
        return card

    def _restock(self) -> None:
        while sum(self.display) < DISPLAY_SIZE and self.deck:
            self.display[self._take_top()] += 1

    def _pieces_can_be_placed(self) -> bool:
        seats = [s for s in range(self.players) if self.in_play[s]]
        if any(self.house_supply[s] for s in seats) and NONE in self.houses:
            return True
        if any(self.emissary_supply[s] for s in seats):
            return any(
                sum(self.dragon[r]) < max(self.region_counts(r)) for r in range(len(self.dragon))
            )
        return False


    def settle(self) -> None:
        """As the engine after a placement or a draw: draw by itself while only one distinct choice
        exists, and end the turn once the hand is full or nothing is left to draw."""
        hand = self.hands[self.current]
        while self.refilling:
            choices = ([None] if self.deck else []) + [c for c in range(len(COLOURS)) if self.display[c]]
            if sum(hand) >= HAND_SIZE or not choices:
                self.end_turn()
            elif len(choices) == 1:
                self.draw(choices[0])
            else:
                return


def apply_action(sim: Sim, action: Mapping[str, Any]) -> None:
    """An engine action (its wire dict) on the sim; the caller took it from the legal actions."""
    kind = action["type"]
    if kind == "place":
        b = board()
        cards = [0] * len(COLOURS)
        for card in action["cards"]:
            cards[COLOUR_INDEX[Colour(card)]] += 1
        pieces: list[Piece] = [
            ("house", b.space_index(p["space"])) if p["kind"] == "house" else (p["kind"], NONE)
            for p in action["pieces"]
            if p["kind"] != "fortification"
        ]
        for piece in action["pieces"]:
            if piece["kind"] == "fortification":
                sim.fortified[b.space_index(piece["space"])] = True
        sim.place(b.region_index(action["region"]), cards, pieces)
        sim.settle()
    elif kind == "draw":
        sim.draw(None if action["source"] == "deck" else COLOUR_INDEX[Colour(action["color"])])
        sim.settle()
    elif kind == "exchange":
        taken = None if action["take"] == "deck" else COLOUR_INDEX[Colour(action["color"])]
        sim.exchange(COLOUR_INDEX[Colour(action["give"])], taken)
    else:
        sim.end_turn()
