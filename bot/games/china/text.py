"""Words: one sentence per event for the thread (private detail only for its own seat), and short
labels for buttons and select options."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.games.base import Event
from bot.games.base.words import a, count, join, one_or_count
from bot.games.china.data import COLOURS, board

_REASONS = {
    "normal": "the deck ran out twice and the round is finished",
    "no_pieces": "no more pieces can be placed",
    "resignation": "too few players are left",
}


def region_name(region_id: str) -> str:
    b = board()
    try:
        return b.regions[b.region_index(region_id)].name
    except KeyError:
        return region_id


def space_label(space: str) -> str:
    """The number printed on a house space: its id without the region prefix ("wei3" -> "3")."""
    return space.lstrip("abcdefghijklmnopqrstuvwxyz") or space


def cards_text(cards: Sequence[str]) -> str:
    """["red", "green", "green"] -> "red + 2 green"."""
    counts = Counter(cards)
    parts = [f"{n} {c}" if n > 1 else c for c in (c.value for c in COLOURS) if (n := counts.get(c, 0))]
    return " + ".join(parts) or "no cards"


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
    parts = [f"fortification+house {f}" if with_house else f"fortification {f}" for f, with_house in forts]
    if houses:
        parts.append(("house " if len(houses) == 1 else "houses ") + " & ".join(houses))
    if emissaries:
        parts.append("emissary" if emissaries == 1 else f"{emissaries} emissaries")
    return " + ".join(parts)


def pieces_label(pieces: Sequence[Mapping[str, Any]]) -> str:
    """ "House on 3 + emissary", "Houses on 3 and 5", "Fortification on 4 with your house": the pieces of a
    placement as the mover's controls offer them."""
    forts, houses, emissaries = _pieces(pieces)
    parts = [f"fortification on {f}" + (" with your house" if with_house else "") for f, with_house in forts]
    if houses:
        parts.append(("house on " if len(houses) == 1 else "houses on ") + " and ".join(houses))
    if emissaries:
        parts.append("emissary" if emissaries == 1 else f"{emissaries} emissaries")
    text = " + ".join(parts)
    return text[:1].upper() + text[1:]


def cards_phrase(cards: Sequence[str]) -> str:
    """["red", "green", "green"] -> "a red card and 2 green cards", for sentences."""
    counts = Counter(cards)
    parts = [one_or_count(n, f"{c} card") for c in (c.value for c in COLOURS) if (n := counts.get(c, 0))]
    return join(parts, empty="no cards")


def pieces_phrase(pieces: Sequence[Mapping[str, Any]]) -> str:
    """ "a house on 3 and an emissary", "a fortification with a house on 4": the pieces of a play, for
    sentences (the numbers are the ones printed on the board's house spaces)."""
    forts, houses, emissaries = _pieces(pieces)
    parts = [f"a fortification {'with a house ' if with_house else ''}on {f}" for f, with_house in forts]
    if houses:
        parts.append(("a house on " if len(houses) == 1 else "houses on ") + join(houses))
    if emissaries:
        parts.append(one_or_count(emissaries, "emissary"))
    return join(parts)


def _seats_points(names: Sequence[str], points: Sequence[int]) -> str:
    shown = [f"{names[s]} {count(p, 'point')}" for s, p in enumerate(points) if p]
    return ", ".join(shown) or "nobody scores"


# ------------------------------------------------------------------------------------------ events


def _played(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    return (
        f"{names[p['seat']]} plays {cards_phrase(p['cards'])} in {region_name(p['region'])}: "
        f"{pieces_phrase(p['pieces'])}."
    )


def _region_scored(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    doubled = [names[s] for s in p["doubled"]]
    extra = f" ({', '.join(doubled)} doubled by a fortification)" if doubled else ""
    return f"{region_name(p['region'])} is scored: {_seats_points(names, p['points'])}{extra}."


def _drew(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    if p["source"] == "display":
        return f"{names[p['seat']]} takes the face-up {p['color']} card."
    if seat is not None and seat in e.private:
        return f"You draw {a(e.private[seat]['color'] + ' card')} from the deck."
    return f"{names[p['seat']]} draws a card from the deck."


def _exchanged(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    who = names[p["seat"]]
    given = a(f"{p['give']} card")
    if p["take"] == "display":
        return f"{who} exchanges {given} for the face-up {p['color']} card."
    if seat is not None and seat in e.private:
        return f"You exchange {given} for {a(e.private[seat]['color'] + ' card')} from the deck."
    return f"{who} exchanges {given} for one from the deck."


def _restocked(e: Event, names: Sequence[str], seat: int | None) -> str:
    return f"New face-up cards: {cards_phrase(e.public['cards'])}."


def _deck_exhausted(e: Event, names: Sequence[str], seat: int | None) -> str:
    if e.public["count"] == 1:
        return "The deck ran out for the first time: the discard pile becomes the new deck."
    return "The deck ran out for the second time: this round is the last one."


def _reshuffled(e: Event, names: Sequence[str], seat: int | None) -> str:
    counts = e.public["counts"]
    detail = ", ".join(f"{n} {c}" for c, n in counts.items() if n)
    return f"The new deck holds {count(e.public['deck'], 'card')} ({detail})."


def _final_scoring(e: Event, names: Sequence[str], seat: int | None) -> str:
    # The totals are the final ranking, which the board states once below the events.
    p = e.public
    return (
        f"Final scoring. Alliances: {_seats_points(names, p['alliances'])}. "
        f"Roads: {_seats_points(names, p['roads'])}."
    )


def _game_over(e: Event, names: Sequence[str], seat: int | None) -> str:
    p = e.public
    winners = [names[s] for s in p["winners"]]
    crowned = f"{winners[0]} is the new Emperor" if len(winners) == 1 else f"{join(winners)} share the Emperor's title"
    return f"The game is over: {_REASONS.get(p['reason'], p['reason'])}. {crowned}."


_DESCRIBE: dict[str, Callable[[Event, Sequence[str], int | None], str]] = {
    "played": _played,
    "region_scored": _region_scored,
    "drew": _drew,
    "exchanged": _exchanged,
    "restocked": _restocked,
    "deck_exhausted": _deck_exhausted,
    "reshuffled": _reshuffled,
    "passed": lambda e, names, seat: f"{names[e.public['seat']]} cannot place or exchange, and passes.",
    "resigned": lambda e, names, seat: f"{names[e.public['seat']]} resigns.",
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
        return (
            f"{region_name(str(action['region']))}: {pieces_text(action['pieces'])} "
            f"({cards_text(action['cards'])})"
        )
    if kind == "draw":
        return "Draw from the deck" if action["source"] == "deck" else f"Take the face-up {action['color']} card"
    if kind == "exchange":
        taken = "a deck card" if action["take"] == "deck" else f"face-up {action['color']}"
        return f"Exchange {action['give']} for {taken}"
    if kind == "pass":
        return "Pass (nothing can be placed or exchanged)"
    return str(kind)
