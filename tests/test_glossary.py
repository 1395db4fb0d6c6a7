"""Each game's glossary (docs/glossary/<key>.md): its Spanish and Japanese terms are the words the game's
catalogs use, and each says where it comes from (a seed rulebook's line, or "no rulebook: chosen term")."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import catalogs, games

GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary"


def rows(key: str) -> list[list[str]]:
    """The glossary's terms: English, Spanish, Japanese, Spanish source, Japanese source."""
    lines = (GLOSSARY / f"{key}.md").read_text(encoding="utf-8").splitlines()
    table = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines if line.startswith("|")]
    return table[2:]


def said(code: str, key: str) -> str:
    """Every translation in ``code``'s catalog of game ``key``, as one lower-case text."""
    found = []
    for entry in catalogs.read(code, key):
        strings = entry.string if isinstance(entry.string, (tuple, list)) else (entry.string,)
        found.extend(s for s in strings if s)
    return "\n".join(found).lower()


KEYS = [key for key in games.GAMES if key != "toy"]  # the toy game speaks English only


@pytest.mark.parametrize("key", KEYS)
def test_each_game_has_a_glossary_whose_terms_its_catalogs_use(key: str) -> None:
    assert (GLOSSARY / f"{key}.md").exists(), f"docs/glossary/{key}.md is missing"
    terms = rows(key)
    assert len(terms) >= 5, f"{key}: a glossary of {len(terms)} terms"
    spanish, japanese = said("es-ES", key), said("ja", key)
    missing = [f"{es!r}" for _, es, _, _, _ in terms if es.lower() not in spanish]
    missing += [f"{ja!r}" for _, _, ja, _, _ in terms if ja not in japanese]
    assert not missing, f"{key}: glossary terms the catalogs never use: {', '.join(missing)}"
    for row in terms:
        for source in row[3:]:
            assert source == "no rulebook: chosen term" or ", line " in source, f"{key}: {row[0]} has no source"
