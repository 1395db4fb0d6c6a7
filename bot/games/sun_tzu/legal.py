"""Legal actions per decision (spec §7): what each seat may do now, as action objects.

Only seats in ``to_act`` get a list (the engine contract). ``apply`` accepts two moves from the other
seat as well: exceptional support (D14: "at any time", §4.9, R12) and a replacement assignment from a
seat that has committed while the other has not (R2). The assignment (D2) is a permutation space, so
only a bounded covering sample is listed: every card the hand may play appears once in every province
it may go to; ``apply`` accepts any legal assignment.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from bot.games.sun_tzu import armies, event_cards, turns, windows
from bot.games.sun_tzu.actions import (
    Chariot,
    ChooseWarlord,
    Commit,
    GameAction,
    Keep,
    LightInfantry,
    Pass,
    React,
    Recycle,
    Reveal,
    Source,
    Support,
)
from bot.games.sun_tzu.data import (
    CAP_AT_SIX,
    COUNTER_PLAGUE,
    DOUBLE_SIX,
    KEEP,
    KEEP_AFTER_ONE,
    LIGHT_INFANTRY,
    PROVINCES,
    WAR_CHARIOT,
    WARLORDS,
    Colour,
    card_id,
    card_sort_key,
    is_framed,
)
from bot.games.sun_tzu.state import Stage, State

NO_SUPPORT = frozenset({Stage.CHOOSE_WARLORD, Stage.INITIAL_DRAW, Stage.OVER})
PLAIN_FRAMED = ("n1", "n2", "n3", "n4", "n5")  # legal in any province, and always in hand at phase 2


def six_may_go(colour: Colour, marks: int, warlords_held: Iterable[str]) -> bool:
    """The 6 may not go where this colour has marked, except red's Double Six on a single mark (R20). Read
    from the state here and from a seat's own view by its controls."""
    if marks == 0:
        return True
    return colour is Colour.RED and marks == 1 and DOUBLE_SIX in warlords_held


def six_allowed(state: State, colour: Colour, province: str) -> bool:
    return six_may_go(colour, state.province(province).marks_of(colour), state.side(colour).warlords_held)


def assignable(state: State, colour: Colour) -> tuple[str, ...]:
    """The cards an assignment may use: the hand plus a commitment being replaced."""
    side = state.side(colour)
    return tuple(sorted(side.hand + (side.assignment or ()), key=card_sort_key))


def commit_samples(state: State, colour: Colour) -> list[Commit]:
    pool = assignable(state, colour)
    filler = [c for c in pool if card_id(c) in PLAIN_FRAMED]
    found: set[tuple[str, ...]] = set()
    # Copies of a card are interchangeable: feature one instance per kind.
    featured = {card_id(c): c for c in reversed(pool)}
    for card in featured.values():
        rest = [c for c in filler if c != card][: len(PROVINCES) - 1]
        for i, province in enumerate(PROVINCES):
            if card_id(card) == "n6" and not six_allowed(state, colour, province):
                continue
            found.add((*rest[:i], card, *rest[i:]))
    side = state.side(colour)
    ahead = (False, True) if turns.windows_ahead(len(side.warlords_held), state.round) else (False,)
    return [Commit(cards, passing) for cards in sorted(found) for passing in ahead]


def keep_count(state: State, colour: Colour) -> int:
    return KEEP_AFTER_ONE if state.revealed_one(colour) else KEEP


def support_cards(state: State, colour: Colour) -> list[Support]:
    """One support option per kind of non-framed hand card (copies are interchangeable)."""
    side = state.side(colour)
    if state.stage in NO_SUPPORT or not side.set_aside:
        return []
    seen: dict[str, str] = {}
    for card in side.hand:
        if not is_framed(card):
            seen.setdefault(card_id(card), card)
    return [Support(card) for card in seen.values()]


def decisions(state: State, colour: Colour) -> list[GameAction]:
    """The actions of the decision ``colour`` owes now (not counting support)."""
    stage = state.stage
    side = state.side(colour)
    if colour not in turns.waiting(state):
        return []
    if stage is Stage.ASSIGN:
        return list(commit_samples(state, colour))
    if stage is Stage.CHOOSE_WARLORD:
        return [ChooseWarlord(w) for w in side.warlords_unchosen]
    if stage in (Stage.W1, Stage.W2):
        return [Pass(), *windows.uses(state, colour)]
    if stage is Stage.PICK:
        return [Reveal(p) for p in turns.unresolved(state)]
    if stage in (Stage.COUNTER, Stage.CAP):
        card = COUNTER_PLAGUE if stage is Stage.COUNTER else CAP_AT_SIX
        return [React(False), *([React(True)] if card in side.warlords_held else [])]
    if stage is Stage.RECYCLE:
        warlord = turns.RECYCLING[colour][0]
        cards = turns.recyclable(state, colour) if warlord in side.warlords_held else ()
        return [Recycle(None), *(Recycle(c) for c in cards)]
    if stage is Stage.KEEP:
        n = keep_count(state, colour)
        keeps: dict[tuple[str, ...], Keep] = {}
        for cards in combinations(sorted(side.drawn), n):
            keeps.setdefault(tuple(sorted(card_id(c) for c in cards)), Keep(cards))  # copies are alike
        return list(keeps.values())
    pay = state.payment_of(colour)
    if pay is not None:
        return [Source(s) for s in armies.choices(state, pay)]
    if state.active_event == LIGHT_INFANTRY:
        return [LightInfantry(False), LightInfantry(True)]
    if state.active_event == WAR_CHARIOT:
        return [Chariot(None), *(Chariot(w) for w in event_cards.chariot_choices(state, colour))]
    return []


def blind_move(state: State, colour: Colour) -> GameAction | None:
    """A move for a timed-out seat that does not depend on its hidden cards, or None (the keep choice)."""
    stage = state.stage
    if stage is Stage.CHOOSE_WARLORD:
        return ChooseWarlord(WARLORDS[colour][0])  # a fixed card: all five are still to choose from
    if stage is Stage.ASSIGN:
        return Commit(tuple(PLAIN_FRAMED))  # 1-5 are in every hand at phase 2 and legal anywhere
    if stage is Stage.KEEP:
        return None
    options = decisions(state, colour)
    if not options:
        return None
    # The first option is always the passive one: pass, continue, decline, "no", or the first public source.
    return options[0]
