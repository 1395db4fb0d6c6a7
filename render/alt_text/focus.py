"""Alt text for close-ups (``render.focus``): what the close-up shows, in each game's own alt-text sentences.

Like the close-ups, these read only the view they are given (and the part named, which the seat's own
controls chose): from a seat's own view they say nothing of another seat's hidden information.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from render.alt_text import china as china_words
from render.alt_text import chinatown as chinatown_words
from render.alt_text import great_wall as great_wall_words
from render.alt_text import sun_tzu as sun_tzu_words
from render.alt_text.words import join
from render.crops import great_wall as great_wall_crop

if TYPE_CHECKING:
    from bot.games.great_wall.schema import GreatWallView
    from bot.games.sun_tzu.schema import SunTzuView

Part = Sequence[int | str]
Sentences = Callable[[Mapping[str, Any], Sequence[str], Part], list[str]]


def china(view: Mapping[str, Any], names: Sequence[str], part: Part) -> list[str]:
    return china_words.close_up(view, names, part)


def great_wall(view: Mapping[str, Any], names: Sequence[str], part: Part) -> list[str]:
    v = cast("GreatWallView", view)
    slots = great_wall_crop.slots_of(v, part)
    what = f"section {slots[0] + 1}" if len(slots) == 1 else f"sections {join([str(s + 1) for s in slots])}"
    sections = [v["sections"][s] for s in slots]
    return [
        f"{great_wall_words.TITLE}, a close-up of {what}.",
        *(great_wall_words._section(s, names) for s in sections),
        *(great_wall_words._section_cards(s, names) for s in sections),
    ]


def chinatown(view: Mapping[str, Any], names: Sequence[str], part: Part) -> list[str]:
    return chinatown_words.close_up(view, names, part)


def sun_tzu(view: Mapping[str, Any], names: Sequence[str], part: Part) -> list[str]:
    v = cast("SunTzuView", view)
    now = sun_tzu_words._game_over(v, names) if v["result"] is not None else f"{sun_tzu_words._status(v, names)}."
    return [
        f"{sun_tzu_words.TITLE}, the score track and the provinces, {sun_tzu_words._round(v)}: {now}",
        sun_tzu_words._scores(v, names),
        *(sun_tzu_words._province(v, p, names) for p in v["provinces"]),
    ]


FOCUS: dict[str, Sentences] = {"china": china, "great_wall": great_wall, "chinatown": chinatown, "sun_tzu": sun_tzu}
