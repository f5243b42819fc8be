"""The dice: P(a check with n dice succeeds) = 1 - (2/3)^n, and the streams are independent."""

from __future__ import annotations

import math

import pytest

from toolkit.games.caravans.engine.rng import SKULL, die_faces, pips, roll, skulls, stream


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_check_odds(mini, n):
    faces = die_faces(mini.game.dice.faces)
    rng = stream(12345, f"dice-test-{n}")
    trials = 40000
    wins = sum(SKULL in roll(rng, faces, n) for _ in range(trials))
    p = 1 - (2 / 3) ** n
    sigma = math.sqrt(p * (1 - p) / trials)
    assert abs(wins / trials - p) < 4.5 * sigma


def test_faces_are_uniform(mini):
    faces = die_faces(mini.game.dice.faces)
    rng = stream(7, "dice")
    counts = {}
    for face in roll(rng, faces, 60000):
        counts[face] = counts.get(face, 0) + 1
    assert counts[SKULL] == pytest.approx(20000, rel=0.03)
    for face in (1, 2, 3, 4):
        assert counts[face] == pytest.approx(10000, rel=0.05)


def test_skulls_and_pips():
    rolled = (SKULL, 3, 4, SKULL, 1)
    assert skulls(rolled) == 2 and pips(rolled) == 8


def test_streams_differ_by_purpose_and_repeat_by_seed():
    a, b = stream(1, "dice"), stream(1, "deck")
    assert [a.random() for _ in range(3)] != [b.random() for _ in range(3)]
    assert stream(5, "npc").random() == stream(5, "npc").random()
