"""Who must decide now (spec §7, R15): every pause is derived from public facts only.

``waiting`` names the colours a resting stage waits for; the flow moves on when it names nobody.
"""

from __future__ import annotations

from bot.games.sun_tzu.combat import effective
from bot.games.sun_tzu.data import (
    COLOURS,
    MINUS_RECYCLE,
    PLAGUE_RECYCLE,
    PROVINCES,
    ROUNDS,
    Colour,
    Kind,
    card_def,
    card_id,
)
from bot.games.sun_tzu.state import Stage, State


def window_eligible(state: State, colour: Colour) -> bool:
    side = state.side(colour)
    if side.warlords_held:
        return True
    # R34: the last W2 also waits for a player who could still turn set-aside armies into reserve.
    return state.stage is Stage.W2 and state.round == ROUNDS and side.set_aside > 0


def windows_ahead(warlords_unused: int, round_no: int) -> bool:
    """Whether orders may pass this round's warlord windows ahead (R15): the seat could be asked in one, by a
    public count (an unused warlord, of whatever use now, or the last round's W2, R34). Read from the state
    here and from a seat's own view by its controls, so the offer says nothing of the warlord."""
    return warlords_unused > 0 or round_no == ROUNDS


def unresolved(state: State) -> tuple[str, ...]:
    done = {b.province for b in state.battles}
    return tuple(p for p in PROVINCES if p not in done)


def picker(state: State) -> Colour | None:
    """Who chooses the next province: the holder from round 2 on, if a choice is left (R4)."""
    if state.round == 1 or state.privilege_holder is None or len(unresolved(state)) < 2:
        return None
    return state.privilege_holder


def counter_asked(state: State) -> bool:
    b = state.battle
    assert b is not None
    blue, red = card_def(b.blue).kind, card_def(b.red).kind
    return blue is Kind.PLAGUE and red is not Kind.PLAGUE and bool(state.side(Colour.RED).warlords_held)


def high_card(instance: str) -> bool:
    return card_id(instance) in ("n7", "n8", "n9", "n10")


def cap_target(state: State) -> Colour:
    """Whose printed 7-10 Cap at Six turns into a 6 (option ``cap_at_six_target``, R23)."""
    return Colour.BLUE if state.options.cap_at_six_target == "own" else Colour.RED


def cap_asked(state: State) -> bool:
    b = state.battle
    assert b is not None
    target = cap_target(state)
    other = target.other
    other_is_number = effective(b.card_of(other), b.countered and other is Colour.BLUE).kind == "num"
    return high_card(b.card_of(target)) and other_is_number and bool(state.side(Colour.BLUE).warlords_held)


def waiting(state: State) -> tuple[Colour, ...]:
    """The colours that must decide now, in colour order."""
    stage = state.stage
    if stage is Stage.CHOOSE_WARLORD:
        return tuple(c for c in COLOURS if not state.side(c).chose_warlord)
    if stage is Stage.ASSIGN:
        return tuple(c for c in COLOURS if state.side(c).assignment is None)
    if stage in (Stage.W1, Stage.W2):
        return tuple(c for c in COLOURS if window_eligible(state, c) and not state.passed[c.slot])
    if stage is Stage.PICK:
        who = picker(state)
        return () if who is None else (who,)
    if stage is Stage.COUNTER:
        return (Colour.RED,) if counter_asked(state) else ()
    if stage is Stage.CAP:
        return (Colour.BLUE,) if cap_asked(state) else ()
    if stage in (Stage.COSTS, Stage.PLACEMENT, Stage.EVENT_EFFECT, Stage.RECYCLE):
        owing = {p.colour for p in state.payments}
        return tuple(c for c in COLOURS if c in owing or state.awaiting[c.slot])
    if stage is Stage.KEEP:
        return tuple(c for c in COLOURS if state.side(c).drawn)
    return ()


#: Per colour: its recycling warlord and the card kind it recycles (R18).
RECYCLING: dict[Colour, tuple[str, str]] = {
    Colour.RED: (PLAGUE_RECYCLE, "plague"),
    Colour.BLUE: (MINUS_RECYCLE, "minus1"),
}


def recyclable(state: State, colour: Colour) -> tuple[str, ...]:
    """This round's revealed cards the colour's recycling warlord could take (R18)."""
    kind = RECYCLING[colour][1]
    return tuple(c for c in state.side(colour).table if card_id(c) == kind)
