"""What `toolkit validate` checks of the rulings (cards/rulings/), without playing: each file
against the ruling schema and the game's own (`ruling_problems`), and each ruling's setup
arranged by the game (`scenario`), so that an unknown card id in a setup is an error at the
ruling's line with a did-you-mean, as `check` would say. A project's own rules are used
only when this user trusts them; otherwise only the generic schema is checked."""

from __future__ import annotations

from pathlib import Path

from toolkit.checks.rulings_load import read_rulings
from toolkit.content.problems import Problem
from toolkit.errors import ToolkitError


def ruling_problems(root: Path, catalog) -> list[Problem]:
    """Every problem of the project's rulings that validate can see."""
    game = _game(root, catalog)
    items, report = read_rulings(Path(root), game, catalog.game)
    problems = list(report.problems)
    if game is None:
        return problems
    for item in items:
        text = _setup_problem(game, catalog, item)
        if text is not None:
            where = item.setup_at or item.where
            problems.append(Problem(where.file, where.line, 1, "error",
                                    f"ruling '{item.ruling.id}': {text}",
                                    f"{Path(item.where.file).stem}.{item.ruling.id}.setup"))
    return problems


def _game(root: Path, catalog):
    """The game whose vocabulary the rulings use: built-in or installed rules, or the
    project's own when trusted; None when it cannot be had without asking."""
    rules = getattr(catalog.game, "rules", None)
    if rules is None:
        return None
    from toolkit.games import load_game
    try:
        return load_game(rules, Path(root))
    except ToolkitError:   # not trusted, or broken: validate reports the rules elsewhere
        return None


def _setup_problem(game, catalog, item) -> "str | None":
    try:
        game.scenario(catalog, dict(item.ruling.setup), 0)
    except ToolkitError as exc:
        return exc.message
    except Exception as exc:  # the game's code failing on this setup: say so, no traceback
        return f"the setup cannot be arranged ({type(exc).__name__}: {exc})"
    return None
