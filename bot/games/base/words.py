"""Small helpers shared by every game's words: lists in the language in force, and the English-only
counted nouns and "a"/"an" (a message to translate says its counts with ``trn`` instead).

Engines and the Discord layer both build sentences from numbers and names; one place for plurals and
articles keeps "1 cards" and "a orange card" out of all of them. Pure and stdlib-only, like the engines.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base.language import tr

# Nouns whose plural is not noun + "s" (the games' own words only; add one when a sentence needs it).
_IRREGULAR = {
    "army": "armies",
    "emissary": "emissaries",
    "infantry": "infantry",
    "cavalry": "cavalry",
    "Infantry": "Infantry",
    "Cavalry": "Cavalry",
}
# Words spelt with a vowel that sound like a consonant ("a unit"), and the reverse ("an hour").
_CONSONANT_SOUND = ("uni", "use", "one", "eu")
_VOWEL_SOUND = ("hour", "honest", "8", "11", "18")


def plural(word: str) -> str:
    """The plural of one noun, or of the last word of a phrase ("red card" -> "red cards")."""
    head, _, last = word.rpartition(" ")
    if last in _IRREGULAR:
        many = _IRREGULAR[last]
    elif last.endswith(("s", "x", "ch", "sh")):
        many = last + "es"
    elif last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def noun(count: int, word: str, many: str | None = None) -> str:
    """The noun alone, singular for exactly one (and minus one): ("card", 2) -> "cards"."""
    return word if abs(count) == 1 else (many or plural(word))


def count(n: int, word: str, many: str | None = None) -> str:
    """A number and its noun: (1, "card") -> "1 card", (0, "card") -> "0 cards", (3, "army") -> "3 armies"."""
    return f"{n} {noun(n, word, many)}"


def article(word: str) -> str:
    """ "a" or "an" for the sound that starts ``word``: "an orange card", "a yellow card", "an 8"."""
    lower = word.lower()
    if lower.startswith(_VOWEL_SOUND):
        return "an"
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if lower[:1] in ("a", "e", "i", "o", "u") else "a"


def a(word: str) -> str:
    """ ``word`` with its indefinite article: "an orange card"."""
    return f"{article(word)} {word}"


def one_or_count(n: int, word: str, many: str | None = None) -> str:
    """ "a card" for one, "3 cards" otherwise: how a sentence says a small number of things."""
    return a(word) if n == 1 else count(n, word, many)


def join(items: Sequence[str], last: str = "and", empty: str = "") -> str:
    """ "A", "A and B", "A, B and C" (or "A, B or C" with ``last="or"``) in the language in force; ``empty`` for
    none."""
    items = [item for item in items if item]
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    head = tr(", ").join(items[:-1])
    if last == "or":
        return tr("{items} or {last}", items=head, last=items[-1])
    if last == "and":
        return tr("{items} and {last}", items=head, last=items[-1])
    return f"{head} {last} {items[-1]}"



def sentences(*parts: str) -> str:
    """Whole sentences one after another, as the language in force sets them (a space in English and Spanish,
    none after Japanese 。); empty parts left out."""
    said = [part for part in parts if part]
    text = said[0] if said else ""
    for part in said[1:]:
        text = tr("{sentence} {next}", sentence=text, next=part)
    return text


def players_range(low: int, high: int) -> str:
    """ "2 players" for a game of exactly two, "3-5 players" otherwise (never "2-2 players")."""
    return count(low, "player") if low == high else f"{low}-{high} players"
