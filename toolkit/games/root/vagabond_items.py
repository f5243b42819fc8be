# toolkit: compile
"""The Vagabond's items: each is [item, exhausted, damaged]. Face-up tea, coins and bags
sit on their tracks; the rest, and every exhausted or damaged item, fill the satchel."""

from __future__ import annotations

TRACKED = ("tea", "coin", "bag")
TRACK_SPACES = 3


def items(s):
    return s.f["vagabond"]["items"]


def ready(s, item) -> int:
    """Face-up, undamaged items of a kind (what an action may exhaust)."""
    n = 0
    for entry in s.f["vagabond"]["items"]:
        if entry[0] == item and not entry[1] and not entry[2]:
            n += 1
    return n


def undamaged(s, item) -> int:
    n = 0
    for entry in s.f["vagabond"]["items"]:
        if entry[0] == item and not entry[2]:
            n += 1
    return n


def exhaust(s, item, n=1):
    for entry in items(s):
        if n and entry[0] == item and not entry[1] and not entry[2]:
            entry[1] = True
            n -= 1
    assert n == 0, f"not enough ready {item}"


def damage_options(s) -> list:
    """Distinct (item, exhausted) pairs that a hit may damage."""
    return sorted({(i, e) for i, e, d in items(s) if not d})


def damage(s, item, exhausted):
    for entry in items(s):
        if entry[0] == item and entry[1] == exhausted and not entry[2]:
            entry[2] = True
            return


def repair(s, item):
    """Un-damage one `item`, preferring a face-up one (repair keeps its facing)."""
    for want in (False, True):
        for entry in items(s):
            if entry[0] == item and entry[2] and entry[1] == want:
                entry[2] = False
                return


def refresh(s, n):
    for entry in sorted(items(s), key=lambda e: e[2]):
        if n and entry[1]:
            entry[1] = False
            n -= 1


def on_track(s, item) -> int:
    """Face-up items of a tracked kind on their track, which holds three."""
    return min(TRACK_SPACES, ready(s, item)) if item in TRACKED else 0


def capacity(s, base) -> int:
    return base + 2 * on_track(s, "bag")


def carried(s) -> int:
    """Items counted against the satchel: all but face-up tracked ones."""
    return len(items(s)) - sum(on_track(s, t) for t in TRACKED)
