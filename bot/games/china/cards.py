"""Card flow (§3, §4.5, §4.6, §4.8): dealing, drawing, restocking and deck exhaustion.

``Cards`` is a mutable scratch copy of the card zones used inside one ``apply``; every way a card
leaves the deck goes through ``take_top`` so that exhaustion is handled in one place (R11).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Event
from bot.games.china.data import DISPLAY_SIZE, Colour, State, colour_counts, evolve, sort_cards


def setup_rng(seed: int) -> random.Random:
    """The generator for the first shuffle and the start seat (string seeds hash stably)."""
    return random.Random(f"china:{seed}:setup")


def reshuffle_rng(seed: int) -> random.Random:
    """Only one reshuffle ever happens (the first exhaustion), so one derived generator suffices."""
    return random.Random(f"china:{seed}:reshuffle")


@dataclass
class Cards:
    seed: int
    deck: list[Colour]  # top first
    display: list[Colour]
    discard: list[Colour]
    exhaustions: int
    events: list[Event] = field(default_factory=list)

    @classmethod
    def of(cls, state: State) -> Cards:
        return cls(state.seed, list(state.deck), list(state.display), list(state.discard), state.exhaustions)

    def take_top(self) -> Colour:
        """The top deck card; exhausts the deck when it was the last one."""
        card = self.deck.pop(0)
        if not self.deck:
            self._exhaust()
        return card

    def take_face_up(self, colour: Colour) -> None:
        self.display.remove(colour)

    def restock(self) -> None:
        """Fill the display to 4 from the deck as far as the deck allows."""
        added: list[Colour] = []
        while len(self.display) < DISPLAY_SIZE and self.deck:
            card = self.take_top()
            self.display.append(card)
            added.append(card)
        if added:
            self.events.append(Event("restocked", {"cards": [c._value_ for c in sort_cards(added)]}))

    def _exhaust(self) -> None:
        # Guard of §4.8: an empty discard pile at the first exhaustion counts as the second.
        if self.exhaustions == 0 and self.discard:
            self.exhaustions = 1
            self.deck = list(self.discard)
            reshuffle_rng(self.seed).shuffle(self.deck)
            self.discard = []
            self.events.append(Event("deck_exhausted", {"count": 1}))
            self.events.append(Event("reshuffled", {"deck": len(self.deck), "counts": colour_counts(self.deck)}))
        else:
            self.exhaustions = 2
            self.events.append(Event("deck_exhausted", {"count": 2}))
            self.events.append(Event("final_round_started", {}))

    def drain(self) -> list[Event]:
        """The events collected so far (exhaustion, restock), emptying the list."""
        events, self.events = self.events, []
        return events

    def commit(self, state: State, **changes: Any) -> State:
        """The state with these card zones, and the other ``changes`` (made in the same copy)."""
        return evolve(
            state,
            deck=tuple(self.deck),
            display=sort_cards(self.display),
            discard=tuple(self.discard),
            exhaustions=self.exhaustions,
            **changes,
        )
