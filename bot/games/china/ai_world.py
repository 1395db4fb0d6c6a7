"""Determinization: a full :class:`State` consistent with one seat's view, its unknowns sampled.

The computer player sees only its own view; to look ahead it needs a state. The board, supplies, scores,
display, discard and removed cards are public and copied from the view. The cards nobody at the table
has seen face up (every card in play minus the discard pile, the display and the viewer's own hand) are
dealt at random into the other seats' hands (by their public sizes) and the deck. The seed is drawn too,
so even the one reshuffle of the game is unknown. Nothing here ever sees a real state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot.games.base import own_seat
from bot.games.china.data import (
    COLOURS,
    Colour,
    LastPlacement,
    ScoreEntry,
    SeatState,
    State,
    board,
    sort_cards,
)
from bot.games.china.schema import ChinaView


def unseen_cards(view: Mapping[str, Any]) -> Counter[Colour]:
    """The cards in other seats' hands and the deck, as a multiset: what a seat cannot place exactly."""
    b = board()
    seen = Counter({Colour(c): n for c, n in view["removed"].items()})
    seen += Counter({Colour(c): n for c, n in view["discard"].items()})
    seen += Counter(Colour(c) for c in view["display"])
    seen += Counter(Colour(c) for c in view["hand"] or [])
    return Counter(dict(b.cards)) - seen


def sample_world(view: ChinaView, rng: random.Random) -> State:
    """One state drawn uniformly among those the seat's view allows."""
    me = own_seat(view["viewer"])
    pool = [colour for colour in COLOURS for _ in range(unseen_cards(view)[colour])]
    rng.shuffle(pool)
    seats: list[SeatState] = []
    for seat, player in enumerate(view["players"]):
        if seat == me:
            hand = sort_cards(Colour(c) for c in view["hand"] or ())
        else:
            hand, pool = sort_cards(pool[: player["hand_count"]]), pool[player["hand_count"] :]
        seats.append(
            SeatState(
                houses=player["houses"],
                emissaries=player["emissaries"],
                fortifications=player["fortifications"],
                hand=hand,
                breakdown=tuple(
                    ScoreEntry(item["kind"], item["ref"], item["points"], item["doubled"], tuple(item["spaces"]))
                    for item in player["breakdown"]
                ),
                resigned=player["resigned"],
                timed_out=player["timed_out"],
            )
        )
    if len(pool) != view["deck_count"]:
        raise ValueError("the view's card counts do not add up")
    top = view["discard_top"]
    discard = [colour for colour in COLOURS for _ in range(view["discard"][colour.value])]
    if top is not None:  # keep the visible top card on top; the order below it changes nothing
        discard.remove(Colour(top))
        discard.append(Colour(top))
    return State(
        players=view["num_players"],
        seed=rng.randrange(2**31),
        board_side=view["board_side"],
        fortifications=bool(view["options"]["fortifications"]),
        start_seat=view["start_seat"],
        houses=tuple(space["house"] for space in view["spaces"]),
        fortified=_fortified(view),
        dragon=tuple(tuple(region["emissaries"]) for region in view["regions"]),
        scored=tuple(region["scored"] for region in view["regions"]),
        seats=tuple(seats),
        deck=tuple(pool),
        display=sort_cards(Colour(c) for c in view["display"]),
        discard=tuple(discard),
        removed=sort_cards(Colour(c) for c in COLOURS for _ in range(view["removed"][c.value])),
        exhaustions=view["exhaustions"],
        current=view["active"] if view["active"] is not None else me,
        phase=view["phase"],
        over_reason=None,
        last_placement=_last_placement(view["last_placement"]),
    )


def _fortified(view: Mapping[str, Any]) -> tuple[int | None, ...]:
    """Who laid each fortification is not shown (it is neutral once placed); the seats whose own is gone
    laid them, so they are handed out among those seats in order."""
    placers = [seat for seat, player in enumerate(view["players"]) if player["fortifications"] == 0]
    if not view["options"]["fortifications"]:
        placers = []
    fortified: list[int | None] = []
    for space in view["spaces"]:
        fortified.append(placers.pop(0) if space["fortified"] and placers else None)
    return tuple(fortified)


def _last_placement(last: Mapping[str, Any] | None) -> LastPlacement | None:
    if last is None:
        return None
    return LastPlacement(last["seat"], last["region"], tuple(last["spaces"]), last["emissaries"])
