"""Build Chinatown scenario states in the spec's terms, through ``GAME.load`` (so invariants are checked),
and drive games with short helpers."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.games.base import Event
from bot.games.chinatown import GAME
from bot.games.chinatown.data import BOARD, LOTS, SHOP_INDEX, SHOPS, Phase, Shop, State
from bot.games.chinatown.errors import ChinatownError
from bot.games.chinatown.scoring import income

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]
ANN, BEN, CLEO, DAN, EVE = range(5)
START = BOARD.start_money


def scenario(
    players: int = 3,
    *,
    owners: Mapping[int, int] | None = None,
    tiles: Mapping[int, str] | None = None,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    cash: Mapping[int, int] | None = None,
    phase: Phase = Phase.TRADES,
    round_no: int = 2,
    first_player: int = 0,
    done: tuple[int, ...] = (),
    options: Mapping[str, Any] | None = None,
) -> State:
    """A state in ``phase`` of ``round_no`` with the given board, hands and cash (default $50,000 each).

    ``tiles`` maps lot -> shop id on the board, ``done`` lists seats that already ended their placement
    turn. Cash above the start money is booked as earlier income, so the money invariant holds.
    """
    base: State = GAME.new(players, 1, options)
    owner_list: list[int | None] = [None] * len(LOTS)
    tile_list: list[Shop | None] = [None] * len(LOTS)
    for number, owner in (owners or {}).items():
        owner_list[number - 1] = owner
    for number, shop_id in (tiles or {}).items():
        tile_list[number - 1] = Shop(shop_id)
    bag = list(base.bag)
    for placed in tile_list:
        if placed is not None:
            bag[SHOP_INDEX[placed]] -= 1
    balances: list[int] = [(cash or {}).get(s, START) for s in range(players)]
    surplus = sum(balances) - START * players
    assert surplus >= 0, "scenario cash below the start money in total"
    finished = round_no if phase is Phase.GAME_OVER else round_no - 1
    assert finished >= 1 or surplus == 0, "extra cash needs an earlier round to come from"
    seats = []
    for s, seat_state in enumerate(base.seats):
        held = [0] * len(SHOPS)
        for shop_id, count in (hands or {}).get(s, {}).items():
            held[SHOP_INDEX[Shop(shop_id)]] = count
            bag[SHOP_INDEX[Shop(shop_id)]] -= count
        paid = tuple([surplus if s == 0 else 0] + [0] * (finished - 1)) if finished else ()
        seats.append(
            replace(
                seat_state,
                cash=balances[s],
                hand=tuple(held),
                dealt=(),
                keep=None,
                ready=False,
                turn_done=s in done,
                batch=(),
                income=paid,
            )
        )
    state = replace(
        base,
        round=round_no,
        phase=phase,
        first_player=first_player,
        owners=tuple(owner_list),
        tiles=tuple(tile_list),
        deck=tuple(lot for lot in LOTS if owner_list[lot - 1] is None),
        bag=tuple(bag),
        seats=tuple(seats),
        offers=(),
    )
    return GAME.load(GAME.dump(state))


def act(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """Apply and check the round trip and that the input was not changed."""
    before = GAME.dump(state)
    after, events = GAME.apply(state, seat, action)
    assert GAME.dump(state) == before, "apply changed its input"
    assert GAME.load(GAME.dump(after)) == after
    return after, events


def refused(state: State, seat: int, action: Mapping[str, Any]) -> str:
    """The error code of an illegal action, checking that the state is unchanged."""
    before = GAME.dump(state)
    try:
        GAME.apply(state, seat, action)
    except ChinatownError as exc:
        assert GAME.dump(state) == before
        return exc.code
    raise AssertionError(f"{action} was accepted")


def lot(giver: int, receiver: int, number: int) -> dict[str, Any]:
    return {"from": giver, "to": receiver, "kind": "lot", "lot": number}


def tiles(giver: int, receiver: int, shop: str, count: int = 1) -> dict[str, Any]:
    return {"from": giver, "to": receiver, "kind": "tiles", "tile_type": shop, "count": count}


def money(giver: int, receiver: int, amount: int) -> dict[str, Any]:
    return {"from": giver, "to": receiver, "kind": "money", "amount": amount}


def propose(*legs: dict[str, Any], note: str = "") -> dict[str, Any]:
    return {"type": "propose", "legs": list(legs), "note": note}


def accept(offer: int, version: int = 1) -> dict[str, Any]:
    return {"type": "accept", "offer": offer, "version": version}


def place(number: int, shop: str) -> dict[str, Any]:
    return {"type": "place", "lot": number, "tile": shop}


READY = {"type": "ready", "ready": True}
END_TURN = {"type": "end_turn"}


def offer(state: State, offer_id: int) -> Any:
    return next(o for o in state.offers if o.id == offer_id)


def income_of(holdings: Mapping[str, list[int]]) -> int:
    """One owner's income for ``{shop: [lots]}`` on an otherwise empty board."""
    owners = {number: 0 for lots in holdings.values() for number in lots}
    board = {number: shop for shop, lots in holdings.items() for number in lots}
    return income(scenario(3, owners=owners, tiles=board), 0)


def hand(state: State, seat: int) -> dict[str, int]:
    return {shop.value: n for shop, n in zip(SHOPS, state.seats[seat].hand, strict=True) if n}


def play_to_end(state: State, rng: random.Random, *, max_steps: int = 5000) -> tuple[State, list[State]]:
    """Play with the computer player for every seat; returns the final state and every state seen."""
    seen = [state]
    for _ in range(max_steps):
        if GAME.is_over(state):
            return state, seen
        seat = min(GAME.to_act(state))
        choice = GAME.choose_action(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state, _ = GAME.apply(state, seat, choice)
        seen.append(state)
    raise AssertionError("the game did not finish")
