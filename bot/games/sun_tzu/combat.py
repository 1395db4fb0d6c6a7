"""Battle arithmetic (spec §4.5-§4.7): card values, the winner and margin, Plague reduction.

Pure functions of cards and counts, shared by the engine, the views and the AI.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.sun_tzu.data import Colour, Kind, card_def
from bot.games.sun_tzu.schema import Outcome


@dataclass(frozen=True)
class Effective:
    """What a revealed card counts as: a number, a relative offset, or a Plague."""

    kind: str  # "num", "rel" or "plague"
    value: int = 0


def effective(instance: str, countered: bool = False, capped: bool = False) -> Effective:
    """A countered Plague is the number 0; a capped 7-10 is the number 6 (spec §2.2)."""
    card = card_def(instance)
    if card.kind is Kind.PLAGUE:
        return Effective("num", 0) if countered else Effective("plague")
    if card.kind is Kind.NUMBER:
        return Effective("num", 6 if capped else int(card.value or 0))
    return Effective("rel", int(card.value or 0))


def is_number(instance: str, countered: bool = False) -> bool:
    return effective(instance, countered).kind == "num"


def compare(blue: Effective, red: Effective) -> tuple[Outcome, int]:
    """("blue" | "red" | "tie" | "cancelled", margin) for two effective cards (spec §4.5 matrix)."""
    if blue.kind == "plague" or red.kind == "plague":
        return "cancelled", 0
    if blue.kind == "rel" and red.kind == "rel":
        # R6: +k counts k and -1 counts 0 when both cards are relative.
        vb, vr = max(blue.value, 0), max(red.value, 0)
    elif blue.kind == "rel":
        vr = red.value
        vb = vr + blue.value
    elif red.kind == "rel":
        vb = blue.value
        vr = vb + red.value
    else:
        vb, vr = blue.value, red.value
    if vb == vr:
        return "tie", 0
    return ("blue" if vb > vr else "red"), abs(vb - vr)


def values(blue: Effective, red: Effective) -> tuple[int | None, int | None]:
    """The two compared values, for display (None when a Plague cancels)."""
    if blue.kind == "plague" or red.kind == "plague":
        return None, None
    if blue.kind == "rel" and red.kind == "rel":
        return max(blue.value, 0), max(red.value, 0)
    if blue.kind == "rel":
        return red.value + blue.value, red.value
    if red.kind == "rel":
        return blue.value, blue.value + red.value
    return blue.value, red.value


def plague_left(armies: int, rounding: str, total: bool) -> int:
    """Armies a Plague leaves in a province (spec §4.7, X15)."""
    if armies == 0:
        return 0
    if total:
        return 1
    if rounding == "up":
        return (armies + 1) // 2
    return max(1, armies // 2)


def margin_split(owner: Colour | None, armies: int, winner: Colour, margin: int) -> tuple[int, int]:
    """The four situations of §4.6: (loser armies removed to its reserve, armies the winner must place)."""
    if owner is None or owner is winner:
        return 0, margin
    removed = min(margin, armies)
    return removed, margin - removed
