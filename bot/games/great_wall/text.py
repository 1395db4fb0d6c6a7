"""Words for people: one sentence per event and short button labels. Sections are shown 1-based."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import Event
from bot.games.great_wall.data import COLOURS, CardType, card_owner, card_type

_SINGULAR = {kind: kind.value.capitalize() for kind in CardType}
_PLURAL = {kind: _SINGULAR[kind] + "s" for kind in CardType} | {
    CardType.INFANTRY: "Infantry",
    CardType.CAVALRY: "Cavalry",
}


def plural(kind: CardType, count: int) -> str:
    return _SINGULAR[kind] if count == 1 else _PLURAL[kind]


def _a(kind: CardType) -> str:
    name = _SINGULAR[kind]
    return ("an " if name[0] in "AEIOU" else "a ") + name


def _cards(kind: CardType, count: int) -> str:
    return _a(kind) if count == 1 else f"{count} {plural(kind, count)}"


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _pairs(values: Sequence[int]) -> str:
    return _join([f"{values[i]}-{values[i + 1]}" for i in range(0, len(values), 2)])


def _play(p: Mapping[str, Any], names: Sequence[str]) -> str:
    who, kind, where = names[p["seat"]], CardType(p["card"]), f"section {p['section'] + 1}"
    if p.get("cover") is not None:
        target = p["cover"]
        owner = card_owner(target)
        whose = "their own" if owner == p["seat"] else f"{names[owner]}'s"
        return f"{who} played the Dragon on {whose} {_SINGULAR[card_type(target)]} in {where}."
    free = " (free)" if kind is CardType.CAVALRY else ""
    return f"{who} played {_cards(kind, p['count'])} to {where}{free}."


def _first_marker(p: Mapping[str, Any], names: Sequence[str]) -> str:
    return (
        f"{names[p['seat']]} claimed the {p['marker']} marker in section {p['section'] + 1} "
        f"and put it on their {_SINGULAR[card_type(p['card'])]}."
    )


def _completed(p: Mapping[str, Any], names: Sequence[str]) -> str:
    who, owner = names[p["seat"]], p["first_owner"]
    if owner == p["seat"]:
        took = f"{who} took the {p['marker']} face down and the {p['first_marker']} too."
    else:
        took = f"{who} took the {p['marker']} face down; {names[owner]} received the {p['first_marker']}."
    where = f"Section {p['section'] + 1} is complete"
    pairs = len(p["removed_pairs"]) // 2
    removed = f" (equal {'pair' if pairs == 1 else 'pairs'} {_pairs(p['removed_pairs'])} removed)" if pairs else ""
    if p["closed"]:
        return f"{took} {where} and closes: no markers are left{removed}."
    low, high = p["new_markers"]
    return f"{took} {where} and gets the markers {low} and {high}{removed}."


def _game_over(p: Mapping[str, Any], names: Sequence[str]) -> str:
    # Who won, not the scores: the board's final ranking lists every score once, in points.
    order = sorted(range(len(p["scores"])), key=lambda s: (p["ranking"][s], s))
    winners = [names[s] for s in order if p["ranking"][s] == 1]
    verdict = f"{winners[0]} wins" if len(winners) == 1 else f"{_join(winners)} share the win"
    why = " after a resignation" if p["reason"] == "resignation" else ""
    return f"The game is over{why}: {verdict}."


def scores_sentence(p: Mapping[str, Any], names: Sequence[str]) -> str:
    """ "Scores: Bo 12, Ana 9.", in ranking order, from a game_over event's data: for a text that has no
    ranking of its own (a picture's alt text); the board's final ranking already lists them."""
    order = sorted(range(len(p["scores"])), key=lambda s: (p["ranking"][s], s))
    return "Scores: " + ", ".join(f"{names[s]} {p['scores'][s]}" for s in order) + "."


def describe(event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
    p = event.public
    if event.type == "draw":
        if seat is not None and seat in event.private:
            return f"You drew {_a(CardType(event.private[seat]['type']))}."
        return f"{names[p['seat']]} drew a card."
    if event.type == "play":
        return _play(p, names)
    if event.type == "first_marker":
        return _first_marker(p, names)
    if event.type == "section_completed":
        return _completed(p, names)
    if event.type == "last_round":
        return f"{names[p['seat']]} has played every card: last round! Everyone else takes one last turn."
    if event.type == "check_round":
        return "The check-only round begins: nobody plays or draws any more, each player only checks."
    if event.type == "resign":
        return f"{names[p['seat']]} resigned and leaves the game."
    if event.type == "game_over":
        return _game_over(p, names)
    return None


def _card_ref(card: int) -> str:
    # The id tells apart two cards of one type in a section (e.g. Infantry of different ranks).
    return f"{_SINGULAR[card_type(card)]} (card {card})"


def action_label(action: Mapping[str, Any]) -> str:
    """A short button label. Seats appear as their colour: the engine knows no names here."""
    kind = action.get("type")
    if kind == "draw":
        return "Draw a card"
    if kind == "claim":
        return f"Put the {action['marker']} on your {_card_ref(action['card'])}"
    if kind == "play":
        card = CardType(action["card"])
        where = f"section {action['section'] + 1}"
        if action.get("cover") is not None:
            target = action["cover"]
            colour = COLOURS[card_owner(target)].value.capitalize()
            return f"Dragon on {colour}'s {_card_ref(target)} in {where}"
        free = " (free)" if card is CardType.CAVALRY else ""
        return f"{action['count']} × {plural(card, action['count'])} → {where}{free}"
    return str(kind)
