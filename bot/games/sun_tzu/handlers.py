"""Applying actions: one ``_apply_<kind>`` per action kind (spec §7), and resignation. Each handler checks
legality with a sentence a player understands, builds the new state with ``replace`` and appends events;
``flow.proceed`` runs after it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.games.base import Event, HandlerTable, IllegalAction, dispatch, on
from bot.games.base.language import mark, tr
from bot.games.base.leaving import left_event
from bot.games.sun_tzu import actions, armies, event_cards, flow, legal, text, turns, windows
from bot.games.sun_tzu.actions import (
    Chariot,
    ChooseWarlord,
    Commit,
    Keep,
    LightInfantry,
    Pass,
    React,
    Recycle,
    Reveal,
    Source,
    Support,
    UseWarlord,
)
from bot.games.sun_tzu.data import (
    CAP_AT_SIX,
    COUNTER_PLAGUE,
    LIGHT_INFANTRY,
    PROVINCES,
    WAR_CHARIOT,
    Colour,
    card_id,
    is_framed,
)
from bot.games.sun_tzu.state import Dest, PayKind, Payment, Stage, State


def apply(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    if state.stage is Stage.OVER:
        raise IllegalAction(tr("The game is over."))
    if seat not in (0, 1):
        raise IllegalAction(tr("There is no such seat in this game."))
    parsed = actions.parse(action)
    new, events = dispatch(HANDLERS, state, seat, parsed)
    return flow.proceed(new, events), events


def resign(state: State, seat: int, *, timed_out: bool = False) -> tuple[State, list[Event]]:
    """The seat leaves; ``timed_out``: its clock ran out (the same in every rule sense, told apart)."""
    if state.stage is Stage.OVER:
        raise IllegalAction(tr("The game is already over."))
    colour = state.colour_of(seat)
    events = [left_event("resigned", seat, timed_out)]
    # Two players: the other one wins at once.
    new = flow.end_game(replace(state, resigned=colour, timed_out=timed_out), "resignation", events)
    return new, events


def _require_turn(state: State, colour: Colour, stages: tuple[Stage, ...], what: str) -> None:
    if state.stage not in stages or colour not in turns.waiting(state):
        raise IllegalAction(tr("You cannot {action} now.", action=tr(what)))


def _without(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    rest = list(cards)
    for card in gone:
        rest.remove(card)
    return tuple(rest)


def _apply_choose_warlord(state: State, seat: int, action: ChooseWarlord, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.CHOOSE_WARLORD,), mark("choose a warlord"))
    side = state.side(colour)
    if action.warlord not in side.warlords_unchosen:
        raise IllegalAction(tr("That is not one of your warlords."))
    state = state.with_side(
        colour,
        warlords_held=(action.warlord,),
        warlords_unchosen=tuple(w for w in side.warlords_unchosen if w != action.warlord),
    )
    events.append(Event("warlord_chosen", {"seat": side.seat}, {side.seat: {"warlord": action.warlord}}))
    return state


def _apply_commit(state: State, seat: int, action: Commit, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    if state.stage is not Stage.ASSIGN:
        raise IllegalAction(tr("Cards are assigned only in phase 2, before both players have committed."))
    side = state.side(colour)
    if len(set(action.cards)) != len(action.cards):
        raise IllegalAction(tr("Each province needs a different card."))
    pool = list(legal.assignable(state, colour))
    for card in action.cards:
        if card not in pool:
            raise IllegalAction(tr("You do not hold the card {card}.", card=repr(card)))
    for province, card in zip(PROVINCES, action.cards, strict=True):
        if card_id(card) == "n6" and not legal.six_allowed(state, colour, province):
            raise IllegalAction(tr("You have already marked {province} with your 6.", province=text.province(province)))
    changed = side.assignment is not None
    # Whether it passes the windows ahead stays out of the event: it is told only as each window opens.
    state = state.with_side(
        colour, hand=_without(tuple(pool), action.cards), assignment=action.cards, pass_windows=action.pass_windows
    )
    events.append(Event("committed", {"seat": side.seat, "changed": changed}))
    return state


def _apply_pass(state: State, seat: int, action: Pass, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.W1, Stage.W2), mark("pass"))
    return windows.pass_window(state, colour, events)


def _apply_use_warlord(state: State, seat: int, action: UseWarlord, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.W1, Stage.W2), mark("use a warlord"))
    return windows.use(state, colour, action, events)


def _apply_support(state: State, seat: int, action: Support, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    side = state.side(colour)
    if state.stage in legal.NO_SUPPORT:
        raise IllegalAction(tr("Exceptional support is possible only while the game is being played."))
    if not side.set_aside:
        raise IllegalAction(tr("You have no set-aside army to bring back."))
    if action.card not in side.hand:
        raise IllegalAction(tr("That card is not in your hand."))
    if is_framed(action.card):
        raise IllegalAction(tr("The framed cards 1-6 can never be discarded for support."))
    state = state.with_side(
        colour,
        hand=_without(side.hand, (action.card,)),
        out=(*side.out, action.card),
        set_aside=side.set_aside - 1,
        reserve=side.reserve + 1,
    )
    events.append(Event("support", {"seat": side.seat, "card": action.card}))
    return state


def _apply_reveal(state: State, seat: int, action: Reveal, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.PICK,), mark("choose the next province"))
    if action.province not in turns.unresolved(state):
        raise IllegalAction(tr("{province} has already been resolved this round.",
                               province=text.province(action.province)))
    return flow.reveal(state, action.province, events)


def _apply_react(state: State, seat: int, action: React, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.COUNTER, Stage.CAP), mark("react"))
    counter = state.stage is Stage.COUNTER
    warlord = COUNTER_PLAGUE if counter else CAP_AT_SIX
    nxt = Stage.CAP if counter else Stage.COSTS_START
    side = state.side(colour)
    battle = state.battle
    assert battle is not None
    if not action.use:
        events.append(Event("reaction_declined", {"seat": side.seat, "province": battle.province}))
        return replace(state, stage=nxt)
    if warlord not in side.warlords_held:
        raise IllegalAction(tr("You do not hold that warlord."))
    battle = replace(battle, countered=True) if counter else replace(battle, capped=turns.cap_target(state))
    state = state.with_side(
        colour,
        warlords_held=tuple(w for w in side.warlords_held if w != warlord),
        warlords_used=(*side.warlords_used, warlord),
    )
    events.append(Event("warlord_used", {"seat": side.seat, "warlord": warlord, "province": battle.province}))
    return replace(state, battles=(*state.battles[:-1], battle), stage=nxt)


def _apply_source(state: State, seat: int, action: Source, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.COSTS, Stage.PLACEMENT, Stage.EVENT_EFFECT), mark("move armies"))
    pay = state.payment_of(colour)
    if pay is None:
        raise IllegalAction(tr("You owe no armies now."))
    if action.source not in armies.choices(state, pay):
        raise IllegalAction(tr("The army cannot come from there."))
    return armies.settle(state, pay, events, first=action.source)


def _apply_light_infantry(state: State, seat: int, action: LightInfantry, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.EVENT_EFFECT,), mark("answer Light Infantry"))
    if state.active_event != LIGHT_INFANTRY or not state.awaiting[colour.slot]:
        raise IllegalAction(tr("You cannot answer Light Infantry now."))
    battle = state.battle
    assert battle is not None
    state = state.with_flag("awaiting", colour, False)
    events.append(Event("light_infantry", {"seat": state.side(colour).seat, "take": action.take}))
    if not action.take:
        return state
    prov = state.province(battle.province)
    enemy = colour.other
    if prov.owner is enemy:
        state = state.with_province(battle.province, prov.add(enemy, -1))
        return state.with_side(enemy, reserve=state.side(enemy).reserve + 1)
    return armies.settle(state, Payment(colour, PayKind.PLACE, Dest.PROVINCE, battle.province, 1), events)


def _apply_chariot(state: State, seat: int, action: Chariot, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.EVENT_EFFECT,), mark("answer War Chariot"))
    if state.active_event != WAR_CHARIOT or not state.awaiting[colour.slot]:
        raise IllegalAction(tr("You cannot answer War Chariot now."))
    side = state.side(colour)
    if action.warlord is not None and action.warlord not in event_cards.chariot_choices(state, colour):
        raise IllegalAction(tr("War Chariot lets you take only one of your warlords not chosen at setup."))
    state = state.with_flag("awaiting", colour, False)
    if action.warlord is not None:
        state = state.with_side(
            colour,
            warlords_held=(*side.warlords_held, action.warlord),
            warlords_unchosen=tuple(w for w in side.warlords_unchosen if w != action.warlord),
        )
    private = {side.seat: {"warlord": action.warlord}}
    events.append(Event("chariot", {"seat": side.seat, "took": action.warlord is not None}, private))
    return state


def _apply_recycle(state: State, seat: int, action: Recycle, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.RECYCLE,), mark("recycle"))
    side = state.side(colour)
    state = state.with_flag("awaiting", colour, False)
    if action.card is None:
        events.append(Event("recycle_declined", {"seat": side.seat}))
        return state
    warlord = turns.RECYCLING[colour][0]
    if warlord not in side.warlords_held:
        raise IllegalAction(tr("You do not hold that warlord."))
    if action.card not in turns.recyclable(state, colour):
        raise IllegalAction(tr("That card cannot be recycled."))
    deck = (*side.deck, action.card)
    top = deck[0]  # R18: the top card leaves face down; only its owner sees it
    state = state.with_side(
        colour,
        table=_without(side.table, (action.card,)),
        deck=deck[1:],
        known_bottom=min(side.known_bottom + 1, len(deck) - 1),
        out_secret=(*side.out_secret, top),
        warlords_held=tuple(w for w in side.warlords_held if w != warlord),
        warlords_used=(*side.warlords_used, warlord),
    )
    events.append(
        Event(
            "recycled",
            {"seat": side.seat, "warlord": warlord, "card": action.card},
            {side.seat: {"removed": top}},
        )
    )
    return state


def _apply_keep(state: State, seat: int, action: Keep, events: list[Event]) -> State:
    colour = state.colour_of(seat)
    _require_turn(state, colour, (Stage.KEEP,), mark("keep cards"))
    side = state.side(colour)
    n = legal.keep_count(state, colour)
    if len(action.cards) != n or len(set(action.cards)) != n:
        raise IllegalAction(tr("Keep exactly {n} of the cards you drew.", n=n))
    if any(card not in side.drawn for card in action.cards):
        raise IllegalAction(tr("You can keep only cards you just drew."))
    under = _without(side.drawn, action.cards)
    state = state.with_side(
        colour,
        hand=flow.sort_hand(side.hand + action.cards),
        drawn=(),
        deck=side.deck + under,
        known_bottom=side.known_bottom + len(under),
    )
    private = {side.seat: {"kept": list(action.cards), "under": list(under)}}
    events.append(Event("kept", {"seat": side.seat, "kept": n}, private))
    return state


HANDLERS: HandlerTable[State] = dict(
    [
        on(ChooseWarlord, _apply_choose_warlord),
        on(Commit, _apply_commit),
        on(Pass, _apply_pass),
        on(UseWarlord, _apply_use_warlord),
        on(Support, _apply_support),
        on(Reveal, _apply_reveal),
        on(React, _apply_react),
        on(Source, _apply_source),
        on(LightInfantry, _apply_light_infantry),
        on(Chariot, _apply_chariot),
        on(Recycle, _apply_recycle),
        on(Keep, _apply_keep),
    ]
)
