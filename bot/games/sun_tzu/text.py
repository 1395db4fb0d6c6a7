"""Words for the thread and the DMs: one sentence per event, short labels for buttons.

``describe`` reads only ``event.public`` unless a seat is given, and then adds only that seat's own
private part, so the thread never learns a hand, a drawn card or an unused warlord.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.base import Event
from bot.games.base.language import mark, tr, trn, trp
from bot.games.base.leaving import ran_out_of_time
from bot.games.base.words import join
from bot.games.sun_tzu.data import EVENT_DEFS, PROVINCE_NAMES, WARLORD_DEFS, card_def, card_label

Phrase = Callable[[Mapping[str, Any], Sequence[str]], str | None]

# How the game ended, completing "The game is over: ...".
REASONS = {
    "instant_win_r3": mark("the scoring of round 3 pushed the score marker into an end box"),
    "instant_win_r6": mark("the scoring of round 6 pushed the score marker into an end box"),
    "final_r9": mark("round 9 is scored"),
    "last_event": mark("the condition of the last event card was met"),
    "resignation": mark("a player left the game"),  # resigned, or dropped by a tournament organiser
}
# The reason "resignation" when the leaver in fact ran out of time (a forfeit clock).
TIMED_OUT = mark("a player ran out of time")
# The names printed on the board and the cards (the package data is English): translated where shown.
PROVINCE_WORDS = {"qin": "Qin", "chu": "Chu", "jin_yan": "Jin-Yan", "han_qi": "Han-Qi", "wu": "Wu"}
# In their own context: China's map spells some of the same states its own way.
_PROVINCES: dict[str, Callable[[], str]] = {
    "qin": lambda: trp("sun tzu province", "Qin"),
    "chu": lambda: trp("sun tzu province", "Chu"),
    "jin_yan": lambda: trp("sun tzu province", "Jin-Yan"),
    "han_qi": lambda: trp("sun tzu province", "Han-Qi"),
    "wu": lambda: trp("sun tzu province", "Wu"),
}
WARLORD_WORDS = {
    "wu_reinforce": mark("Reinforcement"),
    "wu_head_start": mark("Head Start"),
    "wu_minus_recycle": mark("Minus-One Recycling"),
    "wu_move_army": mark("Forced March"),
    "wu_cap_at_six": mark("Cap at Six"),
    "chu_remove_army": mark("Remove an Army"),
    "chu_counter_plague": mark("Counter Plague"),
    "chu_plague_recycle": mark("Plague Recycling"),
    "chu_total_plague": mark("Total Plague"),
    "chu_double_six": mark("Double Six"),
}
WARLORD_EFFECTS = {
    "wu_reinforce": mark("Move 1 army from your reserve into a province you control."),
    "wu_head_start": mark("Chosen at setup: the score marker starts 1 space toward you; the choice is revealed once "
                          "both players have chosen."),
    "wu_minus_recycle": mark("In phase 5 of a round in which you revealed a -1, put that -1 at the bottom of your deck "
                             "instead of removing it, then remove the top card of your deck from the game."),
    "wu_move_army": mark("Move 1 of your armies from a province to an adjacent province that is empty or yours."),
    "wu_cap_at_six": mark("After a province is revealed, the opposing 7, 8, 9 or 10 there counts as a 6 (it marks "
                          "nothing). Table option: the card's literal text applies it to your own 7-10 instead."),
    "chu_remove_army": mark("Remove 1 army of either colour from any province; it returns to its owner's reserve."),
    "chu_counter_plague": mark("When an opposing Plague is revealed, it counts as a number card of value 0 and the "
                               "battle is fought."),
    "chu_plague_recycle": mark("In phase 5 of a round in which you revealed a Plague, put that Plague at the bottom "
                               "of your deck instead of removing it, then remove the top card of your deck from the "
                               "game."),
    "chu_total_plague": mark("For this round, each of your Plagues leaves only 1 army in its province instead of "
                             "halving."),
    "chu_double_six": mark("Assign your 6 to a province you have already marked once; when revealed it is marked "
                           "with a second army."),
}
EVENT_WORDS = {
    "pandemic": mark("Pandemic"),
    "war_chariot": mark("War Chariot"),
    "champion_challenge": mark("Champion Challenge"),
    "hero_challenge": mark("Hero Challenge"),
    "light_infantry": mark("Light Infantry"),
}
EVENT_TEXTS = {  # (condition, effect)
    "pandemic": (
        mark("All 4 Plague cards of both players have each been revealed at least once."),
        mark("Each player moves 1 army from reserve to the set-aside pile; a player with an empty reserve takes it "
             "from one of its provinces."),
    ),
    "war_chariot": (
        mark("A player has marked 3 or more provinces with its 6."),
        mark("Each qualifying player may secretly take one of its 4 warlords not chosen at setup (not Head Start) and "
             "use it later once."),
    ),
    "champion_challenge": (
        mark("A player revealed a printed 9 and did not win that battle (lost, tied or cancelled)."),
        mark("That player moves 1 army to the set-aside pile, from its reserve or from one of its provinces (its "
             "choice)."),
    ),
    "hero_challenge": (
        mark("A player revealed a printed 10 and did not win that battle (lost, tied or cancelled)."),
        mark("That player moves 2 armies to the set-aside pile, each from its reserve or from one of its provinces "
             "(its choice)."),
    ),
    "light_infantry": (
        mark("Both players revealed a 1 in the same province."),
        mark("The player behind on the score track may win that province by 1 (remove 1 enemy army there, or else "
             "place 1 army there)."),
    ),
}
ROLE_WORDS = {"blue": mark("Sun Tzu"), "red": mark("King of Chu")}


def colour_word(colour: str) -> str:
    """ "blue" or "red" in the language in force."""
    return trp("sun tzu colour", "blue") if colour == "blue" else trp("sun tzu colour", "red")


def role_name(colour: str) -> str:
    return tr(ROLE_WORDS[colour]) if colour in ROLE_WORDS else colour


def warlord_name(warlord: str | None) -> str:
    if warlord in WARLORD_DEFS:
        return tr(WARLORD_WORDS.get(str(warlord), WARLORD_DEFS[str(warlord)].name))
    return tr("no warlord")


def warlord_effect(warlord: str) -> str:
    if warlord not in WARLORD_DEFS:
        return ""
    return tr(WARLORD_EFFECTS.get(warlord, WARLORD_DEFS[warlord].effect))


def event_name(event: str | None) -> str:
    if event in EVENT_DEFS:
        return tr(EVENT_WORDS.get(str(event), EVENT_DEFS[str(event)].name))
    return trp("sun tzu event", "none")


def event_texts(event: str) -> tuple[str, str]:
    """An event card's condition and effect in the language in force."""
    condition, effect = EVENT_TEXTS.get(event, (EVENT_DEFS[event].condition, EVENT_DEFS[event].effect))
    return tr(condition), tr(effect)


def province(pid: str | None) -> str:
    if pid in _PROVINCES:
        return _PROVINCES[str(pid)]()
    return PROVINCE_NAMES.get(pid or "", "?")


def card_name(instance: str) -> str:
    """A card as players call it: its printed number or modifier, and "Plague" (printed as a P)."""
    return tr("Plague") if card_def(instance).id == "plague" else card_label(instance)


def marker_text(marker: int) -> str:
    """Where the score marker stands: "4 spaces toward blue", "1 space toward red", "centred"."""
    if marker == 0:
        return tr("centred")
    if marker > 0:
        return trn("{n} space toward blue", "{n} spaces toward blue", abs(marker))
    return trn("{n} space toward red", "{n} spaces toward red", abs(marker))


def lead_text(player: str, lead: int) -> str:
    """Who is ahead, from their own side: "Alice +3" (the board's track says it so; nobody reads "-3")."""
    return tr("{player} +{n}", player=player, n=lead)


def score_caption() -> str:
    """What the score chart of a game's story counts: the one marker, from each player's side."""
    return tr("Score marker, toward each player")


def scoring_moment(round_no: int) -> str:
    """The score chart's mark for the scoring after round ``round_no``."""
    return tr("Round {round}", round=round_no)


def score_text(score: int) -> str:
    """A final score in the game's own unit, from the player's own side: "wins by 6", "loses by 6", "even"
    (the result's score is the marker, positive toward that player)."""
    if score == 0:
        return tr("even")
    if score > 0:
        return trn("wins by {n}", "wins by {n}", abs(score))
    return trn("loses by {n}", "loses by {n}", abs(score))


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else tr("Nobody")


def armies_text(n: int) -> str:
    """"1 army", "3 armies"."""
    return trn("{n} army", "{n} armies", n)


def _cards(cards: Sequence[str]) -> str:
    return join([card_name(c) for c in cards], empty=tr("nothing"))


def _sources(sources: Mapping[str, int]) -> str:
    parts = []
    for src, n in sources.items():
        if src == "reserve":
            parts.append(tr("{armies} from the reserve", armies=armies_text(n)))
        elif src != "none":
            parts.append(tr("{armies} from {province}", armies=armies_text(n), province=province(src)))
    return join(parts)


def _setup(d: Mapping[str, Any], names: Sequence[str]) -> str:
    blue, red = _name(names, d["blue"]), _name(names, d["red"])
    if d.get("event"):
        return tr("{blue} plays blue (Sun Tzu) and {red} red (the King of Chu); the first event is {event}.",
                  blue=blue, red=red, event=event_name(d["event"]))
    return tr("{blue} plays blue (Sun Tzu) and {red} red (the King of Chu).", blue=blue, red=red)


def _warlord_used(d: Mapping[str, Any], names: Sequence[str]) -> str:
    who, card = _name(names, d["seat"]), warlord_name(d["warlord"])
    if "from" in d:
        return tr("{player} uses {warlord}: one army marches from {origin} to {destination}.", player=who,
                  warlord=card, origin=province(d["from"]), destination=province(d["to"]))
    if d["warlord"] == "wu_head_start":
        return tr("{player} kept {warlord}: the score marker starts one space toward blue.", player=who, warlord=card)
    if "province" in d:
        return tr("{player} uses {warlord} in {province}.", player=who, warlord=card, province=province(d["province"]))
    return tr("{player} uses {warlord}.", player=who, warlord=card)


def _paid(d: Mapping[str, Any], names: Sequence[str]) -> str | None:
    moved = _sources(d["sources"])
    who, where = _name(names, d["seat"]), province(d.get("province"))
    text = ""
    if moved:
        if d["dest"] == "province":
            text = tr("{player} moves {armies} into {province}", player=who, armies=moved, province=where)
        elif d["dest"] == "mark":
            text = tr("{player} moves {armies} into the mark box of {province}", player=who, armies=moved,
                      province=where)
        else:
            text = tr("{player} moves {armies} to the set-aside pile", player=who, armies=moved)
    waived = d["sources"].get("none", 0)
    if waived:
        if text:
            text += tr("; {armies} could not be found", armies=armies_text(waived))
        else:
            text = tr("{player}: {armies} could not be found", player=who, armies=armies_text(waived))
    if d["owed"]:
        text += tr("; {armies} still to find", armies=armies_text(d["owed"]))
    return tr("{sentence}.", sentence=text) if text else None


def _battle(d: Mapping[str, Any], names: Sequence[str]) -> str:
    where = province(d["province"])
    if d["winner"] is None:
        return tr("{province} is a tie at {value}: nothing changes.", province=where, value=d["blue_value"])
    fields = {"player": _name(names, d["winner"]), "province": where, "margin": d["margin"],
              "removed": armies_text(d["removed"]), "placed": armies_text(d["placed"])}
    if d["removed"] and d["placed"]:
        return tr("{player} wins {province} by {margin}, removing {removed} and placing {placed}.", **fields)
    if d["removed"]:
        return tr("{player} wins {province} by {margin}, removing {removed}.", **fields)
    if d["placed"]:
        return tr("{player} wins {province} by {margin}, placing {placed}.", **fields)
    return tr("{player} wins {province} by {margin}.", **fields)


def _plague(d: Mapping[str, Any], names: Sequence[str]) -> str:
    where = province(d["province"])
    if d["owner"] is None:
        return tr("Plague in {province}: the battle is cancelled and the province stays empty.", province=where)
    return tr("Plague in {province}: the battle is cancelled and {player} keeps {armies}.", province=where,
              player=_name(names, d["owner"]), armies=armies_text(d["left"]))


def _revealed(d: Mapping[str, Any], names: Sequence[str]) -> str:
    fields = {"province": province(d["province"]), "blue": _name(names, d["blue_seat"]),
              "blue_card": card_name(d["blue"]), "red": _name(names, d["red_seat"]), "red_card": card_name(d["red"])}
    if d.get("chosen_by") is not None:
        return tr("{player} reveals {province}: {blue}'s {blue_card} against {red}'s {red_card}.",
                  player=_name(names, d["chosen_by"]), **fields)
    return tr("{province} is revealed: {blue}'s {blue_card} against {red}'s {red_card}.", **fields)


def _scored(d: Mapping[str, Any], names: Sequence[str]) -> str:
    # Province points of this scoring, then the marker they moved: the one number the game is won by.
    return tr("Scoring after round {round}: {blue} (blue) {blue_points}, {red} (red) {red_points}; the score marker "
              "stands {marker}.", round=d["round"], blue=_name(names, d["blue_seat"]),
              blue_points=trn("{n} point", "{n} points", d["blue"]), red=_name(names, d["red_seat"]),
              red_points=trn("{n} point", "{n} points", d["red"]), marker=marker_text(d["marker"]))


def _reason(d: Mapping[str, Any]) -> str:
    if d.get("timed_out"):
        return tr(TIMED_OUT)
    return tr(REASONS[d["reason"]]) if d["reason"] in REASONS else d["reason"]


def _resigned(d: Mapping[str, Any], names: Sequence[str]) -> str:
    player = _name(names, d["seat"])
    if d.get("timed_out"):
        return ran_out_of_time(player)
    return tr("{player} resigns.", player=player)


def _game_over(d: Mapping[str, Any], names: Sequence[str]) -> str:
    # The winner and each player's final marker are in the board's final ranking, said once there.
    why, where = _reason(d), marker_text(d["marker"])
    if str(d["reason"]).startswith("instant_win"):
        return tr("The game is over: {reason}, {marker}.", reason=why, marker=where)
    if d["marker"] == 0:  # the tie-break of §5.2: the larger reserve (the final ranking tells who)
        if d["reason"] == "resignation":
            return tr("The game is over: {reason}, and the score marker is centred.", reason=why)
        return tr("The game is over: {reason}, and the score marker is centred, so the larger reserve decides.",
                  reason=why)
    return tr("The game is over: {reason}, and the score marker stands {marker}.", reason=why, marker=where)


def _privilege(d: Mapping[str, Any], names: Sequence[str]) -> str:
    blue, red = armies_text(d["blue"]), d["red"]
    if d["holder"] is None:
        return tr("Blue has {blue} on the board and red {red}; nobody holds the privilege, so the board order is "
                  "used.", blue=blue, red=red)
    return tr("Blue has {blue} on the board and red {red}; {player} chooses the order of the battles.", blue=blue,
              red=red, player=_name(names, d["holder"]))


PUBLIC: dict[str, Phrase] = {
    "setup": _setup,
    "warlord_chosen": lambda d, n: tr("{player} has chosen a warlord in secret.", player=_name(n, d["seat"])),
    "warlord_used": _warlord_used,
    "drew": lambda d, n: (
        trn("{player} draws {n} card.", "{player} draws {n} cards.", d["count"], player=_name(n, d["seat"]))
        if d["count"]
        else tr("{player} has no card left to draw.", player=_name(n, d["seat"]))
    ),
    "round_started": lambda d, n: tr("Round {round} begins: give your orders in secret, one card per province.",
                                     round=d["round"]),
    "committed": lambda d, n: (
        tr("{player} has changed their orders.", player=_name(n, d["seat"])) if d["changed"]
        else tr("{player} has committed their orders.", player=_name(n, d["seat"]))
    ),
    "assignments_locked": lambda d, n: tr("Both players' orders are locked in."),
    "passed": lambda d, n: tr("{player} passes in the warlord window.", player=_name(n, d["seat"])),
    "support": lambda d, n: tr("{player} discards {card} for exceptional support.", player=_name(n, d["seat"]),
                               card=card_name(d["card"])),
    "privilege": _privilege,
    "revealed": _revealed,
    "reaction_declined": lambda d, n: tr("{player} lets the battle in {province} go on.", player=_name(n, d["seat"]),
                                         province=province(d["province"])),
    "marked": lambda d, n: tr("{player} marks {province} with the 6.", player=_name(n, d["seat"]),
                              province=province(d["province"])),
    "armies_paid": _paid,
    "plague": _plague,
    "battle": _battle,
    "event_triggered": lambda d, n: (
        tr("Event {event} is triggered: it was the last card.", event=event_name(d["event"])) if d["last"]
        else tr("Event {event} is triggered.", event=event_name(d["event"]))
    ),
    "event_revealed": lambda d, n: tr("{discarded} is discarded; {event} turns up.",
                                      discarded=event_name(d["discarded"]), event=event_name(d["event"])),
    "light_infantry": lambda d, n: (
        tr("{player} takes the Light Infantry win by 1.", player=_name(n, d["seat"])) if d["take"]
        else tr("{player} declines Light Infantry.", player=_name(n, d["seat"]))
    ),
    "chariot": lambda d, n: (
        tr("{player} takes a second warlord in secret.", player=_name(n, d["seat"])) if d["took"]
        else tr("{player} takes no second warlord.", player=_name(n, d["seat"]))
    ),
    "recycled": lambda d, n: tr(
        "{player} uses {warlord}: {card} goes under the deck and the top card leaves the game face down.",
        player=_name(n, d["seat"]), warlord=warlord_name(d["warlord"]), card=card_name(d["card"]),
    ),
    "recycle_declined": lambda d, n: tr("{player} recycles nothing.", player=_name(n, d["seat"])),
    "cards_out": lambda d, n: trn(
        "{player}'s played {cards} leaves the game.", "{player}'s played {cards} leave the game.", len(d["cards"]),
        player=_name(n, d["seat"]), cards=_cards(d["cards"]),
    ),
    "kept": lambda d, n: trn(
        "{player} keeps {n} card and puts the other under their deck.",
        "{player} keeps {n} cards and puts the other under their deck.", d["kept"], player=_name(n, d["seat"]),
    ),
    "scored": _scored,
    "game_over": _game_over,
    "resigned": _resigned,
}

PRIVATE: dict[str, Phrase] = {
    "warlord_chosen": lambda d, n: tr("You keep {warlord}.", warlord=warlord_name(d["warlord"])),
    "drew": lambda d, n: tr("You draw {cards}.", cards=_cards(d["cards"])) if d["cards"] else None,
    "chariot": lambda d, n: tr("You take {warlord}.", warlord=warlord_name(d["warlord"])) if d["warlord"] else None,
    "recycled": lambda d, n: tr("The card removed from the top of your deck was {card}.", card=card_name(d["removed"])),
    "kept": lambda d, n: tr("You keep {cards} and put {under} under your deck.", cards=_cards(d["kept"]),
                            under=_cards(d["under"])),
}


def describe(event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
    phrase = PUBLIC.get(event.type)
    if phrase is None:
        return None
    public = phrase(event.public, names)
    if seat is None or seat not in event.private or event.type not in PRIVATE:
        return public
    private = PRIVATE[event.type](event.private[seat], names)
    if public is None:
        return private
    return public if private is None else f"{public} {private}"


# -- button labels -------------------------------------------------------------------------------------
def action_label(action: Mapping[str, Any]) -> str:
    kind = action.get("type")
    label = _LABELS.get(str(kind))
    return (label(action) if label else str(kind))[:79]


def _source_label(a: Mapping[str, Any]) -> str:
    src = a.get("from")
    if src == "reserve":
        return tr("From the reserve")
    if src == "none":
        return tr("Leave the rest unpaid")
    return tr("From {province}", province=province(src))


def _use_label(a: Mapping[str, Any]) -> str:
    name = warlord_name(a.get("warlord"))
    if a.get("from"):
        return tr("{warlord}: {origin} to {destination}", warlord=name, origin=province(a["from"]),
                  destination=province(a.get("to")))
    if a.get("province"):
        return tr("{warlord}: {province}", warlord=name, province=province(a["province"]))
    return name


def _commit_label(a: Mapping[str, Any]) -> str:
    orders = " ".join(f"{province(p)[:3]} {card_name(c)}" for p, c in dict(a.get("cards", {})).items())
    if a.get("pass_windows"):
        return tr("Commit {orders}, pass the windows", orders=orders)
    return tr("Commit {orders}", orders=orders)


_LABELS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "choose_warlord": lambda a: tr("Keep {warlord}", warlord=warlord_name(a.get("warlord"))),
    "commit": _commit_label,
    "pass": lambda a: tr("Pass"),
    "use_warlord": _use_label,
    "support": lambda a: tr("Discard {card} for support", card=card_name(str(a.get("card")))),
    "reveal": lambda a: tr("Reveal {province}", province=province(a.get("province"))),
    "react": lambda a: tr("Use the warlord") if a.get("use") else tr("Continue"),
    "source": _source_label,
    "light_infantry": lambda a: tr("Take the win by 1") if a.get("take") else tr("Decline"),
    "chariot": lambda a: tr("Take {warlord}", warlord=warlord_name(a["warlord"])) if a.get("warlord") else tr(
        "Take no warlord"),
    "recycle": lambda a: tr("Recycle {card}", card=card_name(a["card"])) if a.get("card") else tr("Recycle nothing"),
    "keep": lambda a: tr("Keep {cards}", cards=_cards(list(a.get("cards", [])))),
}
