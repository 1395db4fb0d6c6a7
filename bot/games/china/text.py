"""Words: one sentence per event for the thread (private detail only for its own seat), and short
labels for buttons and select options."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.base import Event
from bot.games.base.language import mark, tr, trn, trp
from bot.games.base.leaving import ran_out_of_time
from bot.games.base.words import join
from bot.games.china.data import COLOURS, board

_REASONS = {
    "normal": mark("the deck ran out twice and the round is finished"),
    "no_pieces": mark("no more pieces can be placed"),
    "resignation": mark("too few players are left"),
}

# The regions' names as the rulebooks write them (the board file's names are the English ones).
REGION_NAMES = (
    mark("Qin"), mark("Zhao"), mark("Qi"), mark("Han"), mark("Zhou"), mark("Wei"), mark("Lu"), mark("Shu"),
    mark("Chu"),
)

# A card's colour as an adjective agreeing with how many cards it describes ("red"; Spanish "roja", "rojas").
_COLOUR_WORDS: dict[str, Callable[[int], str]] = {
    "red": lambda n: trn("red", "red", n),
    "yellow": lambda n: trn("yellow", "yellow", n),
    "green": lambda n: trn("green", "green", n),
    "orange": lambda n: trn("orange", "orange", n),
    "purple": lambda n: trn("purple", "purple", n),
}
# "a red card", "2 red cards": one message per colour, since article and adjective agree with the noun.
_CARD_PHRASES: dict[str, Callable[[int], str]] = {
    "red": lambda n: trn("a red card", "{n} red cards", n),
    "yellow": lambda n: trn("a yellow card", "{n} yellow cards", n),
    "green": lambda n: trn("a green card", "{n} green cards", n),
    "orange": lambda n: trn("an orange card", "{n} orange cards", n),
    "purple": lambda n: trn("a purple card", "{n} purple cards", n),
}


def colour_word(colour: str, n: int = 1) -> str:
    """A card colour in the language in force, for ``n`` cards ("red"); an unknown colour as it is."""
    word = _COLOUR_WORDS.get(colour)
    return colour if word is None else word(n)


def card_phrase(colour: str, n: int = 1) -> str:
    """ "a red card", "2 red cards" in the language in force."""
    phrase = _CARD_PHRASES.get(colour)
    return f"{n} {colour} cards" if phrase is None else phrase(n)


def region_name(region_id: str) -> str:
    b = board()
    try:
        return tr(b.regions[b.region_index(region_id)].name)
    except KeyError:
        return region_id


def space_label(space: str) -> str:
    """The number printed on a house space: its id without the region prefix ("wei3" -> "3")."""
    return space.lstrip("abcdefghijklmnopqrstuvwxyz") or space


def counted_colour(colour: str, n: int) -> str:
    """ "2 green": a number of cards of one colour, short."""
    return tr("{n} {colour}", n=n, colour=colour_word(colour, n))


def cards_text(cards: Sequence[str]) -> str:
    """["red", "green", "green"] -> "red + 2 green"."""
    counts = Counter(cards)
    parts = [
        counted_colour(c, n) if n > 1 else colour_word(c) for c in (c.value for c in COLOURS) if (n := counts.get(c, 0))
    ]
    return " + ".join(parts) or tr("no cards")


def _pieces(pieces: Sequence[Mapping[str, Any]]) -> tuple[list[tuple[str, bool]], list[str], int]:
    """A play's pieces as its words name them: each fortification's space number and whether a house goes
    on it, the other houses' space numbers, and the number of emissaries."""
    houses = [space_label(str(p["space"])) for p in pieces if p.get("kind") == "house"]
    forts = [space_label(str(p["space"])) for p in pieces if p.get("kind") == "fortification"]
    emissaries = sum(1 for p in pieces if p.get("kind") == "emissary")
    return [(f, f in houses) for f in forts], [h for h in houses if h not in forts], emissaries


def pieces_text(pieces: Sequence[Mapping[str, Any]]) -> str:
    """ "fortification+house 2", "houses 2 & 5 + emissary": the pieces of an action's short label."""
    forts, houses, emissaries = _pieces(pieces)
    parts = [
        tr("fortification+house {space}", space=f) if with_house else tr("fortification {space}", space=f)
        for f, with_house in forts
    ]
    if houses:
        parts.append(trn("house {spaces}", "houses {spaces}", len(houses), spaces=" & ".join(houses)))
    if emissaries:
        parts.append(trn("emissary", "{n} emissaries", emissaries))
    return " + ".join(parts)


def pieces_label(pieces: Sequence[Mapping[str, Any]]) -> str:
    """ "House on 3 + emissary", "Houses on 3 and 5", "Fortification on 4 with your house": the pieces of a
    placement as the mover's controls offer them."""
    forts, houses, emissaries = _pieces(pieces)
    parts = [
        tr("fortification on {space} with your house", space=f) if with_house
        else tr("fortification on {space}", space=f)
        for f, with_house in forts
    ]
    if houses:
        parts.append(trn("house on {spaces}", "houses on {spaces}", len(houses), spaces=join(houses)))
    if emissaries:
        parts.append(trn("emissary", "{n} emissaries", emissaries))
    text = " + ".join(parts)
    return text[:1].upper() + text[1:]


def cards_phrase(cards: Sequence[str]) -> str:
    """["red", "green", "green"] -> "a red card and 2 green cards", for sentences."""
    counts = Counter(cards)
    parts = [card_phrase(c, n) for c in (c.value for c in COLOURS) if (n := counts.get(c, 0))]
    return join(parts, empty=tr("no cards"))


def pieces_phrase(pieces: Sequence[Mapping[str, Any]]) -> str:
    """ "a house on 3 and an emissary", "a fortification with a house on 4": the pieces of a play, for
    sentences (the numbers are the ones printed on the board's house spaces)."""
    forts, houses, emissaries = _pieces(pieces)
    parts = [
        tr("a fortification with a house on {space}", space=f) if with_house
        else tr("a fortification on {space}", space=f)
        for f, with_house in forts
    ]
    if houses:
        parts.append(trn("a house on {spaces}", "houses on {spaces}", len(houses), spaces=join(houses)))
    if emissaries:
        parts.append(trn("an emissary", "{n} emissaries", emissaries))
    return join(parts)


def seats_points(names: Sequence[str], points: Sequence[int]) -> str:
    """ "Ann 3 points, Bo 1 point", or "nobody scores"."""
    shown = [trn("{player} {n} point", "{player} {n} points", p, player=names[s]) for s, p in enumerate(points) if p]
    return trp("china list", ", ").join(shown) or tr("nobody scores")


# ------------------------------------------------------------------------------------------ events


def _played(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    return tr(
        "{player} plays {cards} in {region}: {pieces}.",
        player=names[p["seat"]], cards=cards_phrase(p["cards"]), region=region_name(p["region"]),
        pieces=pieces_phrase(p["pieces"]),
    )


def _region_scored(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    region, points = region_name(p["region"]), seats_points(names, p["points"])
    if not p["doubled"]:
        return tr("{region} is scored: {points}.", region=region, points=points)
    return tr(
        "{region} is scored: {points} ({players} doubled by a fortification).",
        region=region, points=points, players=trp("china list", ", ").join(names[s] for s in p["doubled"]),
    )


def _drew(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    if p["source"] == "display":
        return tr("{player} takes the face-up {colour} card.", player=names[p["seat"]], colour=colour_word(p["color"]))
    if seat is not None and seat in e.private:
        return tr("You draw {card} from the deck.", card=card_phrase(e.private[seat]["color"]))
    return tr("{player} draws a card from the deck.", player=names[p["seat"]])


def _exchanged(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    who = names[p["seat"]]
    given = card_phrase(p["give"])
    if p["take"] == "display":
        return tr(
            "{player} exchanges {card} for the face-up {colour} card.",
            player=who, card=given, colour=colour_word(p["color"]),
        )
    if seat is not None and seat in e.private:
        return tr(
            "You exchange {card} for {taken} from the deck.", card=given, taken=card_phrase(e.private[seat]["color"])
        )
    return tr("{player} exchanges {card} for one from the deck.", player=who, card=given)


def _restocked(e: Event, names: Sequence[str], seat: int | None) -> str:
    return tr("New face-up cards: {cards}.", cards=cards_phrase(e.public["cards"]))


def _deck_exhausted(e: Event, names: Sequence[str], seat: int | None) -> str:
    if e.public["count"] == 1:
        return tr("The deck ran out for the first time: the discard pile becomes the new deck.")
    return tr("The deck ran out for the second time: this round is the last one.")


def _reshuffled(e: Event, names: Sequence[str], seat: int | None) -> str:
    counts = e.public["counts"]
    detail = trp("china list", ", ").join(counted_colour(c, n) for c, n in counts.items() if n)
    return trn("The new deck holds {n} card ({detail}).", "The new deck holds {n} cards ({detail}).",
               e.public["deck"], detail=detail)


def _resigned(e: Event, names: Sequence[str], seat: int | None) -> str:
    player = names[e.public["seat"]]
    if e.public.get("timed_out"):
        return ran_out_of_time(player)
    return tr("{player} resigns.", player=player)


def scoring_moment(events: Sequence[Event]) -> str | None:
    """The score chart's mark for a move: the final scoring, else the region it filled and scored."""
    kinds = {event.type for event in events}
    if "final_scoring" in kinds:
        return tr("Final scoring")
    regions = [event.public["region"] for event in events if event.type == "region_scored"]
    return region_name(regions[-1]) if regions else None


def _final_scoring(e: Event, names: Sequence[str], seat: int | None) -> str:
    # The totals are the final ranking, which the board states once below the events.
    p = e.public
    return tr(
        "Final scoring. Alliances: {alliances}. Roads: {roads}.",
        alliances=seats_points(names, p["alliances"]), roads=seats_points(names, p["roads"]),
    )


def _game_over(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    winners = [names[s] for s in p["winners"]]
    crowned = (
        tr("{player} is the new Emperor.", player=winners[0]) if len(winners) == 1
        else tr("{players} share the Emperor's title.", players=join(winners))
    )
    reason = tr(_REASONS[p["reason"]]) if p["reason"] in _REASONS else p["reason"]
    return tr("The game is over: {reason}.", reason=reason) + " " + crowned


_DESCRIBE: dict[str, Callable[[Event, Sequence[str], int | None], str]] = {
    "played": _played,
    "region_scored": _region_scored,
    "drew": _drew,
    "exchanged": _exchanged,
    "restocked": _restocked,
    "deck_exhausted": _deck_exhausted,
    "reshuffled": _reshuffled,
    "passed": lambda e, names, seat: tr(
        "{player} cannot place or exchange, and passes.", player=names[e.public["seat"]]
    ),
    "resigned": _resigned,
    "final_scoring": _final_scoring,
    "game_over": _game_over,
}


def describe(event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
    """One sentence, or None for events another sentence already covers ("placed" pieces are in
    "played"; "final_round_started" in "deck_exhausted")."""
    handler = _DESCRIBE.get(event.type)
    return None if handler is None else handler(event, names, seat)


# ------------------------------------------------------------------------------------------ labels


def action_label(action: Mapping[str, Any]) -> str:
    """A short label (< 80 characters), unique within one seat's legal actions."""
    kind = action.get("type")
    if kind == "place":
        return tr(
            "{region}: {pieces} ({cards})",
            region=region_name(str(action["region"])), pieces=pieces_text(action["pieces"]),
            cards=cards_text(action["cards"]),
        )
    if kind == "draw":
        if action["source"] == "deck":
            return tr("Draw from the deck")
        return tr("Take the face-up {colour} card", colour=colour_word(action["color"]))
    if kind == "exchange":
        if action["take"] == "deck":
            return tr("Exchange {colour} for a deck card", colour=colour_word(action["give"]))
        return tr("Exchange {colour} for face-up {taken}", colour=colour_word(action["give"]),
                  taken=colour_word(action["color"]))
    if kind == "pass":
        return tr("Pass (nothing can be placed or exchanged)")
    return str(kind)
