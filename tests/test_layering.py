"""The generic layers import no game: every game reaches them through the Game protocol
(toolkit/game.py) and the registry (toolkit/games/__init__.py), never the other way round.

Walks the imports (ast) of every module of the generic layers, including imports inside
functions, and fails on one that names a game's package (`toolkit.games.<game>`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TOOLKIT = Path(__file__).resolve().parents[1] / "toolkit"
GENERIC = ["content", "render", "agents", "sim", "checks", "compare", "loop.py", "cli.py",
           "game.py", "errors.py", "options.py", "project.py"]
REGISTRY_NAMES = {"game_for", "load_game", "known_games", "BUILTIN", "ENTRY_POINT_GROUP"}


def _modules():
    for part in GENERIC:
        path = TOOLKIT / part
        if path.is_dir():
            yield from sorted(path.rglob("*.py"))
        elif path.is_file():
            yield path


def game_imports(source: str) -> list[tuple[int, str]]:
    """(line, module) of every import of a game package in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "toolkit.games":
                names = [f"toolkit.games.{a.name}" for a in node.names
                         if a.name not in REGISTRY_NAMES]
            else:
                names = [node.module]
        else:
            continue
        found += [(node.lineno, n) for n in names if n.startswith("toolkit.games.")]
    return sorted(found)


@pytest.mark.parametrize("path", list(_modules()), ids=lambda p: str(p.relative_to(TOOLKIT)))
def test_generic_module_imports_no_game(path):
    bad = game_imports(path.read_text(encoding="utf-8"))
    where = ", ".join(f"{path.relative_to(TOOLKIT.parent)}:{line} imports {name}"
                      for line, name in bad)
    assert not bad, where


def test_the_walker_sees_imports_inside_functions():
    source = ("def f():\n    from toolkit.games.caravans import engine\n"
              "import toolkit.games.root.rules\nfrom toolkit.games import game_for\n"
              "from toolkit.games import caravans\n")
    assert game_imports(source) == [(2, "toolkit.games.caravans"), (3, "toolkit.games.root.rules"),
                                    (5, "toolkit.games.caravans")]


def test_generic_game_yaml_model_names_no_caravans_setting():
    """toolkit/content/game.py holds what every game.yaml has: no field, class or name of
    Caravans & Brigands' settings (those live in toolkit/games/caravans/content/settings.py)."""
    from toolkit.games.caravans.content import settings

    path = TOOLKIT / "content" / "game.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    caravans = set(settings.fields()) | {"ENGINE_SETTINGS", "MARKER_KINDS", "GOLD"}
    caravans |= {name for name, value in vars(settings).items()
                 if isinstance(value, type) and value.__module__ == settings.__name__}
    named = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            named.add(node.target.id)
        elif isinstance(node, ast.ClassDef):
            named.add(node.name)
        elif isinstance(node, ast.Name):
            named.add(node.id)
        elif isinstance(node, ast.keyword) and node.arg:
            named.add(node.arg)
    assert not named & caravans, f"toolkit/content/game.py names {sorted(named & caravans)}"
    from toolkit.content.game import Game
    assert not set(Game.model_fields) & caravans
