"""Lossless JSON round trip of the state, and the game-long invariants ``load`` re-checks (R36)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot.games.base import check_format
from bot.games.sun_tzu.data import (
    ARMIES_PER_COLOUR,
    COLOURS,
    EVENT_IDS,
    FRAMED,
    PROVINCES,
    ROUNDS,
    SCREENS,
    SCREENS_IN_PLAY,
    TRACK,
    WARLORDS,
    Colour,
    Options,
    all_instances,
    is_framed,
)
from bot.games.sun_tzu.state import (
    RESTING,
    Battle,
    Dest,
    PayKind,
    Payment,
    Province,
    Scoring,
    Side,
    Stage,
    State,
)

FORMAT = 1


def _colour(value: Any) -> Colour | None:
    return None if value is None else Colour(value)


def _side_dict(side: Side) -> dict[str, Any]:
    return {
        "seat": side.seat,
        "reserve": side.reserve,
        "set_aside": side.set_aside,
        "marks_total": side.marks_total,
        "hand": list(side.hand),
        "deck": list(side.deck),
        "known_bottom": side.known_bottom,
        "out": list(side.out),
        "out_secret": list(side.out_secret),
        "warlords_held": list(side.warlords_held),
        "warlords_unchosen": list(side.warlords_unchosen),
        "warlords_used": list(side.warlords_used),
        "assignment": None if side.assignment is None else list(side.assignment),
        "table": list(side.table),
        "drawn": list(side.drawn),
        # Only while set (phase 2 to the end of W2): older snapshots keep their form.
        **({"pass_windows": True} if side.pass_windows else {}),
    }


def dump(state: State) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "options": state.options.to_dict(),
        "seed": state.seed,
        "sides": [_side_dict(s) for s in state.sides],
        "screens": list(state.screens),
        "provinces": [
            {"blue": p.blue, "red": p.red, "marks_blue": p.marks_blue, "marks_red": p.marks_red}
            for p in state.provinces
        ],
        "stage": state.stage.value,
        "round": state.round,
        "score_marker": state.score_marker,
        "privilege_holder": None if state.privilege_holder is None else state.privilege_holder.value,
        "battles": [
            {
                "province": b.province,
                "blue": b.blue,
                "red": b.red,
                "countered": b.countered,
                "capped": None if b.capped is None else b.capped.value,
                "outcome": b.outcome,
                "margin": b.margin,
            }
            for b in state.battles
        ],
        "total_plague": state.total_plague,
        "payments": [
            {
                "colour": p.colour.value,
                "kind": p.kind.value,
                "dest": p.dest.value,
                "province": p.province,
                "count": p.count,
            }
            for p in state.payments
        ],
        "passed": list(state.passed),
        "awaiting": list(state.awaiting),
        "plagues_revealed": list(state.plagues_revealed),
        "event_deck": list(state.event_deck),
        "active_event": state.active_event,
        "events_done": list(state.events_done),
        "scorings": [
            {"round": s.round, "blue": s.blue, "red": s.red, "before": s.marker_before, "after": s.marker_after}
            for s in state.scorings
        ],
        "end_reason": state.end_reason,
        "resigned": None if state.resigned is None else state.resigned.value,
        # Only when the leaver ran out of time: older snapshots keep their form.
        **({"timed_out": True} if state.timed_out else {}),
    }


def _side(d: Mapping[str, Any]) -> Side:
    return Side(
        seat=int(d["seat"]),
        reserve=int(d["reserve"]),
        set_aside=int(d["set_aside"]),
        marks_total=int(d["marks_total"]),
        hand=tuple(d["hand"]),
        deck=tuple(d["deck"]),
        known_bottom=int(d["known_bottom"]),
        out=tuple(d["out"]),
        out_secret=tuple(d["out_secret"]),
        warlords_held=tuple(d["warlords_held"]),
        warlords_unchosen=tuple(d["warlords_unchosen"]),
        warlords_used=tuple(d["warlords_used"]),
        assignment=None if d["assignment"] is None else tuple(d["assignment"]),
        table=tuple(d["table"]),
        drawn=tuple(d["drawn"]),
        pass_windows=bool(d.get("pass_windows", False)),
    )


def _flags(value: Any) -> tuple[bool, bool]:
    return bool(value[0]), bool(value[1])


def load(data: Mapping[str, Any]) -> State:
    try:
        check_format(data, FORMAT)
        sides = [_side(s) for s in data["sides"]]
        state = State(
            options=Options(**data["options"]),
            seed=int(data["seed"]),
            sides=(sides[0], sides[1]),
            screens=tuple(int(n) for n in data["screens"]),
            provinces=tuple(
                Province(int(p["blue"]), int(p["red"]), int(p["marks_blue"]), int(p["marks_red"]))
                for p in data["provinces"]
            ),
            stage=Stage(data["stage"]),
            round=int(data["round"]),
            score_marker=int(data["score_marker"]),
            privilege_holder=_colour(data["privilege_holder"]),
            battles=tuple(
                Battle(
                    province=b["province"],
                    blue=b["blue"],
                    red=b["red"],
                    countered=bool(b["countered"]),
                    capped=_colour(b["capped"]),
                    outcome=b["outcome"],
                    margin=int(b["margin"]),
                )
                for b in data["battles"]
            ),
            total_plague=bool(data["total_plague"]),
            payments=tuple(
                Payment(Colour(p["colour"]), PayKind(p["kind"]), Dest(p["dest"]), p["province"], int(p["count"]))
                for p in data["payments"]
            ),
            passed=_flags(data["passed"]),
            awaiting=_flags(data["awaiting"]),
            plagues_revealed=tuple(data["plagues_revealed"]),
            event_deck=tuple(data["event_deck"]),
            active_event=data["active_event"],
            events_done=tuple(data["events_done"]),
            scorings=tuple(
                Scoring(int(s["round"]), int(s["blue"]), int(s["red"]), int(s["before"]), int(s["after"]))
                for s in data["scorings"]
            ),
            end_reason=data["end_reason"],
            resigned=_colour(data["resigned"]),
            timed_out=bool(data.get("timed_out", False)),
        )
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"malformed Sun Tzu state: {exc!r}") from None
    check(state)
    return state


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(f"broken invariant: {message}")


def check(state: State) -> None:
    """Raise ValueError naming the first broken invariant (R36 and the engine checklist)."""
    _need(len(state.sides) == 2 and {s.seat for s in state.sides} == {0, 1}, "seats are 0 and 1, one per colour")
    _need(state.stage in RESTING, f"stage {state.stage.value} is a resting stage")
    _need((state.stage is Stage.OVER) == (state.end_reason is not None), "end_reason is set exactly when over")
    _need(state.resigned is not None or not state.timed_out, "a player out of time has resigned")
    _need(1 <= state.round <= ROUNDS, "round is 1..9")
    _need(-TRACK <= state.score_marker <= TRACK, "score marker within -9..+9")
    _need(
        len(state.screens) == SCREENS_IN_PLAY
        and len(set(state.screens)) == SCREENS_IN_PLAY
        and all(1 <= n <= len(SCREENS) for n in state.screens),
        "five distinct score screens",
    )
    _need(len(state.provinces) == len(PROVINCES), "five provinces")
    for pid, prov in zip(PROVINCES, state.provinces, strict=True):
        _need(min(prov.blue, prov.red, prov.marks_blue, prov.marks_red) >= 0, f"{pid}: counts are not negative")
        _need(not (prov.blue and prov.red), f"{pid}: never armies of both colours")
        _need(prov.marks_blue <= 1 and prov.marks_red <= 2, f"{pid}: at most one blue and two red marks")
    beginner = state.options.beginner
    everything = Counter(all_instances(beginner))
    for colour in COLOURS:
        side = state.side(colour)
        name = colour.value
        _need(min(side.reserve, side.set_aside, side.marks_total) >= 0, f"{name}: army zones are not negative")
        on_board = state.board_armies(colour)
        _need(
            side.reserve + side.set_aside + side.marks_total + on_board == ARMIES_PER_COLOUR,
            f"{name}: reserve + set-aside + marks + board = 21",
        )
        marks = sum(p.marks_of(colour) for p in state.provinces)
        _need(side.marks_total <= marks, f"{name}: no more marker armies than marks")
        cards = Counter(
            side.hand + side.deck + side.drawn + (side.assignment or ()) + side.table + side.out + side.out_secret
        )
        _need(cards == everything, f"{name}: every card is in exactly one place")
        _need(
            not any(is_framed(c) for c in side.deck + side.drawn + side.table + side.out + side.out_secret),
            f"{name}: framed cards never leave hand and table",
        )
        if state.stage is Stage.ASSIGN:
            framed = set(side.hand + (side.assignment or ()))
            _need(set(FRAMED) <= framed, f"{name}: the six framed cards are available at phase 2")
        _need(0 <= side.known_bottom <= len(side.deck), f"{name}: known bottom cards lie in the deck")
        warlords = Counter(side.warlords_held + side.warlords_unchosen + side.warlords_used)
        expected = Counter(WARLORDS[colour]) if state.options.warlords else Counter()
        _need(warlords == expected, f"{name}: every warlord is held, unchosen or used exactly once")
        if side.assignment is not None:
            _need(len(side.assignment) == len(PROVINCES), f"{name}: an assignment has five cards")
    _need(len({p.colour for p in state.payments}) == len(state.payments), "at most one payment per colour")
    _need(all(p.count > 0 for p in state.payments), "pending payments owe armies")
    if state.options.events:
        events = [*state.events_done, *([state.active_event] if state.active_event else []), *state.event_deck]
        _need(sorted(events) == sorted(EVENT_IDS), "the five event cards are each done, active or face down")
    else:
        _need(not (state.event_deck or state.active_event or state.events_done), "no event cards without events")
    _need(len(state.battles) <= len(PROVINCES), "at most five battles a round")
    _need(len(set(state.plagues_revealed)) == len(state.plagues_revealed) <= 4, "at most four Plagues revealed")
