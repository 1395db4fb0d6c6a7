"""The Great Wall of China's words for the Rules button of prompts: the phase the game is in now.

Read from the public view only, so the same text may answer anybody who presses the button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.base.language import mark, tr
from bot.games.great_wall.schema import GreatWallView
from cogs.controls.views import typed_view

if TYPE_CHECKING:
    from bot.tables import Table

MARKERS = mark(
    "In each section where your cards add up to more than every other player's there, you take a marker: "
    "the first lies on one of your cards and counts against you until the second completes the section."
)


def phase_summary(table: Table) -> str:
    """The rules of the current phase in a few plain lines; the first line names the phase."""
    view = typed_view(GreatWallView, table, None)
    if view["phase"] == "final_check":
        lines = [
            tr("**Final check**"),
            tr("No more cards are played: each player in turn only checks once more."),
            tr(MARKERS),
            tr("Markers still lying on cards at the end score nothing."),
        ]
    elif view["phase"] == "check":
        lines = [
            tr("**Check: a first marker**"),
            tr(MARKERS),
            tr("Choose which marker you take and which of your cards in that section it lies on."),
        ]
    else:
        left = view["actions_left"]
        lines = [
            tr("**Actions**"),
            tr("Two actions a turn ({left} left now), each: play one or more cards of one type to one section, "
               "or draw a card. Cavalry is free: play 1 or 2 before either action.", left=left),
            tr("Your cards in a section add up; Infantry counts more the more you have there, a Noble makes every "
               "card of its section count 1, a Dragon may cover a card so it counts 0."),
            tr("At the start of your next turn you check: in each section where your cards add up to more than "
               "every other player's there, you take a marker: the first lies on one of your cards and counts "
               "against you until the second completes the section."),
        ]
    if view["last_round"] is not None and view["phase"] != "final_check":
        lines.append(tr("Last turns: the game is ending; after them everyone only checks once more."))
    return "\n".join(lines)


# Translated where it is shown (``tr``), in the reader's language.
RULES_SUMMARY = mark(
    "**Goal**: the most points from scoring markers lying face down in front of you.\n"
    "**Table**: 2-4 sections of the wall, each with a pair of face-up markers; cards are played next to them.\n"
    "**Your turn**\n"
    "1. *Check*: in each section where your progress (the sum of your cards there) is strictly ahead of every "
    "other player with cards there, you claim a marker. The first marker lies on one of your cards and counts "
    "against you; the second completes the section: both markers go face down to their owners and the cards "
    "leave the game.\n"
    "2-3. *Two actions*, each: play one or more cards of one type to one section, or draw a card.\n"
    "Cavalry is free: play 1 or 2 at a time, before either action.\n"
    "**Cards**: Wall 1 · Gate 2 · Tower 3 · Infantry: your 1st in a section 1, 2nd 2 ... 5th 5 · Cavalry 2 · "
    "Noble 1, and while uncovered every card in its section counts 1 · Dragon 1, and may cover an unmarked card, "
    "which then counts 0.\n"
    "**End**: when no marker is left, or when someone has played their whole deck: the others take one last "
    "turn, then everyone only checks once more. Markers still on cards score nothing."
)
