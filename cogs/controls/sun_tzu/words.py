"""Sun Tzu words for the private controls: card, province and warlord names, the hand, the rules summary.

Everything here reads one seat's own view (or the public facts in it), so a sentence written for a seat can
only hold what that seat may know. Nothing here imports discord.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from bot.games.base import Option
from bot.games.base.language import mark, tr, trn, trp
from bot.games.sun_tzu.data import PROVINCES, WARLORD_DEFS
from bot.games.sun_tzu.schema import CardView, PlayerView, SunTzuView
from bot.games.sun_tzu.text import armies_text as armies
from bot.games.sun_tzu.text import colour_word, province, role_name, warlord_effect, warlord_name
from bot.games.sun_tzu.text import event_name as event

__all__ = ["armies", "event", "province", "warlord_effect"]  # the engine's words, named as the controls use them

from cogs.controls.views import typed_view

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


def label(kind_id: str) -> str:
    """A card kind as printed, the Plague's name in the language in force."""
    return tr("Plague") if kind_id == "plague" else LABELS.get(kind_id, "?")

# What each card does, for select descriptions (under 100 characters).
CARD_HINTS = {
    "n1": mark("framed, back after the round; revealing it lets you draw 3 and keep 2"),
    "n6": mark("framed; on reveal one of your armies marks this province for good"),
    "plus1": mark("worth the other card + 1; leaves the game after the round"),
    "minus1": mark("worth the other card - 1; leaves the game after the round"),
    "plus2": mark("worth the other card + 2; sets 1 of your armies aside; leaves the game"),
    "plus3": mark("worth the other card + 3; sets 2 of your armies aside; leaves the game"),
    "plague": mark("no battle: the armies here are halved; leaves the game after the round"),
}
def _waits() -> dict[str, Callable[[str, int], str]]:
    """Per stage, the whole sentence on whom the game waits for and what for (one message per step)."""
    def warlord(p: str, n: int) -> str:
        return trn("The game is waiting for {players} to choose a warlord.",
                   "The game is waiting for {players} to choose their warlords.", n, players=p)

    def orders(p: str, n: int) -> str:
        return trn("The game is waiting for {players} to commit their orders.",
                   "The game is waiting for {players} to commit their orders.", n, players=p)

    def before(p: str, n: int) -> str:
        return trn("The game is waiting for {players} in the warlord window before the battles.",
                   "The game is waiting for {players} in the warlord window before the battles.", n, players=p)

    def pick(p: str, n: int) -> str:
        return trn("The game is waiting for {players} to choose the next province.",
                   "The game is waiting for {players} to choose the next province.", n, players=p)

    def reaction(p: str, n: int) -> str:
        return trn("The game is waiting for {players} to decide on a reaction.",
                   "The game is waiting for {players} to decide on a reaction.", n, players=p)

    def find(p: str, n: int) -> str:
        return trn("The game is waiting for {players} to find armies.",
                   "The game is waiting for {players} to find armies.", n, players=p)

    def answer(p: str, n: int) -> str:
        return trn("The game is waiting for {players} to answer the event.",
                   "The game is waiting for {players} to answer the event.", n, players=p)

    def after(p: str, n: int) -> str:
        return trn("The game is waiting for {players} in the warlord window after the battles.",
                   "The game is waiting for {players} in the warlord window after the battles.", n, players=p)

    def recycle(p: str, n: int) -> str:
        return trn("The game is waiting for {players} to decide on recycling.",
                   "The game is waiting for {players} to decide on recycling.", n, players=p)

    def keep(p: str, n: int) -> str:
        return trn("The game is waiting for {players} to choose which cards to keep.",
                   "The game is waiting for {players} to choose which cards to keep.", n, players=p)

    return {"choose_warlord": warlord, "assign": orders, "w1": before, "pick": pick, "counter": reaction,
            "cap": reaction, "costs": find, "placement": find, "event_effect": answer, "w2": after,
            "recycle": recycle, "keep": keep}


STAGE_WAITS = _waits()


# What a seat is asked for, after the game's title in its notifications.
STAGE_DUE = {
    "choose_warlord": mark("choose a warlord"),
    "assign": mark("commit your orders"),
    "w1": mark("warlord window before the battles: play or pass"),
    "pick": mark("choose the next province"),
    "counter": mark("decide on a reaction"),
    "cap": mark("decide on a reaction"),
    "costs": mark("find armies"),
    "placement": mark("find armies"),
    "event_effect": mark("answer the event"),
    "w2": mark("warlord window after the battles: play or pass"),
    "recycle": mark("decide on recycling"),
    "keep": mark("choose which cards to keep"),
}


def due(view: SunTzuView) -> str:
    wanted = STAGE_DUE.get(view["stage"])
    return tr(wanted) if wanted else tr("your move")


def kind(instance: str) -> str:
    """The card kind of an instance id: ``plus1.2`` -> ``plus1``."""
    return instance.split(".", 1)[0]


def card(instance: str) -> str:
    return label(kind(instance))


def card_hint(kind_id: str) -> str:
    if kind_id in CARD_HINTS:
        return tr(CARD_HINTS[kind_id])
    if kind_id in FRAMED_KINDS:
        return tr("framed: back in your hand after the round")
    return tr("leaves the game after the round")


def cards(instances: Iterable[str]) -> str:
    return " · ".join(card(c) for c in instances) or trp("sun tzu cards", "none")


def warlord(wid: str | None) -> str:
    return warlord_name(wid) if wid in WARLORD_DEFS else "?"


def points(n: int) -> str:
    return trn("{n} pt", "{n} pts", n)



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
        return tr("empty")
    if prov["owner_seat"] == view["viewer"]:
        return tr("your {armies}", armies=armies(prov["armies"]))
    return tr("{player}'s {armies}", player=names[prov["owner_seat"]], armies=armies(prov["armies"]))


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
    hand = " · ".join(label(k) + (f" ×{counts[k]}" if counts[k] > 1 else "") for k in KIND_ORDER if counts[k])
    lines = [tr("Your hand: {hand}. Your deck: {deck}.", hand=hand or tr("no cards"),
                deck=trn("{n} card", "{n} cards", mine["deck_count"]))]
    comma = trp("sun tzu list", ", ")
    face_down = [f"{province(p['id'])} {card(p['own_card']['id'])}" for p in view["provinces"]
                 if p["own_card"] is not None]
    if face_down:
        lines.append(tr("Your face-down orders: {orders}.", orders=comma.join(face_down)))
    lines.append(tr("You play {colour} ({role}): {reserve} in reserve, {set_aside} set aside, {board} on the board.",
                    colour=colour_word(mine["colour"]), role=role_name(mine["colour"]), reserve=mine["reserve"],
                    set_aside=mine["set_aside"], board=mine["board_armies"]))
    held = view["warlords_held"] or []
    if held:
        lines.append(trn("Your unused warlord: {warlords}.", "Your unused warlords: {warlords}.", len(held),
                         warlords=comma.join(map(warlord, held))))
    if view["deck_bottom"]:
        lines.append(tr("At the bottom of your deck: {cards}.", cards=cards(c["id"] for c in view["deck_bottom"])))
    if view["out_hidden"]:
        lines.append(tr("Removed face down from your deck: {cards}.",
                        cards=cards(c["id"] for c in view["out_hidden"])))
    return "\n".join(lines)


def board_line(view: SunTzuView) -> str:
    """Round, marker and the provinces with their current screen values: the public facts a decision needs."""
    marker = view["score_marker"]
    if marker == 0:
        toward = tr("centred")
    elif marker > 0:
        toward = tr("{n} toward blue", n=abs(marker))
    else:
        toward = tr("{n} toward red", n=abs(marker))
    if view["scoring_round"]:
        return tr("Round {round} of {rounds} (scoring after this round) · marker {toward}.", round=view["round"],
                  rounds=view["rounds"], toward=toward)
    return tr("Round {round} of {rounds} · marker {toward}.", round=view["round"], rounds=view["rounds"],
              toward=toward)


def awaited(view: SunTzuView, players: str, count: int) -> str:
    """The whole sentence on whom the game waits for and what for now ("The game is waiting for Bob to
    commit their orders.")."""
    wait = STAGE_WAITS.get(view["stage"])
    return wait(players, count) if wait else tr("The game is waiting for {players}.", players=players)


OPTION_LABELS: dict[str, dict[Any, str]] = {
    "plague_rounding": {"down_min1": mark("half, rounded down (at least 1)"), "up": mark("half, rounded up")},
    "cap_at_six_target": {"opponent": mark("red's 7-10"), "own": mark("blue's own 7-10")},
    "adjacency": {"geographic": mark("as on the historical map"), "chain": mark("only neighbours in the row")},
    # "random" is said by option_label, in its own context.
    "colour_assignment": {"random": "drawn at random", "seat_order": mark("the first seat plays blue")},
}
# One description per value, in plain words (the lobby shows it under the value).
OPTION_HELP: dict[str, dict[Any, str]] = {
    "beginner": {
        False: mark("The full game: +2 and +3 cards and warlords; 18 armies in reserve, 3 set aside."),
        True: mark("A first game: no +2 or +3 cards and no warlords; all 21 armies start in reserve."),
    },
    "warlords": {
        True: mark("Each player keeps one warlord in secret: a power to use once."),
        False: mark("No warlords."),
    },
    "events": {
        False: mark("No event cards."),
        True: mark("Five event cards, one face up at a time; each changes a rule while it is face up."),
    },
    "plague_rounding": {
        "down_min1": mark("A Plague leaves half the armies in its province, rounded down, but at least 1."),
        "up": mark("A Plague leaves half the armies in its province, rounded up."),
    },
    "cap_at_six_target": {
        "opponent": mark("Blue's Cap at Six turns red's printed 7, 8, 9 or 10 into a 6."),
        "own": mark("Blue's Cap at Six turns blue's own printed 7, 8, 9 or 10 into a 6."),
    },
    "adjacency": {
        "geographic": mark("Provinces that border each other on the historical map are neighbours."),
        "chain": mark("Only provinces side by side in the row of five are neighbours."),
    },
    "colour_assignment": {
        "random": mark("Who plays blue (Sun Tzu) and who plays red (the King of Chu) is drawn at random."),
        "seat_order": mark("The first seat plays blue (Sun Tzu), the second red (the King of Chu)."),
    },
}


def option_label(option: Option, value: Any) -> str | None:
    if option.key == "colour_assignment" and value == "random":
        return trp("sun tzu colours", "drawn at random")
    text = OPTION_LABELS.get(option.key, {}).get(value)
    return tr(text) if text is not None else None


def option_help(option: Option, value: Any) -> str | None:
    text = OPTION_HELP.get(option.key, {}).get(value)
    return tr(text) if text is not None else None


# Translated where it is shown (``tr``), in the reader's language.
RULES_SUMMARY = mark(
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
BATTLE = mark(
    "The higher card wins by the difference: it first removes that many of the loser's armies there, and the "
    "winner places any rest. Ties change nothing."
)
SUPPORT = mark("Exceptional support, at any time: discard a card that is not framed to bring a set-aside army back.")
PHASES: dict[str, tuple[str, ...]] = {
    "choose_warlord": (
        mark("**Choosing a warlord**"),
        mark("Both players secretly keep 1 of their 5 warlords; the other 4 leave the game."),
        mark("A warlord is a power used once, shown to both players when used."),
    ),
    "assign": (
        mark("**Orders**"),
        mark("Both players secretly give one card from hand to each of the five provinces."),
        mark("You may change your orders until both have committed; the other player only sees that you committed."),
        mark("A player holding a warlord may confirm and pass this round's warlord windows ahead: they are then "
             "asked in them only if the other player uses a warlord."),
        mark("Then the provinces are revealed and fought one at a time. The higher card wins by the difference: it "
             "first removes that many of the loser's armies there, and the winner places any rest. Ties change "
             "nothing."),
    ),
    "w1": (
        mark("**Warlord window** (before the battles)"),
        mark("A player holding an unused warlord may use it now, or pass."),
        mark("A warlord used asks the other player again; the window closes when both have passed."),
    ),
    "w2": (
        mark("**Warlord window** (after the battles)"),
        mark("A player holding an unused warlord may use it now, or pass."),
        mark("A warlord used asks the other player again; the window closes when both have passed."),
        mark("Then, after rounds 3, 6 and 9, the provinces score."),
    ),
    "pick": (
        mark("**Battles: the next province**"),
        mark("The player with fewer armies on the board holds the privilege and picks which province is fought next."),
        BATTLE,
    ),
    "counter": (
        mark("**Battle: a reaction**"),
        mark("A card just revealed lets a warlord react: Counter Plague makes a blue Plague count as 0."),
        mark("Use it now, or continue without it."),
    ),
    "cap": (
        mark("**Battle: a reaction**"),
        mark("A card just revealed lets a warlord react: Cap at Six makes a red 7-10 count as 6."),
        mark("Use it now, or continue without it."),
    ),
    "costs": (
        mark("**Battle: finding armies**"),
        mark("Armies a card costs come from your reserve first; when it is empty you choose a province to take them "
             "from."),
        SUPPORT,
    ),
    "placement": (
        mark("**Battle: finding armies**"),
        mark("The winner places the rest of their win; with the reserve short, the armies come from provinces next "
             "to the battle first, then from any."),
        SUPPORT,
    ),
    "event_effect": (
        mark("**Event**"),
        mark("The face-up event's condition was met: its effect needs a choice from a player."),
        mark("Then the next event card turns face up (and may trigger at once)."),
    ),
    "recycle": (
        mark("**Clean-up: recycling**"),
        mark("Played framed cards (1-6) go back to hand; the other played cards leave the game."),
        mark("A recycling warlord may put a revealed Plague (red) or -1 (blue) under your deck instead; the top card "
             "of your deck then leaves the game."),
    ),
    "keep": (
        mark("**Clean-up: drawing**"),
        mark("Each player draws 2 and keeps 1 (3 and keeps 2 after revealing their 1)."),
        mark("The card not kept goes to the bottom of your deck."),
    ),
}


def phase_summary(table: Table) -> str:
    """The rules of the stage Sun Tzu waits in now, in a few plain lines; the first names it."""
    view = typed_view(SunTzuView, table, None)
    lines = [tr(line) for line in PHASES.get(view["stage"], (mark("**Sun Tzu**"), mark("The game is over.")))]
    if view["round"] >= 1:
        lines[0] += tr(" · round {round} of {rounds}", round=view["round"], rounds=view["rounds"])
    return "\n".join(lines)
