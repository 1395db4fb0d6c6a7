"""The "only" import contract for import-linter: what a layer may import, as an allow-list.

import-linter's own contracts forbid listed modules; "engines import only the standard library" and
"pictures import only the engines' views" are allow-lists, which a deny-list cannot keep once a module or a
dependency is added. A contract of type ``only`` says: each source package imports, directly or through the
modules it is allowed to import, nothing but the standard library, its own package and ``allowed_modules``.
The allowed modules are followed too, so a view module that imported the rules would break the pictures'
contract. Configured in pyproject.toml (``[tool.importlinter]``); CI runs ``lint-imports``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, fields, output
from importlinter.domain.helpers import module_expressions_to_modules
from importlinter.domain.imports import ModuleExpression

STANDARD_LIBRARY = frozenset(sys.stdlib_module_names) | {"__future__"}


@dataclass(frozen=True)
class Violation:
    """An import outside the allow-list, and the allowed chain of imports from the source that reaches it."""

    chain: tuple[str, ...]  # source module ... importer
    imported: str
    line_numbers: tuple[int | None, ...]


def _in(module: str, packages: set[str]) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


def allowed_closure_violations(graph: ImportGraph, source: str, allowed: set[str]) -> list[Violation]:
    """Walk from ``source`` (a package) through the imports it may make; return each import it may not."""
    own = {source}
    start = sorted({source} | graph.find_descendants(source))
    parent: dict[str, str | None] = dict.fromkeys(start)
    queue = list(start)
    violations: list[Violation] = []
    while queue:
        importer = queue.pop(0)
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            if imported.split(".")[0] in STANDARD_LIBRARY:
                continue
            if _in(imported, own | allowed):
                if imported not in parent:
                    parent[imported] = importer
                    queue.append(imported)
                continue
            chain = [importer]
            while (step := parent[chain[-1]]) is not None:
                chain.append(step)
            details = graph.get_import_details(importer=importer, imported=imported)
            lines = tuple(detail["line_number"] for detail in details)
            violations.append(Violation(tuple(reversed(chain)), imported, lines))
    return violations


class OnlyContract(Contract):
    """Each source package imports only the standard library, its own package and ``allowed_modules``.

    Options: ``source_modules`` (module expressions; each matched package is checked on its own, so two
    sources may not import each other unless allowed) and ``allowed_modules`` (module expressions, followed
    as packages; external packages by their top-level name, e.g. ``PIL``).
    """

    type_name = "only"

    source_modules = fields.ListField(subfield=fields.ModuleExpressionField())
    allowed_modules = fields.ListField(subfield=fields.ModuleExpressionField(), required=False)

    def _expand(self, graph: ImportGraph, expressions: list[ModuleExpression] | None) -> set[str]:
        modules = module_expressions_to_modules(graph, expressions or [], as_packages=False)
        return {module.name for module in modules}

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        sources = self._expand(graph, self.source_modules)  # type: ignore[arg-type]
        allowed = self._expand(graph, self.allowed_modules)  # type: ignore[arg-type]
        if not sources:
            raise ValueError(f"{self.name}: the source modules match no module")
        violations = [v for source in sorted(sources) for v in allowed_closure_violations(graph, source, allowed)]
        return ContractCheck(kept=not violations, metadata={"violations": violations})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for violation in check.metadata["violations"]:
            lines = ", ".join(str(line) for line in violation.line_numbers if line is not None)
            output.print_error(f"- {' -> '.join(violation.chain)} -> {violation.imported} (l.{lines})", bold=False)
        output.new_line()
