"""Alt text for The Great Wall of China, from a view (``bot/games/great_wall/schema.py``) only.

Marker values are read only where the view shows them (a seat's own, open scores, the end); otherwise a
player's markers are a count, as on the picture.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.games.base import Event
from bot.games.base.language import mark, tr, trn, trp
from bot.games.base.words import join
from bot.games.great_wall.data import CardType
from bot.games.great_wall.text import card_name, describe, plural, scores_sentence
from render import leaving, theme
from render.alt_text.words import own, placed
from render.game import Part
from render.great_wall.crops import slots_of
from render.great_wall.players import ended_on_time

if TYPE_CHECKING:
    from bot.games.great_wall.schema import CardView, GreatWallView, PlayerView, SectionView

TITLE = mark("The Great Wall of China")


def seat_colours(view: GreatWallView) -> list[str]:
    return [p["colour"] for p in view["players"]]


# -- pieces ---------------------------------------------------------------------------------------------
def _cards(types: Sequence[str]) -> str:
    """["WALL", "GATE", "WALL"] -> "2 Walls, 1 Gate", in the deck's order of types."""
    counts = Counter(types)
    comma = trp("great wall list", ", ")
    return comma.join(tr("{n} {cards}", n=counts[k], cards=plural(k, counts[k])) for k in CardType if counts[k]) or tr(
        "none")


def _status(view: GreatWallView, names: Sequence[str]) -> str:
    """Whose turn and what they must do, as the picture's title band says it."""
    who = names[view["active"]] if view["active"] is not None else tr("Nobody")
    pending = view["pending_claim"]
    if pending is not None:
        markers = join([str(m) for m in pending["markers"]], "or")
        return tr("{player} to choose a first marker in section {section}: the {markers}", player=who,
                  section=pending["section"] + 1, markers=markers)
    if view["phase"] == "final_check":
        return tr("{player} checks in the check-only round", player=who)
    if view["phase"] == "check":
        return tr("{player} to check", player=who)
    if view["cavalry_allowed"]:
        return trn("{player} to play, {n} action left, plus free Cavalry",
                   "{player} to play, {n} actions left, plus free Cavalry", view["actions_left"], player=who)
    return trn("{player} to play, {n} action left", "{player} to play, {n} actions left", view["actions_left"],
               player=who)


def _game_over(view: GreatWallView, names: Sequence[str]) -> str:
    """The engine's own end-of-game sentence: reason, scores in ranking order and the winner."""
    result = theme.finished(view["result"])
    data: dict[str, Any] = {"reason": result["reason"], "scores": result["scores"], "ranking": result["ranking"]}
    if ended_on_time(view):
        data["timed_out"] = True  # as the game_over event said it
    event = Event("game_over", data)
    return f"{describe(event, names) or tr('The game is over.')} {scores_sentence(event.public, names)}"


def _score(player: PlayerView, names: Sequence[str]) -> str:
    name = names[player["seat"]]
    if player["markers"] is not None:
        values = " + ".join(str(v) for v in player["markers"]) or tr("no markers")
        text = f"{name} {player['score'] if player['score'] is not None else sum(player['markers'])} ({values})"
    else:
        text = trn("{player} {n} face-down marker", "{player} {n} face-down markers", player["markers_count"],
                   player=name)
    if not player["resigned"]:
        return text
    if leaving.dropped(player):
        return text + tr(" (dropped)")
    return text + (tr(" (out of time)") if player["timed_out"] else tr(" (resigned)"))


def _scores(view: GreatWallView, names: Sequence[str]) -> str:
    comma = trp("great wall list", ", ")
    return tr("Scores: {scores}.", scores=comma.join(_score(p, names) for p in view["players"]))


def _last_round(view: GreatWallView, names: Sequence[str]) -> str:
    last = view["last_round"]
    if last is None:
        return ""
    owed = join([names[s] for s in last["remaining"]]) or tr("nobody else")
    declarer = names[last["declarer"]]
    if last["stage"] == "final_check":
        return tr("Check-only round after {player} played every card; still to check: {players}.", player=declarer,
                  players=owed)
    return tr("Last round: {player} has played every card; still to play: {players}.", player=declarer,
              players=owed)


def _last_move(view: GreatWallView, names: Sequence[str]) -> str:
    move = view["last_move"]
    if move is None:
        return ""
    who = names[move["seat"]]
    where = tr("section {section}", section=move["section"] + 1) if move["section"] is not None else tr("a section")
    if move["kind"] == "draw":
        return tr("Last move: {player} drew a card.", player=who)
    if move["kind"] == "resign":
        if view["players"][move["seat"]]["timed_out"]:
            return tr("Last move: {player} ran out of time.", player=who)
        return tr("Last move: {player} resigned.", player=who)
    if move["kind"] == "claim":
        return tr("Last move: {player} placed a first marker in {section}.", player=who, section=where)
    on_wall = {c["id"]: c["type"] for s in view["sections"] for stack in s["row"] for c in stack}
    played = [on_wall[c] for c in move["cards"] if c in on_wall]
    return tr("Last move: {player} played {cards} to {section}.", player=who,
              cards=_cards(played) if played else tr("cards"), section=where)


# -- sections -------------------------------------------------------------------------------------------
def _section(section: SectionView, names: Sequence[str]) -> str:
    """Markers, each participant's strength, the leader and the first marker's claim."""
    number = section["slot"] + 1
    if not section["open"]:
        return tr("Section {section} is complete and closed.", section=number)
    markers = section["markers"]
    unclaimed = trn("marker {markers} unclaimed", "markers {markers} unclaimed", len(markers),
                    markers=join([str(m) for m in markers]))
    comma = trp("great wall list", ", ")
    strengths = [f"{names[s]} {p}" for s, p in enumerate(section["progress"]) if p is not None]
    if not strengths:
        return tr("Section {section}: {unclaimed}; no cards yet.", section=number, unclaimed=unclaimed)
    lead = (tr("{player} leads", player=names[section["leader"]]) if section["leader"] is not None
            else tr("nobody leads"))
    parts = [unclaimed, tr("strength {strengths}", strengths=comma.join(strengths)), lead]
    first = section["first_marker"]
    if first is not None:
        on = next((c for stack in section["row"] for c in stack if c["id"] == first["card"]), None)
        owner = names[first["owner"]]
        if on is not None:
            parts.append(tr("{player} holds the first marker, a {value}, on their {card}", player=owner,
                            value=first["value"], card=card_name(on["type"])))
        else:
            parts.append(tr("{player} holds the first marker, a {value},", player=owner, value=first["value"]))
    if section["noble_active"]:
        parts.append(tr("a Noble makes every card count 1"))
    return tr("Section {section}: {parts}.", section=number, parts=trp("great wall list", "; ").join(parts))


def _section_cards(section: SectionView, names: Sequence[str]) -> str:
    """Each player's uncovered cards in a section, and what lies under Dragons."""
    if not section["row"]:
        return ""
    tops: dict[int, list[str]] = {}
    covered: list[str] = []
    for stack in section["row"]:
        top: CardView = stack[-1]
        tops.setdefault(top["owner"], []).append(top["type"])
        covered += [tr("{player}'s {card}", player=names[c["owner"]], card=card_name(c["type"])) for c in stack[:-1]]
    parts = trp("great wall list", "; ").join(f"{names[s]} {_cards(types)}" for s, types in sorted(tops.items()))
    if covered:
        return tr("Section {section} cards: {parts}; under Dragons: {covered}.", section=section["slot"] + 1,
                  parts=parts, covered=join(covered))
    return tr("Section {section} cards: {parts}.", section=section["slot"] + 1, parts=parts)


def _players(view: GreatWallView, names: Sequence[str]) -> str:
    parts = [tr("{player} {hand} in hand and {deck} in deck", player=names[p["seat"]], hand=p["hand_count"],
                deck=p["deck_count"]) for p in view["players"]]
    return tr("Cards: {parts}.", parts=trp("great wall list", "; ").join(parts))


def _supply(view: GreatWallView) -> str:
    left = trn("{n} marker", "{n} markers", view["supply_count"])
    if view["removed_pairs"]:
        removed = trp("great wall list", ", ").join(str(v) for v in view["removed_pairs"])
        return tr("Supply: {markers} left; removed for two players: {removed}.", markers=left, removed=removed)
    return tr("Supply: {markers} left.", markers=left)


# -- the three pictures -----------------------------------------------------------------------------------
def board(view: GreatWallView, names: Sequence[str]) -> list[str]:
    if view["result"] is not None:
        head = [tr("{game}, the wall at the end. {result}", game=tr(TITLE), result=_game_over(view, names))]
    else:
        head = [tr("{game}: {status}.", game=tr(TITLE), status=_status(view, names)), _last_round(view, names),
                _scores(view, names)]
    return [
        *head,
        _last_move(view, names),
        *(_section(s, names) for s in view["sections"]),
        *(_section_cards(s, names) for s in view["sections"]),
        _players(view, names),
        _supply(view),
    ]


def hand(view: GreatWallView, names: Sequence[str]) -> list[str]:
    seat, cards = own(view["viewer"], view["hand"])
    now = _game_over(view, names) if view["result"] is not None else tr("Now: {status}.", status=_status(view, names))
    held = trn("In your hand: {n} card: {cards}.", "In your hand: {n} cards: {cards}.", len(cards),
               cards=_cards([c["type"] for c in cards])) if cards else tr("Your hand is empty.")
    deck = view["deck_composition"] or {}
    types = [k for k, n in deck.items() for _ in range(n)]
    me = view["players"][seat]
    won = me["markers"] or []
    markers = (tr("Your markers: {markers} = {total}.", markers=" + ".join(str(m) for m in won), total=sum(won))
               if won else tr("You have no markers yet."))
    deck_line = (
        trn("Still in your deck, order unknown: {n} card: {cards}.",
            "Still in your deck, order unknown: {n} cards: {cards}.", len(types), cards=_cards(types))
        if types else trn("Still in your deck, order unknown: {n} card.",
                          "Still in your deck, order unknown: {n} cards.", len(types))
    )
    return [
        tr("{game}: {player}'s private cards.", game=tr(TITLE), player=names[seat]),
        now,
        held,
        deck_line,
        markers,
        _scores(view, names),
    ]


def _left(part: Mapping[str, Any]) -> str:
    """How a player in the final places left the game early, if they did."""
    if not part["resigned"]:
        return ""
    if leaving.dropped(part):
        return tr(", dropped")
    return tr(", out of time") if part["timed_out"] else tr(", resigned")


def final(view: GreatWallView, names: Sequence[str]) -> list[str]:
    rows = []
    for seat, place, part in placed(view):
        markers = join([str(m) for m in part["markers"]]) or tr("none")
        row = tr("{place} {player}, {total} from markers {markers}", place=theme.ordinal(place), player=names[seat],
                 total=part["total"], markers=markers)
        if part["lost_on_cards"]:
            row += tr(", lost on cards: {markers}", markers=join([str(m) for m in part["lost_on_cards"]]))
        rows.append(row + _left(part))
    return [tr("{game}, final scores. {result}", game=tr(TITLE), result=_game_over(view, names)),
            tr("Places: {rows}.", rows=trp("great wall list", "; ").join(rows))]


# -- close-ups --------------------------------------------------------------------------------------------
def close_up(view: GreatWallView, names: Sequence[str], part: Part) -> list[str]:
    """Sections' close-up (``crops.sections``): each section's strengths, markers and cards."""
    slots = slots_of(view, part)
    sections = [view["sections"][s] for s in slots]
    return [
        trn("{game}, a close-up of section {sections}.", "{game}, a close-up of sections {sections}.", len(slots),
            game=tr(TITLE), sections=join([str(s + 1) for s in slots])),
        *(_section(s, names) for s in sections),
        *(_section_cards(s, names) for s in sections),
    ]
