"""The engine's modules import each other by dependency, without a cycle and without
function-level imports (the rule modules register what flows upward: effect operations
into effects.HANDLERS, check continuations into checks.CONTINUE)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "toolkit" / "games" / "caravans" / "engine"
PACKAGE = "toolkit.games.caravans.engine"


def _graph() -> tuple[dict[str, set[str]], list[tuple[str, int]]]:
    graph, lazy = {}, []
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deps = graph.setdefault(path.stem, set())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.ImportFrom) and node.module
                    and node.module.startswith(PACKAGE)):
                continue
            last = node.module.rsplit(".", 1)[-1]
            names = [a.name for a in node.names] if node.module == PACKAGE else [last]
            if node not in tree.body and path.stem != "__init__":
                lazy.append((path.stem, node.lineno))
            deps.update(n for n in names if (ENGINE / f"{n}.py").is_file())
    return graph, lazy


def test_no_function_level_imports():
    assert _graph()[1] == []


def test_no_import_cycle():
    graph, _ = _graph()
    graph.pop("__init__")
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, " -> ".join(path + (node,))
        if node in done:
            return
        for dep in sorted(graph.get(node, ())):
            visit(dep, path + (node,))
        done.add(node)

    for module in sorted(graph):
        visit(module, ())
