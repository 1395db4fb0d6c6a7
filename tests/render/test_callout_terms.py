"""The /rules callouts (``render/<key>/callouts.py``) say each thing with the word the game's own picture and
catalog use for it: a callout about a Chinatown lot says 区画 and "edificio" because the board's labels do.

For each game, a list of key terms: the English word as the callouts write it, a message of the same catalog that
names it (a picture's label, or the rules summary where no label does), and the word both use in each language
(a regular expression, for a plural).
"""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest

from bot import catalogs

ROOT = Path(__file__).resolve().parents[2]

# game -> [(English term in the callouts, a catalog message naming it elsewhere, {language: the word})], kept as
# data beside this test.
TERMS: dict[str, list[tuple[str, str, dict[str, str]]]] = {
    key: [(row["term"], row["elsewhere"], row["words"]) for row in rows]
    for key, rows in json.loads((Path(__file__).parent / "callout_terms.json").read_text(encoding="utf-8")).items()
}
LANGUAGES = ("es-ES", "es-419", "ja")


def callout_messages(key: str) -> list[str]:
    """The English sentences of ``render/<key>/callouts.py``: every ``tr("...")`` there."""
    tree = ast.parse((ROOT / "render" / key / "callouts.py").read_text(encoding="utf-8"))
    return [node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tr"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]


@cache
def translations(code: str, key: str) -> dict[str, str]:
    """msgid -> the first translated form, in ``code``'s catalog for game ``key``; Latin American Spanish falls
    back to Spain's for what it does not override."""
    found = translations("es-ES", key).copy() if code == "es-419" else {}
    for entry in catalogs.read(code, key):
        if not entry.id:
            continue
        msgid = entry.id if isinstance(entry.id, str) else entry.id[0]
        string = entry.string if isinstance(entry.string, str) else entry.string[0]
        if string:
            found[msgid] = string
    return found


def _word(code: str, words: dict[str, str]) -> str:
    return words["es-ES" if code == "es-419" else code]


@pytest.mark.parametrize("key", sorted(TERMS))
def test_every_game_has_callouts_and_terms(key: str) -> None:
    said = callout_messages(key)
    assert said, f"render/{key}/callouts.py says nothing"
    for term, _, _ in TERMS[key]:
        assert any(re.search(rf"\b{re.escape(term)}", text, re.IGNORECASE) for text in said), \
            f"{key}: no callout mentions {term!r}; keep the list to the callouts' own terms"


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("key", sorted(TERMS))
def test_a_callout_uses_the_pictures_word_for_each_term(key: str, code: str) -> None:
    catalog = translations(code, key)
    wrong = []
    for term, label, words in TERMS[key]:
        word = _word(code, words)
        assert re.search(word, catalog[label], re.IGNORECASE), \
            f"{code}/{key}.po: {label!r} -> {catalog[label]!r} does not say {word!r}; fix the list"
        for text in callout_messages(key):
            mentioned = re.search(rf"\b{re.escape(term)}", text, re.IGNORECASE)
            if mentioned and not re.search(word, catalog[text], re.IGNORECASE):
                wrong.append(f"{text!r} -> {catalog[text]!r}: the picture says {word!r} for {term!r}")
    assert not wrong, f"{code}/{key}.po:\n" + "\n".join(wrong)
