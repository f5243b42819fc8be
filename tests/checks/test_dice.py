"""The exact dice enumerator against closed forms."""

from fractions import Fraction

import pytest

from toolkit.games.caravans.rulings.dice import enumerate_outcomes, face_classes, parse_fraction, skill_check
from toolkit.errors import RulesError

FACES = [1, 2, 3, 4, "skull", "skull"]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 6])
def test_skill_check_enumeration_matches_closed_form(n):
    probs = enumerate_outcomes(lambda d: "skull" in d.roll(n), FACES, merge_numbers=True)
    assert probs.get(True, Fraction(0)) == 1 - Fraction(2, 3) ** n
    assert sum(probs.values()) == 1
    assert skill_check(FACES, n) == 1 - Fraction(2, 3) ** n


def test_number_faces_are_separate_classes():
    classes = face_classes(FACES)
    assert [c[0] for c in classes] == [1, 2, 3, 4, "skull"]
    assert classes[-1][1] == Fraction(1, 3)
    probs = enumerate_outcomes(lambda d: sum(f for f in d.roll(2) if f != "skull"), FACES)
    assert probs[8] == Fraction(1, 36)       # 4 + 4
    assert probs[0] == Fraction(1, 9)        # two skulls


def test_branching_depends_on_earlier_dice():
    def reroll_on_fail(d):                   # a failed check may be rerolled once
        return "skull" in d.roll(2) or "skull" in d.roll(2)
    probs = enumerate_outcomes(reroll_on_fail, FACES, merge_numbers=True)
    assert probs[True] == 1 - Fraction(2, 3) ** 4


def test_too_many_branches_is_a_clear_error():
    with pytest.raises(RulesError, match="dice branches"):
        enumerate_outcomes(lambda d: tuple(d.roll(12)), FACES, max_runs=1000)


def test_parse_fraction():
    assert parse_fraction("19/27") == Fraction(19, 27)
    assert parse_fraction(0.5) == Fraction(1, 2)
    with pytest.raises(ValueError):
        parse_fraction(True)
