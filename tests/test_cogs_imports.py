"""The Discord layer's import graph, read from the source: no circle, and only the entry point imports the bot.

Every import statement counts, those under ``TYPE_CHECKING`` and inside functions too: a circle that only
type checking or a late import hides is still a circle (docs/ARCHITECTURE.md, layers).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("bot", "cogs", "render", "bench")
ENTRY_POINT = "bot.__main__"


def _modules(package: str) -> dict[str, Path]:
    """Module name -> file, for every module of ``package`` (a package is named by its ``__init__``)."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imported(name: str, path: Path, modules: set[str]) -> Iterator[str]:
    """Every module an import statement of the file names, wherever the statement is: ``from p import m``
    names the module p.m when there is one, else p."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            for alias in node.names:
                yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base


def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports."""
    modules = _modules(package)
    return {
        name: {target for target in _imported(name, path, set(modules)) if target in modules and target != name}
        for name, path in modules.items()
    }


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of the graph as the modules along it (first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_the_discord_layer_has_no_import_circle() -> None:
    found = cycle(import_graph("cogs"))
    assert found is None, "import circle: " + " -> ".join(found or [])


def test_the_cycle_finder_finds_a_circle_through_a_type_checking_import() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_only_the_entry_point_imports_the_bot() -> None:
    importers = sorted(
        name
        for layer in LAYERS
        for name, path in _modules(layer).items()
        if "cogs.client" in _imported(name, path, {"cogs.client"})
    )
    assert importers == [ENTRY_POINT]
