"""Alt text for Sun Tzu, from a view (``bot/games/sun_tzu/schema.py``) only.

The board reads public fields only (face-down cards are "face down", unused warlords a count); the hand
adds the viewer's own cards and warlords. Names of provinces, warlords, events and end reasons come from
the engine (``bot/games/sun_tzu/text.py``); a score is the marker counted toward that player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from bot.games.base import Event
from bot.games.sun_tzu.text import describe, event_name, province, warlord_name
from render import theme
from render.alt_text.words import count, join, placed, winners
from render.sun_tzu import STAGE_TEXT

if TYPE_CHECKING:
    from bot.games.sun_tzu.schema import BattleView, CardView, PlayerView, ProvinceView, SunTzuView

TITLE = "Sun Tzu"
FACES = ("first", "second", "third")


def seat_colours(view: Mapping[str, Any]) -> list[str]:
    return [p["colour"].upper() for p in cast("SunTzuView", view)["players"]]


def _card(card: CardView) -> str:
    # The printed "P" says nothing when read aloud.
    return "Plague" if card["card"] == "plague" else card["label"]


def _cards(cards: Sequence[CardView]) -> str:
    return ", ".join(_card(c) for c in cards) or "none"


def _armies(n: int) -> str:
    return count(n, "army", "armies")


def _seat_of(view: SunTzuView, colour: str) -> int:
    return next(p["seat"] for p in view["players"] if p["colour"] == colour)


# -- who, and the score ---------------------------------------------------------------------------------
def _status(view: SunTzuView, names: Sequence[str]) -> str:
    seats = view["pending"]["seats"]
    what = STAGE_TEXT.get(view["stage"], view["stage"])
    return f"{join([names[s] for s in seats])} to {what}" if seats else what.capitalize()


def _round(view: SunTzuView) -> str:
    scoring = ", a scoring round" if view["scoring_round"] else ""
    return f"round {view['round']} of {view['rounds']}{scoring}, screens on their {FACES[view['face']]} value"


def _game_over(view: SunTzuView, names: Sequence[str]) -> str:
    """The engine's end-of-game sentence (reason and marker), then who won."""
    result = cast("dict[str, Any]", view["result"])
    ranking = cast("list[int]", result["ranking"])
    ended = describe(Event("game_over", {"reason": result["reason"], "marker": view["score_marker"]}), names)
    verdict = "A draw." if all(r == 1 for r in ranking) else winners(ranking, names)
    tie_break = cast("list[dict[str, Any]]", result["breakdown"])[0]["tie_break"]
    return f"{ended or 'The game is over.'} {verdict}" + (" The reserves decided." if tie_break else "")


def _sides(view: SunTzuView, names: Sequence[str]) -> str:
    sides = [f"{names[p['seat']]} plays {p['colour']} ({p['role']})" for p in view["players"]]
    return join(sides) + "."


def _scores(view: SunTzuView, names: Sequence[str]) -> str:
    marker = view["score_marker"]
    if marker == 0:
        where = "Score marker at 0, in the middle"
    else:
        toward = "blue" if marker > 0 else "red"
        where = f"Score marker {abs(marker)} toward {toward} ({names[_seat_of(view, toward)]})"
    scores = [f"{names[p['seat']]} {(marker if p['colour'] == 'blue' else -marker):+d}" for p in view["players"]]
    return f"{where}: {', '.join(scores)}."


# -- provinces and players --------------------------------------------------------------------------------
def _battle(view: SunTzuView, battle: BattleView, names: Sequence[str]) -> str:
    blue, red = names[_seat_of(view, "blue")], names[_seat_of(view, "red")]
    blue_card = _card(battle["blue"]) + (" counted as 0" if battle["countered"] else "")
    blue_card += " capped at 6" if battle["capped"] == "blue" else ""
    red_card = _card(battle["red"]) + (" capped at 6" if battle["capped"] == "red" else "")
    outcome = battle["outcome"]
    if outcome is None:
        verdict = "being resolved"
    elif outcome == "tie":
        verdict = "a tie"
    elif outcome == "cancelled":
        verdict = "cancelled by Plague"
    else:
        winner = names[battle["winner"]] if battle["winner"] is not None else outcome
        verdict = f"{winner} wins by {battle['margin']}"
    return f"{blue}'s {blue_card} against {red}'s {red_card}, {verdict}"


def _province(view: SunTzuView, prov: ProvinceView, names: Sequence[str]) -> str:
    held = (f"{names[prov['owner_seat']]} {_armies(prov['armies'])}"
            if prov["owner_seat"] is not None and prov["armies"] else "empty")
    parts = [held]
    marks = [f"{names[_seat_of(view, c)]} {n}" for c, n in prov["marks"].items() if n]
    if marks:
        parts.append("6-marks: " + ", ".join(marks))
    screen = prov["screen"]
    parts.append(f"screen {', '.join(str(v) for v in screen['values'])}, now {screen['current']}")
    battle = next((b for b in view["battles"] if b["province"] == prov["id"]), None)
    if battle is not None:
        parts.append(f"battle {prov['resolved']}: {_battle(view, battle, names)}")
    else:
        down = [names[p["seat"]] for p in view["players"] if p["committed"]]
        if down:
            parts.append(f"face-down cards from {join(down)}")
    return f"{prov['name']}: " + "; ".join(parts) + "."


def _player(player: PlayerView, names: Sequence[str]) -> str:
    stats = (f"reserve {player['reserve']}, set aside {player['set_aside']}, {player['board_armies']} on the board, "
             f"{player['marks_total']} in mark boxes, {count(player['hand_count'], 'card')} in hand, "
             f"{player['deck_count']} in deck, {count(player['warlords_unused'], 'hidden warlord')}")
    used = [warlord_name(w) for w in player["warlords_used"]]
    if used:
        stats += f", used {join(used)}"
    return f"{names[player['seat']]}: {stats}" + (", resigned." if player["resigned"] else ".")


def _footer(view: SunTzuView) -> str:
    parts = []
    if view["active_event"] is not None:
        parts.append(f"Event: {event_name(view['active_event'])}, {view['events_left']} face down")
    if view["total_plague"]:
        parts.append("Total Plague this round")
    parts.append(f"Plagues revealed: {len(view['plagues_revealed'])} of 4")
    return "; ".join(parts) + "."


# -- the three pictures -----------------------------------------------------------------------------------
def board(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("SunTzuView", view)
    now = _game_over(v, names) if v["result"] is not None else f"{_status(v, names)}."
    holder = v["privilege_holder"]
    return [
        f"{TITLE}, {_round(v)}: {now}",
        _sides(v, names),
        _scores(v, names),
        f"{names[holder]} chooses the order of the battles." if holder is not None else "",
        *(_province(v, p, names) for p in v["provinces"]),
        *(_player(p, names) for p in v["players"]),
        _footer(v),
    ]


def hand(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("SunTzuView", view)
    seat = v["viewer"]
    if seat is None or v["hand"] is None:
        raise ValueError("a hand's alt text needs a player's own view; this one is public")
    now = _game_over(v, names) if v["result"] is not None else f"Now: {_status(v, names)}."
    rows = [f"Your hand: {_cards(v['hand'])}."]
    if v["assignment"]:
        rows.append("Face down on the table: "
                    + ", ".join(f"{province(p)} {_card(c)}" for p, c in v["assignment"].items()) + ".")
    if v["drawn"]:
        rows.append(f"Drawn, to keep some and put one under: {_cards(v['drawn'])}.")
    if v["deck_bottom"]:
        rows.append(f"You put these under your deck: {_cards(v['deck_bottom'])}.")
    if v["out_hidden"]:
        rows.append(f"Removed face down: {_cards(v['out_hidden'])}.")
    held = join([warlord_name(w) for w in v["warlords_held"] or []]) or "none"
    return [
        f"{TITLE}: {names[seat]}'s cards, {v['viewer_colour']}, round {v['round']}. {now}",
        *rows,
        f"Secret warlords: {held}.",
        _scores(v, names),
    ]


def final(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("SunTzuView", view)
    rows = []
    for seat, place, part in placed(v):
        points = ", ".join(str(p) for p in part["points"]) or "none"
        row = f"{theme.ordinal(place)} {names[seat]} {part['total']:+d}: points per scoring {points}, "
        rows.append(row + f"reserve {part['reserve']}" + (", resigned" if part["resigned"] else ""))
    return [
        f"{TITLE}, result. {_game_over(v, names)}",
        _scores(v, names),
        "Places: " + "; ".join(rows) + ".",
    ]
