"""A small logistic regression for the balance report: Newton's method (IRLS) with numpy,
Wald standard errors, and deviation ("effect") coding of factors, so that each level's
coefficient reads as its log-odds above or below the average level of its block."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable, Sequence

import numpy as np

Z95 = 1.959963984540054
# A weak ridge on every coefficient but the intercept (a normal prior with sd ≈ 3 on the
# log-odds): it keeps a level that never (or always) wins finite, and moves an estimate
# backed by 100 games by well under 1 %.
RIDGE = 0.1


@dataclass
class Fit:
    beta: np.ndarray      # coefficients, intercept first
    cov: np.ndarray       # their covariance (inverse of the penalised information)
    iterations: int
    converged: bool


def fit_logit(X, y, offset=None, ridge: float = RIDGE, max_iter: int = 60,
              tol: float = 1e-8) -> Fit:
    """Maximum (ridge-penalised) likelihood of P(y=1) = σ(offset + X·β) by Newton steps.
    `y` may hold fractional results (a shared win): the quasi-likelihood is the same.
    Column 0 of `X` is the intercept and is not penalised."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    n, k = X.shape
    off = np.zeros(n) if offset is None else np.asarray(offset, dtype=float)
    penalty = np.full(k, float(ridge))
    penalty[0] = 0.0
    beta = np.zeros(k)
    converged, it = False, 0
    for it in range(1, max_iter + 1):
        p = _sigmoid(off + X @ beta)
        w = p * (1 - p)
        hessian = (X.T * w) @ X + np.diag(penalty)
        grad = X.T @ (y - p) - penalty * beta
        step = _solve(hessian, grad)
        beta = beta + step
        if float(np.max(np.abs(step), initial=0.0)) < tol:
            converged = True
            break
    p = _sigmoid(off + X @ beta)
    hessian = (X.T * (p * (1 - p))) @ X + np.diag(penalty)
    return Fit(beta, np.linalg.pinv(hessian), it, converged)


def _sigmoid(eta):
    return 1.0 / (1.0 + np.exp(-np.clip(eta, -35.0, 35.0)))


def _solve(a, b):
    try:
        return np.linalg.solve(a, b)
    except np.linalg.LinAlgError:
        return np.linalg.pinv(a) @ b


def sigmoid(eta):
    return _sigmoid(np.asarray(eta, dtype=float))


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def wald_p(estimate: float, se: float) -> float:
    """Two-sided p of a Wald test that the coefficient is zero."""
    if se <= 0:
        return 1.0
    return math.erfc(abs(estimate / se) / math.sqrt(2))


@dataclass
class Factor:
    """A factor in deviation coding: levels in blocks (each block sums to zero, e.g. the
    seats of each player count); `contrast` maps the factor's columns to every level, and
    row i's design columns are `contrast[rows[i]]` (`columns`: all of them at once)."""

    name: str
    levels: list
    contrast: np.ndarray   # levels × columns: level effect = contrast @ coefficients
    rows: np.ndarray       # each row's level index
    block_of: list         # each level's block index

    @property
    def columns(self) -> np.ndarray:
        """n × (levels − blocks), the design columns."""
        return self.contrast[self.rows]


def factor(name: str, values: Sequence[Hashable], block=lambda v: 0) -> Factor:
    """Deviation coding of `values` (one per row); `block(value)` groups levels that share
    a zero sum (default: one block). In a block of one level the level's effect is 0."""
    levels = sorted(set(values), key=lambda v: (str(block(v)), str(v)))
    index = {v: i for i, v in enumerate(levels)}
    rows = np.array([index[v] for v in values], dtype=np.int64)
    return _coded(name, levels, rows, block)


def factor_codes(name: str, codes: np.ndarray, labels: Sequence[Hashable],
                 block=lambda v: 0) -> Factor:
    """`factor` of the rows whose values are labels[codes] (the labels used, sorted as
    `factor` sorts them), without a value per row."""
    codes = np.asarray(codes)
    used = np.unique(codes)
    levels = sorted((labels[i] for i in used), key=lambda v: (str(block(v)), str(v)))
    index = {v: i for i, v in enumerate(levels)}
    remap = np.zeros(max(len(labels), 1),  # a byte a row for up to 256 levels
                     dtype=np.uint8 if len(levels) <= 256 else np.int32)
    for i in used:
        remap[i] = index[labels[i]]
    return _coded(name, levels, remap[codes], block)


def _coded(name, levels, rows, block) -> Factor:
    index = {v: i for i, v in enumerate(levels)}
    blocks: dict = {}
    for v in levels:
        blocks.setdefault(block(v), []).append(index[v])
    free = [i for members in blocks.values() for i in members[:-1]]
    col = {lvl: c for c, lvl in enumerate(free)}
    contrast = np.zeros((len(levels), len(free)))
    for members in blocks.values():
        for i in members[:-1]:
            contrast[i, col[i]] = 1.0
        if len(members) > 1:
            contrast[members[-1], [col[i] for i in members[:-1]]] = -1.0
    block_of = [0] * len(levels)
    for b, members in enumerate(blocks.values()):
        for i in members:
            block_of[i] = b
    return Factor(name, levels, contrast, rows, block_of)


def fit_clogit_parts(parts, k: int, ridge: float = RIDGE, max_iter: int = 60,
                     tol: float = 1e-8) -> Fit:
    """`fit_clogit` over rows given in parts: `parts()` yields (X, y, starts) of whole
    games (a long run's design is never one matrix); the information and the gradient are
    the parts' sums."""
    penalty = np.full(k, float(ridge))
    beta = np.zeros(k)
    converged, it = False, 0
    for it in range(1, max_iter + 1):
        hessian, grad = _summed_parts(parts, beta, penalty)
        step = _solve(hessian, grad)
        beta = beta + step
        if float(np.max(np.abs(step), initial=0.0)) < tol:
            converged = True
            break
    hessian, _ = _summed_parts(parts, beta, penalty)
    return Fit(beta, np.linalg.pinv(hessian), it, converged)


def _summed_parts(parts, beta, penalty):
    hessian = grad = None
    for X, y, starts in parts():
        h, g = _clogit_parts(X, y, starts, beta, penalty if hessian is None else 0 * penalty)
        if hessian is None:
            hessian, grad = h, g
        else:
            hessian += h
            grad += g
    if hessian is None:
        return np.diag(penalty), -penalty * beta
    return hessian, grad


def fit_clogit(X, y, starts, ridge: float = RIDGE, max_iter: int = 60,
               tol: float = 1e-8) -> Fit:
    """Conditional logit (McFadden's choice model) over the players of each game: row i of
    game g wins with P = exp(x_i·β) / Σ_{j in g} exp(x_j·β). Rows are grouped by game,
    game g holding rows starts[g]..starts[g+1]-1; `y` holds each row's share of its game's
    win (a win shared by k counts 1/k, the rows of a game add to 1). The game is the unit:
    in a 2-player game one player's win is the other's loss, and the information is that of
    one binomial trial a game. No intercept (a constant cancels within a game); every
    coefficient carries the weak ridge."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    starts = np.asarray(starts, dtype=int)
    return fit_clogit_parts(lambda: [(X, y, starts)], X.shape[1], ridge, max_iter, tol)


def game_shares(eta, starts):
    """Each row's softmax share of its game (rows grouped by game as in `fit_clogit`)."""
    eta = np.asarray(eta, dtype=float)
    sizes = np.diff(np.append(starts, len(eta)))
    top = np.repeat(np.maximum.reduceat(eta, starts), sizes)
    w = np.exp(eta - top)
    return w / np.repeat(np.add.reduceat(w, starts), sizes)


def game_sums(A, starts):
    """np.add.reduceat(A, starts, axis=0) of a rows × columns array whose rows are grouped
    by game: for 24 columns or more, the games of each player count summed as one (games ×
    players × columns) block (×3 faster than reduceat's loop over the games at 66)."""
    A = np.asarray(A)
    starts = np.asarray(starts)
    if not len(starts):
        return np.zeros((0,) + A.shape[1:], dtype=A.dtype)
    if A.ndim < 2 or A.shape[1] < 24:  # narrow: reduceat is as fast
        return np.add.reduceat(A, starts, axis=0)
    sizes = np.diff(np.append(starts, len(A)))
    if sizes.min() == sizes.max():  # one player count: a view, no gather
        return A.reshape((len(sizes), int(sizes[0])) + A.shape[1:]).sum(axis=1)
    out = np.empty((len(sizes),) + A.shape[1:], dtype=A.dtype)
    for players in np.unique(sizes).tolist():
        games = np.flatnonzero(sizes == players)
        out[games] = A[starts[games][:, None] + np.arange(players)].sum(axis=1)
    return out


def _clogit_parts(X, y, starts, beta, penalty):
    p = game_shares(X @ beta, starts)
    Xs = X * np.sqrt(p)[:, None]                 # X' diag(p) X as Xs' Xs: BLAS syrk
    m = game_sums(Xs * np.sqrt(p)[:, None], starts)  # Σ_g p_i x_i per game
    hessian = Xs.T @ Xs - m.T @ m + np.diag(penalty)
    del Xs
    grad = X.T @ (y - p) - penalty * beta
    return hessian, grad
