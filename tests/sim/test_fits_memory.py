"""What the adjusted fits hold beside the rows (issue #30): the base's vectors a few bytes
a row, and the fits' temporaries one part of games at a time, whatever the run's length."""

from __future__ import annotations

import gc
import pickle
import tracemalloc

import pytest

from sim.synthetic import make_record
from toolkit.sim import adjusted
from toolkit.sim.adjusted import Base, adjusted_of, set_family
from toolkit.sim.design import Rows, combine


def _batches(games: int) -> list[Rows]:
    """Rows of `games` games in batches of 100: 500 synthetic games repeated."""
    groups = lambda r: {"hero": r["heroes"], "party": r["parties"]}  # noqa: E731
    made = []
    for start in range(0, 500, 100):
        rows = Rows()
        for i in range(start, start + 100):
            record = make_record(i + 1, 2 + i % 3)
            rows.add(i, record, groups(record), {"card": [list(u) for u in record["cards_used"]]})
        made.append(rows.seal())
    blob, out, n = pickle.dumps(made), [], 0
    while n < games:
        for rows in pickle.loads(blob):
            rows.index = rows.index - rows.index[0] + n
            n += len(rows.index)
            out.append(rows)
    return out


def _traced(fn):
    """(result, bytes held after, peak bytes over what was held before) of fn()."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        out = fn()
        now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return out, now - before, peak - before


def test_the_base_holds_a_few_bytes_a_row():
    Base(combine(_batches(300)))  # first calls: numpy's lazy imports are not the rows
    design = combine(_batches(3000), consume=True)
    base, held, _ = _traced(lambda: Base(design))
    assert base.rows > 8000
    assert held < 8 * base.rows  # codes a byte a row, game starts 4 bytes a game (twice)


def test_the_design_is_a_few_bytes_a_row_and_made_without_a_joined_copy():
    combine(_batches(300))
    batches = _batches(3000)
    rows = sum(len(b.won) for b in batches)
    design, held, peak = _traced(lambda: combine(batches, consume=True))
    assert design.games == 3000 and not any(len(b.won) for b in batches)  # let go
    assert held < 7 * rows + 2 ** 15  # won, place, agent, hero, party, 4 cards: a byte each
    assert peak < 2 * held + 2 ** 16  # built in place, not joined first and then copied


@pytest.mark.slow
def test_the_fits_peak_does_not_grow_with_the_run():
    """30,000 and 90,000 games (6 and 18 parts of 5,000): every fit's peak over the rows
    is that of a part's matrices (~6.5 MB here), not of the run (the fits once held
    rows-long float vectors and copies: ~170 bytes a game at a million games)."""
    peaks = []
    for games in (30_000, 90_000):
        design = combine(_batches(games), consume=True)
        base = Base(design)
        assert len(base.chunks) == games // adjusted.PART_GAMES

        def fits():
            adjusted_of(base)
            set_family(base, design.held("card"), block=lambda card: card.split("_")[0])

        peaks.append(_traced(fits)[2])
    assert peaks[1] < peaks[0] + 2 ** 20  # +1 MB at most for 3 times the games
    assert peaks[1] < 16 * 2 ** 20
