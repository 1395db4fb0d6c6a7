"""The round's engine steps (§4): setup, the deal and secret keep (phase 1), the tile draw (phase 2),
income (phase 5) and the new year (phase 6).

Randomness: every shuffle and draw uses ``random.Random`` seeded from (seed, round, step), so a state is a
function of (players, seed, options, actions) and never has to store an RNG or a deck order.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.base import Event
from bot.games.base.language import trn
from bot.games.chinatown import scoring
from bot.games.chinatown.actions import Keep
from bot.games.chinatown.data import (
    BOARD,
    LOTS,
    SHOPS,
    ZODIAC,
    OfferStatus,
    Options,
    Phase,
    SeatState,
    State,
    hand_dict,
)
from bot.games.chinatown.errors import refuse


def _rng(state: State, step: str) -> random.Random:
    return random.Random(f"chinatown:{state.seed}:{state.round}:{step}")


def setup(players: int, seed: int, options: Options) -> State:
    """A fresh game (§4.4), already dealt for round 1."""
    if options.first_player_initial == "random":
        first = random.Random(f"chinatown:{seed}:first").randrange(players)  # [R4]
    else:
        first = int(options.first_player_initial)
    empty_hand = tuple(0 for _ in SHOPS)
    seat = SeatState(
        cash=BOARD.start_money, hand=empty_hand, dealt=(), keep=None, ready=False, turn_done=False, batch=(), income=()
    )
    state = State(
        num_players=players,
        seed=seed,
        options=options,
        round=1,
        phase=Phase.DEAL_BUILDINGS,
        first_player=first,
        owners=tuple(None for _ in LOTS),
        tiles=tuple(None for _ in LOTS),
        deck=LOTS,
        bag=tuple(BOARD.shops[shop].tiles for shop in SHOPS),
        seats=tuple(seat for _ in range(players)),
        offers=(),
        next_offer_id=1,
        resigned_order=(),
    )
    return deal(state, [])


def deal(state: State, events: list[Event]) -> State:
    """Phase 1 steps 1-2: shuffle the unowned lots and deal X cards to each seat in play [R6]."""
    spec = BOARD.round_spec(state.num_players, state.round)
    deck = list(state.deck)
    _rng(state, "deal").shuffle(deck)
    seats = list(state.seats)
    hands: dict[int, tuple[int, ...]] = {}
    for i, seat in enumerate(state.clockwise_from(state.first_player)):
        hands[seat] = tuple(sorted(deck[i * spec.deal : (i + 1) * spec.deal]))
        if len(hands[seat]) != spec.deal:  # the tables guarantee this never happens (§4.1)
            raise AssertionError("the deck ran short")
        seats[seat] = replace(seats[seat], dealt=hands[seat], keep=None, turn_done=False)
    rest = tuple(sorted(deck[len(hands) * spec.deal :]))
    events.append(
        Event(
            "deal",
            public={"round": state.round, "year": state.year(), "deal": spec.deal, "keep": spec.keep},
            private={seat: {"lots": list(cards)} for seat, cards in hands.items()},
        )
    )
    return replace(state, phase=Phase.DEAL_BUILDINGS, deck=rest, seats=tuple(seats))


def apply_keep(state: State, seat: int, action: Keep, events: list[Event]) -> State:
    """Phase 1 step 3: a secret and final choice of exactly Y dealt cards [R7]."""
    me = state.seats[seat]
    if me.keep is not None:
        raise refuse("ALREADY_KEPT")
    spec = BOARD.round_spec(state.num_players, state.round)
    chosen = tuple(sorted(set(action.lots)))
    if len(chosen) != len(action.lots) or len(chosen) != spec.keep or not set(chosen) <= set(me.dealt):
        raise refuse(
            "BAD_KEEP", trn("Keep exactly {n} card from the ones you were dealt.",
                            "Keep exactly {n} different cards from the ones you were dealt.", spec.keep)
        )
    seats = list(state.seats)
    seats[seat] = replace(me, keep=chosen)
    # Public: only the fact that the seat has chosen; the choice itself stays private until the reveal.
    events.append(Event("kept", public={"seat": seat}, private={seat: {"lots": list(chosen)}}))
    return replace(state, seats=tuple(seats))


def all_kept(state: State) -> bool:
    return all(state.seats[s].keep is not None for s in state.active)


def reveal_and_draw(state: State, events: list[Event]) -> State:
    """Phase 1 step 4 and phase 2: kept lots become owned, discards return unseen, then the draw."""
    owners = list(state.owners)
    deck = set(state.deck)
    seats = list(state.seats)
    kept: list[list[int] | None] = [None] * state.num_players
    for s in state.active:
        keep = seats[s].keep or ()
        for lot in keep:
            owners[lot - 1] = s
        deck |= set(seats[s].dealt) - set(keep)  # discards are never revealed [R8]
        kept[s] = list(keep)
        seats[s] = replace(seats[s], dealt=(), keep=None)
    events.append(Event("lots_kept", public={"round": state.round, "kept": kept}))
    state = replace(state, owners=tuple(owners), deck=tuple(sorted(deck)), seats=tuple(seats))
    return draw_tiles(state, events)


def draw_tiles(state: State, events: list[Event]) -> State:
    """Phase 2: each seat in turn order draws T tiles at random from the bag; all are revealed together."""
    count = BOARD.round_spec(state.num_players, state.round).tiles
    rng = _rng(state, "draw")
    bag = list(state.bag)
    seats = list(state.seats)
    draws: list[dict[str, int] | None] = [None] * state.num_players
    for s in state.clockwise_from(state.first_player):
        population = [i for i, n in enumerate(bag) for _ in range(n)]
        drawn = [0] * len(SHOPS)
        for i in rng.sample(population, min(count, len(population))):
            bag[i] -= 1
            drawn[i] += 1
        seats[s] = replace(seats[s], hand=tuple(h + d for h, d in zip(seats[s].hand, drawn, strict=True)))
        draws[s] = hand_dict(tuple(drawn))
    events.append(Event("tiles_drawn", public={"round": state.round, "draws": draws}))
    seats = [replace(seat, ready=False) for seat in seats]
    events.append(Event("phase", public={"phase": Phase.TRADES.value, "round": state.round}))
    return replace(state, phase=Phase.TRADES, bag=tuple(bag), seats=tuple(seats), offers=())


def pay_income_and_advance(state: State, events: list[Event]) -> State:
    """Phase 5 (income from the board, every round [R26]) and phase 6 (next year or the end)."""
    seats = list(state.seats)
    paid: list[int | None] = [None] * state.num_players
    for s, seat in enumerate(seats):
        amount = 0 if seat.resigned else scoring.income(state, s)
        seats[s] = replace(seat, cash=seat.cash + amount, income=(*seat.income, amount))
        paid[s] = None if seat.resigned else amount
    public: dict[str, object] = {"round": state.round, "year": state.year()}
    private: dict[int, dict[str, object]] = {}
    if state.options.announce_income == "public":  # [R27]
        public["income"] = paid
    else:
        private = {s: {"income": paid[s]} for s in state.active}
    events.append(Event("income", public=public, private=private))
    state = replace(state, seats=tuple(seats))
    if state.round == len(ZODIAC):
        return end_game(state, events)
    first = state.first_player
    if state.options.first_player_rotation == "rotate":  # [R5]
        first = state.clockwise_from((first + 1) % state.num_players)[0]
    state = replace(state, round=state.round + 1, first_player=first)
    events.append(Event("new_year", public={"round": state.round, "year": state.year(), "first_player": first}))
    return deal(state, events)


def end_game(state: State, events: list[Event]) -> State:
    """§8: the game ends and every player's cash is revealed."""
    seats = tuple(replace(seat, dealt=(), keep=None, batch=(), ready=False) for seat in state.seats)
    deck = set(state.deck)
    for seat in state.seats:
        deck |= set(seat.dealt)  # only when the game ends early, in phase 1
    offers = tuple(
        replace(o, status=OfferStatus.VOID, void_code="PHASE_ENDED") if o.status is OfferStatus.OPEN else o
        for o in state.offers
    )
    state = replace(state, phase=Phase.GAME_OVER, seats=seats, deck=tuple(sorted(deck)), offers=offers)
    events.append(
        Event(
            "game_over",
            public={
                "reason": "normal" if len(state.active) >= 2 else "resignation",
                "cash": [seat.cash for seat in state.seats],
                "tiles_on_board": [scoring.tiles_on_board(state, s) for s in range(state.num_players)],
                "ranking": list(scoring.ranking(state)),
            },
        )
    )
    return state
