"""The message catalogs: what the code says (extracted with Babel) against what ``bot/locales`` translates.

``python -m bot catalogs`` brings every catalog up to date with the code: new messages are added untranslated,
messages the code no longer says are dropped, translations kept. ``problems()`` lists what is wrong (a message
not translated, a translation whose ``{fields}`` differ from the English), and a test fails on any.

A catalog file per domain, so that work on one game never touches another's file: a game's engine, controls and
pictures are its domain; the slash commands (names, descriptions, choices, read from the command tree) are
``commands``; the community tools (settings, help, ratings, tournaments) ``community``; everything else is
``bot``. Latin American Spanish keeps only its own words (see ``bot/i18n.py``).
"""

from __future__ import annotations

import string
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from bot import games, i18n

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"tr": None, "trn": (1, 2), "trp": ((1, "c"), 2), "mark": None}
COMMANDS = "commands"
GAME_LAYERS = (("bot", "games"), ("render",), ("cogs", "controls"))  # where a game's packages are, by layer
# The community tools (settings, help, ratings, servers, tournaments) have their own catalog, apart from the
# play of a table (``bot``).
COMMUNITY = "community"
WEB = "web"  # the web pages: web/*.py and the templates web/templates/*.html
TEMPLATES = ROOT / "web" / "templates"
_COMMUNITY_FILES = (
    "cogs/me.py", "cogs/help.py", "cogs/ratings.py", "cogs/server.py", "cogs/tournament.py",
    "cogs/tournament_views.py", "render/standings.py", "bot/players.py", "bot/servers.py", "bot/ratings.py",
    "cogs/records.py", "render/stats.py", "render/bracket.py", "render/podium.py", "bot/stats.py",
)
# Languages whose catalogs must say everything (the others fall back to one of these).
COMPLETE = tuple(info.code for info in i18n.LANGUAGES if info.code != i18n.ENGLISH and info.fallback is None)

MessageId = str | tuple[str, str]


@dataclass(frozen=True)
class Message:
    id: MessageId  # the English; (singular, plural) for a counted message
    context: str | None = None

    @property
    def key(self) -> tuple[MessageId, str | None]:
        return (self.id, self.context)


def domain_of(path: Path) -> str:
    """The catalog a source file's messages belong to."""
    relative = path.relative_to(ROOT)
    if relative.parts[0] == WEB:
        return WEB
    if relative.as_posix() in _COMMUNITY_FILES or relative.parts[:2] == ("bot", "tournaments"):
        return COMMUNITY
    parts = relative.with_suffix("").parts
    # A game's three packages (bot/games/<key>, render/<key>, cogs/controls/<key>) are its domain.
    for package in (parts[:3], parts[:2]):
        if package[:-1] in GAME_LAYERS and package[-1] in games.GAMES:
            return package[-1]
    return "bot"


def _sources() -> Iterator[tuple[Path, str]]:
    """Every file with messages, and how Babel reads it."""
    for top in ("bot", "cogs", "render", "web"):
        yield from ((path, "python") for path in sorted((ROOT / top).rglob("*.py")))
    yield from ((path, "jinja2.ext:babel_extract") for path in sorted(TEMPLATES.glob("*.html")))


def code_messages() -> dict[str, dict[tuple[MessageId, str | None], Message]]:
    """domain -> the messages its source files (and the pages' templates) pass to ``tr``, ``trn``, ``trp`` and
    ``mark``."""
    found: dict[str, dict[tuple[MessageId, str | None], Message]] = {}
    for path, method in _sources():
        for _line, text, _comments, context in extract_from_file(method, str(path), keywords=KEYWORDS):
            if not text or (isinstance(text, tuple) and not all(text)):
                continue
            message = Message(text if isinstance(text, str) else (text[0], text[1]), context)
            found.setdefault(domain_of(path), {})[message.key] = message
    return found


def _path(code: str, domain: str) -> Path:
    return i18n.LOCALES / code / f"{domain}.po"


def read(code: str, domain: str) -> Catalog:
    path = _path(code, domain)
    if not path.exists():
        return Catalog(locale=code.replace("-", "_"), domain=domain)
    with path.open("rb") as po:
        return read_po(po, locale=code.replace("-", "_"), domain=domain)


def update(code: str, domain: str, messages: Iterable[Message]) -> Catalog:
    """The catalog of ``domain`` in ``code`` with exactly ``messages``, keeping the translations it had
    (a language with a fallback keeps only the messages it already translates)."""
    old = read(code, domain)
    new = Catalog(locale=code.replace("-", "_"), domain=domain, project="Middle Kingdom", fuzzy=False)
    partial = i18n.info(code).fallback is not None
    for message in messages:
        kept = old.get(message.id, message.context)
        if partial and (kept is None or not _translated(kept.string)):
            continue
        string = kept.string if kept is not None else ""
        if isinstance(message.id, tuple) != isinstance(string, (list, tuple)):
            string = ""  # a message that became counted (or stopped being counted) is translated afresh
        new.add(message.id, string, context=message.context)
    if partial and not len(new):
        _path(code, domain).unlink(missing_ok=True)
        return new
    _path(code, domain).parent.mkdir(parents=True, exist_ok=True)
    with _path(code, domain).open("wb") as po:  # no header and no line numbers: a file changes with its words only
        write_po(po, new, width=120, no_location=True, omit_header=True, sort_output=True)
    return new


def _translated(text: object) -> bool:
    if isinstance(text, (tuple, list)):
        return all(bool(t) for t in text)
    return bool(text)


def fields(text: str) -> set[str]:
    """The ``{fields}`` of a message."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def problems(code: str, domain: str, messages: Iterable[Message]) -> list[str]:
    """What is wrong with ``domain``'s catalog in ``code``: untranslated messages, fields that differ."""
    catalog = read(code, domain)
    found: list[str] = []
    complete = i18n.info(code).fallback is None
    for message in messages:
        entry = catalog.get(message.id, message.context)
        shown = message.id if isinstance(message.id, str) else message.id[0]
        if entry is None or not _translated(entry.string):
            if complete:
                found.append(f"{code}/{domain}.po: no translation of {shown!r}")
            continue
        if entry.fuzzy:
            found.append(f"{code}/{domain}.po: {shown!r} is marked fuzzy")
        forms = [entry.string] if isinstance(entry.string, str) else list(entry.string or ())
        if isinstance(message.id, str):
            english = fields(message.id)
            for form in forms:
                if fields(str(form)) != english:
                    found.append(f"{code}/{domain}.po: {shown!r} has fields {sorted(fields(str(form)))}, "
                                 f"not {sorted(english)}")
        else:
            every = fields(message.id[0]) | fields(message.id[1])
            for form in forms:
                have = fields(str(form))
                if not have <= every or not every - {"n"} <= have:
                    found.append(f"{code}/{domain}.po: {shown!r} has fields {sorted(have)}, not {sorted(every)}")
    return found


#: The slash commands' texts, as ``message(text, context)``; the Discord layer's (``cogs.client.command_messages``),
#: handed in by ``python -m bot catalogs``: this module may not import the bot.
CommandTexts = Callable[[Callable[[str, str | None], Message]], Awaitable[list[Message]]]


async def all_messages(command_messages: CommandTexts) -> dict[str, dict[tuple[MessageId, str | None], Message]]:
    found = code_messages()
    # A game from outside the project (the tests' toy) brings no catalogs: its title is not the project's to translate.
    foreign = {games.get(key).title for key in games.GAMES if not (ROOT / "bot" / "games" / key).is_dir()}
    found[COMMANDS] = {m.key: m for m in await command_messages(Message) if m.id and m.id not in ("…", *foreign)}
    return found


async def update_all(command_messages: CommandTexts, domains: list[str] | None = None) -> list[str]:
    """Bring every catalog (or those of ``domains``) up to date; returns the problems left (untranslated
    messages, field mismatches)."""
    left: list[str] = []
    for domain, messages in sorted((await all_messages(command_messages)).items()):
        if domains and domain not in domains:
            continue
        for info in i18n.LANGUAGES:
            if info.code == i18n.ENGLISH:
                continue
            update(info.code, domain, messages.values())
            left += problems(info.code, domain, messages.values())
    return left
