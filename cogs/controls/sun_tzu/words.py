"""Sun Tzu words for the private controls: card, province and warlord names, the hand, the rules summary.

Everything here reads one seat's own view (or the public facts in it), so a sentence written for a seat can
only hold what that seat may know. Nothing here imports discord.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from bot.games.base import Option
from bot.games.base.words import count
from bot.games.sun_tzu.data import PROVINCES, WARLORD_DEFS
from bot.games.sun_tzu.schema import CardView, PlayerView, SunTzuView
from bot.games.sun_tzu.text import armies_text as armies
from bot.games.sun_tzu.text import event_name as event
from bot.games.sun_tzu.text import province

__all__ = ["armies", "event", "province"]  # the engine's words, named as the controls use them

if TYPE_CHECKING:
    from bot.tables import Table


# Printed order of the card kinds (as in a sorted hand).
KIND_ORDER = (*(f"n{n}" for n in range(1, 11)), "plus1", "minus1", "plus2", "plus3", "plague")
FRAMED_KINDS = frozenset(KIND_ORDER[:6])
LABELS = {kind: kind[1:] for kind in KIND_ORDER[:10]} | {
    "plus1": "+1",
    "minus1": "-1",
    "plus2": "+2",
    "plus3": "+3",
    "plague": "Plague",
}
# What each card does, for select descriptions (under 100 characters).
CARD_HINTS = {
    "n1": "framed, back after the round; revealing it lets you draw 3 and keep 2",
    "n6": "framed; on reveal one of your armies marks this province for good",
    "plus1": "worth the other card + 1; leaves the game after the round",
    "minus1": "worth the other card - 1; leaves the game after the round",
    "plus2": "worth the other card + 2; sets 1 of your armies aside; leaves the game",
    "plus3": "worth the other card + 3; sets 2 of your armies aside; leaves the game",
    "plague": "no battle: the armies here are halved; leaves the game after the round",
}
STAGE_WAITS = {
    "choose_warlord": "to choose a warlord",
    "assign": "to commit their orders",
    "w1": "in the warlord window before the battles",
    "pick": "to choose the next province",
    "counter": "to decide on a reaction",
    "cap": "to decide on a reaction",
    "costs": "to find armies",
    "placement": "to find armies",
    "event_effect": "to answer the event",
    "w2": "in the warlord window after the battles",
    "recycle": "to decide on recycling",
    "keep": "to choose which cards to keep",
}


def kind(instance: str) -> str:
    """The card kind of an instance id: ``plus1.2`` -> ``plus1``."""
    return instance.split(".", 1)[0]


def card(instance: str) -> str:
    return LABELS.get(kind(instance), "?")


def card_hint(kind_id: str) -> str:
    if kind_id in CARD_HINTS:
        return CARD_HINTS[kind_id]
    return "framed: back in your hand after the round" if kind_id in FRAMED_KINDS else "leaves the game after the round"


def cards(instances: Iterable[str]) -> str:
    return " · ".join(card(c) for c in instances) or "none"



def warlord(wid: str | None) -> str:
    return WARLORD_DEFS[wid].name if wid in WARLORD_DEFS else "?"


def warlord_effect(wid: str) -> str:
    return WARLORD_DEFS[wid].effect if wid in WARLORD_DEFS else ""



def points(n: int) -> str:
    return f"{n} pt{'' if n == 1 else 's'}"



def me(view: SunTzuView) -> PlayerView:
    seat = view["viewer"]
    return next(p for p in view["players"] if p["seat"] == seat)


def opponent(view: SunTzuView) -> PlayerView:
    seat = view["viewer"]
    return next(p for p in view["players"] if p["seat"] != seat)


def holder(view: SunTzuView, pid: str, names: Sequence[str]) -> str:
    """Who holds a province, for a label: "empty", "your 3 armies" or "Bob's 2 armies"."""
    prov = view["provinces"][PROVINCES.index(pid)]
    if prov["owner_seat"] is None:
        return "empty"
    whose = "your" if prov["owner_seat"] == view["viewer"] else f"{names[prov['owner_seat']]}'s"
    return f"{whose} {armies(prov['armies'])}"


def support_cards(view: SunTzuView) -> list[CardView]:
    """Hand cards exceptional support may discard now (one per kind: copies are alike), from the seat's
    own view: a set-aside army to bring back and a non-framed card in hand (spec §4.9)."""
    if view["stage"] in ("choose_warlord", "over") or not me(view)["set_aside"]:
        return []
    found: dict[str, CardView] = {}
    for c in view["hand"] or []:
        if not c["framed"]:
            found.setdefault(c["card"], c)
    return list(found.values())


def hand_text(view: SunTzuView) -> str:
    """The seat's own holdings in a few lines: hand, face-down orders, deck, armies, warlords."""
    mine = me(view)
    counts = Counter(c["card"] for c in view["hand"] or [])
    hand = " · ".join(LABELS[k] + (f" ×{counts[k]}" if counts[k] > 1 else "") for k in KIND_ORDER if counts[k])
    lines = [f"Your hand: {hand or 'no cards'}. Your deck: {count(mine['deck_count'], 'card')}."]
    face_down = [f"{p['name']} {card(p['own_card']['id'])}" for p in view["provinces"] if p["own_card"] is not None]
    if face_down:
        lines.append(f"Your face-down orders: {', '.join(face_down)}.")
    lines.append(
        f"You play {mine['colour']} ({mine['role']}): {mine['reserve']} in reserve, {mine['set_aside']} set aside, "
        f"{mine['board_armies']} on the board."
    )
    held = view["warlords_held"] or []
    if held:
        lines.append("Your unused warlord" + ("s: " if len(held) > 1 else ": ") + ", ".join(map(warlord, held)) + ".")
    if view["deck_bottom"]:
        lines.append(f"At the bottom of your deck: {cards(c['id'] for c in view['deck_bottom'])}.")
    if view["out_hidden"]:
        lines.append(f"Removed face down from your deck: {cards(c['id'] for c in view['out_hidden'])}.")
    return "\n".join(lines)


def board_line(view: SunTzuView) -> str:
    """Round, marker and the provinces with their current screen values: the public facts a decision needs."""
    marker = view["score_marker"]
    toward = "centred" if marker == 0 else f"{abs(marker)} toward {'blue' if marker > 0 else 'red'}"
    scoring = " (scoring after this round)" if view["scoring_round"] else ""
    return f"Round {view['round']} of {view['rounds']}{scoring} · marker {toward}."


def awaited(view: SunTzuView) -> str:
    """What the seats to act are asked for now, after their names ("Bob to commit their orders")."""
    return STAGE_WAITS.get(view["stage"], "")


OPTION_LABELS: dict[str, dict[Any, str]] = {
    "plague_rounding": {"down_min1": "half, rounded down (at least 1)", "up": "half, rounded up"},
    "cap_at_six_target": {"opponent": "red's 7-10", "own": "blue's own 7-10"},
    "adjacency": {"geographic": "as on the historical map", "chain": "only neighbours in the row"},
    "colour_assignment": {"random": "drawn at random", "seat_order": "the first seat plays blue"},
}
# One description per value, in plain words (the lobby shows it under the value).
OPTION_HELP: dict[str, dict[Any, str]] = {
    "beginner": {
        False: "The full game: +2 and +3 cards and warlords; 18 armies in reserve, 3 set aside.",
        True: "A first game: no +2 or +3 cards and no warlords; all 21 armies start in reserve.",
    },
    "warlords": {
        True: "Each player keeps one warlord in secret: a power to use once.",
        False: "No warlords.",
    },
    "events": {
        False: "No event cards.",
        True: "Five event cards, one face up at a time; each changes a rule while it is face up.",
    },
    "plague_rounding": {
        "down_min1": "A Plague leaves half the armies in its province, rounded down, but at least 1.",
        "up": "A Plague leaves half the armies in its province, rounded up.",
    },
    "cap_at_six_target": {
        "opponent": "Blue's Cap at Six turns red's printed 7, 8, 9 or 10 into a 6.",
        "own": "Blue's Cap at Six turns blue's own printed 7, 8, 9 or 10 into a 6.",
    },
    "adjacency": {
        "geographic": "Provinces that border each other on the historical map are neighbours.",
        "chain": "Only provinces side by side in the row of five are neighbours.",
    },
    "colour_assignment": {
        "random": "Who plays blue (Sun Tzu) and who plays red (the King of Chu) is drawn at random.",
        "seat_order": "The first seat plays blue (Sun Tzu), the second red (the King of Chu).",
    },
}


def option_label(option: Option, value: Any) -> str | None:
    return OPTION_LABELS.get(option.key, {}).get(value)


def option_help(option: Option, value: Any) -> str | None:
    return OPTION_HELP.get(option.key, {}).get(value)


RULES_SUMMARY = (
    "**Goal**: two players, blue (Sun Tzu) and red (the King of Chu), fight over five provinces in a row: "
    "Qin, Chu, Jin-Yan, Han-Qi, Wu. Push the shared score marker to your side.\n"
    "**Each round** (9 at most)\n"
    "1. *Orders*: both players secretly give one card from their hand to each province. You can change your "
    "orders until both have committed; the other player only sees that you committed.\n"
    "2. *Battles*: the provinces are revealed one at a time (from round 2 the player with fewer armies on the "
    "board picks the order). The higher card wins by the difference: it first removes that many of the "
    "loser's armies there (back to their reserve); any rest is placed by the winner. Ties change nothing.\n"
    "**Cards**: 1-10 count their number; 1-6 are framed and come back every round, the others leave the "
    "game. +1/+2/+3 beat the other card by 1/2/3 (+2 and +3 set 1 or 2 of your armies aside); -1 loses by 1; "
    "two relative cards compare +k as k and -1 as 0. A Plague cancels the battle and halves the armies there. "
    "A 6 marks the province with one of your armies for good, and you may never play your 6 there again. "
    "Revealing your 1 lets you draw 3 and keep 2 instead of draw 2 keep 1.\n"
    "**Armies**: 21 each. Placing is mandatory: from the reserve, else from your provinces next to the "
    "battle, then any. *Exceptional support*, at any time: discard a non-framed card (shown to the other "
    "player) to bring a set-aside army back to the reserve.\n"
    "**Scoring** after rounds 3, 6 and 9: each province you hold scores its screen value; the difference moves "
    "the marker. Reaching your end space (9) after round 3 or 6 wins at once; after round 9 the marker's side "
    "wins, a centred marker goes to the larger reserve, else it is a draw.\n"
    "**Options**: the beginner game (no +2/+3, no warlords, 21 armies in reserve); secret warlords, one-shot "
    "powers (Remove an Army, Forced March, Cap at Six...); five event cards, one face up at a time."
)


# -- the Rules button ------------------------------------------------------------------------------------
BATTLE = (
    "The higher card wins by the difference: it first removes that many of the loser's armies there, and the "
    "winner places any rest. Ties change nothing."
)
SUPPORT = "Exceptional support, at any time: discard a card that is not framed to bring a set-aside army back."
PHASES: dict[str, tuple[str, ...]] = {
    "choose_warlord": (
        "**Choosing a warlord**",
        "Both players secretly keep 1 of their 5 warlords; the other 4 leave the game.",
        "A warlord is a power used once, shown to both players when used.",
    ),
    "assign": (
        "**Orders**",
        "Both players secretly give one card from hand to each of the five provinces.",
        "You may change your orders until both have committed; the other player only sees that you committed.",
        "Then the provinces are revealed and fought one at a time. " + BATTLE,
    ),
    "w1": (
        "**Warlord window** (before the battles)",
        "A player holding an unused warlord may use it now, or pass.",
        "A warlord used asks the other player again; the window closes when both have passed.",
    ),
    "w2": (
        "**Warlord window** (after the battles)",
        "A player holding an unused warlord may use it now, or pass.",
        "A warlord used asks the other player again; the window closes when both have passed.",
        "Then, after rounds 3, 6 and 9, the provinces score.",
    ),
    "pick": (
        "**Battles: the next province**",
        "The player with fewer armies on the board holds the privilege and picks which province is fought next.",
        BATTLE,
    ),
    "counter": (
        "**Battle: a reaction**",
        "A card just revealed lets a warlord react: Counter Plague makes a blue Plague count as 0.",
        "Use it now, or continue without it.",
    ),
    "cap": (
        "**Battle: a reaction**",
        "A card just revealed lets a warlord react: Cap at Six makes a red 7-10 count as 6.",
        "Use it now, or continue without it.",
    ),
    "costs": (
        "**Battle: finding armies**",
        "Armies a card costs come from your reserve first; when it is empty you choose a province to take them from.",
        SUPPORT,
    ),
    "placement": (
        "**Battle: finding armies**",
        "The winner places the rest of their win; with the reserve short, the armies come from provinces next "
        "to the battle first, then from any.",
        SUPPORT,
    ),
    "event_effect": (
        "**Event**",
        "The face-up event's condition was met: its effect needs a choice from a player.",
        "Then the next event card turns face up (and may trigger at once).",
    ),
    "recycle": (
        "**Clean-up: recycling**",
        "Played framed cards (1-6) go back to hand; the other played cards leave the game.",
        "A recycling warlord may put a revealed Plague (red) or -1 (blue) under your deck instead; the top card "
        "of your deck then leaves the game.",
    ),
    "keep": (
        "**Clean-up: drawing**",
        "Each player draws 2 and keeps 1 (3 and keeps 2 after revealing their 1).",
        "The card not kept goes to the bottom of your deck.",
    ),
}


def phase_summary(table: Table) -> str:
    """The rules of the stage Sun Tzu waits in now, in a few plain lines; the first names it."""
    view = cast(SunTzuView, table.view(None))
    lines = list(PHASES.get(view["stage"], ("**Sun Tzu**", "The game is over.")))
    if view["round"] >= 1:
        lines[0] += f" · round {view['round']} of {view['rounds']}"
    return "\n".join(lines)
