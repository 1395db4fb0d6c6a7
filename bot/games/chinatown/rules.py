"""Chinatown (Karsten Hartwig, Z-Man 2014 rules), 3-5 players: the engine contract of bot/games/base/.

A round waits for players three times: the secret keep choice (phase 1), the open trading (phase 3) and
the placements (phase 4). Everything in between (reveal, tile draw, income, new year) runs in
``handlers.settle``.

Trading is open to everybody at once: ``to_act`` lists the seats the phase waits for (not yet done, or
owing an answer to an offer everybody sees: ``to_act`` is public), but ``apply`` takes trade commands from
any seat in play, so a player who is done may still withdraw, propose or answer [§5.6].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from bot.games.base import Action, Event, ModularGame, Modules, Option, Result, action_sort_key
from bot.games.base.language import mark
from bot.games.chinatown import ai, handlers, placement, rounds, scoring, serial, text, trading
from bot.games.chinatown.actions import (
    Accept,
    Cancel,
    EndTurn,
    Keep,
    Place,
    Ready,
    Reject,
)
from bot.games.chinatown.data import BOARD, LOTS, SHOP_INDEX, SHOPS, OfferStatus, Options, Phase, State
from bot.games.chinatown.schema import ChinatownView
from bot.games.chinatown.views import build_view

OPTIONS: tuple[Option, ...] = (
    Option(
        "first_player_initial",
        mark("First player"),
        ("random", 0, 1, 2, 3, 4),
        "random",
        mark("Who holds the First Player card in 1965: a player drawn at random, or the seat the host picks."),
    ),
    Option(
        "first_player_rotation",
        mark("First Player card"),
        ("rotate", "fixed"),
        "rotate",
        mark("Whether the First Player card passes to the next player every year or stays all game."),
    ),
    Option(
        "money_unit",
        mark("Money unit"),
        (10_000, 1_000),
        10_000,
        mark("Trades move money in multiples of this amount."),
    ),
    Option(
        "ready_reset_scope",
        mark("After a trade, back to trading"),
        ("all", "participants"),
        "all",
        mark("Who is put back to trading when a trade is carried out: everybody, or only its players."),
    ),
    Option(
        "offer_visibility",
        mark("Open offers are seen by"),
        ("public", "participants"),
        "public",
        mark("Who sees an offer while it is open: everybody, or only the players in it."),
    ),
    Option(
        "announce_trade_money",
        mark("Announce trade money"),
        (True, False),
        True,
        mark("Whether everybody sees the money in offers and trades, or only the players of each trade."),
    ),
    Option(
        "placement_mode",
        mark("Placement"),
        ("sequential", "simultaneous"),
        "sequential",
        mark("Whether players build one after another or all at once in secret."),
    ),
    Option(
        "announce_income",
        mark("Income announcement"),
        ("public", "private"),
        "public",
        mark("Whether every player's yearly income is told in the thread, or each player hears only their own."),
    ),
)

class Chinatown(ModularGame[State, ChinatownView]):
    menu_order = 4  # its place in the menus
    modules: Modules[State, ChinatownView] = Modules(handlers, serial, text, ai)
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
    def can_take_back(
        self, before: State, seat: int, action: Mapping[str, Any], after: State, events: Sequence[Event]
    ) -> bool:
        """A shop tile placed on one's own lot, until the player ends their placing turn (after that the next
        player builds, or, played simultaneously, the batches are revealed): the tile goes back to the hand.
        Never a keep choice, anything of trading (a completed trade least of all) nor the end of the turn.
        (The printed rule that a placement is permanent [R20] is about a turn that is over.)"""
        return (
            action.get("type") == Place.TYPE
            and before.phase is Phase.PLACE_TILES
            and after.phase is Phase.PLACE_TILES
            and seat in self.to_act(after)
            and all(event.type in ("placed", "batched") for event in events)
        )

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

    def opens_turn(self, before: State, after: State) -> bool:
        """The trading phase is one turn [R17]: offers have their own messages, and a trade or a "done trading"
        taken back un-readies seats without opening a new one (one board message, edited as trades go)."""
        if before.phase is Phase.TRADES and after.phase is Phase.TRADES:
            return False
        return super().opens_turn(before, after)

    def newly_waiting(self, before: State, after: State, seat: int) -> frozenset[int]:
        """A completed trade un-readies every seat [R17], but tells only its parties (besides the one whose
        answer completed it) and seats that newly owe an answer: the others' decision did not change."""
        newly = super().newly_waiting(before, after, seat)
        if before.phase is not Phase.TRADES or after.phase is not Phase.TRADES:
            return newly
        return trading.told_of_trades(before, after, seat, newly, self.to_act(after))

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

    def end_trades(self, state: State) -> tuple[State, list[Event]]:
        """Close trading now: the host's force-end or an expired ``trade_time_limit`` [R17]."""
        return handlers.end_trades(state)

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
    def view(self, state: State, seat: int | None) -> ChinatownView:
        if seat is not None and not 0 <= seat < state.num_players:
            raise ValueError(f"no seat {seat} in this game")
        sequential_turn = state.phase is Phase.PLACE_TILES and not placement.simultaneous(state)
        turn = placement.turn(state) if sequential_turn else None
        return build_view(state, seat, sorted(self.to_act(state)), turn)

    def is_over(self, state: State) -> bool:
        return state.phase is Phase.GAME_OVER

    def result(self, state: State) -> Result:
        if state.phase is not Phase.GAME_OVER:
            raise ValueError("the game is not over")
        return scoring.final_result(state)

    # -- the story of a game -----------------------------------------------------------------------
    def running_scores(self, state: State) -> tuple[int, ...]:
        """The income the board has paid each player so far: it follows from the public board and is in every
        view once the game is over, while cash stays secret during play and trades' money may stay known to
        their parties only (R19, R30)."""
        return tuple(sum(seat.income) for seat in state.seats)

    def score_caption(self) -> str:
        return text.score_caption()

    def scoring_moment(self, state: State, events: Sequence[Event]) -> str | None:
        years = [int(event.public["year"]) for event in events if event.type == "income"]
        return text.scoring_moment(years[-1]) if years else None

    def load(self, data: Mapping[str, Any]) -> State:
        state = serial.load(data)
        try:
            self._options(state.num_players, state.options.to_dict())
        except ValueError as exc:
            raise ValueError(f"invariant broken: options are valid ({exc})") from exc
        return state


GAME = Chinatown()
