"""The "easy" computer player: simple, sensible choices from its own view and legal actions.

It plays strong cards where the screens are worth most, spends at most a couple of one-shot cards a
round (more before a scoring), uses warlords only when the gain is plain, and never spends cards on
exceptional support. It reads nothing but its view, so it cannot cheat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import JSON, Action
from bot.games.sun_tzu.schema import SunTzuView

WARLORD_PREFERENCE = (
    "wu_head_start",
    "wu_reinforce",
    "wu_move_army",
    "wu_cap_at_six",
    "wu_minus_recycle",
    "chu_remove_army",
    "chu_total_plague",
    "chu_counter_plague",
    "chu_double_six",
    "chu_plague_recycle",
)
# Rough worth of a card in a battle; relative cards beat numbers, the Plague is placed apart.
STRENGTH = {"plus1": 7.0, "plus2": 8.5, "plus3": 9.5, "minus1": 2.5, "plague": 0.0}


def strength(card: str) -> float:
    if card in STRENGTH:
        return STRENGTH[card]
    return float(card[1:])  # "n7" -> 7


def _kind(instance: str) -> str:
    return instance.split(".", 1)[0]


def choose(view: SunTzuView, legal: Sequence[Action], rng: random.Random) -> Action:
    main = [a for a in legal if a["type"] != "support"]
    if not main:
        return dict(legal[0])
    chooser = _CHOOSERS.get(main[0]["type"])
    picked = chooser(view, main, rng) if chooser else None
    return dict(picked if picked is not None else rng.choice(main))


# -- per decision -----------------------------------------------------------------------------------------
def _choose_warlord(view: JSON, legal: list[Action], rng: random.Random) -> Action | None:
    return min(legal, key=lambda a: WARLORD_PREFERENCE.index(a["warlord"]))


def _province_weight(view: JSON, prov: Mapping[str, Any], me: str) -> float:
    weight = float(prov["screen"]["current"])
    if prov["owner"] not in (None, me):
        weight += 0.5 + 0.2 * prov["armies"]  # worth winning back
    elif prov["owner"] == me:
        weight -= 0.3 * max(0, prov["armies"] - 2)  # already well held
    return weight


def _six_ok(view: JSON, prov: Mapping[str, Any], me: str) -> bool:
    marks = prov["marks"][me]
    return marks == 0 or (me == "red" and marks == 1 and "chu_double_six" in (view["warlords_held"] or []))


def _commit(view: JSON, legal: list[Action], rng: random.Random) -> Action | None:
    me = view["viewer_colour"]
    cards = [c["id"] for c in view["hand"] or []] + [c["id"] for c in (view["assignment"] or {}).values()]
    framed = sorted((c for c in cards if _kind(c) in ("n1", "n2", "n3", "n4", "n5", "n6")), key=strength)
    spare = sorted((c for c in cards if c not in framed and _kind(c) != "plague"), key=lambda c: -strength(_kind(c)))
    plagues = [c for c in cards if _kind(c) == "plague"]
    provinces = sorted(view["provinces"], key=lambda p: -_province_weight(view, p, me))
    # One-shot cards: one a round, two before a scoring, one more when the hand grows large.
    budget = (2 if view["scoring_round"] else 1) + (1 if len(cards) > 12 else 0)
    chosen: dict[str, str] = {}
    enemy = [p for p in provinces if p["owner"] not in (None, me) and p["armies"] >= 3]
    if plagues and enemy and budget:
        chosen[enemy[0]["id"]] = plagues[0]
        budget -= 1
    picks = spare[: min(budget, len(spare))]
    picks += list(reversed(framed))[: 5 - len(chosen) - len(picks)]
    picks.sort(key=lambda c: -strength(_kind(c)))
    free = [p for p in provinces if p["id"] not in chosen]
    for card in picks:
        spot = next((p for p in free if _kind(card) != "n6" or _six_ok(view, p, me)), None)
        if spot is None:
            return None
        chosen[spot["id"]] = card
        free.remove(spot)
    if len(chosen) != 5:
        return None
    return {"type": "commit", "cards": {p["id"]: chosen[p["id"]] for p in view["provinces"]}}


def _window(view: JSON, legal: list[Action], rng: random.Random) -> Action | None:
    me = view["viewer_colour"]
    uses = [a for a in legal if a["type"] == "use_warlord"]
    by_id = {p["id"]: p for p in view["provinces"]}
    assignment = view["assignment"] or {}
    late = view["pending"]["window"] == 2 and view["scoring_round"]
    for use in uses:
        warlord = use["warlord"]
        if warlord == "chu_total_plague" and any(c["card"] == "plague" for c in assignment.values()):
            return use
        if not late:
            continue
        if warlord == "chu_remove_army":
            target = by_id[use["province"]]
            if target["owner"] != me and target["armies"] == 1:
                return use
        if warlord == "wu_reinforce":
            return max(
                (u for u in uses if u["warlord"] == warlord), key=lambda u: by_id[u["province"]]["screen"]["current"]
            )
        if warlord == "wu_move_army" and by_id[use["from"]]["armies"] >= 2 and by_id[use["to"]]["owner"] is None:
            return use
    return next(a for a in legal if a["type"] == "pass")


def _reveal(view: JSON, legal: list[Action], rng: random.Random) -> Action | None:
    worth = {p["id"]: p["screen"]["current"] for p in view["provinces"]}
    return max(legal, key=lambda a: worth[a["province"]])


def _react(view: JSON, legal: list[Action], rng: random.Random) -> Action | None:
    use = next((a for a in legal if a["use"]), None)
    battle = view["battles"][-1] if view["battles"] else None
    if use is None or battle is None:
        return {"type": "react", "use": False}
    if view["stage"] == "counter":
        red = battle["red"]["card"]
        good = red not in ("minus1", "n1") and red != "plague"
    else:
        blue = battle["blue"]["card"]
        value = 0 if blue == "plague" else strength(blue)
        good = view["options"]["cap_at_six_target"] == "opponent" and value >= 6
    return use if good else {"type": "react", "use": False}


def _source(view: JSON, legal: list[Action], rng: random.Random) -> Action | None:
    sources = [a["from"] for a in legal]
    if "reserve" in sources:
        return {"type": "source", "from": "reserve"}
    armies = {p["id"]: p["armies"] for p in view["provinces"]}
    provinces = [s for s in sources if s in armies]
    if provinces:
        return {"type": "source", "from": max(provinces, key=lambda p: armies[p])}
    return legal[0]


def _keep(view: JSON, legal: list[Action], rng: random.Random) -> Action | None:
    return max(legal, key=lambda a: sum(strength(_kind(c)) for c in a["cards"]))


_CHOOSERS = {
    "choose_warlord": _choose_warlord,
    "commit": _commit,
    "pass": _window,
    "use_warlord": _window,
    "reveal": _reveal,
    "react": _react,
    "source": _source,
    "light_infantry": lambda view, legal, rng: {"type": "light_infantry", "take": True},
    "chariot": lambda view, legal, rng: max(legal, key=lambda a: a["warlord"] is not None),
    "recycle": lambda view, legal, rng: max(legal, key=lambda a: a["card"] is not None),
    "keep": _keep,
}
