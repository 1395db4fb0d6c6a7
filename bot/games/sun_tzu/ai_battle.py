"""The "normal" computer player's model of a round: one battle at a time, and what a board is worth.

A battle uses the engine's own arithmetic (combat.py: card values, the four situations, Plague
reduction). Sourcing shortfalls from neighbours, reactions and events are left out: they are rare and
would make every battle depend on the others.

Worth is counted in score-marker spaces toward the viewer:
- a province scores its screen value at every scoring still to come, for the side that holds it then; a
  holder keeps it with a chance that grows with its armies and shrinks with the battles still to fight;
- an unplayed non-framed card is worth part of the armies it can win later, while rounds are left to play it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.sun_tzu.combat import compare, effective, margin_split, plague_left
from bot.games.sun_tzu.data import SCORING_ROUNDS, SCREENS, TRACK, Colour, Kind, card_def, face

SWING = 3.0  # armies a province typically changes hands by in one battle
CARD_WORTH = 0.2  # spaces per point of strength a spare card adds, while rounds are left to play it
PLAGUE_WORTH = 1.0  # a Plague saved for a strong enemy province
ARMY_OUT = 0.08  # an army set aside or marked: fewer armies to win with later
ONE_BONUS = 0.35  # a revealed 1 draws an extra card
# Strength of a card in a battle (relative cards beat numbers, the Plague is placed apart).
STRENGTH = {"plus1": 7.0, "plus2": 8.5, "plus3": 9.5, "minus1": 2.5, "plague": 0.0}


def strength(instance: str) -> float:
    card = card_def(instance)
    return STRENGTH[card.id] if card.id in STRENGTH else float(card.value or 0)


@dataclass(frozen=True)
class Ground:
    """A province before a battle: who holds it and with how many armies."""

    owner: Colour | None
    armies: int


@dataclass(frozen=True)
class Fought:
    """A province after a battle, and the armies each side paid on reveal (marks and +2/+3 costs)."""

    owner: Colour | None
    armies: int
    paid: tuple[int, int]  # blue, red


def battle(ground: Ground, blue: str, red: str, rounding: str, total_plague: bool) -> Fought:
    """§4.4 for one province, the placed armies assumed to come from the reserve."""
    paid = [0, 0]
    for slot, card in enumerate((blue, red)):
        cost = card_def(card)
        paid[slot] = 1 if cost.id == "n6" else cost.cost
    outcome, margin = compare(effective(blue), effective(red))
    owner, armies = ground.owner, ground.armies
    if outcome == "cancelled":
        total = total_plague and card_def(red).kind is Kind.PLAGUE
        armies = plague_left(armies, rounding, total)
    elif outcome in ("blue", "red"):
        winner = Colour(outcome)
        removed, place = margin_split(owner, armies, winner, margin)
        armies -= removed
        if armies == 0:
            owner = None
        if place:
            owner, armies = winner, armies + place
    return Fought(owner, armies, (paid[0], paid[1]))


def hold_chance(armies: int, battles: int) -> float:
    """Chance that a holder of ``armies`` still holds the province after ``battles`` more battles."""
    if armies <= 0:
        return 0.0
    if battles <= 0:
        return 1.0
    return armies / (armies + SWING * battles)


def province_worth(screen: int, owner: Colour | None, armies: int, fought: int, me: Colour) -> float:
    """Spaces toward ``me`` a province is expected to score at the scorings after round ``fought``, whose
    battles are over."""
    if owner is None:
        return 0.0
    sign = 1.0 if owner is me else -1.0
    total = 0.0
    for scoring in SCORING_ROUNDS:
        if scoring > fought:
            total += SCREENS[screen - 1][face(scoring)] * hold_chance(armies, scoring - fought)
    return sign * total


def scoring_now(round_no: int) -> bool:
    return round_no in SCORING_ROUNDS


def card_worth(instance: str, round_no: int) -> float:
    """What keeping a non-framed card is worth after ``round_no``: nothing once no round is left."""
    rounds_left = 9 - round_no
    if rounds_left <= 0 or card_def(instance).framed:
        return 0.0
    share = min(1.0, rounds_left / 3)
    if card_def(instance).kind is Kind.PLAGUE:
        return PLAGUE_WORTH * share
    return CARD_WORTH * max(0.0, strength(instance) - 4.0) * share


def clamp(marker: float) -> float:
    return max(-TRACK, min(TRACK, marker))
