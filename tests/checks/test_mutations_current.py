"""bench/mutations.py stays in step with the rules (issue #27 item 5): every mutation's
text occurs exactly once in its module and every patched attribute exists, so the harness
(bench/mutate.py) never reports a rule as caught or surviving that it did not break. One
mutation per game is run through the harness itself (slow)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
from mutate import source_path  # noqa: E402
from mutations import MUTATIONS  # noqa: E402


@pytest.mark.parametrize("game", sorted(MUTATIONS))
def test_every_mutation_names_text_that_is_there(game):
    assert len(MUTATIONS[game]) >= 15
    for mutation in MUTATIONS[game]:
        for module_name, old, _new in mutation.edits:
            source = source_path(importlib.import_module(module_name)).read_text("utf-8")
            assert source.count(old) == 1, f"{mutation.id}: {old!r} in {module_name}"
        for module_name, path, _new in mutation.patches:
            owner = importlib.import_module(module_name)
            for part in path.split("."):
                owner = getattr(owner, part)


@pytest.mark.slow
def test_the_harness_catches_a_broken_rule_and_puts_it_back():
    import mutate
    from toolkit.games.kings_and_things.phases import bookkeeping

    before = bookkeeping.Rotate.start_phase
    [row] = mutate.run_game("kings_and_things", 2, only="rotate_wrong_way")
    assert row["result"] == "caught" and "first_player_marker_passes_to_the_left" in row["by"]
    assert bookkeeping.Rotate.start_phase is before
