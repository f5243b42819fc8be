"""Exact probabilities by enumerating every dice result instead of sampling.

A computation that rolls dice is run once per distinct branch of results: each die is
drawn from a `ScriptedDice` that answers from a fixed prefix of face classes and, past the
prefix, takes the first class while recording the branch so that its siblings are run
later. Faces that read the same (two skull faces) form one class with a weight, so a
skill check of n dice costs 2**n runs, a combat roll with numbered faces 5**n.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from math import comb
from typing import Callable, Hashable, Sequence

from toolkit.errors import RulesError

SKULL = "skull"
MAX_RUNS = 200_000


def face_classes(faces: Sequence, merge_numbers: bool = False) -> list[tuple[object, Fraction]]:
    """Distinct faces of one die with their probabilities, in first-seen order.
    With `merge_numbers` every number face reads as 0 (only skulls matter)."""
    keyed = [0 if merge_numbers and f != SKULL else f for f in faces]
    counts = Counter(keyed)
    seen: list = []
    for f in keyed:
        if f not in seen:
            seen.append(f)
    return [(f, Fraction(counts[f], len(faces))) for f in seen]


class ScriptedDice:
    """A dice source that answers from a prefix of class indexes, extending it with 0."""

    def __init__(self, classes: list[tuple[object, Fraction]], prefix: Sequence[int] = ()):
        self.classes = classes
        self.path = list(prefix)
        self.fixed = len(self.path)
        self.used = 0

    def face(self):
        """The next die's face."""
        if self.used >= len(self.path):
            self.path.append(0)
        face = self.classes[self.path[self.used]][0]
        self.used += 1
        return face

    def roll(self, n: int) -> list:
        """The faces of n dice."""
        return [self.face() for _ in range(max(0, n))]

    def weight(self) -> Fraction:
        w = Fraction(1)
        for index in self.path[: self.used]:
            w *= self.classes[index][1]
        return w


def enumerate_outcomes(run: Callable[[ScriptedDice], Hashable], faces: Sequence,
                       merge_numbers: bool = False,
                       max_runs: int = MAX_RUNS) -> dict[Hashable, Fraction]:
    """{outcome: exact probability} of `run(dice)` over every dice result; `run` must be
    deterministic given the faces it is dealt. Raises RulesError past `max_runs` runs."""
    classes = face_classes(faces, merge_numbers)
    results: dict[Hashable, Fraction] = defaultdict(Fraction)
    pending: list[list[int]] = [[]]
    runs = 0
    while pending:
        prefix = pending.pop()
        runs += 1
        if runs > max_runs:
            raise RulesError(f"more than {max_runs} dice branches to enumerate; "
                             "fix some dice in the setup")
        dice = ScriptedDice(classes, prefix)
        outcome = run(dice)
        for position in range(dice.fixed, dice.used):
            for sibling in range(1, len(classes)):
                pending.append(dice.path[:position] + [sibling])
        results[outcome] += dice.weight()
    return dict(results)


def skill_check(faces: Sequence, dice: int, successes: int = 1) -> Fraction:
    """P(at least `successes` skulls on `dice` dice), by the binomial formula."""
    p = Fraction(sum(1 for f in faces if f == SKULL), len(faces))
    return sum((comb(dice, k) * p ** k * (1 - p) ** (dice - k)
                for k in range(successes, dice + 1)), Fraction(0))


def parse_fraction(text) -> Fraction:
    """'19/27', '0.5', 1 -> Fraction; ValueError on anything else."""
    if isinstance(text, bool):
        raise ValueError(f"not a probability: {text!r}")
    return Fraction(str(text).strip())
