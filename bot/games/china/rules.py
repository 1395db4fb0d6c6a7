"""China (Michael Schacht), 3 to 5 players: the engine contract of ``bot.games.base``.

Rules spec: docs/rules/china.md. Placement legality lives in ``placement``, the card flow in ``cards``,
turn ends and final scoring in ``flow``; this module sets up games and dispatches actions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.games.base import JSON, Action, Event, Game, IllegalAction, Option, Result, action_sort_key
from bot.games.china import ai, serial, text, views
from bot.games.china.actions import ChinaAction, Draw, Exchange, Pass, Place, parse
from bot.games.china.cards import Cards, setup_rng
from bot.games.china.data import (
    COLOURS,
    DISPLAY_SIZE,
    EMISSARIES_PER_SEAT,
    HAND_SIZE,
    HOUSES_PER_SEAT,
    SIDES,
    LastPlacement,
    SeatState,
    State,
    board,
    sort_cards,
)
from bot.games.china.flow import (
    continue_refill,
    draw,
    draw_choices,
    end_turn,
    finish,
    pieces_can_be_placed,
    ranking,
    region_scoring,
    with_seat,
)
from bot.games.china.placement import check_place, legal_placements

Outcome = tuple[State, list[Event]]

# Cards removed per colour by player count (§3).
_REMOVED_PER_COLOUR = {3: 2, 4: 1, 5: 0}
# The side each count plays on when the table left it to the engine ("auto"); 4 players may choose (R3).
_SIDES_ALLOWED = {3: ("3-4",), 4: SIDES, 5: ("4-5",)}
_AUTO_SIDE = {3: "3-4", 4: "4-5", 5: "4-5"}


class China(Game):
    key = "china"
    title = "China"
    min_players = 3
    max_players = 5
    options = (
        Option(
            "board_side",
            "Board side",
            ("auto", "3-4", "4-5"),
            "auto",
            help="Which side of the board: by the number of players, or the side you choose (only the roads differ).",
        ),
        Option("fortifications", "Fortifications (expert)", (False, True), False,
               help="Each player gets one fortification, which doubles the points of the house built with it."),
    )

    # -- setup ---------------------------------------------------------------------------------
    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        self.check_players(players)
        resolved = self.resolve_options(options)
        side = resolved["board_side"]
        if side == "auto":
            side = _AUTO_SIDE[players]
        elif side not in _SIDES_ALLOWED[players]:
            raise ValueError(f"With {players} players China is played on the {_AUTO_SIDE[players]} side.")
        b = board()
        cut = _REMOVED_PER_COLOUR[players]
        removed = sort_cards(c for c in COLOURS for _ in range(cut))
        cards = [c for c in COLOURS for _ in range(b.cards[c] - cut)]
        rng = setup_rng(seed)
        rng.shuffle(cards)
        hands = [sort_cards(cards[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(players)]
        dealt = HAND_SIZE * players
        start = rng.randrange(players)  # R2: the start player comes from the seed
        forts = 1 if resolved["fortifications"] else 0
        return State(
            players=players,
            seed=seed,
            board_side=side,
            fortifications=bool(resolved["fortifications"]),
            start_seat=start,
            houses=(None,) * len(b.spaces),
            fortified=(None,) * len(b.spaces),
            dragon=((0,) * players,) * len(b.regions),
            scored=(False,) * len(b.regions),
            seats=tuple(SeatState(HOUSES_PER_SEAT, EMISSARIES_PER_SEAT, forts, hand) for hand in hands),
            deck=tuple(cards[dealt + DISPLAY_SIZE :]),
            display=sort_cards(cards[dealt : dealt + DISPLAY_SIZE]),
            discard=(),
            removed=removed,
            exhaustions=0,
            current=start,
            phase="action",
        )

    # -- whose turn, what is legal ---------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.phase == "over" else frozenset({state.current})

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        found: list[ChinaAction]
        if state.phase == "refill":
            found = [Draw(src, colour) for src, colour in draw_choices(state)]
        else:
            found = [*legal_placements(state, seat), *_exchanges(state, seat)]
            if not found:
                found = [Pass()]
        return sorted((a.to_dict() for a in found), key=action_sort_key)

    # -- moves -----------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> Outcome:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if seat != state.current:
            raise IllegalAction("It is not your turn.")
        move = parse(action)
        handler = _HANDLERS[state.phase].get(type(move))
        if handler is None:
            raise IllegalAction(_WRONG_PHASE[state.phase])
        return handler(state, seat, move)

    def resign(self, state: State, seat: int) -> Outcome:
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if not 0 <= seat < state.players or state.seats[seat].resigned:
            raise IllegalAction("You are not playing in this game any more.")
        state = with_seat(state, seat, replace(state.seats[seat], resigned=True))
        events = [Event("resigned", {"seat": seat})]
        if len(state.active_seats()) < 2:
            state, more = finish(state, "resignation")
            return state, events + more
        if seat == state.current:
            # Its turn ends here: the round goes on (and may close) as after any turn.
            state, more = end_turn(state)
            return state, events + more
        if not pieces_can_be_placed(state):
            state, more = finish(state, "no_pieces")
            return state, events + more
        return state, events

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """A refill draw blind to the hand: the deck, or the first face-up colour once it is gone.
        Every placement or exchange depends on the hand, so a turn's main action has none."""
        if state.phase != "refill" or seat != state.current:
            return None
        source, colour = draw_choices(state)[0]
        return Draw(source, colour).to_dict()

    # -- views and results -----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> JSON:
        return dict(views.build_view(state, seat, self.result(state) if state.phase == "over" else None))

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> Result:
        if state.phase != "over":
            raise ValueError("The game is not over yet.")
        scores = tuple(st.score for st in state.seats)
        breakdown = tuple(serial.breakdown(st) for st in state.seats)
        reason = state.over_reason or "normal"
        return Result(scores=scores, ranking=ranking(state), breakdown=breakdown, reason=reason)

    def dump(self, state: State) -> JSON:
        return serial.dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return serial.load(data)

    # -- words and computer players --------------------------------------------------------------
    def describe(self, event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
        return text.describe(event, names, seat)

    def action_label(self, action: Mapping[str, Any]) -> str:
        return text.action_label(action)

    def choose_action(self, view: JSON, legal: Sequence[Action], rng: random.Random, level: str = "easy") -> Action:
        return ai.choose_action(view, legal, rng, level)


# ------------------------------------------------------------------------------------ the actions


def _apply_place(state: State, seat: int, move: ChinaAction) -> Outcome:
    assert isinstance(move, Place)
    work = check_place(state, seat, move)
    region = board().regions[work.region]
    me = state.seats[seat]
    events = [
        Event(
            "played",
            {
                "seat": seat,
                "region": region.id,
                "cards": [c.value for c in move.cards],
                "pieces": [p.to_dict() for p in move.pieces],
            },
        )
    ]
    hand = Counter(me.hand)
    hand.subtract(move.cards)
    me = replace(
        me,
        hand=sort_cards(hand.elements()),
        houses=me.houses - work.houses_used,
        emissaries=me.emissaries - work.emissaries_used,
        fortifications=me.fortifications - work.fortification_used,
    )
    state = with_seat(state, seat, me)
    scored = list(state.scored)
    for n, piece in enumerate(move.pieces, start=1):
        events.append(Event("placed", {"seat": seat, "region": region.id, **piece.to_dict()}))
        if work.filled_after == n:
            # P11: the turn stops for the region's scoring before any second piece.
            seats, event = region_scoring(state, work.region, work.houses, work.fortified)
            state = replace(state, seats=seats)
            scored[work.region] = True
            events.append(event)
    dragon = list(state.dragon)
    dragon[work.region] = tuple(work.dragon)
    state = replace(
        state,
        houses=tuple(work.houses),
        fortified=tuple(work.fortified),
        dragon=tuple(dragon),
        scored=tuple(scored),
        discard=(*state.discard, *move.cards),
        phase="refill",
        last_placement=LastPlacement(
            seat,
            region.id,
            tuple(p.space for p in move.pieces if p.space is not None),
            sum(1 for p in move.pieces if p.kind == "emissary"),
        ),
    )
    state, more = continue_refill(state)
    return state, events + more


def _apply_draw(state: State, seat: int, move: ChinaAction) -> Outcome:
    assert isinstance(move, Draw)
    if move.source == "deck" and not state.deck:
        raise IllegalAction("The deck is empty; take a face-up card.")
    if move.source == "display" and move.colour not in state.display:
        raise IllegalAction("There is no face-up card of that colour.")
    state, events = draw(state, move.source, move.colour)
    state, more = continue_refill(state)
    return state, events + more


def _apply_exchange(state: State, seat: int, move: ChinaAction) -> Outcome:
    assert isinstance(move, Exchange)
    me = state.seats[seat]
    if move.give not in me.hand:
        raise IllegalAction("You don't hold that card.")
    if move.take == "deck" and not state.deck:
        raise IllegalAction("The deck is empty; take a face-up card.")
    if move.take == "display" and move.colour not in state.display:
        raise IllegalAction("There is no face-up card of that colour.")
    hand = list(me.hand)
    hand.remove(move.give)
    # R15: give up first (face up), then take; no refill.
    cards = Cards.of(state)
    cards.discard.append(move.give)
    public: JSON = {"seat": seat, "give": move.give.value, "take": move.take}
    private: dict[int, JSON] = {}
    if move.take == "deck":
        taken = cards.take_top()
        private[seat] = {"color": taken.value}
    else:
        assert move.colour is not None
        taken = move.colour
        cards.take_face_up(taken)
        public["color"] = taken.value
    events = [Event("exchanged", public, private), *cards.drain()]
    if move.take == "display":
        cards.restock()
        events += cards.drain()
    state = cards.commit(with_seat(state, seat, replace(me, hand=sort_cards((*hand, taken)))))
    state, more = end_turn(state)
    return state, events + more


def _apply_pass(state: State, seat: int, move: ChinaAction) -> Outcome:
    if legal_placements(state, seat) or _exchanges(state, seat):
        raise IllegalAction("You can still place pieces or exchange a card, so you may not pass.")
    state, more = end_turn(state)
    return state, [Event("passed", {"seat": seat}), *more]


def _exchanges(state: State, seat: int) -> list[Exchange]:
    """Every exchange open now: give any colour held, take from the deck or any face-up colour."""
    gives = sort_cards(set(state.seats[seat].hand))
    takes = draw_choices(state)
    return [Exchange(g, src, colour) for g in gives for src, colour in takes]


_Handler = Callable[[State, int, ChinaAction], Outcome]
_HANDLERS: dict[str, dict[type, _Handler]] = {
    "action": {Place: _apply_place, Exchange: _apply_exchange, Pass: _apply_pass},
    "refill": {Draw: _apply_draw},
}
_WRONG_PHASE = {
    "action": "You draw cards only after placing pieces.",
    "refill": "Refill your hand first: draw from the deck or take a face-up card.",
}

GAME = China()
