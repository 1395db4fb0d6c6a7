"""Views (spec §6): built up from public facts, plus the viewer's own fields for a seat's view.

Nothing is copied from the state and pared down: each field below is chosen, so a new state field
never leaks by default.
"""

from __future__ import annotations

from typing import get_args

from bot.games.base.literals import one_of
from bot.games.sun_tzu import armies, turns
from bot.games.sun_tzu.combat import effective, values
from bot.games.sun_tzu.data import (
    COLOURS,
    PROVINCE_NAMES,
    PROVINCES,
    ROLE_NAMES,
    ROUNDS,
    SCORING_ROUNDS,
    SCREENS,
    TRACK,
    Colour,
    card_def,
    face,
)
from bot.games.sun_tzu.schema import (
    BattleView,
    CardView,
    ColourName,
    PaymentView,
    PendingView,
    PlayerView,
    ProvinceView,
    ScoringView,
    StageName,
    SunTzuView,
)
from bot.games.sun_tzu.scoring import result
from bot.games.sun_tzu.state import Battle, Stage, State

# A view is built only while the game rests, so its stage is one of the resting ones (the schema's).
_RESTING: tuple[StageName, ...] = get_args(StageName)


def _stage(stage: Stage) -> StageName:
    return one_of(stage.value, _RESTING, "resting stage")


def card_view(instance: str) -> CardView:
    card = card_def(instance)
    return {"id": instance, "card": card.id, "label": card.label, "framed": card.framed}


def _colour(colour: Colour | None) -> ColourName | None:
    return None if colour is None else colour.value


def _seat(state: State, colour: Colour | None) -> int | None:
    return None if colour is None else state.side(colour).seat


def _battle(state: State, b: Battle) -> BattleView:
    vb, vr = (None, None)
    if b.outcome is not None:
        eb = effective(b.blue, b.countered, b.capped is Colour.BLUE)
        er = effective(b.red, False, b.capped is Colour.RED)
        vb, vr = values(eb, er)
    winner = Colour(b.outcome) if b.outcome in ("blue", "red") else None
    return {
        "province": b.province,
        "blue": card_view(b.blue),
        "red": card_view(b.red),
        "countered": b.countered,
        "capped": _colour(b.capped),
        "blue_value": vb,
        "red_value": vr,
        "outcome": b.outcome,
        "margin": b.margin,
        "winner": _seat(state, winner),
    }


def _province(state: State, pid: str, own: Colour | None) -> ProvinceView:
    prov = state.province(pid)
    i = PROVINCES.index(pid)
    screen = state.screens[i]
    order = [b.province for b in state.battles]
    own_card = None
    if own is not None:
        assignment = state.side(own).assignment
        if assignment is not None and pid not in order:
            own_card = card_view(assignment[i])
    return {
        "id": pid,
        "name": PROVINCE_NAMES[pid],
        "order": i + 1,
        "neighbours": list(state.options.neighbours(pid)),
        "owner": _colour(prov.owner),
        "owner_seat": _seat(state, prov.owner),
        "armies": prov.armies,
        "marks": {"blue": prov.marks_blue, "red": prov.marks_red},
        "screen": {
            "number": screen,
            "values": list(SCREENS[screen - 1]),
            "current": SCREENS[screen - 1][face(state.round)],
        },
        "resolved": order.index(pid) + 1 if pid in order else None,
        "own_card": own_card,
    }


def _player(state: State, colour: Colour) -> PlayerView:
    side = state.side(colour)
    return {
        "seat": side.seat,
        "colour": colour.value,
        "role": ROLE_NAMES[colour],
        "reserve": side.reserve,
        "set_aside": side.set_aside,
        "marks_total": side.marks_total,
        "board_armies": state.board_armies(colour),
        "hand_count": len(side.hand),
        "deck_count": len(side.deck),
        "out": [card_view(c) for c in side.out],
        "out_hidden_count": len(side.out_secret),
        "warlords_unused": len(side.warlords_held),
        "warlords_used": list(side.warlords_used),
        "chose_warlord": side.chose_warlord,
        "committed": side.assignment is not None,
        "passed": state.passed[colour.slot] and state.stage in (Stage.W1, Stage.W2),
        "drawing": len(side.drawn),
        "revealed_one": state.revealed_one(colour),
        "resigned": state.resigned is colour,
        "timed_out": state.resigned is colour and state.timed_out,
    }


def _pending(state: State, own: Colour | None) -> PendingView:
    payments: list[PaymentView] = [
        {
            "seat": state.side(p.colour).seat,
            "kind": p.kind.value,
            "dest": p.dest.value,
            "province": p.province,
            "owed": p.count,
            # Sources depend only on public counts, but they are a prompt: shown to the payer only.
            "choices": list(armies.choices(state, p)) if p.colour is own else None,
        }
        for p in state.payments
    ]
    battle = state.battle
    in_battle = state.stage in (Stage.COUNTER, Stage.CAP, Stage.COSTS, Stage.PLACEMENT, Stage.EVENT_EFFECT)
    return {
        "stage": _stage(state.stage),
        "seats": sorted(state.side(c).seat for c in turns.waiting(state)),
        "window": 1 if state.stage is Stage.W1 else 2 if state.stage is Stage.W2 else None,
        "province": battle.province if battle is not None and in_battle else None,
        "payments": payments,
        "event": state.active_event if state.stage is Stage.EVENT_EFFECT else None,
    }


def view(state: State, seat: int | None) -> SunTzuView:
    own = None if seat is None else state.colour_of(seat)
    side = None if own is None else state.side(own)
    scorings: list[ScoringView] = [
        {"round": s.round, "blue": s.blue, "red": s.red, "marker": s.marker_after} for s in state.scorings
    ]
    return {
        "key": "sun_tzu",
        "viewer": seat,
        "viewer_colour": _colour(own),
        "num_players": 2,
        "options": state.options.to_dict(),
        "stage": _stage(state.stage),
        "round": state.round,
        "rounds": ROUNDS,
        "face": face(state.round),
        "scoring_round": state.round in SCORING_ROUNDS,
        "score_marker": state.score_marker,
        "track": TRACK,
        "privilege_holder": _seat(state, state.privilege_holder),
        "picker": _seat(state, turns.picker(state)) if state.stage is Stage.PICK else None,
        "provinces": [_province(state, p, own) for p in PROVINCES],
        "battles": [_battle(state, b) for b in state.battles],
        "total_plague": state.total_plague,
        "plagues_revealed": list(state.plagues_revealed),
        "pending": _pending(state, own),
        "players": sorted((_player(state, c) for c in COLOURS), key=lambda p: p["seat"]),
        "active_event": state.active_event,
        "events_left": len(state.event_deck),
        "events_done": list(state.events_done),
        "scorings": scorings,
        "hand": None if side is None else [card_view(c) for c in side.hand],
        "assignment": None
        if side is None or side.assignment is None
        else {p: card_view(c) for p, c in zip(PROVINCES, side.assignment, strict=True)},
        "deck_bottom": None
        if side is None
        else [card_view(c) for c in side.deck[len(side.deck) - side.known_bottom :]],
        "warlords_held": None if side is None else list(side.warlords_held),
        "warlords_unchosen": None if side is None else list(side.warlords_unchosen),
        "drawn": None if side is None else [card_view(c) for c in side.drawn],
        "out_hidden": None if side is None else [card_view(c) for c in side.out_secret],
        "passing_windows": None if side is None else side.pass_windows,
        "result": result(state).to_dict() if state.stage is Stage.OVER else None,
    }
