"""Seeded random streams, one per purpose, and the dice of the game.

Each stream is a `random.Random` seeded from sha256(seed, purpose), so that one extra draw
for one purpose (say a shuffle) never shifts the numbers of another (say dice), which keeps
A/B runs correlated. Purposes used by the engine: deck, dice, npc, setup; agents use
`agent:<seat>`.
"""

from __future__ import annotations

import random

from toolkit.game import seeded_stream

PURPOSES = ("setup", "deck", "dice", "npc")
SKULL = -1  # the value a skull face takes in rolled dice


stream = seeded_stream  # the random stream for one purpose of one game seed


def copy_stream(rng: random.Random) -> random.Random:
    other = random.Random.__new__(random.Random)  # skips seeding from the OS
    other.setstate(rng.getstate())
    return other


class Streams(dict):
    """purpose -> random.Random of a state, copy-on-write between clones: `fork` shares
    the streams, and each side copies a stream the first time it reads it (`[purpose]`).
    Draw only from a stream got by `[purpose]` (not `.get`, `.values()` or `.items()`,
    which are for reading a stream's state), and do not keep it across a clone."""

    __slots__ = ("borrowed",)

    def __init__(self, streams=()):
        super().__init__(streams)
        self.borrowed: set = set()

    def __getitem__(self, purpose: str) -> random.Random:
        rng = dict.__getitem__(self, purpose)
        if purpose in self.borrowed:
            rng = copy_stream(rng)
            dict.__setitem__(self, purpose, rng)
            self.borrowed.discard(purpose)
        return rng

    def __setitem__(self, purpose: str, rng) -> None:
        dict.__setitem__(self, purpose, rng)
        self.borrowed.discard(purpose)

    def __reduce__(self):  # pickled or deep-copied streams are the copy's own
        return Streams, (dict(self),)

    def fork(self) -> "Streams":
        """A copy sharing every stream until one side draws from it."""
        other = Streams(dict.items(self))
        self.borrowed = set(self)
        other.borrowed = set(self)
        return other


def die_faces(faces) -> tuple[int, ...]:
    """The catalog's die faces with 'skull' as SKULL."""
    return tuple(SKULL if f == "skull" else int(f) for f in faces)


def roll(rng: random.Random, faces: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Roll n dice; faces as returned by die_faces."""
    k = len(faces)
    rand = rng.random
    return tuple([faces[int(rand() * k)] for _ in range(n)])


def skulls(dice: tuple[int, ...]) -> int:
    return dice.count(SKULL)


def pips(dice: tuple[int, ...]) -> int:
    """Sum of the non-skull faces (the tie-break of a combat contest)."""
    return sum(d for d in dice if d != SKULL)
