"""The parent of a run keeps tens of bytes a game (issue #30): what it holds while the games
arrive is the merged tallies (counts, exact sums, the fits' compact rows), never the
records. Measured with tracemalloc as the parent merges worker-style (pickled) batch
tallies of 2,000 and then 20,000 Caravans games."""

from __future__ import annotations

import gc
import pickle
import tracemalloc

import pytest

from tests.sim.conftest import mixed_records
from toolkit.sim.reporters import RunReporters

BATCH = 50


@pytest.fixture
def played(engine_ready):
    return mixed_records(engine_ready, 3, 400)


def _batches(game, catalog, records, games: int) -> list[bytes]:
    """What the workers send for `games` games (the records replayed in turn): each
    batch's tally, pickled."""
    reporters = RunReporters(game, catalog)
    out = []
    for start in range(0, games, BATCH):
        pairs = [(i, records[i % len(records)]) for i in range(start, start + BATCH)]
        out.append(pickle.dumps(reporters.seal(reporters.add_all(reporters.empty(), pairs))))
    return out


def _held(game, catalog, batches: list[bytes], keep: list | None = None) -> int:
    """Bytes the parent still holds after merging these batches; with `keep` (records),
    the parent also keeps a copy of one record a game, as a run did before tallies (the
    measurement must see that)."""
    reporters = RunReporters(game, catalog)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tally, kept = reporters.empty(), []
        for n, sent in enumerate(batches):
            reporters.merge(tally, pickle.loads(sent))
            if keep is not None:
                kept += pickle.loads(pickle.dumps(keep[:BATCH]))
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_the_parent_holds_under_100_bytes_a_game(played):
    game, catalog, records = played
    batches = _batches(game, catalog, records, 12_000)
    small = _held(game, catalog, batches[:1_000 // BATCH])
    large = _held(game, catalog, batches)
    per_game = (large - small) / 11_000
    assert per_game < 100, f"the parent holds {per_game:.0f} bytes a game"
    # the same measurement sees records kept beside the tallies (about 2 KB a game)
    keeping = (_held(game, catalog, batches[:40], records) -
               _held(game, catalog, batches[:10], records)) / (30 * BATCH)
    assert keeping > 1_000 + per_game
