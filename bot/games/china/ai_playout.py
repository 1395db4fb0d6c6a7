"""The playout policy of the "normal" computer player: the "easy" judgement (``ai.py``) on a ``Sim``.

Houses that take or keep a majority and join its own houses, emissaries that lead next to allied leads,
no wasted cards, display cards that pair with the hand, and an exchange only when nothing can be placed.
Only the best two free spaces of a region (by how many own houses they touch) are tried, which is all
the easy values can tell apart.
"""

from __future__ import annotations

import random

from bot.games.china.ai_sim import NONE, Piece, Sim, geometry
from bot.games.china.data import COLOURS, HAND_SIZE
from bot.games.china.scoring import score_region


def payments(hand: list[int], colour: int, pieces: int, opened: bool) -> list[list[int]]:
    """Card sets (counts per colour) paying for ``pieces`` in a region of ``colour``, fewest cards first."""
    found: list[list[int]] = []
    pairs = [x for x in range(len(hand)) if x != colour and hand[x] >= 2]
    if pieces == 1:
        if hand[colour] >= 1:
            found.append(_cards({colour: 1}))
        found += [_cards({x: 2}) for x in pairs]
    elif opened:
        if hand[colour] >= 2:
            found.append(_cards({colour: 2}))
        if hand[colour] >= 1:
            found += [_cards({colour: 1, x: 2}) for x in pairs]
    return found


def _cards(counts: dict[int, int]) -> list[int]:
    cards = [0] * len(COLOURS)
    for colour, count in counts.items():
        cards[colour] += count
    return cards


class Policy:
    """Plays whole turns of a ``Sim`` for the seat to act."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def play_turn(self, sim: Sim) -> None:
        if not sim.refilling and not self.place(sim):
            self.exchange_or_pass(sim)
            return
        self.refill(sim)

    def place(self, sim: Sim) -> bool:
        seat = sim.current
        hand = sim.hands[seat]
        geo = geometry(sim.side)
        best: tuple[float, int, list[int], list[Piece]] | None = None
        for region in range(len(geo.region_spaces)):
            colour = geo.region_colour[region]
            one = payments(hand, colour, 1, True)
            if not one and hand[colour] == 0:
                continue  # no single payment means no double one either
            opened = sim.opened(region)
            two = payments(hand, colour, 2, opened)
            for cards, value, pieces in self._options(sim, seat, region, one[:1], two[:1]):
                value -= 0.6 * (sum(cards) - len(pieces)) - 0.01 * self.rng.random()
                if best is None or value > best[0]:
                    best = (value, region, cards, pieces)
        if best is None:
            return False
        sim.place(best[1], best[2], best[3])
        return True

    def _options(
        self, sim: Sim, seat: int, region: int, one: list[list[int]], two: list[list[int]]
    ) -> list[tuple[list[int], float, list[Piece]]]:
        """The best one- and two-piece placements of the region, by the easy player's values."""
        geo = geometry(sim.side)
        houses = sim.houses
        counts = sim.region_counts(region)
        others = max((c for s, c in enumerate(counts) if s != seat), default=0)
        houses_left, emissaries_left = sim.house_supply[seat], sim.emissary_supply[seat]
        spaces: list[tuple[float, int]] = []
        if houses_left:
            for space in geo.region_spaces[region]:
                if houses[space] == NONE:
                    linked = sum(1 for n in geo.adjacency[space] if houses[n] == seat)
                    spaces.append((3.0 + 0.8 * linked, space))
            spaces.sort(reverse=True)
        lead = 1.5 if counts[seat] + 1 >= others else 0.0
        room = max(counts) - sum(sim.dragon[region])
        options: list[tuple[list[int], float, list[Piece]]] = []
        if one:
            if spaces:
                options.append((one[0], spaces[0][0] + lead, [("house", spaces[0][1])]))
            if emissaries_left and room > 0:
                options.append((one[0], self._emissary_value(sim, seat, region, 1), [("emissary", NONE)]))
        if two:
            if len(spaces) >= 2 and houses_left >= 2:
                (v1, s1), (v2, s2) = spaces[0], spaces[1]
                joined = 0.8 if s1 in geo.adjacency[s2] else 0.0
                second = 1.5 if counts[seat] + 2 >= others else 0.0
                options.append((two[0], v1 + lead + v2 + joined + second, [("house", s1), ("house", s2)]))
            if spaces and emissaries_left and max(max(counts), counts[seat] + 1) > sum(sim.dragon[region]):
                value = spaces[0][0] + lead + self._emissary_value(sim, seat, region, 1)
                options.append((two[0], value, [("house", spaces[0][1]), ("emissary", NONE)]))
            if emissaries_left >= 2 and room >= 2:
                value = self._emissary_value(sim, seat, region, 1) + self._emissary_value(sim, seat, region, 2)
                options.append((two[0], value, [("emissary", NONE), ("emissary", NONE)]))
        free = len(geo.region_spaces[region]) - sum(counts)
        return [(cards, v + self._completion(counts, seat, free, pieces), pieces) for cards, v, pieces in options]

    def _emissary_value(self, sim: Sim, seat: int, region: int, added: int) -> float:
        dragon = sim.dragon[region]
        value = 2.0 + (1.0 if sim.exhaustions else 0.0)
        others = max((e for s, e in enumerate(dragon) if s != seat), default=0)
        if dragon[seat] + added >= others:
            leads = 0
            for partner in geometry(sim.side).partners[region]:
                there = sim.dragon[partner]
                leads += there[seat] > 0 and there[seat] == max(there)
            value += 2.0 + 0.8 * leads
        return value

    @staticmethod
    def _completion(counts: list[int], seat: int, free: int, pieces: list[Piece]) -> float:
        """The easy player's bonus for filling a region where it comes out ahead."""
        built = sum(1 for kind, _ in pieces if kind == "house")
        if not built or built != free:
            return 0.0
        after = list(counts)
        after[seat] += built
        scored = score_region(after)
        return 0.5 * (scored[seat] - max(p for s, p in enumerate(scored) if s != seat))

    def refill(self, sim: Sim) -> None:
        seat = sim.current
        hand = sim.hands[seat]
        while sum(hand) < HAND_SIZE:
            matching = [c for c in range(len(COLOURS)) if sim.display[c] and hand[c]]
            if matching:
                sim.draw(self.rng.choice(matching))
            elif sim.deck:
                sim.draw(None)
            elif any(sim.display):
                sim.draw(self.rng.choice([c for c in range(len(COLOURS)) if sim.display[c]]))
            else:
                break
        sim.end_turn()

    def exchange_or_pass(self, sim: Sim) -> None:
        hand = sim.hands[sim.current]
        held = [c for c in range(len(COLOURS)) if hand[c]]
        if not held or not (sim.deck or any(sim.display)):
            sim.end_turn()  # a forced pass
            return
        lone = [c for c in held if hand[c] == 1] or held
        give = self.rng.choice(lone)
        matching = [c for c in range(len(COLOURS)) if sim.display[c] and hand[c] and c != give]
        sim.exchange(give, matching[0] if matching else (None if sim.deck else held_display(sim)))


def held_display(sim: Sim) -> int:
    return next(c for c in range(len(COLOURS)) if sim.display[c])


def playout(sim: Sim, rng: random.Random, max_turns: int = 400) -> Sim:
    """Play ``sim`` to the end with the policy for every seat (the one reshuffle uses ``rng`` too)."""
    policy = Policy(rng)
    sim.rng = rng
    for _ in range(max_turns):
        if sim.over:
            break
        policy.play_turn(sim)
    return sim
