"""Views: built up from the public fields plus the viewer's own hand (docs/ARCHITECTURE.md, rule 4).

Nothing is copied from the state and pared down: the deck appears only as its size, other hands
only as counts, and the seed never.
"""

from __future__ import annotations

from bot.games.base import Result
from bot.games.china.data import (
    HAND_SIZE,
    ScoreEntry,
    State,
    board,
    colour_counts,
    emissary_cap,
    region_has_piece,
    region_houses,
)
from bot.games.china.data import Colour as CardColour
from bot.games.china.schema import (
    AllianceView,
    ChinaView,
    Colour,
    LastPlacementView,
    PlayerView,
    RegionView,
    ScoreItemView,
    SpaceView,
)


def _colours(cards: tuple[CardColour, ...]) -> list[Colour]:
    return [c.value for c in cards]


def _item(e: ScoreEntry) -> ScoreItemView:
    return {"kind": e.kind, "ref": e.ref, "points": e.points, "doubled": e.doubled, "spaces": list(e.spaces)}


def build_view(state: State, seat: int | None, result: Result | None) -> ChinaView:
    b = board()
    over = state.phase == "over"
    regions: list[RegionView] = []
    for ridx, region in enumerate(b.regions):
        houses = region_houses(state, ridx)
        regions.append(
            {
                "id": region.id,
                "name": region.name,
                "color": region.colour.value,
                "spaces": list(region.spaces),
                "houses": houses,
                "emissaries": list(state.dragon[ridx]),
                "cap": emissary_cap(houses),
                "free_spaces": sum(1 for s in region.spaces if state.houses[b.space_index(s)] is None),
                "open": region_has_piece(state, ridx),
                "scored": state.scored[ridx],
            }
        )
    spaces: list[SpaceView] = [
        {"id": s, "region": b.regions[b.region_of_space(s)].id, "house": h, "fortified": f is not None}
        for s, h, f in zip(b.spaces, state.houses, state.fortified, strict=True)
    ]
    alliances: list[AllianceView] = [{"number": a.number, "regions": list(a.regions)} for a in b.alliances]
    players: list[PlayerView] = [
        {
            "seat": s,
            "score": st.score,
            "houses": st.houses,
            "emissaries": st.emissaries,
            "fortifications": st.fortifications,
            "supply": st.supply,
            "hand_count": len(st.hand),
            "resigned": st.resigned,
            "timed_out": st.timed_out,
            "breakdown": [_item(e) for e in st.breakdown],
        }
        for s, st in enumerate(state.seats)
    ]
    lp = state.last_placement
    last: LastPlacementView | None = (
        None
        if lp is None
        else {"seat": lp.seat, "region": lp.region, "spaces": list(lp.spaces), "emissaries": lp.emissaries}
    )
    own = seat is not None and 0 <= seat < state.players
    return {
        "key": "china",
        "viewer": seat if own else None,
        "num_players": state.players,
        "options": {"board_side": state.board_side, "fortifications": state.fortifications},
        "board_side": state.board_side,
        "phase": state.phase,
        "active": None if over else state.current,
        "start_seat": state.start_seat,
        "last_seat": state.last_seat,
        "draws_owed": HAND_SIZE - len(state.seats[state.current].hand) if state.phase == "refill" else 0,
        "deck_count": len(state.deck),
        "display": _colours(state.display),
        "discard": colour_counts(state.discard),
        "discard_top": state.discard[-1].value if state.discard else None,
        "removed": colour_counts(state.removed),
        "exhaustions": state.exhaustions,
        "final_round": state.final_round,
        "regions": regions,
        "spaces": spaces,
        "alliances": alliances,
        "players": players,
        "hand": _colours(state.seats[seat].hand) if own and seat is not None else None,
        "last_placement": last,
        "result": None if result is None else result.to_dict(),
    }
