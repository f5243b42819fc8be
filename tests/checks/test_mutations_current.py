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


HARNESS = """
import sys
sys.path.insert(0, {bench!r})
import mutate
from toolkit.games.kings_and_things.phases import bookkeeping
from toolkit.games.kings_and_things import flow

before, phase = bookkeeping.Rotate.start_phase, flow.PHASES["rotate"]
[row] = mutate.run_game("kings_and_things", 2, only="rotate_wrong_way")
assert row["result"] == "caught", row
assert "first_player_marker_passes_to_the_left" in row["by"], row
assert bookkeeping.Rotate.start_phase is before  # put back: the class...
assert flow.PHASES["rotate"] is phase  # ...and the phase registered in its place
[row] = mutate.run_game("kings_and_things", 2, only="rack_limit_off_by_one")
assert row["by"] == "rack_holds_ten", row  # the next mutation sees the unbroken rotation
[row] = mutate.run_game("kings_and_things", 2, only="rough_cost_1")
assert row["result"] == "caught", row  # a rule written in a method (Moves._reached)
print("ok")
"""


@pytest.mark.slow
def test_the_harness_catches_a_broken_rule_and_puts_it_back():
    """In a fresh process playing the rules as Python (a compiled module cannot be
    mutated: its callers bypass the module's namespace), as bench/mutate.py's main does."""
    import os
    import subprocess
    env = {**os.environ, "TOOLKIT_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", HARNESS.format(bench=str(BENCH))],
                          capture_output=True, text=True, env=env, timeout=900)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-3000:]
