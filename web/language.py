"""The reader's language: chosen with the switch (``?lang=``, then kept in a cookie), else the browser's
(``Accept-Language``), else English. Every language the bot speaks (``bot.i18n.LANGUAGES``)."""

from __future__ import annotations

from collections.abc import Mapping

from bot import i18n

PARAMETER = "lang"
COOKIE = "lang"


def from_browser(header: str) -> str | None:
    """The first language of an ``Accept-Language`` header the pages have, by the header's preference."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")[:20]):
        tag, _, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                continue
        if tag and weight > 0:
            ranked.append((-weight, order, tag.strip()))
    for _, _, tag in sorted(ranked):
        code = code_for(tag)
        if code is not None:
            return code
    return None


def code_for(tag: str) -> str | None:
    """Ours for a language tag: ``es-ES`` and plain ``es`` are Spain's Spanish, another Spanish region Latin
    America's, ``ja-JP`` Japanese, any ``en`` English."""
    if tag in i18n.CODES:
        return tag
    lower = tag.lower()
    base, _, region = lower.partition("-")
    if base == "es":
        return "es-ES" if region in ("", "es") else "es-419"
    if base == "ja":
        return "ja"
    if base == "en":
        return i18n.ENGLISH
    return None


def choose(query: Mapping[str, str], cookies: Mapping[str, str], accept: str) -> str:
    """The language of a request: the switch, the kept choice, the browser's, English."""
    for chosen in (query.get(PARAMETER), cookies.get(COOKIE)):
        if chosen in i18n.CODES:
            return chosen
    return from_browser(accept) or i18n.ENGLISH

