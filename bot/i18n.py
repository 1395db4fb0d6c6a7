"""The bot's languages, read from gettext catalogs (``bot/locales/<code>/*.po``) with Babel.

A language is a folder of catalogs: adding one is adding a folder and a row in ``LANGUAGES``. English is the
messages themselves and has no catalog. Latin American Spanish (``es-419``) keeps only the words that differ
from Spain's and falls back to ``es-ES`` for the rest. Which language is in force is
``bot.games.base.language`` (``using(language(code))``).

The es-419 policy: both Spanish catalogs speak to the reader as *tú* (the Discord register in both regions),
and es-419 overrides (1) every message whose Spanish of Spain addresses or describes several people with a
*vosotros* form (``hayáis``, ``tenéis``, ``vuestro``, ``os``): es-419 says it with *ustedes* ("hasta que
ambos hayan confirmado"), so no vosotros form reaches Latin America (``tests/test_catalogs.py`` checks every
effective es-419 translation); and (2) the everyday words that differ (computadora, puntaje, agregar,
presionar...). Game terms stay the rulebook's own words in both, since the Spanish rulebooks are one edition.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.games.base import language as words
from bot.games.base.language import ENGLISH, Language

LOCALES = Path(__file__).parent / "locales"


@dataclass(frozen=True)
class LanguageInfo:
    code: str  # ours, also the folder of its catalogs
    name: str  # in the language itself, as a menu shows it
    discord: tuple[str, ...]  # Discord's locales that pick it
    fallback: str | None = None  # a language whose catalog fills what this one does not say


LANGUAGES: tuple[LanguageInfo, ...] = (
    LanguageInfo(ENGLISH, "English", ("en-US", "en-GB")),
    LanguageInfo("es-ES", "Español (España)", ("es-ES",)),
    LanguageInfo("es-419", "Español (Latinoamérica)", ("es-419",), fallback="es-ES"),
    LanguageInfo("ja", "日本語", ("ja",)),
)
CODES = tuple(info.code for info in LANGUAGES)
_BY_CODE = {info.code: info for info in LANGUAGES}
_BY_DISCORD = {locale: info.code for info in LANGUAGES for locale in info.discord}


def info(code: str) -> LanguageInfo:
    """The language ``code``; KeyError for one the bot does not have."""
    return _BY_CODE[code]


def from_discord(locale: str | None) -> str | None:
    """Our language for a Discord locale (``"es-ES"``, ``"ja"``, ``"en-US"``), or None when we have none."""
    if not locale:
        return None
    if locale in _BY_DISCORD:
        return _BY_DISCORD[locale]
    if locale.startswith("es"):
        return "es-419"
    if locale.startswith("en"):
        return ENGLISH
    return None


def choose(*codes: str | None) -> str:
    """The first of ``codes`` the bot has, else English: ``choose(setting, from_discord(locale))``."""
    for candidate in codes:
        if candidate in _BY_CODE:
            return candidate
    return ENGLISH


@cache
def language(code: str) -> Language:
    """The language ``code`` with its catalogs loaded (once per process); English for an unknown code."""
    if code not in _BY_CODE or code == ENGLISH:
        return Language(ENGLISH)
    return Language(code, _catalog(code))


def _catalog(code: str) -> gettext.NullTranslations:
    merged: gettext.NullTranslations | None = None
    for path in sorted((LOCALES / code).glob("*.po")):
        with path.open("rb") as po:
            catalog = read_po(po, locale=code.replace("-", "_"))
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        part = gettext.GNUTranslations(buffer)
        if merged is None:
            merged = part
        else:
            merged._catalog.update(part._catalog)  # type: ignore[attr-defined]  # one catalog from all files
    result = merged or gettext.NullTranslations()
    fallback = _BY_CODE[code].fallback
    if fallback is not None:
        result.add_fallback(language(fallback).catalog)
    return result


@contextmanager
def speaking(code: str) -> Iterator[Language]:
    """Words in the language ``code`` inside the block."""
    with words.using(language(code)) as chosen:
        yield chosen
