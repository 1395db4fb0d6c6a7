"""What every game's alt text shares: the length limit, fitting sentences into it, names and small words.

A description is a list of sentences in priority order (whose turn or the result, then the scores, then
the board); ``fit`` keeps as many as Discord allows and cuts the first one that does not fit at a clause.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from bot.games.base import words as base_words
from bot.games.base.language import mark, tr
from render import theme

if TYPE_CHECKING:
    from bot.games.base import ResultView

H = TypeVar("H")  # what a seat holds in its own view (a hand of cards)
LIMIT = 1024  # Discord's limit for an attachment's description
MORE = mark(" and more.")  # ends a sentence cut short, so a listener knows the list goes on (said with tr)
MIN_CLAUSE = 20  # a cut sentence shorter than this says too little to be worth its room

# Characters Discord reads as markdown or as the start of a mention; a name keeps its letters only.
_MARKUP = re.compile(r"[*_~`|<>@#\[\]\\]")


def fit(sentences: Sequence[str], limit: int = LIMIT) -> str:
    """As many sentences as fit in ``limit`` characters, in order; the first that does not fit is cut at a
    clause boundary (a semicolon, else a comma, else a word) and the rest are left out."""
    text = ""
    for sentence in sentences:
        if not sentence:
            continue
        joined = f"{text} {sentence}" if text else sentence
        if len(joined) <= limit:
            text = joined
            continue
        room = limit - len(text) - (1 if text else 0)
        cut = clip(sentence, room)
        if cut:
            text = f"{text} {cut}" if text else cut
        elif not text:  # one unbreakable word longer than the limit: something beats nothing
            text = sentence[:limit]
        break
    return text


def clip(sentence: str, room: int) -> str:
    """``sentence`` cut to at most ``room`` characters after a whole clause, ending with MORE; empty when
    not even a short clause fits."""
    more = tr(MORE)
    end = room - len(more)
    if end < MIN_CLAUSE:
        return ""
    semi, comma = sentence.rfind("; ", 0, end + 1), sentence.rfind(", ", 0, end + 1)
    # A semicolon ends a whole item of a list, unless it comes so early that most of the room would be lost;
    # a word boundary is the last resort.
    for cut in (semi if semi >= end // 2 else -1, max(semi, comma), sentence.rfind(" ", 0, end + 1)):
        if cut >= MIN_CLAUSE:
            return sentence[:cut].rstrip(",;: ") + more
    return ""


def clean_name(name: str) -> str:
    """A display name as plain words: no markdown, no mention syntax, no control characters or line breaks.
    Letters of every script stay, as in the pictures: a screen reader can say them."""
    kept = "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in name)
    return " ".join(_MARKUP.sub(" ", kept).split())


def seat_names(names: Sequence[str], colours: Sequence[str]) -> list[str]:
    """Names by seat, cleaned; a seat without a usable name is called by its colour, as in the picture."""
    given = [clean_name(n) for n in names]
    return [
        given[s] if s < len(given) and given[s] else theme.player_style(colour).name
        for s, colour in enumerate(colours)
    ]


def join(words: Sequence[str], last: str = "and") -> str:
    """["a", "b", "c"] -> "a, b and c" ("or" for ``last="or"``) in the language in force; empty for no words."""
    if len(words) <= 1:
        return "".join(words)
    if last in ("and", "or"):
        return base_words.join(list(words), last)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def count(n: int, singular: str, plural: str | None = None) -> str:
    """3, "house" -> "3 houses"; 1, "army", "armies" -> "1 army"."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def own(seat: int | None, held: H | None) -> tuple[int, H]:
    """The viewer's seat and what it holds, for a hand's words; ValueError for a public view."""
    if seat is None or held is None:
        raise ValueError("a hand's alt text needs a player's own view; this one is public")
    return seat, held


def final_result(view: Mapping[str, Any]) -> tuple[list[int], list[int], list[dict[str, Any]]]:
    """(ranking, scores, breakdown) by seat of a finished game's view; ValueError before the end."""
    result: ResultView | None = view.get("result")
    if result is None:
        raise ValueError("final alt text needs a finished game's view")
    return result["ranking"], result["scores"], result["breakdown"]


def places(ranking: Sequence[int]) -> list[int]:
    """Seats from first place to last (ties by seat)."""
    return sorted(range(len(ranking)), key=lambda s: (ranking[s], s))


def placed(view: Mapping[str, Any]) -> list[tuple[int, int, dict[str, Any]]]:
    """A finished game's seats from first place to last, each with its place and its breakdown."""
    ranking, _, parts = final_result(view)
    return [(seat, ranking[seat], parts[seat]) for seat in places(ranking)]


def winners(ranking: Sequence[int], names: Sequence[str]) -> str:
    """ "Ann wins." or "Ann and Bo share the win." """
    first = [names[s] for s in places(ranking) if ranking[s] == 1]
    if len(first) == 1:
        return tr("{player} wins.", player=first[0])
    return tr("{players} share the win.", players=join(first))
