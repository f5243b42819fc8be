"""A copy of the bundled game with three planted heroes (one at all 4s, two at all 1s) and
a balance: block whose targets they miss."""

from __future__ import annotations

import re
import shutil

import pytest

from toolkit import BUNDLED_PROJECT

PLANTED = {"aldric_vane": 4, "sylwen_silvertongue": 1, "kharza_ironhide": 1}
BALANCE = """
balance:                    # what balanced means, for toolkit balance
  players: 4
  targets:
    - {side: hero, min: 0.18, max: 0.32}
  tunable:
    - {kind: hero, field: "stats.*", step: 1, min: 1, max: 4}
"""


def plant(text: str, hero: str, value: int) -> str:
    start = text.index(f"id: {hero}\n")
    stats = re.compile(r"stats: \{[^}]*\}")
    match = stats.search(text, start)
    new = (f"stats: {{combat: {value}, perception: {value}, leadership: {value}, "
           f"influence: {value}}}")
    return text[:match.start()] + new + text[match.end():]


def planted_project(dest, heroes=PLANTED, balance=BALANCE):
    shutil.copytree(BUNDLED_PROJECT / "cards", dest / "cards")
    path = dest / "cards" / "heroes.yaml"
    text = path.read_text(encoding="utf-8")
    for hero, value in heroes.items():
        text = plant(text, hero, value)
    path.write_text(text, encoding="utf-8")
    game = dest / "cards" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + balance, encoding="utf-8")
    return dest


@pytest.fixture
def planted(tmp_path):
    return planted_project(tmp_path / "planted")


@pytest.fixture
def make_planted():
    return planted_project


@pytest.fixture
def toolkit(run):
    """Runs `toolkit ARGV...`: (exit code, stdout, stderr) (tests/conftest.py's `run`)."""
    return run
