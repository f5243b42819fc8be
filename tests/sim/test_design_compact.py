"""The fits' rows in compact form (toolkit.sim.design): byte codes, item bit sets a byte
per 8 items, counts a piece of rows at a time, and `combine` that lets the batches go."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from toolkit.sim import design as design_module
from toolkit.sim.design import Coded, Held, Rows, combine


def _batches(seed: int, games: int = 90, size: int = 13) -> tuple[list[Rows], list[dict]]:
    """Batches of random games, in a shuffled order, each filled backwards."""
    rng = np.random.default_rng(seed)
    cards = [f"card_{i:02d}" for i in range(19)]  # 19 items: 3 bytes a row
    records = []
    for index in range(games):
        players = int(rng.integers(2, 5))
        records.append({"players": players, "winner": [int(rng.integers(0, players))],
                        "first_player": int(rng.integers(0, players)),
                        "agents": [str(a) for a in rng.choice(["x", "y", "z"], players)],
                        "hero": [f"h{h}" for h in rng.integers(0, 6, players)],
                        "cards": [set(rng.choice(cards, int(rng.integers(0, 6)),
                                                 replace=False)) for _ in range(players)]})
    order = [list(range(i, min(i + size, games))) for i in range(0, games, size)]
    rng.shuffle(order)
    batches = []
    for indices in order:
        rows = Rows()
        for i in reversed(indices):
            rows.add(i, records[i], {"hero": records[i]["hero"]},
                     {"card": records[i]["cards"]})
        batches.append(rows)
    return batches, records


def test_combine_puts_rows_in_game_order_and_consume_empties_the_batches():
    batches, records = _batches(1)
    kept = combine(batches)
    again, _ = _batches(1)
    consumed = combine(again, consume=True)
    assert all(len(b.index) == 0 and len(b.won) == 0 for b in again)  # let go
    assert all(len(b.index) > 0 for b in batches)                     # kept
    rows = [(r, seat) for r in records for seat in range(r["players"])]
    for design in (kept, consumed):
        assert design.games == len(records)
        assert list(design.agents) == [r["agents"][s] for r, s in rows]
        assert list(design.groups["hero"]) == [r["hero"][s] for r, s in rows]
        assert design.agents.codes.dtype == np.uint8  # a byte a row
        held = design.items["card"]
        assert held.bits.dtype == np.uint8 and held.bits.shape == (len(rows), 3)
        assert held.labels == sorted({c for r in records for s in r["cards"] for c in s})
        for k, label in enumerate(held.labels):
            assert held.column(k).tolist() == [label in r["cards"][s] for r, s in rows]
    assert np.array_equal(kept.won, consumed.won)
    assert np.array_equal(kept.position, consumed.position)


def test_held_bytes_counts_and_dense_agree_with_the_sets(monkeypatch):
    monkeypatch.setattr(design_module, "PIECE_ROWS", 7)  # counts over several pieces
    rng = np.random.default_rng(2)
    labels = [f"i{k:02d}" for k in range(21)]
    sets = [set(rng.choice(labels, int(rng.integers(0, 8)), replace=False))
            for _ in range(40)]
    held = Held.of_sets(sets)
    assert held.bits.shape == (40, 3)
    truth = Counter(i for s in sets for i in s)
    assert held.counts().tolist() == [truth[w] for w in held.labels]
    which = [0, 5, 20, 9]
    dense = held.dense(which, 3, 30)
    assert dense.shape == (27, 4)
    assert dense.tolist() == [[float(held.labels[k] in s) for k in which] for s in sets[3:30]]
    words = Held(held.labels, np.zeros((40, 1), np.uint64) + np.uint64(1 << 63 | 5))
    assert words.column(0).all() and words.column(2).all() and not words.column(1).any()


def test_coded_counts_and_pairs_by_pieces(monkeypatch):
    monkeypatch.setattr(design_module, "PIECE_ROWS", 5)
    rng = np.random.default_rng(3)
    a = Coded(rng.integers(0, 4, 53).astype(np.uint8), ["p", "q", "r", "s"])
    b = Coded(rng.integers(0, 3, 53).astype(np.uint16), ["u", "v", "w"])
    assert a.codes.dtype == np.uint8
    assert a.counts() == Counter(list(a))
    assert a.pairs(b) == Counter(zip(list(a), list(b)))
    assert a.distinct() == len(set(a))
    assert Coded([1, 0], ["x", "y"]).codes.dtype == np.int32


@pytest.mark.parametrize("labels,dtype", [(256, np.uint8), (257, np.uint16), (70_000, np.uint32)])
def test_code_types_are_the_smallest_that_hold_the_labels(labels, dtype):
    assert design_module.code_dtype(labels) == dtype
