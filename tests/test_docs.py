"""The documentation in docs/ holds what the code points at.

Comments and docstrings cite the rules specifications by ruling number and by section: a ruling written as
``R`` and its number (also in brackets, and ranges of two of them), a section as ``§`` and its number, or
``spec`` and a dotted number. Each citation must name a ruling or a section that exists in
``docs/rules/<game>.md``, where the game is the one the module belongs to (known from its path:
``bot/games/<game>/``, ``cogs/controls/<game>/``, ``render/<game>*``, ``tests/games/<game>/`` and any other
path part named after a game), or the one whose spec the same line names (``docs/rules/<game>.md``).
A citation in a module of no game must name its spec on its line.

Links and repository paths written in the documents must lead to files that exist.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from bot import games

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
SCANNED = ("bot", "cogs", "render", "tests", "tools", "bench")
# The games the project ships (the tests' toy game keeps its few rules in its docstring): each has its spec.
GAME_KEYS = tuple(key for key in games.GAMES if (ROOT / "bot" / "games" / key).is_dir())

# A longer key first ("chinatown" before "china"): the longer key wins where both would match.
_KEYS = "|".join(sorted(GAME_KEYS, key=len, reverse=True))
_GAME_IN_NAME = re.compile(rf"(?:^|_)({_KEYS})(?:_|$)")
_SPEC_PATH = re.compile(rf"\brules/({_KEYS})\.md\b")
_RULING_RANGE = re.compile(r"\bR(\d+)\s*[-–]\s*R(\d+)\b")
_RULING = re.compile(r"\bR(\d+)\b")
_SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)|\bspec (\d+(?:\.\d+)+)\b")

_HEADING = re.compile(r"^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s", re.MULTILINE)
# Rulings are defined as table rows ("| R12 | ...") or list items ("- **R12 ...").
_RULING_DEFINITION = re.compile(r"^(?:\|\s*R(\d+)\s*\||\s*[-*]\s+\*\*R(\d+)\b)", re.MULTILINE)


@dataclass(frozen=True)
class Citation:
    path: str  # relative to the repository
    line: int
    game: str | None
    kind: str  # "R" (a ruling) or "§" (a section)
    number: str

    def __str__(self) -> str:
        cited = f"R{self.number}" if self.kind == "R" else f"§{self.number}"
        return f"{self.path}:{self.line}: {cited} ({self.game or 'no game'})"


@dataclass(frozen=True)
class Spec:
    rulings: frozenset[str]
    sections: frozenset[str]

    def has(self, citation: Citation) -> bool:
        return citation.number in (self.rulings if citation.kind == "R" else self.sections)


def game_of(relative: Path) -> str | None:
    """The game a module belongs to, from the first part of its path named after one."""
    for part in relative.with_suffix("").parts:
        match = _GAME_IN_NAME.search(part.removeprefix("test_"))
        if match:
            return match.group(1)
    return None


def citations_in(text: str, path: str, game: str | None) -> Iterator[Citation]:
    for number, line in enumerate(text.splitlines(), 1):
        named = _SPEC_PATH.search(line)
        line_game = named.group(1) if named else game
        seen_in_ranges: set[str] = set()
        for match in _RULING_RANGE.finditer(line):
            low, high = int(match.group(1)), int(match.group(2))
            for ruling in range(low, max(low, high) + 1):
                seen_in_ranges.add(str(ruling))
                yield Citation(path, number, line_game, "R", str(ruling))
        for match in _RULING.finditer(line):
            if match.group(1) not in seen_in_ranges:
                yield Citation(path, number, line_game, "R", match.group(1))
        for match in _SECTION.finditer(line):
            yield Citation(path, number, line_game, "§", match.group(1) or match.group(2))


def parse_spec(text: str) -> Spec:
    rulings = {a or b for a, b in _RULING_DEFINITION.findall(text)}
    return Spec(frozenset(rulings), frozenset(_HEADING.findall(text)))


@cache
def spec(game: str) -> Spec:
    return parse_spec((RULES / f"{game}.md").read_text(encoding="utf-8"))


def unresolved(citations: list[Citation]) -> list[Citation]:
    return [c for c in citations if c.game is None or not spec(c.game).has(c)]


@cache
def all_citations() -> tuple[Citation, ...]:
    found: list[Citation] = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative == Path("tests/test_docs.py"):
                continue
            text = path.read_text(encoding="utf-8")
            found += citations_in(text, relative.as_posix(), game_of(relative))
    return tuple(found)


# -- the rules specifications -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_game_has_its_spec_with_rulings_and_sections(game: str) -> None:
    found = spec(game)
    assert len(found.rulings) >= 20 and "1" in found.rulings, f"docs/rules/{game}.md: its rulings were not found"
    assert {"1", "2"} <= found.sections, f"docs/rules/{game}.md: its numbered sections were not found"


def test_every_game_of_the_project_has_its_spec() -> None:
    assert len(GAME_KEYS) >= 4
    assert {path.stem for path in RULES.glob("*.md")} - {"README"} == set(GAME_KEYS), "docs/rules/<key>.md per game"


def test_every_rule_citation_in_the_code_resolves() -> None:
    citations = all_citations()
    assert len(citations) > 250, "the scanner found too few citations: has the citation style changed?"
    missing = unresolved(list(citations))
    assert not missing, "citations of rulings or sections that docs/rules does not hold:\n" + "\n".join(
        map(str, missing)
    )


def test_every_game_cites_its_spec() -> None:
    cited = {c.game for c in all_citations()}
    assert set(GAME_KEYS) <= cited


def test_a_citation_of_nothing_is_caught() -> None:
    source = "\n".join(
        [
            "x = 1  # [R2] and R4-R6, §4.9",
            "y = 2  # a ruling that is not there [R99], a section that is not there §4.99",
            "z = 3  # rules/china.md §12 is named on the line, spec 4.2 too",
            "w = 4  # R99 of no game",
        ]
    )
    found = list(citations_in(source, "bot/games/sun_tzu/x.py", "sun_tzu"))
    assert [str(c.kind) + c.number for c in found[:5]] == ["R4", "R5", "R6", "R2", "§4.9"]
    missing = unresolved(found)
    assert [(c.line, c.kind, c.number, c.game) for c in missing] == [
        (2, "R", "99", "sun_tzu"),
        (2, "§", "4.99", "sun_tzu"),
        (4, "R", "99", "sun_tzu"),
    ]
    assert unresolved(list(citations_in("w = 4  # [R1]", "bot/tables.py", None))), "a citation of no game"


_DOC_PATH = re.compile(r"\b(?:docs/[A-Za-z0-9_./-]*[A-Za-z0-9_]|DESIGN\.md|DESIGN rule|shared/rules)")


def test_documents_named_in_the_code_are_in_docs() -> None:
    """The code names documents of this repository only: docs/... paths that exist, never the design
    documents the project was started from."""
    wrong = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            if path == Path(__file__).resolve():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for named in _DOC_PATH.findall(line):
                    if not named.startswith("docs/") or not (ROOT / named).exists():
                        wrong.append(f"{path.relative_to(ROOT)}:{number}: {named}")
    assert not wrong, "documents that are not in docs/:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("path", "game"),
    [
        ("bot/games/china/rules.py", "china"),
        ("bot/games/chinatown/rules.py", "chinatown"),
        ("cogs/controls/chinatown/place.py", "chinatown"),
        ("cogs/controls/sun_tzu/words.py", "sun_tzu"),
        ("render/alt_text/great_wall.py", "great_wall"),
        ("render/china/table.py", "china"),
        ("tests/games/great_wall/test_claims.py", "great_wall"),
        ("tests/cogs/test_china_game.py", "china"),
        ("tools/check_sun_tzu.py", "sun_tzu"),
        ("bot/tables.py", None),
        ("tests/render/fixtures.py", None),
    ],
)
def test_the_game_of_a_module_comes_from_its_path(path: str, game: str | None) -> None:
    assert game_of(Path(path)) == game


# -- links and paths in the documents -----------------------------------------------------------------

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
_REPO_PATH = re.compile(r"`((?:bot|cogs|render|tests|tools|bench|docs)/[A-Za-z0-9_./-]*)`")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_links_and_paths_in_the_documents_exist(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    broken = []
    for target in _LINK.findall(text):
        if "://" not in target and not target.startswith("mailto:") and not (document.parent / target).exists():
            broken.append(target)
    for target in _REPO_PATH.findall(text):
        if not (ROOT / target.rstrip("/")).exists():
            broken.append(target)
    assert not broken, f"{document.relative_to(ROOT)} points at what does not exist: {broken}"
