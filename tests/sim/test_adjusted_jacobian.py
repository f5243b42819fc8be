"""The card fit's analytic Jacobian (toolkit.sim.adjusted.item_gaps) against central
differences of the same rates, on a small random design: 2-4 players a game, items in
several blocks and a block of one item, rows taken in several chunks."""

from __future__ import annotations

import numpy as np
import pytest

import toolkit.sim.adjusted as adjusted
from toolkit.sim.adjusted import Base, item_gaps
from toolkit.sim.design import Coded, Design, Held

BLOCKS = [0, 0, 0, 1, 1, 1, 1, 2]  # item k's block; block 2 holds one item


def _jacobian(f, theta: np.ndarray) -> np.ndarray:
    """d f / d theta by central differences (f is smooth: softmax shares): the reference
    the fits' analytic Jacobians (`level_shares`, `item_gaps`) are checked against."""
    step = 1e-5
    cols = []
    for d in range(len(theta)):
        e = np.zeros(len(theta))
        e[d] = step
        cols.append((f(theta + e) - f(theta - e)) / (2 * step))
    return np.stack(cols, axis=1) if cols else np.zeros((len(f(theta)), 0))


def _design(seed: int, games: int = 300) -> tuple[Design, np.ndarray]:
    rng = np.random.default_rng(seed)
    players = rng.integers(2, 5, games).astype(np.uint8)
    rows = int(players.sum())
    starts = np.concatenate([[0], np.cumsum(players)[:-1]]).astype(int)
    won, position = np.zeros(rows, np.uint8), np.zeros(rows, np.uint8)
    for g in range(games):
        n, s = int(players[g]), int(starts[g])
        position[s:s + n] = (np.arange(n) + int(rng.integers(0, n))) % n
        won[s + int(rng.integers(0, n))] = 1
    held = rng.random((rows, len(BLOCKS))) < rng.uniform(0.15, 0.6, len(BLOCKS))
    items = Held.of_sets([{f"i{k}" for k in np.flatnonzero(held[r])} for r in range(rows)])
    agents = Coded(rng.integers(0, 3, rows), ["a", "b", "c"])
    return Design(games, players, won, position, agents, {}, {"card": items}), held


def _contrast() -> np.ndarray:
    contrast = np.eye(len(BLOCKS))
    for b in set(BLOCKS):
        members = [k for k, x in enumerate(BLOCKS) if x == b]
        if len(members) > 1:
            for k in members:
                contrast[k, members] -= 1.0 / len(members)
    return contrast


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_analytic_jacobian_matches_central_differences(monkeypatch, seed):
    monkeypatch.setattr(adjusted, "CHUNK_GAMES", 70)  # 300 games in 5 chunks
    design, held = _design(seed)
    base = Base(design)
    assert len(base.chunks) == 5
    cards = design.items["card"]
    H_of = lambda lo, hi: cards.dense(range(len(BLOCKS)), lo, hi)  # noqa: E731
    contrast, holders = _contrast(), held.sum(axis=0).astype(float)
    gamma = np.random.default_rng(seed + 10).normal(0.0, 0.8, len(BLOCKS))

    values, J = item_gaps(base, H_of, contrast, holders, gamma)
    rates = lambda g: item_gaps(base, H_of, contrast, holders, g, jacobian=False)[0]  # noqa
    numeric = _jacobian(rates, gamma)

    assert J.shape == (2 * len(BLOCKS), len(BLOCKS))
    assert np.array_equal(values, rates(gamma))
    assert np.abs(numeric).max() > 0.01  # the rates do move with the coefficients
    assert np.abs(J - numeric).max() <= 1e-6 * np.abs(numeric).max()
    # the block of one item is judged against not holding it: its gap moves with its own
    # coefficient only through its holders
    assert J[len(BLOCKS) + 7, 7] != 0


def test_one_chunk_and_several_give_the_same_jacobian(monkeypatch):
    design, held = _design(4)
    cards = design.items["card"]
    H_of = lambda lo, hi: cards.dense(range(len(BLOCKS)), lo, hi)  # noqa: E731
    contrast, holders = _contrast(), held.sum(axis=0).astype(float)
    gamma = np.linspace(-0.5, 0.5, len(BLOCKS))
    whole = item_gaps(Base(design), H_of, contrast, holders, gamma)
    monkeypatch.setattr(adjusted, "CHUNK_GAMES", 37)
    parts = item_gaps(Base(design), H_of, contrast, holders, gamma)
    assert np.allclose(whole[0], parts[0], rtol=1e-12, atol=1e-14)
    assert np.allclose(whole[1], parts[1], rtol=1e-10, atol=1e-13)


@pytest.mark.parametrize("chunk", [10_000, 60])
def test_level_shares_jacobian_matches_central_differences(monkeypatch, chunk):
    """The agent, seat and group families' rates: the analytic Jacobian of level_shares
    against central differences, on one chunk and on several."""
    from toolkit.sim.adjusted import level_shares
    from toolkit.sim.logit import factor_codes

    monkeypatch.setattr(adjusted, "CHUNK_GAMES", chunk)
    design, _ = _design(5)
    base = Base(design)
    rng = np.random.default_rng(6)
    group = factor_codes("group", rng.integers(0, 5, base.rows), list("abcde"))
    fit, X, slices = base.fit([base.agent, base.seat, group])
    for target, cols in ((base.agent, slices[0]), (base.seat, slices[1]), (group, slices[2])):
        theta = rng.normal(0.0, 0.6, cols.stop - cols.start)
        got = level_shares(base, target, X, cols, theta)
        numeric = _jacobian(lambda t: level_shares(base, target, X, cols, t, False)["rates"],
                            theta)
        assert np.abs(numeric).max() > 0.01
        assert np.abs(got["J"] - numeric).max() <= 1e-6 * np.abs(numeric).max()
        assert got["count"].sum() == base.rows
        levels = target.rows
        for j in range(len(target.levels)):  # per level: its games and wins, as counted
            mine = levels == j
            assert got["games"][j] == len(np.unique(np.repeat(
                np.arange(design.games), design.players)[mine]))
            assert got["wins"][j] == pytest.approx(base.y[mine].sum(), rel=1e-12)


@pytest.mark.parametrize("sizes", [[2, 4, 3, 3, 2, 4, 4], [3] * 6, [5]])
@pytest.mark.parametrize("width", [3, 40])
def test_game_sums_are_reduceat_by_game(sizes, width):
    from toolkit.sim.logit import game_sums

    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int32)
    A = np.random.default_rng(width).normal(size=(sum(sizes), width))
    assert np.allclose(game_sums(A, starts), np.add.reduceat(A, starts), rtol=1e-15, atol=1e-15)
    assert game_sums(A[:0], starts[:0]).shape == (0, width)
