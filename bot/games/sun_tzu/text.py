"""Words for the thread and the DMs: one sentence per event, short labels for buttons.

``describe`` reads only ``event.public`` unless a seat is given, and then adds only that seat's own
private part, so the thread never learns a hand, a drawn card or an unused warlord.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.base import Event
from bot.games.base.words import count, join
from bot.games.sun_tzu.data import EVENT_DEFS, PROVINCE_NAMES, WARLORD_DEFS, card_def, card_label

Phrase = Callable[[Mapping[str, Any], Sequence[str]], str | None]

# How the game ended, completing "The game is over: ...".
REASONS = {
    "instant_win_r3": "the scoring of round 3 pushed the score marker into an end box",
    "instant_win_r6": "the scoring of round 6 pushed the score marker into an end box",
    "final_r9": "round 9 is scored",
    "last_event": "the condition of the last event card was met",
    "resignation": "a player resigned",
}
SOURCES_DEST = {"province": "into {p}", "mark": "into the mark box of {p}", "set_aside": "to the set-aside pile"}


def warlord_name(warlord: str | None) -> str:
    return WARLORD_DEFS[warlord].name if warlord in WARLORD_DEFS else "no warlord"


def event_name(event: str | None) -> str:
    return EVENT_DEFS[event].name if event in EVENT_DEFS else "none"


def province(pid: str | None) -> str:
    return PROVINCE_NAMES.get(pid or "", "?")


def card_name(instance: str) -> str:
    """A card as players call it: its printed number or modifier, and "Plague" (printed as a P)."""
    return "Plague" if card_def(instance).id == "plague" else card_label(instance)


def marker_text(marker: int) -> str:
    """Where the score marker stands: "4 spaces toward blue", "1 space toward red", "centred"."""
    if marker == 0:
        return "centred"
    return f"{count(abs(marker), 'space')} toward {'blue' if marker > 0 else 'red'}"


def score_text(score: int) -> str:
    """A final score in the game's own unit, the score marker seen from the player's side (the result's
    score is the marker, positive toward that player)."""
    if score == 0:
        return "score marker centred"
    return f"score marker {count(abs(score), 'space')} {'on their side' if score > 0 else 'on the other side'}"


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Nobody"


def armies_text(n: int) -> str:
    """"1 army", "3 armies"."""
    return f"{n} arm{'y' if n == 1 else 'ies'}"


def _cards(cards: Sequence[str]) -> str:
    return join([card_name(c) for c in cards], empty="nothing")


def _sources(sources: Mapping[str, int]) -> str:
    parts = []
    for src, n in sources.items():
        if src == "reserve":
            parts.append(f"{armies_text(n)} from the reserve")
        elif src != "none":
            parts.append(f"{armies_text(n)} from {province(src)}")
    return join(parts)


def _setup(d: Mapping[str, Any], names: Sequence[str]) -> str:
    start = f"{_name(names, d['blue'])} plays blue (Sun Tzu) and {_name(names, d['red'])} red (the King of Chu)"
    return start + (f"; the first event is {event_name(d['event'])}." if d.get("event") else ".")


def _warlord_used(d: Mapping[str, Any], names: Sequence[str]) -> str:
    who, card = _name(names, d["seat"]), warlord_name(d["warlord"])
    if "from" in d:
        return f"{who} uses {card}: one army marches from {province(d['from'])} to {province(d['to'])}."
    if d["warlord"] == "wu_head_start":
        return f"{who} kept {card}: the score marker starts one space toward blue."
    if "province" in d:
        return f"{who} uses {card} in {province(d['province'])}."
    return f"{who} uses {card}."


def _paid(d: Mapping[str, Any], names: Sequence[str]) -> str | None:
    moved = _sources(d["sources"])
    dest = SOURCES_DEST[d["dest"]].format(p=province(d.get("province")))
    waived = d["sources"].get("none", 0)
    text = f"{_name(names, d['seat'])} moves {moved} {dest}" if moved else ""
    if waived:
        text += ("; " if text else f"{_name(names, d['seat'])}: ") + f"{armies_text(waived)} could not be found"
    if d["owed"]:
        text += f"; {armies_text(d['owed'])} still to find"
    return text + "." if text else None


def _battle(d: Mapping[str, Any], names: Sequence[str]) -> str:
    where = province(d["province"])
    if d["winner"] is None:
        return f"{where} is a tie at {d['blue_value']}: nothing changes."
    winner = _name(names, d["winner"])
    text = f"{winner} wins {where} by {d['margin']}"
    if d["removed"]:
        text += f", removing {armies_text(d['removed'])}"
    if d["placed"]:
        text += f"{' and' if d['removed'] else ','} placing {armies_text(d['placed'])}"
    return text + "."


def _plague(d: Mapping[str, Any], names: Sequence[str]) -> str:
    where = province(d["province"])
    if d["owner"] is None:
        return f"Plague in {where}: the battle is cancelled and the province stays empty."
    return f"Plague in {where}: the battle is cancelled and {_name(names, d['owner'])} keeps {armies_text(d['left'])}."


def _revealed(d: Mapping[str, Any], names: Sequence[str]) -> str:
    where = province(d["province"])
    by = f"{_name(names, d['chosen_by'])} reveals {where}" if d.get("chosen_by") is not None else f"{where} is revealed"
    return (
        f"{by}: {_name(names, d['blue_seat'])}'s {card_name(d['blue'])} "
        f"against {_name(names, d['red_seat'])}'s {card_name(d['red'])}."
    )


def _scored(d: Mapping[str, Any], names: Sequence[str]) -> str:
    # Province points of this scoring, then the marker they moved: the one number the game is won by.
    blue, red = _name(names, d["blue_seat"]), _name(names, d["red_seat"])
    return (
        f"Scoring after round {d['round']}: {blue} (blue) {count(d['blue'], 'point')}, "
        f"{red} (red) {count(d['red'], 'point')}; the score marker stands {marker_text(d['marker'])}."
    )


def _game_over(d: Mapping[str, Any], names: Sequence[str]) -> str:
    # The winner and each player's final marker are in the board's final ranking, said once there.
    why, where = REASONS.get(d["reason"], d["reason"]), marker_text(d["marker"])
    if str(d["reason"]).startswith("instant_win"):
        return f"The game is over: {why}, {where}."
    if d["marker"] == 0:  # the tie-break of §5.2: the larger reserve (the final ranking tells who)
        tie = "" if d["reason"] == "resignation" else ", so the larger reserve decides"
        return f"The game is over: {why}, and the score marker is centred{tie}."
    return f"The game is over: {why}, and the score marker stands {where}."


def _privilege(d: Mapping[str, Any], names: Sequence[str]) -> str:
    armies = f"Blue has {armies_text(d['blue'])} on the board and red {d['red']}"
    if d["holder"] is None:
        return f"{armies}; nobody holds the privilege, so the board order is used."
    return f"{armies}; {_name(names, d['holder'])} chooses the order of the battles."


PUBLIC: dict[str, Phrase] = {
    "setup": _setup,
    "warlord_chosen": lambda d, n: f"{_name(n, d['seat'])} has chosen a warlord in secret.",
    "warlord_used": _warlord_used,
    "drew": lambda d, n: (
        f"{_name(n, d['seat'])} draws {d['count']} card{'s' if d['count'] != 1 else ''}."
        if d["count"]
        else f"{_name(n, d['seat'])} has no card left to draw."
    ),
    "round_started": lambda d, n: f"Round {d['round']} begins: give your orders in secret, one card per province.",
    "committed": lambda d, n: (
        f"{_name(n, d['seat'])} has {'changed' if d['changed'] else 'committed'} their orders."
    ),
    "assignments_locked": lambda d, n: "Both players' orders are locked in.",
    "passed": lambda d, n: f"{_name(n, d['seat'])} passes in the warlord window.",
    "support": lambda d, n: f"{_name(n, d['seat'])} discards {card_name(d['card'])} for exceptional support.",
    "privilege": _privilege,
    "revealed": _revealed,
    "reaction_declined": lambda d, n: f"{_name(n, d['seat'])} lets the battle in {province(d['province'])} go on.",
    "marked": lambda d, n: f"{_name(n, d['seat'])} marks {province(d['province'])} with the 6.",
    "armies_paid": _paid,
    "plague": _plague,
    "battle": _battle,
    "event_triggered": lambda d, n: (
        f"Event {event_name(d['event'])} is triggered" + (": it was the last card." if d["last"] else ".")
    ),
    "event_revealed": lambda d, n: f"{event_name(d['discarded'])} is discarded; {event_name(d['event'])} turns up.",
    "light_infantry": lambda d, n: (
        f"{_name(n, d['seat'])} " + ("takes the Light Infantry win by 1." if d["take"] else "declines Light Infantry.")
    ),
    "chariot": lambda d, n: (
        f"{_name(n, d['seat'])} " + ("takes a second warlord in secret." if d["took"] else "takes no second warlord.")
    ),
    "recycled": lambda d, n: (
        f"{_name(n, d['seat'])} uses {warlord_name(d['warlord'])}: "
        f"{card_name(d['card'])} goes under the deck and the top card leaves the game face down."
    ),
    "recycle_declined": lambda d, n: f"{_name(n, d['seat'])} recycles nothing.",
    "cards_out": lambda d, n: (
        f"{_name(n, d['seat'])}'s played {_cards(d['cards'])} {'leaves' if len(d['cards']) == 1 else 'leave'} the game."
    ),
    "kept": lambda d, n: (
        f"{_name(n, d['seat'])} keeps {count(d['kept'], 'card')} and puts the other under their deck."
    ),
    "scored": _scored,
    "game_over": _game_over,
    "resigned": lambda d, n: f"{_name(n, d['seat'])} resigns.",
}

PRIVATE: dict[str, Phrase] = {
    "warlord_chosen": lambda d, n: f"You keep {warlord_name(d['warlord'])}.",
    "drew": lambda d, n: f"You draw {_cards(d['cards'])}." if d["cards"] else None,
    "chariot": lambda d, n: f"You take {warlord_name(d['warlord'])}." if d["warlord"] else None,
    "recycled": lambda d, n: f"The card removed from the top of your deck was {card_name(d['removed'])}.",
    "kept": lambda d, n: f"You keep {_cards(d['kept'])} and put {_cards(d['under'])} under your deck.",
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
        return "From the reserve"
    if src == "none":
        return "Leave the rest unpaid"
    return f"From {province(src)}"


def _use_label(a: Mapping[str, Any]) -> str:
    name = warlord_name(a.get("warlord"))
    if a.get("from"):
        return f"{name}: {province(a['from'])} to {province(a.get('to'))}"
    if a.get("province"):
        return f"{name}: {province(a['province'])}"
    return name


_LABELS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "choose_warlord": lambda a: f"Keep {warlord_name(a.get('warlord'))}",
    "commit": lambda a: (
        "Commit " + " ".join(f"{province(p)[:3]} {card_name(c)}" for p, c in dict(a.get("cards", {})).items())
    ),
    "pass": lambda a: "Pass",
    "use_warlord": _use_label,
    "support": lambda a: f"Discard {card_name(str(a.get('card')))} for support",
    "reveal": lambda a: f"Reveal {province(a.get('province'))}",
    "react": lambda a: "Use the warlord" if a.get("use") else "Continue",
    "source": _source_label,
    "light_infantry": lambda a: "Take the win by 1" if a.get("take") else "Decline",
    "chariot": lambda a: f"Take {warlord_name(a['warlord'])}" if a.get("warlord") else "Take no warlord",
    "recycle": lambda a: f"Recycle {card_name(a['card'])}" if a.get("card") else "Recycle nothing",
    "keep": lambda a: f"Keep {_cards(list(a.get('cards', [])))}",
}
