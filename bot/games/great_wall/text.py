"""Words for people: one sentence per event and short button labels. Sections are shown 1-based.

Every sentence is one message in the language in force (``tr``); the card types' names are ``card_name``
and counted cards ``cards_phrase`` (``trn``, so each language says "a Wall" / "2 Walls" its own way).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.base import Event
from bot.games.base.language import tr, trn, trp
from bot.games.base.leaving import ran_out_of_time
from bot.games.base.words import join
from bot.games.great_wall.data import COLOURS, CardType, Colour, card_owner, card_type

_NAMES: dict[CardType, Callable[[], str]] = {
    CardType.WALL: lambda: trp("great wall card", "Wall"),
    CardType.GATE: lambda: trp("great wall card", "Gate"),
    CardType.TOWER: lambda: trp("great wall card", "Tower"),
    CardType.INFANTRY: lambda: trp("great wall card", "Infantry"),
    CardType.CAVALRY: lambda: trp("great wall card", "Cavalry"),
    CardType.NOBLE: lambda: trp("great wall card", "Noble"),
    CardType.DRAGON: lambda: trp("great wall card", "Dragon"),
}
# The plural name, without a number ("2 × Walls"): one form per count in the language in force.
_PLURALS: dict[CardType, Callable[[int], str]] = {
    CardType.WALL: lambda n: trn("Wall", "Walls", n),
    CardType.GATE: lambda n: trn("Gate", "Gates", n),
    CardType.TOWER: lambda n: trn("Tower", "Towers", n),
    CardType.INFANTRY: lambda n: trn("Infantry", "Infantry", n),
    CardType.CAVALRY: lambda n: trn("Cavalry", "Cavalry", n),
    CardType.NOBLE: lambda n: trn("Noble", "Nobles", n),
    CardType.DRAGON: lambda n: trn("Dragon", "Dragons", n),
}
# "a Wall", "2 Walls": a number of cards of one type in a sentence.
_COUNTED: dict[CardType, Callable[[int], str]] = {
    CardType.WALL: lambda n: trn("a Wall", "{n} Walls", n),
    CardType.GATE: lambda n: trn("a Gate", "{n} Gates", n),
    CardType.TOWER: lambda n: trn("a Tower", "{n} Towers", n),
    CardType.INFANTRY: lambda n: trn("an Infantry", "{n} Infantry", n),
    CardType.CAVALRY: lambda n: trn("a Cavalry", "{n} Cavalry", n),
    CardType.NOBLE: lambda n: trn("a Noble", "{n} Nobles", n),
    CardType.DRAGON: lambda n: trn("a Dragon", "{n} Dragons", n),
}
_COLOURS: dict[Colour, Callable[[], str]] = {
    Colour.BLUE: lambda: trp("great wall colour", "Blue"),
    Colour.GREEN: lambda: trp("great wall colour", "Green"),
    Colour.RED: lambda: trp("great wall colour", "Red"),
    Colour.GREY: lambda: trp("great wall colour", "Grey"),
    Colour.YELLOW: lambda: trp("great wall colour", "Yellow"),
}


def card_name(kind: CardType | str) -> str:
    """A card type's name in the language in force: "Wall"."""
    return _NAMES[CardType(kind)]()


def plural(kind: CardType | str, count: int) -> str:
    """The type's name for ``count`` cards, without the number: "Wall", "Walls"."""
    return _PLURALS[CardType(kind)](count)


def cards_phrase(kind: CardType | str, count: int) -> str:
    """ "a Wall", "2 Walls"."""
    return _COUNTED[CardType(kind)](count)


def _play(p: Mapping[str, Any], names: Sequence[str]) -> str:
    who, kind, section = names[p["seat"]], CardType(p["card"]), p["section"] + 1
    if p.get("cover") is not None:
        target = p["cover"]
        owner = card_owner(target)
        card = card_name(card_type(target))
        if owner == p["seat"]:
            return tr("{player} played the Dragon on their own {card} in section {section}.",
                      player=who, card=card, section=section)
        return tr("{player} played the Dragon on {owner}'s {card} in section {section}.",
                  player=who, owner=names[owner], card=card, section=section)
    cards = cards_phrase(kind, p["count"])
    if kind is CardType.CAVALRY:
        return tr("{player} played {cards} to section {section} (free).", player=who, cards=cards, section=section)
    return tr("{player} played {cards} to section {section}.", player=who, cards=cards, section=section)


def _first_marker(p: Mapping[str, Any], names: Sequence[str]) -> str:
    return tr("{player} claimed the {marker} marker in section {section} and put it on their {card}.",
              player=names[p["seat"]], marker=p["marker"], section=p["section"] + 1,
              card=card_name(card_type(p["card"])))


def _completed(p: Mapping[str, Any], names: Sequence[str]) -> str:
    who, owner, section = names[p["seat"]], p["first_owner"], p["section"] + 1
    if owner == p["seat"]:
        took = tr("{player} took the {marker} face down and the {first} too.",
                  player=who, marker=p["marker"], first=p["first_marker"])
    else:
        took = tr("{player} took the {marker} face down; {owner} received the {first}.",
                  player=who, marker=p["marker"], owner=names[owner], first=p["first_marker"])
    values = p["removed_pairs"]
    pairs = len(values) // 2
    removed = (
        trn(" (equal pair {pairs} removed)", " (equal pairs {pairs} removed)", pairs,
            pairs=join([f"{values[i]}-{values[i + 1]}" for i in range(0, len(values), 2)]))
        if pairs else ""
    )
    if p["closed"]:
        done = tr("Section {section} is complete and closes: no markers are left{removed}.",
                  section=section, removed=removed)
    else:
        low, high = p["new_markers"]
        done = tr("Section {section} is complete and gets the markers {low} and {high}{removed}.",
                  section=section, low=low, high=high, removed=removed)
    return tr("{took} {done}", took=took, done=done)


def scoring_moment(first: int, last: int) -> str:
    """The score chart's mark for the sections completed in one move: the ``first``-th to the ``last``-th
    completed in the game."""
    if first == last:
        return tr("Scoring {n}", n=first)
    return tr("Scorings {first}-{last}", first=first, last=last)


def _game_over(p: Mapping[str, Any], names: Sequence[str]) -> str:
    # Who won, not the scores: the board's final ranking lists every score once, in points.
    order = sorted(range(len(p["scores"])), key=lambda s: (p["ranking"][s], s))
    winners = [names[s] for s in order if p["ranking"][s] == 1]
    resigned = p["reason"] == "resignation"
    timed_out = resigned and bool(p.get("timed_out"))  # the last player to leave ran out of time
    if len(winners) == 1:
        if timed_out:
            return tr("The game is over after a player ran out of time: {player} wins.", player=winners[0])
        if resigned:
            return tr("The game is over now that a player has left: {player} wins.", player=winners[0])
        return tr("The game is over: {player} wins.", player=winners[0])
    if timed_out:
        return tr("The game is over after a player ran out of time: {players} share the win.",
                  players=join(winners))
    if resigned:
        return tr("The game is over now that a player has left: {players} share the win.", players=join(winners))
    return tr("The game is over: {players} share the win.", players=join(winners))


def scores_sentence(p: Mapping[str, Any], names: Sequence[str]) -> str:
    """ "Scores: Bo 12, Ana 9.", in ranking order, from a game_over event's data: for a text that has no
    ranking of its own (a picture's alt text); the board's final ranking already lists them."""
    order = sorted(range(len(p["scores"])), key=lambda s: (p["ranking"][s], s))
    scores = trp("great wall list", ", ").join(f"{names[s]} {p['scores'][s]}" for s in order)
    return tr("Scores: {scores}.", scores=scores)


def describe(event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
    p = event.public
    if event.type == "draw":
        if seat is not None and seat in event.private:
            return tr("You drew {card}.", card=cards_phrase(event.private[seat]["type"], 1))
        return tr("{player} drew a card.", player=names[p["seat"]])
    if event.type == "play":
        return _play(p, names)
    if event.type == "first_marker":
        return _first_marker(p, names)
    if event.type == "section_completed":
        return _completed(p, names)
    if event.type == "last_round":
        return tr("{player} has played every card: last round! Everyone else takes one last turn.",
                  player=names[p["seat"]])
    if event.type == "check_round":
        return tr("The check-only round begins: nobody plays or draws any more, each player only checks.")
    if event.type == "resign":
        if p.get("timed_out"):
            return ran_out_of_time(names[p["seat"]])
        return tr("{player} resigned and leaves the game.", player=names[p["seat"]])
    if event.type == "game_over":
        return _game_over(p, names)
    return None


def _card_ref(card: int) -> str:
    # The id tells apart two cards of one type in a section (e.g. Infantry of different ranks).
    return tr("{card} (card {id})", card=card_name(card_type(card)), id=card)


def action_label(action: Mapping[str, Any]) -> str:
    """A short button label. Seats appear as their colour: the engine knows no names here."""
    kind = action.get("type")
    if kind == "draw":
        return tr("Draw a card")
    if kind == "claim":
        return tr("Put the {marker} on your {card}", marker=action["marker"], card=_card_ref(action["card"]))
    if kind == "play":
        card = CardType(action["card"])
        section = action["section"] + 1
        if action.get("cover") is not None:
            target = action["cover"]
            colour = _COLOURS[COLOURS[card_owner(target)]]()
            return tr("Dragon on {colour}'s {card} in section {section}",
                      colour=colour, card=_card_ref(target), section=section)
        cards = plural(card, action["count"])
        if card is CardType.CAVALRY:
            return tr("{n} × {cards} → section {section} (free)", n=action["count"], cards=cards, section=section)
        return tr("{n} × {cards} → section {section}", n=action["count"], cards=cards, section=section)
    return str(kind)
