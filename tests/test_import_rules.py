"""The allow-list import contract (tests/import_rules.py) on small import graphs.

CI runs ``lint-imports`` over the real code; these tests show the contract type catches what it must: an
import outside the list, directly or through an allowed module, and one source importing another.
"""

from __future__ import annotations

from grimp import ImportGraph

from tests.import_rules import OnlyContract


def _graph(*imports: tuple[str, str]) -> ImportGraph:
    graph = ImportGraph()
    for module in ("game", "game.base", "game.words", "game.go", "game.chess", "pics", "shop", "PIL", "json"):
        graph.add_module(module, is_squashed=module in {"PIL", "json"})
    for line, (importer, imported) in enumerate(imports, start=1):
        graph.add_import(importer=importer, imported=imported, line_number=line, line_contents=f"import {imported}")
    return graph


def _broken(graph: ImportGraph, sources: list[str], allowed: list[str]) -> list[str]:
    contract = OnlyContract("test", {}, {"source_modules": sources, "allowed_modules": allowed})
    check = contract.check(graph, verbose=False)
    found = [" -> ".join((*v.chain, v.imported)) for v in check.metadata["violations"]]
    assert check.kept == (not found)
    return found


def test_standard_library_own_package_and_allowed_modules_keep_the_contract() -> None:
    graph = _graph(
        ("game.go.rules", "json"),
        ("game.go.rules", "game.go.board"),
        ("game.go.rules", "game.base"),
        ("game.chess", "game.base"),
    )
    assert _broken(graph, ["game.go", "game.chess"], ["game.base"]) == []


def test_an_import_outside_the_list_breaks_it() -> None:
    graph = _graph(("game.go.rules", "PIL"), ("game.go.rules", "shop.store"))
    assert _broken(graph, ["game.go"], ["game.base"]) == ["game.go.rules -> PIL", "game.go.rules -> shop.store"]


def test_an_allowed_module_is_followed() -> None:
    # The pictures may use the words, but not what the words import.
    graph = _graph(("pics.board", "game.words"), ("game.words", "game.go.rules"))
    assert _broken(graph, ["pics"], ["game.words"]) == ["pics.board -> game.words -> game.go.rules"]


def test_sources_matched_by_a_wildcard_are_checked_one_by_one() -> None:
    graph = _graph(("game.go.rules", "game.chess.rules"), ("game.chess.rules", "game.base"))
    assert _broken(graph, ["game.*"], ["game.base"]) == ["game.go.rules -> game.chess.rules"]
