"""Scenario builders for Sun Tzu tests: a state with a chosen board, then one battle or one decision.

Blue is seat 0 and red seat 1 throughout. ``fight`` and ``act`` run the engine only up to the end of
the current battle (the next province pick), so a test can look at the board right after it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.games.base import Action, Event, IllegalAction
from bot.games.sun_tzu import GAME, actions, flow, handlers
from bot.games.sun_tzu.data import FRAMED, PROVINCES, Colour, Options, card_sort_key
from bot.games.sun_tzu.state import Battle, Province, Side, Stage, State

BLUE, RED = Colour.BLUE, Colour.RED
SEAT = {BLUE: 0, RED: 1}
FILLERS = ("n2", "n3", "n4", "n5", "n6", "n1")


def side(seat: int, **changes: Any) -> Side:
    base = Side(seat=seat, reserve=18, set_aside=3, hand=FRAMED)
    return replace(base, **changes)


def make(
    *,
    round: int = 1,
    marker: int = 0,
    board: Mapping[str, tuple[Colour, int]] | None = None,
    marks: Mapping[str, tuple[int, int]] | None = None,
    blue: Mapping[str, Any] | None = None,
    red: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    stage: Stage = Stage.ASSIGN,
    holder: Colour | None = None,
    screens: tuple[int, ...] = (1, 2, 3, 4, 5),
    **fields: Any,
) -> State:
    """A hand-made state. Reserves default to 18 and set-aside piles to 3 whatever the board holds."""
    opts = {"warlords": False, "colour_assignment": "seat_order", **(options or {})}
    provinces = []
    for pid in PROVINCES:
        colour, n = (board or {}).get(pid, (BLUE, 0))
        mb, mr = (marks or {}).get(pid, (0, 0))
        provinces.append(
            Province(blue=n if colour is BLUE else 0, red=n if colour is RED else 0, marks_blue=mb, marks_red=mr)
        )
    return State(
        options=Options(**opts),
        seed=1,
        sides=(side(0, **(blue or {})), side(1, **(red or {}))),
        screens=screens,
        provinces=tuple(provinces),
        stage=stage,
        round=round,
        score_marker=marker,
        privilege_holder=holder,
        **fields,
    )


def with_cards(state: State, province: str, blue_card: str, red_card: str) -> State:
    """Both sides' cards on the table: the given pair in ``province``, fillers elsewhere, already resolved
    as ties, so that ``province`` is the only battle left this round."""
    battles = []
    for colour, card in ((BLUE, blue_card), (RED, red_card)):
        s = state.side(colour)
        hand = list(s.hand)
        if card in hand:
            hand.remove(card)
        fillers = [c for c in FILLERS if c != card and c in hand][:4]
        for c in fillers:
            hand.remove(c)
        cards = []
        for pid in PROVINCES:
            cards.append(card if pid == province else fillers.pop(0))
        state = state.with_side(colour, hand=tuple(sorted(hand, key=card_sort_key)), assignment=tuple(cards))
    for pid in PROVINCES:
        if pid != province:
            b, r = state.side(BLUE).card_at(pid), state.side(RED).card_at(pid)
            battles.append(Battle(pid, b, r, outcome="tie"))
    return replace(state, battles=tuple(battles), stage=Stage.PICK)


def until_battle_done(state: State, events: list[Event]) -> State:
    """Run the flow until the current battle and its events are over (the next pick) or a decision is due."""
    while True:
        nxt = flow.STEPS[state.stage](state, events)
        if nxt is None:
            return state
        state = nxt
        if state.stage in (Stage.PICK, Stage.OVER):
            return state


def fight(state: State, province: str, blue_card: str, red_card: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
    state = with_cards(state, province, blue_card, red_card)
    state = flow.reveal(state, province, events)
    return until_battle_done(state, events), events


def act(state: State, colour: Colour, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """Apply one action and run the flow only to the end of the current battle."""
    events: list[Event] = []
    parsed = actions.parse(action)
    state = handlers.HANDLERS[type(parsed)](state, state.side(colour).seat, parsed, events)
    if state.stage in (Stage.PICK, Stage.OVER):
        return state, events
    return until_battle_done(state, events), events


def armies(state: State, province: str) -> tuple[str | None, int]:
    prov = state.province(province)
    return (None if prov.owner is None else prov.owner.value), prov.armies


def reserve(state: State, colour: Colour) -> int:
    return state.side(colour).reserve


def aside(state: State, colour: Colour) -> int:
    return state.side(colour).set_aside


#: How a seat picks its move: from the state, the seat, its legal actions and the game's random source.
Chooser = Callable[[State, int, list[Action], random.Random], Action]


def play_random(seed: int, options: Mapping[str, Any] | None = None, choose: Chooser | None = None) -> list[State]:
    """A whole game, seats moving in a random order, each move from ``choose`` (by default a random legal
    action, the AI's for half the seeds); every state on the way. A move the engine refuses fails the test."""
    rnd = random.Random(seed)
    state = GAME.new(2, seed, options)
    states = [state]
    while not GAME.is_over(state):
        seat = rnd.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        if choose is not None:
            action = choose(state, seat, legal, rnd)
        else:
            action = GAME.choose_action(GAME.view(state, seat), legal, rnd) if seed % 2 else rnd.choice(legal)
        try:
            state, _ = GAME.apply(state, seat, action)
        except IllegalAction as error:  # pragma: no cover - the message explains
            raise AssertionError(f"seat {seat} chose an illegal {action}: {error}") from None
        states.append(state)
    return states
