"""The "normal" computer player: plans with the expected-final-money model of ai_value.

- Keep (phase 1): determinized Monte Carlo. The other players' dealt cards, their keeps and this year's
  tile draw are hidden or still random; each of a fixed number of sampled futures (ai_sample) is run
  through the engine's own reveal-and-draw, and the keep with the best mean worth wins. The same samples
  serve every candidate, so candidates are compared on equal futures.
- Trading (phase 3): ai_trade answers offers and proposes a few of its own.
- Building (phase 4): the first placement of the greedy plan that joins and completes businesses.

The rng only seeds the samples, so the same (view, legal, rng) always gives the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.games.base import Event
from bot.games.base.language import tr
from bot.games.chinatown import rounds
from bot.games.chinatown.ai_sample import determinize
from bot.games.chinatown.ai_trade import judge, proposal
from bot.games.chinatown.ai_value import from_state, from_view, plan, worth
from bot.games.chinatown.data import State

KEEP_EVALUATIONS = 120  # sampled futures x candidate keeps, at most: 50-100 ms


def choose(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], rng: random.Random) -> dict[str, Any]:
    kinds = {action["type"] for action in legal}
    if "keep" in kinds:
        return _keep(view, legal, rng)
    if "end_turn" in kinds:
        return _build(view, legal)
    return _trade(view, legal)


def _keep(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], rng: random.Random) -> dict[str, Any]:
    if len(legal) == 1:
        return dict(legal[0])
    me = view["viewer"]
    local = random.Random(rng.getrandbits(64))
    samples = max(3, KEEP_EVALUATIONS // len(legal))
    futures = [_others_keep(determinize(view, local), me, local) for _ in range(samples)]
    best: tuple[float, int] | None = None
    for index, action in enumerate(legal):
        total = 0.0
        for state in futures:
            total += _worth_after_keep(state, me, tuple(action["lots"]))
        if best is None or total > best[0]:
            best = (total, index)
    assert best is not None
    return dict(legal[best[1]])


def _others_keep(state: State, me: int, rng: random.Random) -> State:
    """The other players' keeps in a sampled future (a random choice: the AI cannot know their minds)."""
    keep = len(state.seats[me].dealt) - 2
    seats = list(state.seats)
    for s, seat in enumerate(seats):
        if s != me and not seat.resigned and seat.keep is None and seat.dealt:
            seats[s] = replace(seat, keep=tuple(sorted(rng.sample(seat.dealt, keep))))
    return replace(state, seats=tuple(seats))


def _worth_after_keep(state: State, me: int, lots: tuple[int, ...]) -> float:
    seats = list(state.seats)
    seats[me] = replace(seats[me], keep=tuple(sorted(lots)))
    events: list[Event] = []
    drawn = rounds.reveal_and_draw(replace(state, seats=tuple(seats)), events)
    return worth(from_state(drawn), me)


def _build(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    placements = plan(from_view(view), view["viewer"]).placements
    if placements:
        lot, shop = placements[0]
        action = {"type": "place", "lot": lot, "tile": shop.value}
        if action in legal:
            return action
    return {"type": "end_turn"}


def _trade(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    me = view["viewer"]
    position = from_view(view)
    offers = {offer["id"]: offer for offer in view["offers"]}
    waiting = sorted({a["offer"] for a in legal if a["type"] in ("accept", "reject")})
    for offer_id in waiting:
        offer = offers[offer_id]
        if me in offer["accepted"]:
            continue
        accept = {"type": "accept", "offer": offer_id, "version": offer["version"]}
        yes, reason = judge(position, offer, me)
        if yes and accept in legal:
            return accept
        if accept not in legal:
            reason = tr("I cannot pay that.")
        return {"type": "reject", "offer": offer_id, "note": reason}
    offer = proposal(view, position, me)
    if offer is not None:
        return offer
    done = {"type": "ready", "ready": True}
    return done if done in legal else dict(legal[0])
