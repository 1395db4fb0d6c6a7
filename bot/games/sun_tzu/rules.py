"""Sun Tzu for two players: the engine contract (bot/games/base/) over the modules of this package.

Phase 2 is simultaneous and secret: ``to_act`` holds the seats still to commit. A seat that has
committed leaves ``to_act`` (so a computer seat never spins) but ``apply`` still accepts a replacement
assignment from it until the other commits too (R2); likewise exceptional support from either seat at
any pause (spec §4.9). ``legal_actions`` lists moves only for seats in ``to_act``, support included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import JSON, Action, Event, ModularGame, Modules, Option, Result, action_sort_key
from bot.games.base.language import mark
from bot.games.sun_tzu import ai, handlers, legal, scoring, serial, setup, text, turns, views
from bot.games.sun_tzu.schema import SunTzuView
from bot.games.sun_tzu.state import Stage, State


class SunTzu(ModularGame[State, SunTzuView]):
    menu_order = 3  # its place in the menus
    modules: Modules[State, SunTzuView] = Modules(handlers, serial, text, ai)
    key = "sun_tzu"
    title = mark("Sun Tzu")
    min_players = 2
    max_players = 2
    options = (
        Option("beginner", mark("Beginner game"), (False, True), False,
               mark("A first game: no +2 or +3 cards, no warlords.")),
        Option("warlords", mark("Warlords"), (True, False), True, mark("Each player keeps one secret warlord.")),
        Option("events", mark("Events"), (False, True), False, mark("Five event cards, one face up at a time.")),
        Option(
            "plague_rounding",
            mark("Plague rounding"),
            ("down_min1", "up"),
            "down_min1",
            mark("A Plague leaves half the armies, rounded down but at least 1, or rounded up."),
        ),
        Option(
            "cap_at_six_target",
            mark("Cap at Six targets"),
            ("opponent", "own"),
            "opponent",
            mark("Whose printed 7, 8, 9 or 10 blue's Cap at Six warlord turns into a 6."),
        ),
        Option("adjacency", mark("Adjacency"), ("geographic", "chain"), "geographic",
               mark("Which provinces border each other.")),
        Option(
            "colour_assignment",
            mark("Colours"),
            ("random", "seat_order"),
            "random",
            mark("Who plays blue (Sun Tzu) and who plays red (the King of Chu)."),
        ),
    )

    # -- the contract ----------------------------------------------------------------------------
    def resolve_options(self, given: Mapping[str, Any] | None = None) -> JSON:
        """As the base, but the beginner game turns warlords off, and refuses an explicit ``warlords=True``
        (§8.2), so a resolved option set always describes the game that is played."""
        resolved = super().resolve_options(given)
        if resolved["beginner"]:
            if dict(given or {}).get("warlords") is True:
                raise ValueError("The beginner game is played without warlords: turn the warlords option off.")
            resolved["warlords"] = False
        return resolved

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        self.check_players(players)
        opts = setup.make_options(self.resolve_options(options))
        state, _ = setup.new_state(seed, opts)
        return state

    def can_take_back(
        self, before: State, seat: int, action: Mapping[str, Any], after: State, events: Sequence[Event]
    ) -> bool:
        """Nothing: a player's orders (the secret commitments) may already be changed freely until both are
        in and they are revealed, and every other decision (a warlord, support, a reaction, sourcing a card)
        either shows something to the opponent or answers what they showed. A misclick on committed orders is
        mended by committing again."""
        return False

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset(state.side(c).seat for c in turns.waiting(state))

    def can_act(self, state: State, seat: int) -> bool:
        """A committed seat may still change its assignment, and exceptional support is allowed at any time
        (spec 4.9): both seats may send actions while the game runs; apply refuses what does not fit."""
        return state.stage is not Stage.OVER and seat in (0, 1)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        colour = state.colour_of(seat)
        if colour not in turns.waiting(state):
            return []
        found = [a.to_dict() for a in legal.decisions(state, colour)]
        found += [a.to_dict() for a in legal.support_cards(state, colour)]
        return sorted(found, key=action_sort_key)

    def forced_action(self, state: State, seat: int) -> Action | None:
        """Passing in a warlord window with no warlord left: the unused warlords are counted in public, so
        everybody sees there was nothing to use. A seat still holding a hidden warlord is asked (it may hold
        one it cannot use now, which is its secret)."""
        colour = state.colour_of(seat)
        if state.stage not in (Stage.W1, Stage.W2) or seat not in self.to_act(state):
            return None
        if state.side(colour).warlords_held:
            return None
        decisions = legal.decisions(state, colour)
        return decisions[0].to_dict() if len(decisions) == 1 else None

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """A move blind to the seat's hidden cards: pass, continue, decline, board order, or 1-5 in order."""
        if seat not in self.to_act(state):
            return None
        blind = legal.blind_move(state, state.colour_of(seat))
        return None if blind is None else blind.to_dict()

    def view(self, state: State, seat: int | None) -> SunTzuView:
        return views.view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.stage is Stage.OVER

    def score_text(self, score: int) -> str:
        return text.score_text(score)  # the score marker, the game's own unit, not points

    def result(self, state: State) -> Result:
        if state.stage is not Stage.OVER:
            raise ValueError("The game is not over yet.")
        return scoring.result(state)

    # -- the story of a game -----------------------------------------------------------------------
    def running_scores(self, state: State) -> tuple[int, ...]:
        """The one score marker, counted from each player's side (as ``result().scores``): it is public."""
        return scoring.running(state)

    def score_caption(self) -> str:
        return text.score_caption()

    def scoring_moment(self, state: State, events: Sequence[Event]) -> str | None:
        rounds = [int(event.public["round"]) for event in events if event.type == "scored"]
        return text.scoring_moment(rounds[-1]) if rounds else None


GAME = SunTzu()
