"""The round structure (spec §3-§4) as a chain of stages.

``proceed`` runs every automatic step until some seat must decide. Each step returns the next state,
or None when it waits; a resting stage waits exactly while ``waiting`` names somebody.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.games.base import Event
from bot.games.sun_tzu import event_cards, windows
from bot.games.sun_tzu.armies import settle
from bot.games.sun_tzu.combat import compare, effective, margin_split, plague_left, values
from bot.games.sun_tzu.data import (
    COLOURS,
    DOUBLE_SIX,
    DRAW,
    DRAW_AFTER_ONE,
    HEAD_START,
    INITIAL_DRAW,
    KEEP,
    KEEP_AFTER_ONE,
    ROUNDS,
    SCORING_ROUNDS,
    SCREENS,
    TRACK,
    Colour,
    Kind,
    card_def,
    card_sort_key,
    face,
    is_framed,
)
from bot.games.sun_tzu.state import Battle, Dest, PayKind, Payment, Scoring, Stage, State
from bot.games.sun_tzu.turns import picker, recyclable, unresolved, waiting

Step = Callable[[State, list[Event]], State | None]


def sort_hand(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_sort_key))


def seat(state: State, colour: Colour) -> int:
    return state.side(colour).seat


def end_game(state: State, reason: str, events: list[Event]) -> State:
    state = replace(state, stage=Stage.OVER, end_reason=reason, payments=(), awaiting=(False, False))
    # A leaver out of time: the ending says so rather than "resigned" (the key only then, as in its event).
    timed_out = {"timed_out": True} if state.timed_out else {}
    events.append(Event("game_over", {"reason": reason, "marker": state.score_marker, **timed_out}))
    return state


# -- setup -----------------------------------------------------------------------------------------
def _choose_warlord(state: State, events: list[Event]) -> State | None:
    if waiting(state):
        return None
    blue = state.side(Colour.BLUE)
    if HEAD_START in blue.warlords_held:
        # R25: Head Start is revealed and used once both have chosen.
        state = state.with_side(Colour.BLUE, warlords_held=(), warlords_used=(HEAD_START,))
        state = replace(state, score_marker=state.score_marker + 1)
        events.append(Event("warlord_used", {"seat": blue.seat, "warlord": HEAD_START, "marker": 1}))
    return replace(state, stage=Stage.INITIAL_DRAW)


def _initial_draw(state: State, events: list[Event]) -> State:
    for colour in COLOURS:
        side = state.side(colour)
        drawn = side.deck[:INITIAL_DRAW]
        state = state.with_side(colour, hand=sort_hand(side.hand + drawn), deck=side.deck[INITIAL_DRAW:])
        events.append(Event("drew", {"seat": side.seat, "count": len(drawn)}, {side.seat: {"cards": list(drawn)}}))
    events.append(Event("round_started", {"round": state.round}))
    return replace(state, stage=Stage.ASSIGN)


# -- phase 2 and the windows -----------------------------------------------------------------------
def _assign(state: State, events: list[Event]) -> State | None:
    if waiting(state):
        return None
    events.append(Event("assignments_locked", {"round": state.round}))
    return windows.open_window(state, Stage.W1, events)


def _window_1(state: State, events: list[Event]) -> State | None:
    return None if waiting(state) else replace(state, stage=Stage.PRIVILEGE)


def _window_2(state: State, events: list[Event]) -> State | None:
    return None if waiting(state) else replace(windows.close_windows(state), stage=Stage.SCORING)


# -- phase 3 -----------------------------------------------------------------------------------------
def _privilege(state: State, events: list[Event]) -> State:
    if state.round > 1:
        blue, red = state.board_armies(Colour.BLUE), state.board_armies(Colour.RED)
        holder = state.privilege_holder
        if blue != red:
            holder = Colour.BLUE if blue < red else Colour.RED
        state = replace(state, privilege_holder=holder)
        events.append(
            Event(
                "privilege",
                {"holder": None if holder is None else seat(state, holder), "blue": blue, "red": red},
            )
        )
    return replace(state, stage=Stage.PICK)


def reveal(state: State, province: str, events: list[Event]) -> State:
    """§4.4 step 1: both cards of ``province`` turn face up."""
    blue, red = state.side(Colour.BLUE).card_at(province), state.side(Colour.RED).card_at(province)
    plagues = set(state.plagues_revealed)
    for colour, card in ((Colour.BLUE, blue), (Colour.RED, red)):
        if card_def(card).kind is Kind.PLAGUE:
            plagues.add(f"{colour.value}:{card}")
    chooser = picker(state)
    events.append(
        Event(
            "revealed",
            {
                "province": province,
                "blue": blue,
                "red": red,
                "chosen_by": None if chooser is None else seat(state, chooser),
                "blue_seat": seat(state, Colour.BLUE),
                "red_seat": seat(state, Colour.RED),
            },
        )
    )
    return replace(
        state,
        battles=(*state.battles, Battle(province, blue, red)),
        plagues_revealed=tuple(sorted(plagues)),
        stage=Stage.COUNTER,
    )


def _pick(state: State, events: list[Event]) -> State | None:
    left = unresolved(state)
    if not left:
        return windows.open_window(state, Stage.W2, events)
    if picker(state) is not None:
        return None
    return reveal(state, left[0], events)


def _counter(state: State, events: list[Event]) -> State | None:
    return None if waiting(state) else replace(state, stage=Stage.CAP)


def _cap(state: State, events: list[Event]) -> State | None:
    return None if waiting(state) else replace(state, stage=Stage.COSTS_START)


def _costs_start(state: State, events: list[Event]) -> State:
    """§4.4 step 3: a printed 6 marks, +2 and +3 set armies aside, in every outcome (R9, R10)."""
    battle = state.battle
    assert battle is not None
    province = battle.province
    for colour in COLOURS:
        card = card_def(battle.card_of(colour))
        side = state.side(colour)
        if card.id == "n6":
            prov = state.province(province)
            double = prov.marks_of(colour) == 1
            state = state.with_province(province, prov.add_mark(colour))
            if double:
                state = state.with_side(
                    colour,
                    warlords_held=tuple(w for w in side.warlords_held if w != DOUBLE_SIX),
                    warlords_used=(*side.warlords_used, DOUBLE_SIX),
                )
                events.append(Event("warlord_used", {"seat": side.seat, "warlord": DOUBLE_SIX, "province": province}))
            events.append(Event("marked", {"seat": side.seat, "province": province}))
            state = settle(state, Payment(colour, PayKind.COST, Dest.MARK, province, 1), events)
        elif card.cost:
            state = settle(state, Payment(colour, PayKind.COST, Dest.SET_ASIDE, province, card.cost), events)
    return replace(state, stage=Stage.COSTS)


def _costs(state: State, events: list[Event]) -> State | None:
    return None if waiting(state) else replace(state, stage=Stage.OUTCOME)


def _outcome(state: State, events: list[Event]) -> State:
    """§4.4 steps 4-6: Plague reduction, or the comparison and the four situations of §4.6."""
    b = state.battle
    assert b is not None
    eb = effective(b.blue, b.countered, b.capped is Colour.BLUE)
    er = effective(b.red, False, b.capped is Colour.RED)
    outcome, margin = compare(eb, er)
    prov = state.province(b.province)
    owner = prov.owner
    public = {"province": b.province, "outcome": outcome, "margin": margin}
    vb, vr = values(eb, er)
    public |= {"blue_value": vb, "red_value": vr}
    state = replace(state, battles=(*state.battles[:-1], replace(b, outcome=outcome, margin=margin)))
    if outcome == "cancelled":
        total = state.total_plague and card_def(b.red).kind is Kind.PLAGUE
        left = plague_left(prov.armies, state.options.plague_rounding, total)
        if owner is not None:
            lost = prov.armies - left
            state = state.with_province(b.province, prov.add(owner, -lost))
            state = state.with_side(owner, reserve=state.side(owner).reserve + lost)
        events.append(Event("plague", public | {"left": left, "owner": None if owner is None else seat(state, owner)}))
        return replace(state, stage=Stage.EVENTS)
    if outcome == "tie":
        events.append(Event("battle", public | {"winner": None, "removed": 0, "placed": 0}))
        return replace(state, stage=Stage.EVENTS)
    winner = Colour(outcome)
    removed, place = margin_split(owner, prov.armies, winner, margin)
    if removed:
        loser = winner.other
        state = state.with_province(b.province, prov.add(loser, -removed))
        state = state.with_side(loser, reserve=state.side(loser).reserve + removed)
    events.append(Event("battle", public | {"winner": seat(state, winner), "removed": removed, "placed": place}))
    if place:
        state = settle(state, Payment(winner, PayKind.PLACE, Dest.PROVINCE, b.province, place), events)
    return replace(state, stage=Stage.PLACEMENT)


def _placement(state: State, events: list[Event]) -> State | None:
    return None if waiting(state) else replace(state, stage=Stage.EVENTS)


def _events(state: State, events: list[Event]) -> State:
    """§4.4 step 7 and §4.11: check the active event; the last card met ends the game (R26)."""
    event = state.active_event
    if not state.options.events or event is None or not event_cards.condition_met(state, event):
        return replace(state, stage=Stage.PICK)
    last = not state.event_deck
    events.append(Event("event_triggered", {"event": event, "last": last}))
    if last:
        return end_game(state, "last_event", events)
    state = event_cards.apply_effect(state, event, events)
    return replace(state, stage=Stage.EVENT_EFFECT)


def _event_effect(state: State, events: list[Event]) -> State | None:
    if waiting(state):
        return None
    done = state.active_event
    assert done is not None
    nxt = state.event_deck[0]
    events.append(Event("event_revealed", {"discarded": done, "event": nxt, "left": len(state.event_deck) - 1}))
    return replace(
        state,
        events_done=(*state.events_done, done),
        active_event=nxt,
        event_deck=state.event_deck[1:],
        stage=Stage.EVENTS,
    )


# -- phase 4 -------------------------------------------------------------------------------------------
def points(state: State, colour: Colour) -> int:
    f = face(state.round)
    pairs = zip(state.screens, state.provinces, strict=True)
    return sum(SCREENS[screen - 1][f] for screen, prov in pairs if prov.owner is colour)


def _scoring(state: State, events: list[Event]) -> State:
    """§4.12: only the difference moves the marker, clamped to the end boxes (R32)."""
    if state.round in SCORING_ROUNDS:
        blue, red = points(state, Colour.BLUE), points(state, Colour.RED)
        before = state.score_marker
        after = max(-TRACK, min(TRACK, before + blue - red))
        state = replace(
            state, score_marker=after, scorings=(*state.scorings, Scoring(state.round, blue, red, before, after))
        )
        public = {"round": state.round, "blue": blue, "red": red, "marker": after}
        seats = {"blue_seat": seat(state, Colour.BLUE), "red_seat": seat(state, Colour.RED)}
        events.append(Event("scored", public | seats))
        if state.round == ROUNDS:
            return end_game(state, "final_r9", events)
        if abs(after) == TRACK:
            return end_game(state, f"instant_win_r{state.round}", events)
    return replace(state, stage=Stage.CLEANUP)


# -- phase 5 -------------------------------------------------------------------------------------------
def _cleanup(state: State, events: list[Event]) -> State:
    """§4.14 steps 1-2: framed cards back to hand; ask the recycling question where it arises."""
    awaiting = [False, False]
    for colour in COLOURS:
        side = state.side(colour)
        played = side.assignment or ()
        framed = tuple(c for c in played if is_framed(c))
        table = tuple(c for c in played if not is_framed(c))
        state = state.with_side(colour, hand=sort_hand(side.hand + framed), assignment=None, table=table)
        side = state.side(colour)
        # Asked on public facts only: a matching card revealed, some unused warlord, a deck to draw.
        awaiting[colour.slot] = bool(recyclable(state, colour) and side.warlords_held and side.deck)
    return replace(state, stage=Stage.RECYCLE, awaiting=(awaiting[0], awaiting[1]))


def _recycle(state: State, events: list[Event]) -> State | None:
    return None if waiting(state) else replace(state, stage=Stage.DRAW)


def _draw(state: State, events: list[Event]) -> State:
    """§4.14 steps 3-4: the other played cards leave; draw 2 keep 1, or 3 keep 2 after a revealed 1."""
    for colour in COLOURS:
        side = state.side(colour)
        if side.table:
            events.append(Event("cards_out", {"seat": side.seat, "cards": list(side.table)}))
        n, keep = (DRAW_AFTER_ONE, KEEP_AFTER_ONE) if state.revealed_one(colour) else (DRAW, KEEP)
        drawn = side.deck[:n]
        deck = side.deck[len(drawn) :]
        auto = len(drawn) <= keep
        state = state.with_side(
            colour,
            out=side.out + side.table,
            table=(),
            deck=deck,
            known_bottom=min(side.known_bottom, len(deck)),
            hand=sort_hand(side.hand + drawn) if auto else side.hand,
            drawn=() if auto else drawn,
        )
        events.append(
            Event(
                "drew",
                {"seat": side.seat, "count": len(drawn), "keep": min(keep, len(drawn))},
                {side.seat: {"cards": list(drawn)}},
            )
        )
    return replace(state, stage=Stage.KEEP)


def _keep(state: State, events: list[Event]) -> State | None:
    if waiting(state):
        return None
    state = replace(state, round=state.round + 1, battles=(), total_plague=False, stage=Stage.ASSIGN)
    events.append(Event("round_started", {"round": state.round}))
    return state


STEPS: dict[Stage, Step] = {
    Stage.CHOOSE_WARLORD: _choose_warlord,
    Stage.INITIAL_DRAW: _initial_draw,
    Stage.ASSIGN: _assign,
    Stage.W1: _window_1,
    Stage.PRIVILEGE: _privilege,
    Stage.PICK: _pick,
    Stage.COUNTER: _counter,
    Stage.CAP: _cap,
    Stage.COSTS_START: _costs_start,
    Stage.COSTS: _costs,
    Stage.OUTCOME: _outcome,
    Stage.PLACEMENT: _placement,
    Stage.EVENTS: _events,
    Stage.EVENT_EFFECT: _event_effect,
    Stage.W2: _window_2,
    Stage.SCORING: _scoring,
    Stage.CLEANUP: _cleanup,
    Stage.RECYCLE: _recycle,
    Stage.DRAW: _draw,
    Stage.KEEP: _keep,
    Stage.OVER: lambda state, events: None,
}


def proceed(state: State, events: list[Event]) -> State:
    """Run automatic steps until a decision is due or the game is over."""
    while True:
        nxt = STEPS[state.stage](state, events)
        if nxt is None:
            return state
        state = nxt
