"""The language words are written in: every sentence, label and picture caption goes through ``tr``.

Messages are gettext messages (catalogs in ``bot/locales/<language>/*.po``, read by ``bot/i18n.py``): the
English text is the key, ``{name}`` fields are filled by keyword, and counted phrases use ``trn`` so each
language applies its own plural rule. Which language is in force is a context variable, set around the work
for one audience (``using``): a player's ephemeral reply in their language, the thread in the table's. Engines
and renderers only read it, so they stay pure functions of their inputs plus the language asked for; with no
language set, everything is English (the messages themselves).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

ENGLISH = "en"


@dataclass(frozen=True)
class Language:
    """A language's code (``en``, ``es-ES``, ``es-419``, ``ja``) and its catalog."""

    code: str
    catalog: gettext.NullTranslations = field(default_factory=gettext.NullTranslations, compare=False)


# English needs no catalog and is never changed: one shared default is safe.
_current: ContextVar[Language] = ContextVar("language", default=Language(ENGLISH))  # noqa: B039


def current() -> Language:
    return _current.get()


def code() -> str:
    """The code of the language in force, e.g. a key part for caches of pictures with words."""
    return _current.get().code


@contextmanager
def using(language: Language) -> Iterator[Language]:
    """Words in ``language`` inside the block (in this task, and tasks started from it)."""
    token = _current.set(language)
    try:
        yield language
    finally:
        _current.reset(token)


def enter(language: Language) -> None:
    """Words in ``language`` for the rest of this task (an interaction's, from its first check on)."""
    _current.set(language)


def tr(message: str, /, **fields: Any) -> str:
    """``message`` in the language in force, its ``{fields}`` filled."""
    text = _current.get().catalog.gettext(message)
    return text.format(**fields) if fields else text


def trn(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """A counted message: ``trn("{n} card", "{n} cards", n)``; ``{n}`` is always available."""
    return _current.get().catalog.ngettext(singular, plural, n).format(n=n, **fields)


def trp(context: str, message: str, /, **fields: Any) -> str:
    """A message whose English is shared by different meanings (``trp("verb", "Play")``)."""
    text = _current.get().catalog.pgettext(context, message)
    return text.format(**fields) if fields else text


def mark(message: str) -> str:
    """Marks a constant for the catalogs without translating it: translated with ``tr`` where it is shown."""
    return message
