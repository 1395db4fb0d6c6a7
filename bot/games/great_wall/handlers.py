"""Applying actions (spec §4): one handler per action kind, plus resignation. Error sentences name nothing
hidden."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.games.base import Event, HandlerTable, IllegalAction, dispatch, on
from bot.games.base.language import tr
from bot.games.base.leaving import left_event
from bot.games.great_wall.actions import Claim, Draw, GameAction, Play, parse
from bot.games.great_wall.data import (
    MAX_CAVALRY_PER_PLAY,
    CardType,
    LastMove,
    Phase,
    SeatState,
    State,
    card_type,
    put,
)
from bot.games.great_wall.flow import advance, after_action, finish, place_first_marker, run_check
from bot.games.great_wall.progress import claim_cards, cover_targets
from bot.games.great_wall.text import plural

Outcome = tuple[State, list[Event]]


def apply(state: State, seat: int, action: Mapping[str, Any]) -> Outcome:
    return apply_move(state, seat, parse(action))


def apply_move(state: State, seat: int, move: GameAction) -> Outcome:
    """:func:`apply` for an action already parsed (the computer player's playouts make their own)."""
    if state.phase is Phase.OVER:
        raise IllegalAction(tr("The game is over."))
    if seat != state.active:
        raise IllegalAction(tr("It is not your turn."))
    return dispatch(HANDLERS, state, seat, move)


def _require_actions(state: State) -> None:
    if state.phase is Phase.ACTIONS:
        return
    if state.phase is Phase.FINAL_CHECK:
        raise IllegalAction(tr("Nobody can play or draw in the check-only round."))
    raise IllegalAction(tr("Choose where your first marker goes before you play or draw."))


def _apply_play(state: State, seat: int, play: Play, events: list[Event]) -> State:
    _require_actions(state)
    if not 0 <= play.section < len(state.sections):
        raise IllegalAction(tr("There is no section {section}.", section=play.section + 1))
    section = state.sections[play.section]
    if not section.open:
        raise IllegalAction(tr("Section {section} is closed.", section=play.section + 1))
    held = [card for card in state.seats[seat].hand if card_type(card) is play.card]
    if play.count < 1:
        raise IllegalAction(tr("Play at least one card."))
    if play.count > len(held):
        raise IllegalAction(tr("You do not hold {n} {cards}.", n=play.count, cards=plural(play.card, play.count)))
    if play.card is CardType.CAVALRY and play.count > MAX_CAVALRY_PER_PLAY:
        raise IllegalAction(tr("Cavalry is played one or two at a time."))
    cards, mine = take_from_hand(state.seats[seat], play.card, play.count)
    if play.cover is None:
        row = section.row + tuple((card,) for card in cards)
    else:
        if play.card is not CardType.DRAGON:
            raise IllegalAction(tr("Only a Dragon can cover a card."))
        if play.cover not in section.cards:
            raise IllegalAction(tr("That card is not in section {section}.", section=play.section + 1))
        if play.cover not in section.uncovered:
            raise IllegalAction(tr("That card is already covered."))
        if play.cover not in cover_targets(section):
            raise IllegalAction(tr("A card bearing a marker cannot be covered."))
        row = tuple(stack + cards if stack[-1] == play.cover else stack for stack in section.row)
    free = play.card is CardType.CAVALRY  # Cavalry never uses up an action [R17]
    state = replace(
        state,
        seats=put(state.seats, seat, mine),
        sections=put(state.sections, play.section, replace(section, row=row)),
        actions_left=state.actions_left - (0 if free else 1),
        last_move=LastMove(seat, "play", play.section, cards),
    )
    events.append(
        Event(
            "play",
            {
                "seat": seat,
                "card": play.card.value,
                "count": play.count,
                "section": play.section,
                "cards": list(cards),
                "cover": play.cover,
                "free": free,
            },
        )
    )
    return after_action(state, events)


def take_from_hand(mine: SeatState, kind: CardType, count: int) -> tuple[tuple[int, ...], SeatState]:
    """The ``count`` card ids a play of ``kind`` shows on the wall, and the seat without them.

    Copies of one type are interchangeable, so the ids that go public are the lowest of that type among
    hand and deck together: a set everybody can work out from the wall. Were they the lowest in the hand,
    an id would tell which copies wait in the deck. A deck copy whose id goes public swaps ids with a
    copy that stays in the hand (the highest ones); the deck keeps its order.
    """
    held = [card for card in mine.hand if card_type(card) is kind]
    pool = sorted(held + [card for card in mine.deck if card_type(card) is kind])
    shown = pool[:count]
    kept = [card for card in held if card not in shown]
    in_deck = [card for card in mine.deck if card in shown]
    # The hand ends with len(held) - count copies; the rest of ``kept`` moves to the deck.
    swap = dict(zip(in_deck, kept[len(kept) - len(in_deck) :], strict=True))
    hand = tuple(sorted(card for card in mine.hand if card not in shown and card not in swap.values()))
    deck = tuple(swap.get(card, card) for card in mine.deck)
    return tuple(shown), replace(mine, hand=hand, deck=deck)


def _apply_draw(state: State, seat: int, draw: Draw, events: list[Event]) -> State:
    _require_actions(state)
    mine = state.seats[seat]
    if not mine.deck:
        raise IllegalAction(tr("Your deck is empty, so you cannot draw."))
    card, deck = mine.deck[0], mine.deck[1:]
    drawn = replace(mine, deck=deck, hand=tuple(sorted((*mine.hand, card))))
    state = replace(
        state,
        seats=put(state.seats, seat, drawn),
        actions_left=state.actions_left - 1,
        last_move=LastMove(seat, "draw"),
    )
    events.append(Event("draw", {"seat": seat}, {seat: {"card": card, "type": card_type(card).value}}))
    return after_action(state, events)


def _apply_claim(state: State, seat: int, claim: Claim, events: list[Event]) -> State:
    if state.pending is None:
        raise IllegalAction(tr("There is no first marker to place right now."))
    if claim.section != state.pending:
        raise IllegalAction(tr("Your first-marker choice is in section {section}.", section=state.pending + 1))
    section = state.sections[claim.section]
    if claim.marker not in section.markers:
        raise IllegalAction(tr("Section {section} has no unclaimed {marker} marker.", section=claim.section + 1,
                                marker=claim.marker))
    if claim.card not in claim_cards(section, seat):
        raise IllegalAction(tr("The first marker must go on one of your own uncovered cards in that section."))
    state = place_first_marker(state, claim.section, claim.marker, claim.card, events, chosen=True)
    state = replace(state, last_move=LastMove(seat, "claim", claim.section, (claim.card,)))
    return run_check(state, claim.section + 1, events)


HANDLERS: HandlerTable[State] = dict([on(Play, _apply_play), on(Draw, _apply_draw), on(Claim, _apply_claim)])


def resign(state: State, seat: int, *, timed_out: bool = False) -> Outcome:
    """The seat leaves play: skipped from now on, its cards stay on the wall, it ranks last. ``timed_out``:
    it ran out of time on a table that forfeits it, the same in every rule, only told apart in words."""
    if state.phase is Phase.OVER:
        raise IllegalAction(tr("The game is over."))
    if not 0 <= seat < state.num_players:
        raise IllegalAction(tr("That seat is not in this game."))
    if not state.in_play(seat):
        raise IllegalAction(tr("You have already left this game."))
    state = replace(
        state,
        resigned=(*state.resigned, seat),
        timed_out=(*state.timed_out, seat) if timed_out else state.timed_out,
        owed=tuple(s for s in state.owed if s != seat),
        last_move=LastMove(seat, "resign"),
    )
    events = [left_event("resign", seat, timed_out)]
    if state.num_players - len(state.resigned) < 2:
        return finish(state, "resignation", events), events
    if seat == state.active:
        # Whatever the seat still owed (a choice, actions) lapses; the next seat in play starts its turn.
        state = advance(replace(state, pending=None, actions_left=0), events)
    return state, events
