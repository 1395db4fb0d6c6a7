"""The Great Wall of China (Reiner Knizia) behind the engine contract of ``bot.games.base``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import Action, Event, ModularGame, Modules, Option, Result
from bot.games.base.language import mark, trn
from bot.games.great_wall import ai, handlers, serial, text
from bot.games.great_wall.actions import Claim, Draw
from bot.games.great_wall.data import KEEP_RANK, RENUMBER, Options, Phase, State
from bot.games.great_wall.flow import new_state
from bot.games.great_wall.legal import legal_actions, legal_moves
from bot.games.great_wall.schema import GreatWallView
from bot.games.great_wall.scoring import result, scores
from bot.games.great_wall.views import build_view


class GreatWall(ModularGame[State, GreatWallView]):
    menu_order = 2  # its place in the menus
    modules: Modules[State, GreatWallView] = Modules(handlers, serial, text, ai)
    key = "great_wall"
    title = mark("The Great Wall of China")
    min_players = 2
    max_players = 5
    options = (
        Option(
            "first_seat",
            mark("Start player"),
            (None, 0, 1, 2, 3, 4),
            None,
            mark("Who starts: a player drawn at random, or the player in the seat you choose."),
        ),
        Option(
            "infantry_covered",
            mark("Covered Infantry"),
            (KEEP_RANK, RENUMBER),
            KEEP_RANK,
            mark("How an Infantry covered by a Dragon counts for the Infantry played after it."),
        ),
        Option(
            "open_scores",
            mark("Open scores"),
            (False, True),
            False,
            mark("Whether everybody sees all the scoring markers during play, or only their own."),
        ),
    )

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        self.check_players(players)
        resolved = self.resolve_options(options)
        first = resolved["first_seat"]
        if first is not None and first >= players:
            raise ValueError(f"Seat {first + 1} cannot start a game of {players} players.")
        return new_state(players, seed, Options(first, resolved["infantry_covered"], resolved["open_scores"]))

    def score_text(self, score: int) -> str:
        return trn("{n} point", "{n} points", score)

    def can_take_back(
        self, before: State, seat: int, action: Mapping[str, Any], after: State, events: Sequence[Event]
    ) -> bool:
        """A play of cards from the hand while the turn goes on (the player still has an action, nothing to
        claim): the cards were the player's own and go back to the hand. Never a draw (it shows the player a
        card), a first-marker claim, nor a play that ends the turn, completes a section or the game."""
        return (
            action.get("type") == "play"
            and before.phase is Phase.ACTIONS
            and after.phase is Phase.ACTIONS
            and after.active == seat
            and after.pending is None
            and all(event.type == "play" for event in events)
        )

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.active is None else frozenset({state.active})

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """Blind to the hand: a pending first-marker claim takes the lowest marker on the earliest card (both
        public), and an action is a draw while the deck lasts. With an empty deck every move reveals the hand,
        so there is no safe move (None)."""
        if seat not in self.to_act(state):
            return None
        moves = legal_moves(state, seat)
        if state.pending is not None:
            claims = [move for move in moves if isinstance(move, Claim)]
            return min(claims, key=lambda claim: (claim.marker, claim.card)).to_dict()
        return Draw().to_dict() if Draw() in moves else None

    def view(self, state: State, seat: int | None) -> GreatWallView:
        return build_view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase is Phase.OVER

    def result(self, state: State) -> Result:
        if state.phase is not Phase.OVER:
            raise ValueError("The game is not over yet.")
        return result(state)

    # -- the story of a game -----------------------------------------------------------------------
    def running_scores(self, state: State) -> tuple[int, ...]:
        """The markers in front of each player: every claim was made face up (R33), and all are shown at the
        end."""
        return scores(state)

    def scoring_moment(self, state: State, events: Sequence[Event]) -> str | None:
        """The sections completed, numbered in the order sections were completed (each completion hands out two
        markers): the slots are reused, so a slot's number would not tell the scorings apart."""
        completed = sum(1 for event in events if event.type == "section_completed")
        if not completed:
            return None
        total = sum(len(seat.scored) for seat in state.seats) // 2
        return text.scoring_moment(total - completed + 1, total)


GAME = GreatWall()

__all__ = ["GAME", "GreatWall"]
