"""Alt text for Sun Tzu, from a view (``bot/games/sun_tzu/schema.py``) only.

The board reads public fields only (face-down cards are "face down", unused warlords a count); the hand
adds the viewer's own cards and warlords. Names of provinces, warlords, events and end reasons come from
the engine (``bot/games/sun_tzu/text.py``); a score is the marker counted toward that player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.games.base import Event
from bot.games.base.language import mark, tr, trn, trp
from bot.games.sun_tzu.text import colour_word, describe, event_name, province, role_name, warlord_name
from render import leaving, theme
from render.alt_text.words import join, own, placed, winners
from render.game import Part
from render.sun_tzu.drawing import STAGE_TEXT

if TYPE_CHECKING:
    from bot.games.sun_tzu.schema import BattleView, CardView, PlayerView, ProvinceView, SunTzuView

TITLE = mark("Sun Tzu")
# The screens' three values, in order (said with tr).
FACES = (mark("screens on their first value"), mark("screens on their second value"),
         mark("screens on their third value"))


def seat_colours(view: SunTzuView) -> list[str]:
    return [p["colour"].upper() for p in view["players"]]


def _card(card: CardView) -> str:
    # The printed "P" says nothing when read aloud.
    return tr("Plague") if card["card"] == "plague" else card["label"]


def _comma() -> str:
    return trp("sun tzu list", ", ")


def _cards(cards: Sequence[CardView]) -> str:
    return _comma().join(_card(c) for c in cards) or trp("sun tzu cards", "none")


def _seat_of(view: SunTzuView, colour: str) -> int:
    return next(p["seat"] for p in view["players"] if p["colour"] == colour)


# -- who, and the score ---------------------------------------------------------------------------------
def _status(view: SunTzuView, names: Sequence[str]) -> str:
    seats = view["pending"]["seats"]
    what = tr(STAGE_TEXT[view["stage"]]) if view["stage"] in STAGE_TEXT else view["stage"]
    return tr("{players} to {action}", players=join([names[s] for s in seats]), action=what) if seats else \
        what.capitalize()


def _round(view: SunTzuView) -> str:
    fields = {"round": view["round"], "rounds": view["rounds"], "screens": tr(FACES[view["face"]])}
    if view["scoring_round"]:
        return tr("round {round} of {rounds}, a scoring round, {screens}", **fields)
    return tr("round {round} of {rounds}, {screens}", **fields)


def _game_over(view: SunTzuView, names: Sequence[str]) -> str:
    """The engine's end-of-game sentence (reason and marker), then who won."""
    result = theme.finished(view["result"])
    ranking = result["ranking"]
    said = {"reason": result["reason"], "marker": view["score_marker"]}
    if any(p["timed_out"] for p in view["players"]):  # as the engine's event says it
        said["timed_out"] = True
    ended = describe(Event("game_over", said), names)
    verdict = tr("A draw.") if all(r == 1 for r in ranking) else winners(ranking, names)
    tie_break = result["breakdown"][0]["tie_break"]
    return f"{ended or tr('The game is over.')} {verdict}" + (tr(" The reserves decided.") if tie_break else "")


def _sides(view: SunTzuView, names: Sequence[str]) -> str:
    sides = [tr("{player} plays {colour} ({role})", player=names[p["seat"]], colour=colour_word(p["colour"]),
                role=role_name(p["colour"])) for p in view["players"]]
    return tr("{sides}.", sides=join(sides))


def _scores(view: SunTzuView, names: Sequence[str]) -> str:
    marker = view["score_marker"]
    if marker == 0:
        where = tr("Score marker at 0, in the middle")
    else:
        toward = "blue" if marker > 0 else "red"
        where = tr("Score marker {n} toward {colour} ({player})", n=abs(marker), colour=colour_word(toward),
                   player=names[_seat_of(view, toward)])
    scores = [f"{names[p['seat']]} {(marker if p['colour'] == 'blue' else -marker):+d}" for p in view["players"]]
    return tr("{where}: {scores}.", where=where, scores=_comma().join(scores))


# -- provinces and players --------------------------------------------------------------------------------
def _battle(view: SunTzuView, battle: BattleView, names: Sequence[str]) -> str:
    blue, red = names[_seat_of(view, "blue")], names[_seat_of(view, "red")]
    blue_card = tr("{card} counted as 0", card=_card(battle["blue"])) if battle["countered"] else _card(battle["blue"])
    blue_card = tr("{card} capped at 6", card=blue_card) if battle["capped"] == "blue" else blue_card
    red_card = tr("{card} capped at 6", card=_card(battle["red"])) if battle["capped"] == "red" else \
        _card(battle["red"])
    outcome = battle["outcome"]
    if outcome is None:
        verdict = tr("being resolved")
    elif outcome == "tie":
        verdict = tr("a tie")
    elif outcome == "cancelled":
        verdict = tr("cancelled by Plague")
    else:
        winner = names[battle["winner"]] if battle["winner"] is not None else outcome
        verdict = tr("{player} wins by {margin}", player=winner, margin=battle["margin"])
    return tr("{player}'s {card} against {other}'s {other_card}, {verdict}", player=blue, card=blue_card, other=red,
              other_card=red_card, verdict=verdict)


def _province(view: SunTzuView, prov: ProvinceView, names: Sequence[str]) -> str:
    held = (trn("{player} {n} army", "{player} {n} armies", prov["armies"], player=names[prov["owner_seat"]])
            if prov["owner_seat"] is not None and prov["armies"] else tr("empty"))
    parts = [held]
    marks = [f"{names[_seat_of(view, c)]} {n}" for c, n in prov["marks"].items() if n]
    if marks:
        parts.append(tr("6-marks: {marks}", marks=_comma().join(marks)))
    screen = prov["screen"]
    parts.append(tr("screen {values}, now {current}", values=_comma().join(str(v) for v in screen["values"]),
                    current=screen["current"]))
    battle = next((b for b in view["battles"] if b["province"] == prov["id"]), None)
    if battle is not None:
        parts.append(tr("battle {number}: {battle}", number=prov["resolved"], battle=_battle(view, battle, names)))
    else:
        down = [names[p["seat"]] for p in view["players"] if p["committed"]]
        if down:
            parts.append(tr("face-down cards from {players}", players=join(down)))
    return tr("{province}: {parts}.", province=province(prov["id"]), parts=trp("sun tzu list", "; ").join(parts))


def _player(player: PlayerView, names: Sequence[str]) -> str:
    stats = [
        tr("reserve {reserve}, set aside {set_aside}, {board} on the board, {marks} in mark boxes",
           reserve=player["reserve"], set_aside=player["set_aside"], board=player["board_armies"],
           marks=player["marks_total"]),
        trn("{n} card in hand", "{n} cards in hand", player["hand_count"]),
        tr("{deck} in deck", deck=player["deck_count"]),
        trn("{n} hidden warlord", "{n} hidden warlords", player["warlords_unused"]),
    ]
    used = [warlord_name(w) for w in player["warlords_used"]]
    if used:
        stats.append(tr("used {warlords}", warlords=join(used)))
    if (left := leaving.word(player)) is not None:
        stats.append(left)
    return tr("{player}: {stats}.", player=names[player["seat"]], stats=_comma().join(stats))


def _footer(view: SunTzuView) -> str:
    parts = []
    if view["active_event"] is not None:
        parts.append(tr("Event: {event}, {left} face down", event=event_name(view["active_event"]),
                        left=view["events_left"]))
    if view["total_plague"]:
        parts.append(tr("Total Plague this round"))
    parts.append(tr("Plagues revealed: {n} of 4", n=len(view["plagues_revealed"])))
    return tr("{parts}.", parts=trp("sun tzu list", "; ").join(parts))


# -- the three pictures -----------------------------------------------------------------------------------
def board(view: SunTzuView, names: Sequence[str]) -> list[str]:
    now = _game_over(view, names) if view["result"] is not None else tr("{status}.", status=_status(view, names))
    holder = view["privilege_holder"]
    return [
        tr("{title}, {round}: {now}", title=tr(TITLE), round=_round(view), now=now),
        _sides(view, names),
        _scores(view, names),
        tr("{player} chooses the order of the battles.", player=names[holder]) if holder is not None else "",
        *(_province(view, p, names) for p in view["provinces"]),
        *(_player(p, names) for p in view["players"]),
        _footer(view),
    ]


def hand(view: SunTzuView, names: Sequence[str]) -> list[str]:
    seat, cards = own(view["viewer"], view["hand"])
    now = _game_over(view, names) if view["result"] is not None else tr("Now: {status}.", status=_status(view, names))
    rows = [tr("Your hand: {cards}.", cards=_cards(cards))]
    if view["assignment"]:
        rows.append(tr("Face down on the table: {cards}.",
                       cards=_comma().join(f"{province(p)} {_card(c)}" for p, c in view["assignment"].items())))
    if view["drawn"]:
        rows.append(tr("Drawn, to keep some and put one under: {cards}.", cards=_cards(view["drawn"])))
    if view["deck_bottom"]:
        rows.append(tr("You put these under your deck: {cards}.", cards=_cards(view["deck_bottom"])))
    if view["out_hidden"]:
        rows.append(tr("Removed face down: {cards}.", cards=_cards(view["out_hidden"])))
    held = join([warlord_name(w) for w in view["warlords_held"] or []]) or trp("sun tzu warlords", "none")
    return [
        tr("{title}: {player}'s cards, {colour}, round {round}. {now}", title=tr(TITLE), player=names[seat],
           colour=colour_word(str(view["viewer_colour"])), round=view["round"], now=now),
        *rows,
        tr("Secret warlords: {warlords}.", warlords=held),
        _scores(view, names),
    ]


def _place(part: Mapping[str, Any], fields: Mapping[str, Any]) -> str:
    """One place of the result, marked when the player left (out of time is no resignation)."""
    if leaving.dropped(part):
        return tr("{place} {player} {total}: points per scoring {points}, reserve {reserve}, dropped", **fields)
    if part["timed_out"]:
        return tr("{place} {player} {total}: points per scoring {points}, reserve {reserve}, out of time", **fields)
    if part["resigned"]:
        return tr("{place} {player} {total}: points per scoring {points}, reserve {reserve}, resigned", **fields)
    return tr("{place} {player} {total}: points per scoring {points}, reserve {reserve}", **fields)


def final(view: SunTzuView, names: Sequence[str]) -> list[str]:
    rows = []
    for seat, place, part in placed(view):
        points = _comma().join(str(p) for p in part["points"]) or trp("sun tzu points", "none")
        fields = {"place": theme.ordinal(place), "player": names[seat], "total": f"{part['total']:+d}",
                  "points": points, "reserve": part["reserve"]}
        rows.append(_place(part, fields))
    return [
        tr("{title}, result. {end}", title=tr(TITLE), end=_game_over(view, names)),
        _scores(view, names),
        tr("Places: {places}.", places=trp("sun tzu list", "; ").join(rows)),
    ]


# -- close-ups --------------------------------------------------------------------------------------------
def close_up(view: SunTzuView, names: Sequence[str], part: Part) -> list[str]:
    """The provinces' close-up (``crops.provinces``): the round, the score track and every province."""
    now = _game_over(view, names) if view["result"] is not None else f"{_status(view, names)}."
    return [
        tr("{title}, the score track and the provinces, {round}: {now}", title=tr(TITLE), round=_round(view), now=now),
        _scores(view, names),
        *(_province(view, p, names) for p in view["provinces"]),
    ]
