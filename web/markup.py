"""The thread's sentences as HTML: the same words (``bot.sentences``), with Discord's markup read the way
Discord shows it. A mention ``<@id>`` becomes the person's name, a timestamp ``<t:…:R>`` a ``<time>`` said
relative to now in the reader's language, ``**bold**`` and ``` `code` ``` their elements. Everything else is
text: the sentence is escaped first, and only the markup above is turned back into elements.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from datetime import UTC, datetime

from markupsafe import Markup, escape

from bot.games.base.language import tr
from bot.timecontrol import duration

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")
_MENTION = re.compile(r"&lt;@!?([0-9]{1,20})&gt;")
_TIME = re.compile(r"&lt;t:(-?[0-9]{1,12})(?::[tTdDfFR])?&gt;")
_CHANNEL = re.compile(r"&lt;#([0-9]{1,20})&gt;")

MINUTE, HOUR, DAY = 60, 3600, 86400


def html(text: str, names: Mapping[int, str], now: float | None = None) -> Markup:
    """``text`` (a sentence with Discord markup) as safe HTML; ``names`` maps a user id to their name."""
    now = time.time() if now is None else now
    out = str(escape(text))
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _CODE.sub(r"<code>\1</code>", out)
    # Names and times last, so nothing in a name is read as markup.
    out = _MENTION.sub(lambda m: _name(names, int(m[1])), out)
    out = _TIME.sub(lambda m: str(moment(float(m[1]), now)), out)
    out = _CHANNEL.sub(lambda m: str(escape(tr("a channel"))), out)
    return Markup(out)


def plain(text: str, names: Mapping[int, str], now: float | None = None) -> str:
    """``text`` without markup: names for mentions, relative times (for a picture's alt text, a title)."""
    now = time.time() if now is None else now
    out = text.replace("**", "").replace("`", "")
    out = re.sub(r"<@!?([0-9]{1,20})>", lambda m: names.get(int(m[1]), tr("a player")), out)
    return re.sub(r"<t:(-?[0-9]{1,12})(?::[tTdDfFR])?>", lambda m: relative(float(m[1]), now), out)


def _name(names: Mapping[int, str], user_id: int) -> str:
    return f'<span class="who">{escape(names.get(user_id, tr("a player")))}</span>'


def moment(when: float, now: float) -> Markup:
    """A ``<time>`` saying ``when`` relative to ``now``, its exact UTC time in its ``datetime`` and title."""
    at = datetime.fromtimestamp(when, UTC)
    exact = at.strftime("%Y-%m-%d %H:%M UTC")
    return Markup('<time datetime="{iso}" title="{exact}">{words}</time>').format(
        iso=at.isoformat(timespec="seconds"), exact=exact, words=relative(when, now)
    )


def relative(when: float, now: float) -> str:
    """ "in 3 hours", "5 minutes ago": the largest whole unit, in the language in force."""
    seconds = abs(when - now)
    if seconds < MINUTE:
        return tr("now")
    unit = DAY if seconds >= 2 * DAY else HOUR if seconds >= 2 * HOUR else MINUTE
    span = duration(round(seconds / unit) * unit)
    return tr("in {time}", time=span) if when > now else tr("{time} ago", time=span)
