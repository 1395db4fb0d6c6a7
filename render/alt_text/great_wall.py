"""Alt text for The Great Wall of China, from a view (``bot/games/great_wall/schema.py``) only.

Marker values are read only where the view shows them (a seat's own, open scores, the end); otherwise a
player's markers are a count, as on the picture.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from bot.games.base import Event
from bot.games.great_wall.data import CardType
from bot.games.great_wall.text import describe, plural, scores_sentence
from render import theme
from render.alt_text.words import count, join, placed

if TYPE_CHECKING:
    from bot.games.great_wall.schema import CardView, GreatWallView, PlayerView, SectionView

TITLE = "The Great Wall of China"


def seat_colours(view: Mapping[str, Any]) -> list[str]:
    return [p["colour"] for p in cast("GreatWallView", view)["players"]]


# -- pieces ---------------------------------------------------------------------------------------------
def _cards(types: Sequence[str]) -> str:
    """["WALL", "GATE", "WALL"] -> "2 Walls, 1 Gate", in the deck's order of types."""
    counts = Counter(types)
    return ", ".join(f"{counts[k]} {plural(k, counts[k])}" for k in CardType if counts[k]) or "none"


def _status(view: GreatWallView, names: Sequence[str]) -> str:
    """Whose turn and what they must do, as the picture's title band says it."""
    who = names[view["active"]] if view["active"] is not None else "Nobody"
    pending = view["pending_claim"]
    if pending is not None:
        markers = join([str(m) for m in pending["markers"]], "or")
        return f"{who} to choose a first marker in section {pending['section'] + 1}: the {markers}"
    if view["phase"] == "final_check":
        return f"{who} checks in the check-only round"
    if view["phase"] == "check":
        return f"{who} to check"
    text = f"{who} to play, {count(view['actions_left'], 'action')} left"
    return text + (", plus free Cavalry" if view["cavalry_allowed"] else "")


def _game_over(view: GreatWallView, names: Sequence[str]) -> str:
    """The engine's own end-of-game sentence: reason, scores in ranking order and the winner."""
    result = cast("dict[str, Any]", view["result"])
    event = Event("game_over", {k: result[k] for k in ("reason", "scores", "ranking")})
    return f"{describe(event, names) or 'The game is over.'} {scores_sentence(event.public, names)}"


def _score(player: PlayerView, names: Sequence[str]) -> str:
    name = names[player["seat"]]
    if player["markers"] is not None:
        values = " + ".join(str(v) for v in player["markers"]) or "no markers"
        text = f"{name} {player['score'] if player['score'] is not None else sum(player['markers'])} ({values})"
    else:
        text = f"{name} {count(player['markers_count'], 'face-down marker')}"
    return text + (" (resigned)" if player["resigned"] else "")


def _scores(view: GreatWallView, names: Sequence[str]) -> str:
    return "Scores: " + ", ".join(_score(p, names) for p in view["players"]) + "."


def _last_round(view: GreatWallView, names: Sequence[str]) -> str:
    last = view["last_round"]
    if last is None:
        return ""
    owed = join([names[s] for s in last["remaining"]]) or "nobody else"
    if last["stage"] == "final_check":
        return f"Check-only round after {names[last['declarer']]} played every card; still to check: {owed}."
    return f"Last round: {names[last['declarer']]} has played every card; still to play: {owed}."


def _last_move(view: GreatWallView, names: Sequence[str]) -> str:
    move = view["last_move"]
    if move is None:
        return ""
    who = names[move["seat"]]
    where = f"section {move['section'] + 1}" if move["section"] is not None else "a section"
    if move["kind"] == "draw":
        return f"Last move: {who} drew a card."
    if move["kind"] == "resign":
        return f"Last move: {who} resigned."
    if move["kind"] == "claim":
        return f"Last move: {who} placed a first marker in {where}."
    on_wall = {c["id"]: c["type"] for s in view["sections"] for stack in s["row"] for c in stack}
    played = [on_wall[c] for c in move["cards"] if c in on_wall]
    return f"Last move: {who} played {_cards(played) if played else 'cards'} to {where}."


# -- sections -------------------------------------------------------------------------------------------
def _section(section: SectionView, names: Sequence[str]) -> str:
    """Markers, each participant's strength, the leader and the first marker's claim."""
    number = section["slot"] + 1
    if not section["open"]:
        return f"Section {number} is complete and closed."
    markers = section["markers"]
    unclaimed = f"marker{'s' if len(markers) != 1 else ''} {join([str(m) for m in markers])} unclaimed"
    strengths = [f"{names[s]} {p}" for s, p in enumerate(section["progress"]) if p is not None]
    if not strengths:
        return f"Section {number}: {unclaimed}; no cards yet."
    lead = f"{names[section['leader']]} leads" if section["leader"] is not None else "nobody leads"
    parts = [unclaimed, "strength " + ", ".join(strengths), lead]
    first = section["first_marker"]
    if first is not None:
        on = next((c for stack in section["row"] for c in stack if c["id"] == first["card"]), None)
        card = f" on their {plural(CardType(on['type']), 1)}" if on is not None else ""
        parts.append(f"{names[first['owner']]} holds the first marker, a {first['value']},{card}")
    if section["noble_active"]:
        parts.append("a Noble makes every card count 1")
    return f"Section {number}: " + "; ".join(parts) + "."


def _section_cards(section: SectionView, names: Sequence[str]) -> str:
    """Each player's uncovered cards in a section, and what lies under Dragons."""
    if not section["row"]:
        return ""
    tops: dict[int, list[str]] = {}
    covered: list[str] = []
    for stack in section["row"]:
        top: CardView = stack[-1]
        tops.setdefault(top["owner"], []).append(top["type"])
        covered += [f"{names[c['owner']]}'s {plural(CardType(c['type']), 1)}" for c in stack[:-1]]
    parts = [f"{names[s]} {_cards(types)}" for s, types in sorted(tops.items())]
    under = f"; under Dragons: {join(covered)}" if covered else ""
    return f"Section {section['slot'] + 1} cards: " + "; ".join(parts) + under + "."


def _players(view: GreatWallView, names: Sequence[str]) -> str:
    parts = [f"{names[p['seat']]} {p['hand_count']} in hand and {p['deck_count']} in deck" for p in view["players"]]
    return "Cards: " + "; ".join(parts) + "."


def _supply(view: GreatWallView) -> str:
    text = f"Supply: {count(view['supply_count'], 'marker')} left"
    if view["removed_pairs"]:
        text += "; removed for two players: " + ", ".join(str(v) for v in view["removed_pairs"])
    return text + "."


# -- the three pictures -----------------------------------------------------------------------------------
def board(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("GreatWallView", view)
    if v["result"] is not None:
        head = [f"{TITLE}, the wall at the end. {_game_over(v, names)}"]
    else:
        head = [f"{TITLE}: {_status(v, names)}.", _last_round(v, names), _scores(v, names)]
    return [
        *head,
        _last_move(v, names),
        *(_section(s, names) for s in v["sections"]),
        *(_section_cards(s, names) for s in v["sections"]),
        _players(v, names),
        _supply(v),
    ]


def hand(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("GreatWallView", view)
    seat, cards = v["viewer"], v["hand"]
    if seat is None or cards is None:
        raise ValueError("a hand's alt text needs a player's own view; this one is public")
    now = _game_over(v, names) if v["result"] is not None else f"Now: {_status(v, names)}."
    held = f"In your hand: {count(len(cards), 'card')}: {_cards([c['type'] for c in cards])}." if cards else (
        "Your hand is empty.")
    deck = v["deck_composition"] or {}
    types = [k for k, n in deck.items() for _ in range(n)]
    me = v["players"][seat]
    won = me["markers"] or []
    markers = f"Your markers: {' + '.join(str(m) for m in won)} = {sum(won)}." if won else "You have no markers yet."
    return [
        f"{TITLE}: {names[seat]}'s private cards.",
        now,
        held,
        f"Still in your deck, order unknown: {count(len(types), 'card')}" + (f": {_cards(types)}." if types else "."),
        markers,
        _scores(v, names),
    ]


def final(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("GreatWallView", view)
    rows = []
    for seat, place, part in placed(v):
        markers = join([str(m) for m in part["markers"]]) or "none"
        row = f"{theme.ordinal(place)} {names[seat]}, {part['total']} from markers {markers}"
        if part["lost_on_cards"]:
            row += f", lost on cards: {join([str(m) for m in part['lost_on_cards']])}"
        rows.append(row + (", resigned" if part["resigned"] else ""))
    return [f"{TITLE}, final scores. {_game_over(v, names)}", "Places: " + "; ".join(rows) + "."]
