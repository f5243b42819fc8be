"""`toolkit check` as a library call: fuzz the invariants, run the rulings, check the
static consistency, and gather everything in one CheckReport. Works for any game."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

from toolkit.checks import static
from toolkit.checks.report import CheckReport
from toolkit.checks.rulings import run_ruling
from toolkit.checks.rulings_load import load_rulings
from toolkit.game import Game

DEFAULT_GAMES = 100


def run_check(root: Path, games: int = DEFAULT_GAMES, seed: int = 0,
              rulings_only: bool = False, project_arg: str | None = None,
              trust: bool = False, on_game=None) -> CheckReport:
    """Everything `toolkit check` verifies, for the project at `root`; `on_game(violations
    so far)` is called after each fuzzed game (a progress display)."""
    from toolkit.content.validate import load_catalog
    from toolkit.games import game_for

    catalog = load_catalog(Path(root))
    game = game_for(catalog, trust=trust, command="check")
    rulings = load_rulings(Path(root), game, catalog.game)  # bad ones stop any game
    report = CheckReport(project=project_arg or str(root))
    fired: Counter = Counter()
    with game.count_effects(fired):
        started = time.perf_counter()
        for item in rulings:
            failures = run_ruling(game, catalog, item)
            known = item.ruling.known_failure
            if known is None:
                report.failures.extend(failures)
            elif failures:              # a declared departure: reported, does not fail
                report.known.append(f"{item.where}: ruling '{item.ruling.id}': {known}")
            else:
                report.warnings.append(f"{item.where}: ruling '{item.ruling.id}' is marked "
                                       "known_failure but now holds; remove the mark")
        report.rulings = len(rulings)
        if not rulings_only and games > 0:
            from toolkit.checks.fuzz import fuzz
            result = fuzz(game, catalog, report.project, games, seed, on_game=on_game)
            report.games, report.actions = result.games, result.actions
            report.violations = result.violations
            report.seconds = result.seconds
        report.ops_fired = dict(sorted(fired.items()))
        if not report.seconds:
            report.seconds = time.perf_counter() - started
    errors, warnings = static.text_problems(Path(root))
    report.errors.extend(errors)
    report.warnings.extend(warnings)
    counts = type(game).count_effects is not Game.count_effects
    if not rulings_only and counts:
        report.warnings.extend(static.never_fired(catalog, fired))
    return report
