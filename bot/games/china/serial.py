"""Lossless JSON round trip of a China state, and the invariants ``load`` re-checks (§4.11).

``load`` raises ValueError naming the broken invariant, so a corrupt snapshot or a hand-written
scenario never gets into play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot.games.base import JSON, check_format
from bot.games.base.literals import one_of
from bot.games.china.data import (
    COLOURS,
    DISPLAY_SIZE,
    EMISSARIES_PER_SEAT,
    HAND_SIZE,
    HOUSES_PER_SEAT,
    SIDES,
    Colour,
    LastPlacement,
    ScoreEntry,
    SeatState,
    State,
    board,
    emissary_cap,
    region_houses,
    region_is_full,
    sort_cards,
)

FORMAT = 1


def _entry(e: ScoreEntry) -> JSON:
    return {"kind": e.kind, "ref": e.ref, "points": e.points, "doubled": e.doubled, "spaces": list(e.spaces)}


def breakdown(seat: SeatState) -> JSON:
    """A seat's score by category (regions + alliances + roads = total), every line, and the tie-break."""
    sums = {"regions": 0, "alliances": 0, "roads": 0}
    for e in seat.breakdown:
        sums[e.kind + "s"] += e.points
    return {
        **sums,
        "total": seat.score,
        "items": [_entry(e) for e in seat.breakdown],
        "tiebreak": {"supply": seat.supply},
    }


def dump(state: State) -> JSON:
    b = board()
    lp = state.last_placement
    return {
        "format": FORMAT,
        "players": state.players,
        "seed": state.seed,
        "board_side": state.board_side,
        "fortifications": state.fortifications,
        "start_seat": state.start_seat,
        "houses": {s: h for s, h in zip(b.spaces, state.houses, strict=True) if h is not None},
        "fortified": {s: f for s, f in zip(b.spaces, state.fortified, strict=True) if f is not None},
        "dragon": {r.id: list(d) for r, d in zip(b.regions, state.dragon, strict=True)},
        "scored": [r.id for r, sc in zip(b.regions, state.scored, strict=True) if sc],
        "seats": [
            {
                "houses": st.houses,
                "emissaries": st.emissaries,
                "fortifications": st.fortifications,
                "hand": [c.value for c in st.hand],
                "breakdown": [_entry(e) for e in st.breakdown],
                "resigned": st.resigned,
                # Only a seat that ran out of time has the key: older snapshots keep their form.
                **({"timed_out": True} if st.timed_out else {}),
            }
            for st in state.seats
        ],
        "deck": [c.value for c in state.deck],
        "display": [c.value for c in state.display],
        "discard": [c.value for c in state.discard],
        "removed": [c.value for c in state.removed],
        "exhaustions": state.exhaustions,
        "current": state.current,
        "phase": state.phase,
        "over_reason": state.over_reason,
        "last_placement": None
        if lp is None
        else {"seat": lp.seat, "region": lp.region, "spaces": list(lp.spaces), "emissaries": lp.emissaries},
    }


def load(data: Mapping[str, Any]) -> State:
    try:
        state = _parse(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"malformed China state: {exc!r}") from None
    check_invariants(state)
    return state


def _cards(raw: Any) -> tuple[Colour, ...]:
    return tuple(Colour(c) for c in raw)


def _seat_of(raw: Any) -> int | None:
    if raw is None:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise ValueError(f"not a seat: {raw!r}")
    return raw


def _parse(data: Mapping[str, Any]) -> State:
    check_format(data, FORMAT)
    b = board()
    players = int(data["players"])
    houses_raw: Mapping[str, Any] = data["houses"]
    fort_raw: Mapping[str, Any] = data["fortified"]
    for name, raw in (("houses", houses_raw), ("fortified", fort_raw)):
        unknown = set(raw) - set(b.spaces)
        if unknown:
            raise ValueError(f"{name} names unknown spaces {sorted(unknown)}")
    dragon_raw: Mapping[str, Any] = data["dragon"]
    if set(dragon_raw) != {r.id for r in b.regions}:
        raise ValueError("dragon must list every region")
    scored_raw = set(data["scored"])
    if scored_raw - {r.id for r in b.regions}:
        raise ValueError("scored names an unknown region")
    seats = []
    for raw in data["seats"]:
        seats.append(
            SeatState(
                houses=int(raw["houses"]),
                emissaries=int(raw["emissaries"]),
                fortifications=int(raw["fortifications"]),
                hand=sort_cards(_cards(raw["hand"])),
                breakdown=tuple(
                    ScoreEntry(e["kind"], str(e["ref"]), int(e["points"]), bool(e["doubled"]), tuple(e["spaces"]))
                    for e in raw["breakdown"]
                ),
                resigned=bool(raw["resigned"]),
                timed_out=bool(raw.get("timed_out", False)),
            )
        )
    lp_raw = data["last_placement"]
    last = None
    if lp_raw is not None:
        last = LastPlacement(
            int(lp_raw["seat"]), str(lp_raw["region"]), tuple(lp_raw["spaces"]), int(lp_raw["emissaries"])
        )
    return State(
        players=players,
        seed=int(data["seed"]),
        board_side=one_of(data["board_side"], SIDES, "board side"),
        fortifications=bool(data["fortifications"]),
        start_seat=int(data["start_seat"]),
        houses=tuple(_seat_of(houses_raw.get(s)) for s in b.spaces),
        fortified=tuple(_seat_of(fort_raw.get(s)) for s in b.spaces),
        dragon=tuple(tuple(int(x) for x in dragon_raw[r.id]) for r in b.regions),
        scored=tuple(r.id in scored_raw for r in b.regions),
        seats=tuple(seats),
        deck=_cards(data["deck"]),
        display=sort_cards(_cards(data["display"])),
        discard=_cards(data["discard"]),
        removed=sort_cards(_cards(data["removed"])),
        exhaustions=int(data["exhaustions"]),
        current=int(data["current"]),
        phase=data["phase"],
        over_reason=data["over_reason"],
        last_placement=last,
    )


def _require(ok: bool, invariant: str) -> None:
    if not ok:
        raise ValueError(f"broken invariant: {invariant}")


def check_invariants(state: State) -> None:
    """§4.11 and the shape of the state; raises ValueError naming the first broken invariant."""
    b = board()
    n = state.players
    _require(3 <= n <= 5, "3 to 5 players")
    _require(state.board_side in SIDES, "board side is 3-4 or 4-5")
    _require(
        state.board_side == {3: "3-4", 5: "4-5"}.get(n, state.board_side), "board side allowed for the player count"
    )
    _require(len(state.seats) == n, "one seat state per player")
    _require(0 <= state.start_seat < n and 0 <= state.current < n, "start seat and current seat are seats")
    _require(all(h is None or 0 <= h < n for h in state.houses), "houses belong to seats")
    _require(all(f is None or 0 <= f < n for f in state.fortified), "fortifications were placed by seats")
    _require(all(len(d) == n and min(d) >= 0 for d in state.dragon), "emissary counts per seat")
    _require(state.phase in ("action", "refill", "over"), "phase is action, refill or over")
    _require((state.phase == "over") == (state.over_reason is not None), "a game over has a reason, and only then")
    _require(state.over_reason in (None, "normal", "no_pieces", "resignation"), "known game-over reason")
    _require(0 <= state.exhaustions <= 2, "exhaustions is 0, 1 or 2")

    # Cards: every colour conserved across hands, display, deck, discard and removed.
    cut = {3: 2, 4: 1, 5: 0}[n]
    _require(Counter(state.removed) == Counter({c: cut for c in COLOURS if cut}), "removed cards per player count")
    zones = Counter(state.deck) + Counter(state.display) + Counter(state.discard) + Counter(state.removed)
    for st in state.seats:
        zones += Counter(st.hand)
    _require(zones == Counter(dict(b.cards)), "every card is in exactly one zone (57, per colour)")
    _require(len(state.display) <= DISPLAY_SIZE, "at most 4 face-up cards")
    _require(all(len(st.hand) <= HAND_SIZE for st in state.seats), "at most 3 cards in a hand")
    _require(not state.deck or state.exhaustions < 2, "the deck stays empty after the second exhaustion")
    if state.exhaustions < 2 and state.phase == "action":
        _require(bool(state.deck) and len(state.display) == DISPLAY_SIZE, "deck not empty and 4 face-up cards")
        _require(
            all(len(st.hand) == HAND_SIZE for st in state.seats if not st.resigned), "3 cards in each hand at a turn"
        )
    if state.phase == "refill":
        _require(len(state.seats[state.current].hand) < HAND_SIZE, "a refill owes cards")

    # Pieces: supply + board is constant for every seat.
    forts = 1 if state.fortifications else 0
    for seat, st in enumerate(state.seats):
        _require(
            st.houses >= 0 and st.houses + state.houses.count(seat) == HOUSES_PER_SEAT, "20 houses per seat"
        )
        on_dragons = sum(d[seat] for d in state.dragon)
        _require(st.emissaries >= 0 and st.emissaries + on_dragons == EMISSARIES_PER_SEAT, "8 emissaries per seat")
        _require(
            st.fortifications >= 0 and st.fortifications + state.fortified.count(seat) == forts,
            "one fortification per seat with the variant, none without",
        )
        _require(all(e.kind in ("region", "alliance", "road") and e.points > 0 for e in st.breakdown),
                 "score breakdown lines")
        _require(st.resigned or not st.timed_out, "a seat out of time has resigned")

    # Board: the fundamental rule, and regions scored exactly when full during play.
    for ridx, region in enumerate(b.regions):
        _require(sum(state.dragon[ridx]) <= emissary_cap(region_houses(state, ridx)),
                 f"emissaries in {region.name} within the cap")
        if state.phase == "over":
            _require(state.scored[ridx], f"{region.name} scored at the end")
        else:
            _require(state.scored[ridx] == region_is_full(state, ridx), f"{region.name} scored exactly when full")
    if state.phase != "over":
        _require(not state.seats[state.current].resigned, "the seat to act is still in play")
