"""High Lantern, the toy game: the fewest rules a game of this bot can have, with hidden hands.

Every player is dealt ``HAND`` cards from a deck numbered 1..``HAND`` x players. In turn each plays one card
face up; when every player still in has played, the highest card wins the trick (a point) and its player
leads the next. The game ends when the hands are empty, or fewer than two players are left. Only a seat's
own hand is hidden; the deck is dealt out entirely, so nothing else is.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.base import Event, Game, IllegalAction, Result
from bot.games.base.contract import JSON, Action, check_choice, competition_ranking
from bot.games.base.leaving import left_event, ran_out_of_time
from bot.games.base.snapshots import check_format

HAND = 8
FORMAT = 1


@dataclass(frozen=True)
class State:
    players: int
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card) in the order played
    tricks: tuple[int, ...]  # tricks won per seat
    turn: int  # the seat to play; -1 when the game is over
    left: tuple[bool, ...]  # seats that resigned or ran out of time
    timed_out: tuple[bool, ...]


def _next(state: State, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if not state.left[candidate]:
            return candidate
    return -1


def _playing(state: State) -> int:
    return sum(1 for gone in state.left if not gone)


def _end_if_done(state: State) -> State:
    if _playing(state) < 2 or all(not hand for seat, hand in enumerate(state.hands) if not state.left[seat]):
        return replace(state, turn=-1, trick=())
    return state


class HighLantern(Game):
    key = "toy"
    title = "High Lantern"
    min_players = 2
    max_players = 4
    menu_order = 1000  # after every real game

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        self.check_players(players)
        self.resolve_options(options)
        deck = list(range(1, HAND * players + 1))
        random.Random(seed).shuffle(deck)
        hands = tuple(tuple(sorted(deck[i * HAND:(i + 1) * HAND])) for i in range(players))
        none = (False,) * players
        return State(players, hands, (), (0,) * players, 0, none, none)

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if state.turn < 0 else frozenset({state.turn})

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != state.turn:
            return []
        return [{"type": "play", "card": card} for card in state.hands[seat]]

    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
        if state.turn < 0:
            raise IllegalAction("The game is over.")
        if seat != state.turn:
            raise IllegalAction("It is not your turn.")
        card = action.get("card")
        if action.get("type") != "play" or not isinstance(card, int) or card not in state.hands[seat]:
            raise IllegalAction("Play a card from your hand.")
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        events = [Event("played", {"seat": seat, "card": card})]
        state = replace(state, hands=tuple(hands), trick=(*state.trick, (seat, card)))
        return self._settle(state, _next(state, seat), events), events

    def _settle(self, state: State, following: int, events: list[Event]) -> State:
        """The trick won once every player still in has played; else ``following`` plays next."""
        played = {s for s, _ in state.trick}
        if not all(s in played for s in range(state.players) if not state.left[s]):
            return _end_if_done(replace(state, turn=following))
        winner, _card = max(state.trick, key=lambda entry: entry[1])
        tricks = list(state.tricks)
        tricks[winner] += 1
        events.append(Event("trick", {"seat": winner, "cards": [c for _, c in state.trick]}))
        leader = winner if not state.left[winner] else _next(state, winner)
        return _end_if_done(replace(state, trick=(), tricks=tuple(tricks), turn=leader))

    def resign(self, state: State, seat: int, *, timed_out: bool = False) -> tuple[State, list[Event]]:
        if state.turn < 0:
            raise IllegalAction("The game is over.")
        if not 0 <= seat < state.players or state.left[seat]:
            raise IllegalAction("You are not playing in this game any more.")
        left = tuple(gone or s == seat for s, gone in enumerate(state.left))
        late = tuple(late or (s == seat and timed_out) for s, late in enumerate(state.timed_out))
        events = [left_event("resigned", seat, timed_out)]
        state = replace(state, left=left, timed_out=late)
        if _playing(state) < 2:
            return replace(state, turn=-1, trick=()), events
        # A card it already played stays in the trick; the trick may now be complete without it.
        return self._settle(state, _next(state, seat) if state.turn == seat else state.turn, events), events

    def view(self, state: State, seat: int | None) -> JSON:
        view: JSON = {
            "key": self.key,
            "seats": [self._seat(state, s) for s in range(state.players)],
            "trick": [[s, c] for s, c in state.trick],
            "turn": state.turn,
            "result": self.result(state).to_dict() if self.is_over(state) else None,
        }
        if seat is not None:
            view["seat"] = seat
            view["hand"] = list(state.hands[seat])
        return view

    @staticmethod
    def _seat(state: State, seat: int) -> JSON:
        public: JSON = {"cards": len(state.hands[seat]), "tricks": state.tricks[seat], "left": state.left[seat]}
        if state.timed_out[seat]:
            public["timed_out"] = True
        return public

    def is_over(self, state: State) -> bool:
        return state.turn < 0

    def result(self, state: State) -> Result:
        keys = [(not state.left[s], state.tricks[s]) for s in range(state.players)]
        breakdown = tuple({"tricks": n, "total": n} for n in state.tricks)
        reason = "resignation" if any(state.left) else "normal"
        return Result(state.tricks, competition_ranking(keys), breakdown, reason)

    def running_scores(self, state: State) -> tuple[int, ...]:
        return state.tricks  # every trick is won in the open

    def scoring_moment(self, state: State, events: Sequence[Event]) -> str | None:
        if not any(event.type == "trick" for event in events):
            return None
        return f"Trick {sum(state.tricks)}"

    def dump(self, state: State) -> JSON:
        data: JSON = {
            "format": FORMAT, "players": state.players, "hands": [list(h) for h in state.hands],
            "trick": [list(e) for e in state.trick], "tricks": list(state.tricks), "turn": state.turn,
            "left": list(state.left),
        }
        if any(state.timed_out):  # snapshots without a timeout keep their old form
            data["timed_out"] = list(state.timed_out)
        return data

    def load(self, data: Mapping[str, Any]) -> State:
        check_format(data, FORMAT)
        players = int(data["players"])
        return State(
            players, tuple(tuple(h) for h in data["hands"]), tuple((s, c) for s, c in data["trick"]),
            tuple(data["tricks"]), int(data["turn"]), tuple(data["left"]),
            tuple(data.get("timed_out", (False,) * players)),
        )

    def describe(self, event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
        who = names[event.public["seat"]]
        if event.type == "played":
            return f"{who} plays {event.public['card']}."
        if event.type == "trick":
            return f"{who} wins the trick ({', '.join(map(str, event.public['cards']))})."
        if event.type == "resigned":
            return ran_out_of_time(who) if event.public.get("timed_out") else f"{who} resigns."
        return None

    def action_label(self, action: Mapping[str, Any]) -> str:
        return f"Play {action['card']}"

    def choose_action(self, view: JSON, legal: Sequence[Action], rng: random.Random, level: str = "easy") -> Action:
        check_choice(level, legal)
        if level == "easy":
            return dict(rng.choice(list(legal)))
        best = max((c for _, c in view["trick"]), default=0)
        winners = [a for a in legal if a["card"] > best]
        return dict(min(winners, key=lambda a: a["card"]) if winners else min(legal, key=lambda a: a["card"]))


GAME = HighLantern()
