"""China (Michael Schacht), 3 to 5 players: the engine contract of ``bot.games.base``.

Rules spec: docs/rules/china.md. Placement legality lives in ``placement``, the card flow in ``cards``,
turn ends and final scoring in ``flow``, applying actions in ``handlers``; this module sets up games and
lists legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import Action, Event, ModularGame, Modules, Option, Result
from bot.games.base.language import mark, tr
from bot.games.china import ai, handlers, serial, text, views
from bot.games.china.actions import Draw, Pass
from bot.games.china.cards import setup_rng
from bot.games.china.data import (
    COLOURS,
    DISPLAY_SIZE,
    EMISSARIES_PER_SEAT,
    HAND_SIZE,
    HOUSES_PER_SEAT,
    SIDES,
    SeatState,
    State,
    board,
    sort_cards,
)
from bot.games.china.flow import draw_actions, draw_choices, ranking
from bot.games.china.placement import placement_actions
from bot.games.china.schema import ChinaView

# Cards removed per colour by player count (§3).
_REMOVED_PER_COLOUR = {3: 2, 4: 1, 5: 0}
# The side each count plays on when the table left it to the engine ("auto"); 4 players may choose (R3).
_SIDES_ALLOWED = {3: ("3-4",), 4: SIDES, 5: ("4-5",)}
_AUTO_SIDE = {3: "3-4", 4: "4-5", 5: "4-5"}


#: What a placement that can be taken back tells: no card is drawn, the display does not change.
_PLACEMENT_EVENTS = frozenset({"played", "placed", "region_scored"})

class China(ModularGame[State, ChinaView]):
    menu_order = 1  # its place in the menus
    modules: Modules[State, ChinaView] = Modules(handlers, serial, text, ai)
    key = "china"
    title = "China"
    min_players = 3
    max_players = 5
    options = (
        Option(
            "board_side",
            mark("Board side"),
            ("auto", "3-4", "4-5"),
            "auto",
            help=mark(
                "Which side of the board: by the number of players, or the side you choose (only the roads differ)."
            ),
        ),
        Option("fortifications", mark("Fortifications (expert)"), (False, True), False,
               help=mark("Each player gets one fortification, which doubles the points of the house built with it.")),
    )

    # -- setup ---------------------------------------------------------------------------------
    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        self.check_players(players)
        resolved = self.resolve_options(options)
        side = resolved["board_side"]
        if side == "auto":
            side = _AUTO_SIDE[players]
        elif side not in _SIDES_ALLOWED[players]:
            raise ValueError(tr(
                "With {players} players China is played on the {side} side.", players=players, side=_AUTO_SIDE[players]
            ))
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
    def can_take_back(
        self, before: State, seat: int, action: Mapping[str, Any], after: State, events: Sequence[Event]
    ) -> bool:
        """A placement of pieces (and the scoring of a region it fills, which is open and certain) while the
        player still chooses what to draw: the cards go back to the hand, the pieces to the supply. Never a
        draw or an exchange (they take a card from the deck or change the display), a pass, nor a placement
        after which the hand was refilled by itself or the turn ended."""
        return (
            action.get("type") == "place"
            and before.phase == "action"
            and after.phase == "refill"
            and after.current == seat
            and all(event.type in _PLACEMENT_EVENTS for event in events)
        )

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.phase == "over" else frozenset({state.current})

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "refill":
            return draw_actions(state)
        # Placements come first in ``action_sort_key``'s order: their first field, "cards", sorts before
        # the first field of an exchange ("color" or "give").
        return [*placement_actions(state, seat), *handlers.exchange_actions(state, seat)] or [Pass().to_dict()]

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """A refill draw blind to the hand: the deck, or the first face-up colour once it is gone.
        Every placement or exchange depends on the hand, so a turn's main action has none."""
        if state.phase != "refill" or seat != state.current:
            return None
        source, colour = draw_choices(state)[0]
        return Draw(source, colour).to_dict()

    # -- views and results -----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> ChinaView:
        return views.build_view(state, seat, self.result(state) if state.phase == "over" else None)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> Result:
        if state.phase != "over":
            raise ValueError("The game is not over yet.")
        scores = tuple(st.score for st in state.seats)
        breakdown = tuple(serial.breakdown(st) for st in state.seats)
        reason = state.over_reason or "normal"
        return Result(scores=scores, ranking=ranking(state), breakdown=breakdown, reason=reason)

    # -- the story of a game -----------------------------------------------------------------------
    def running_scores(self, state: State) -> tuple[int, ...]:
        """The score track: every region scoring and the final scoring are public."""
        return tuple(st.score for st in state.seats)

    def scoring_moment(self, state: State, events: Sequence[Event]) -> str | None:
        return text.scoring_moment(events)


GAME = China()
