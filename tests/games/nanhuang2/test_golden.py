"""南荒2's records against the tree before the compiled route's speed work (issue #21): the
digest of Game.play_batch's records for fixed seeds and line-ups (json, sorted keys, actions
counted by kind), the one bench/nanhuang2_golden.py prints for the same games. A change of
the rules or the warlord changes it on purpose; a speed change must not."""

from __future__ import annotations

import hashlib
import json

from toolkit.games.nanhuang2 import GAME

SEEDS = range(1000, 1020)
LINEUPS = [["warlord"] * 4, ["warlord", "random", "warlord", "random"]]
DIGEST = "7839660bed971268"   # the tree before (commit a7a0778), compiled and as Python


def test_the_records_are_the_tree_befores(catalog):
    digest = hashlib.sha256()
    for lineup in LINEUPS:
        for record in GAME.play_batch(catalog, [(seed, lineup) for seed in SEEDS]):
            digest.update(json.dumps(record, sort_keys=True, default=str).encode())
    assert digest.hexdigest()[:16] == DIGEST
