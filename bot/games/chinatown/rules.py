"""Chinatown (Karsten Hartwig, Z-Man 2014 rules), 3-5 players: the engine contract of bot/games/base.py.

A round waits for players three times: the secret keep choice (phase 1), the open trading (phase 3) and
the placements (phase 4). Everything in between (reveal, tile draw, income, new year) runs in ``_settle``.

Trading is open to everybody at once: ``to_act`` lists the seats the phase waits for (not yet done, or
owing an answer to an offer everybody sees: ``to_act`` is public), but ``apply`` takes trade commands from
any seat in play, so a player who is done may still withdraw, propose or answer [§5.6].
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from bot.games.base import JSON, Action, Event, Game, IllegalAction, Option, Result, action_sort_key
from bot.games.chinatown import ai, placement, rounds, scoring, serial, text, trading
from bot.games.chinatown.actions import (
    TRADE_KINDS,
    Accept,
    Cancel,
    Edit,
    EndTurn,
    Keep,
    Place,
    Propose,
    Ready,
    Reject,
    from_dict,
)
from bot.games.chinatown.data import BOARD, LOTS, SHOP_INDEX, SHOPS, OfferStatus, Options, Phase, State
from bot.games.chinatown.errors import refuse
from bot.games.chinatown.views import build_view, remember_move

OPTIONS: tuple[Option, ...] = (
    Option(
        "first_player_initial",
        "First player",
        ("random", 0, 1, 2, 3, 4),
        "random",
        "Who holds the First Player card in 1965: a player drawn at random, or the seat the host picks.",
    ),
    Option(
        "first_player_rotation",
        "First Player card",
        ("rotate", "fixed"),
        "rotate",
        "Whether the First Player card passes to the next player every year or stays all game.",
    ),
    Option("money_unit", "Money unit", (10_000, 1_000), 10_000, "Trades move money in multiples of this amount."),
    Option(
        "ready_reset_scope",
        "After a trade, back to trading",
        ("all", "participants"),
        "all",
        "Who is put back to trading when a trade is carried out: everybody, or only its players.",
    ),
    Option(
        "offer_visibility",
        "Open offers are seen by",
        ("public", "participants"),
        "public",
        "Who sees an offer while it is open: everybody, or only the players in it.",
    ),
    Option(
        "announce_trade_money",
        "Announce trade money",
        (True, False),
        True,
        "Whether everybody sees the money in offers and trades, or only the players of each trade.",
    ),
    Option(
        "placement_mode",
        "Placement",
        ("sequential", "simultaneous"),
        "sequential",
        "Whether players build one after another or all at once in secret.",
    ),
    Option(
        "announce_income",
        "Income announcement",
        ("public", "private"),
        "public",
        "Whether every player's yearly income is told in the thread, or each player hears only their own.",
    ),
)

Handler = Callable[[State, int, Any, list[Event]], State]

# One table per phase: the action kinds the phase accepts and their rule.
PHASE_ACTIONS: dict[Phase, dict[str, Handler]] = {
    Phase.DEAL_BUILDINGS: {Keep.TYPE: rounds.apply_keep},
    Phase.TRADES: {
        Propose.TYPE: trading.apply_propose,
        Edit.TYPE: trading.apply_edit,
        Accept.TYPE: trading.apply_accept,
        Reject.TYPE: trading.apply_reject,
        Cancel.TYPE: trading.apply_cancel,
        Ready.TYPE: trading.apply_ready,
    },
    Phase.PLACE_TILES: {Place.TYPE: placement.apply_place, EndTurn.TYPE: placement.apply_end_turn},
    Phase.GAME_OVER: {},
}


def _settle(state: State, events: list[Event]) -> State:
    """Run every engine step that waits for nobody, until a phase waits for a player or the game ends."""
    while state.phase is not Phase.GAME_OVER:
        if len(state.active) < 2:
            return rounds.end_game(state, events)
        if state.phase is Phase.DEAL_BUILDINGS and rounds.all_kept(state):
            state = rounds.reveal_and_draw(state, events)
        elif state.phase is Phase.TRADES and trading.all_ready(state):
            state = trading.end_trades(state, events)
        elif state.phase is Phase.PLACE_TILES and placement.all_done(state):
            if placement.simultaneous(state):
                state = placement.reveal_batches(state, events)
            state = rounds.pay_income_and_advance(state, events)
        else:
            break
    return state


class Chinatown(Game):
    key = "chinatown"
    title = "Chinatown"
    min_players = 3
    max_players = 5
    options = OPTIONS

    # -- setup -----------------------------------------------------------------------------------
    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        self.check_players(players)
        return rounds.setup(players, seed, self._options(players, options))

    def _options(self, players: int, given: Mapping[str, Any] | None) -> Options:
        resolved = self.resolve_options(given)
        first = resolved["first_player_initial"]
        if first != "random" and (isinstance(first, bool) or not 0 <= first < players):
            raise ValueError(f"The first player must be one of the {players} seats.")
        resolved["announce_trade_money"] = bool(resolved["announce_trade_money"])
        return Options(**resolved)

    def score_text(self, score: int) -> str:
        return f"${score:,}"  # the score is the player's money

    # -- whose move ------------------------------------------------------------------------------
    def to_act(self, state: State) -> frozenset[int]:
        if state.phase is Phase.DEAL_BUILDINGS:
            return frozenset(s for s in state.active if state.seats[s].keep is None)
        if state.phase is Phase.TRADES:
            return frozenset(s for s in state.active if trading.waited_for(state, s))
        if state.phase is Phase.PLACE_TILES:
            if placement.simultaneous(state):
                return frozenset(s for s in state.active if not state.seats[s].turn_done)
            turn = placement.turn(state)
            return frozenset() if turn is None else frozenset({turn})
        return frozenset()

    def can_act(self, state: State, seat: int) -> bool:
        """Trading is open to every seat still in the game, done or not: a done player may still propose,
        answer or withdraw an offer (which makes them not done again)."""
        if state.phase is Phase.TRADES:
            return seat in state.active
        return seat in self.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return sorted(self._legal(state, seat), key=action_sort_key)

    def _legal(self, state: State, seat: int) -> list[Action]:
        me = state.seats[seat]
        if state.phase is Phase.DEAL_BUILDINGS:
            keep = BOARD.round_spec(state.num_players, state.round).keep
            return [Keep(lots).to_dict() for lots in combinations(me.dealt, keep)]
        if state.phase is Phase.TRADES:
            legal: list[Action] = [Ready(not me.ready).to_dict()]
            for offer in state.offers:
                if offer.status is not OfferStatus.OPEN or seat not in offer.participants:
                    continue
                if seat not in offer.accepted and not trading.check_offer(state, offer.legs, None, (seat,)):
                    legal.append(Accept(offer.id, offer.version).to_dict())
                legal.append(Reject(offer.id).to_dict())
                if offer.author == seat:
                    legal.append(Cancel(offer.id).to_dict())
            return legal
        places = [
            Place(lot, shop).to_dict()
            for lot in LOTS
            if state.owner(lot) == seat
            for shop in SHOPS
            if me.hand[SHOP_INDEX[shop]] and placement.can_place(state, seat, lot, shop) is None
        ]
        return [*places, EndTurn().to_dict()]

    # -- moves -----------------------------------------------------------------------------------
    def _playing_seat(self, state: State, seat: int) -> None:
        if state.phase is Phase.GAME_OVER:
            raise refuse("GAME_OVER")
        if not isinstance(seat, int) or not 0 <= seat < state.num_players:
            raise IllegalAction("There is no such seat in this game.")
        if state.seats[seat].resigned:
            raise refuse("RESIGNED")

    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
        self._playing_seat(state, seat)
        parsed = from_dict(action)
        handler = PHASE_ACTIONS[state.phase].get(parsed.TYPE)
        if handler is None:
            detail = "Trading is only possible in the trading phase." if parsed.TYPE in TRADE_KINDS else None
            raise refuse("WRONG_PHASE", detail)  # e.g. no trade during the deal or placement [R10]
        events: list[Event] = []
        new = _settle(handler(state, seat, parsed, events), events)
        return remember_move(new, seat, events), events

    def resign(self, state: State, seat: int) -> tuple[State, list[Event]]:
        self._playing_seat(state, seat)
        me = state.seats[seat]
        events = [Event("resigned", public={"seat": seat})]
        seats = list(state.seats)
        # Unresolved cards go back to the deck unseen; placed tiles and owned lots stay on the board.
        seats[seat] = replace(me, resigned=True, dealt=(), keep=None, ready=False, turn_done=False, batch=())
        state = replace(
            state,
            seats=tuple(seats),
            deck=tuple(sorted({*state.deck, *me.dealt})),
            resigned_order=(*state.resigned_order, seat),
        )
        if state.first_player == seat and state.active:
            state = replace(state, first_player=state.clockwise_from(seat)[0])
        for offer in state.offers:
            if offer.status is OfferStatus.OPEN and seat in offer.participants:
                state = trading.void(state, offer, trading.Failure("PLAYER_LEFT", seat), events)
        return remember_move(_settle(state, events), seat, events), events

    def end_trades(self, state: State) -> tuple[State, list[Event]]:
        """Close trading now: the host's force-end or an expired ``trade_time_limit`` [R17]."""
        if state.phase is not Phase.TRADES:
            raise refuse("WRONG_PHASE")
        events: list[Event] = []
        state = _settle(trading.end_trades(state, events), events)
        return state, events

    def forced_action(self, state: State, seat: int) -> Action | None:
        """Ending a placement turn with no tile that fits any own empty lot: tiles in hand and lots are
        public, so everybody sees there was nothing to build. Not after private batches (simultaneous
        placement): whether a batch used every tile is the seat's secret."""
        if state.phase is not Phase.PLACE_TILES or seat not in self.to_act(state) or state.seats[seat].batch:
            return None
        legal = self._legal(state, seat)
        return legal[0] if len(legal) == 1 else None

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """What a seat does when its time runs out: keep the Y lowest-numbered cards [R7], finish trading
        (declining what still waits for its answer), or end the placement turn [R21]."""
        if seat not in self.to_act(state):
            return None
        me = state.seats[seat]
        if state.phase is Phase.DEAL_BUILDINGS:
            keep = BOARD.round_spec(state.num_players, state.round).keep
            return Keep(me.dealt[:keep]).to_dict()
        if state.phase is Phase.TRADES:
            waiting = trading.awaiting(state, seat)
            return Reject(waiting[0].id).to_dict() if me.ready and waiting else Ready(True).to_dict()
        return EndTurn().to_dict()

    # -- views and results -----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> JSON:
        if seat is not None and not 0 <= seat < state.num_players:
            raise ValueError(f"no seat {seat} in this game")
        sequential_turn = state.phase is Phase.PLACE_TILES and not placement.simultaneous(state)
        turn = placement.turn(state) if sequential_turn else None
        return dict(build_view(state, seat, sorted(self.to_act(state)), turn))

    def is_over(self, state: State) -> bool:
        return state.phase is Phase.GAME_OVER

    def result(self, state: State) -> Result:
        if state.phase is not Phase.GAME_OVER:
            raise ValueError("the game is not over")
        return scoring.final_result(state)

    def dump(self, state: State) -> JSON:
        return serial.dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        state = serial.load(data)
        try:
            self._options(state.num_players, state.options.to_dict())
        except ValueError as exc:
            raise ValueError(f"invariant broken: options are valid ({exc})") from exc
        return state

    # -- words and computer players --------------------------------------------------------------
    def describe(self, event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
        return text.describe(event, names, seat)

    def action_label(self, action: Mapping[str, Any]) -> str:
        return text.action_label(action)

    def choose_action(self, view: JSON, legal: Sequence[Action], rng: random.Random, level: str = "easy") -> Action:
        return ai.choose(view, legal, rng, level)


GAME = Chinatown()
