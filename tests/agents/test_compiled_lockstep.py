"""The heuristic players' fast paths return exactly what their references return, on every
call of real games (whatever the content: both sides run on the same catalog).

- the compiled pull kernel (goalpull_c.pyx) against its Python reference (goalpull.py),
  and both against the readable pull over the goals as (region, where, value) tuples;
- goals kept across decisions (plan.kept, keyed by fingerprint.goal_key) against goals
  derived afresh for the same observation;
- the per-content tables (tables.hero_stat / dice_for / open_taverns) against the engine.

A quick set of games runs in the default suite; more seeds and line-ups under `-m slow`.
The golden action hashes (test_speed_equivalence.py) pin the choices themselves, with the
compiled kernel and, in a subprocess, with TOOLKIT_PURE_PYTHON=1.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from toolkit.games.caravans import GAME
from toolkit.games.caravans.agents import goalpull, plan, tables, value, view
from toolkit.games.caravans.engine import checks, turn
from toolkit.loop import play

MIXED = ["trader", "raider", "adventurer", "balanced"]
QUICK = [(21, MIXED), (22, ["balanced"] * 4), (23, ["raider", "trader"])]
SLOW = [(seed, MIXED) for seed in range(30, 40)] + \
    [(seed, ["balanced"] * 4) for seed in range(40, 46)] + \
    [(seed, ["adventurer", "trader", "raider"]) for seed in range(46, 50)] + \
    [(seed, ["trader", "balanced"]) for seed in range(50, 54)]


def same(a: float, b: float) -> bool:
    """Bit-identical floats (0.0 and -0.0 differ; NaN never appears in a score)."""
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def readable_pull(v, region: str, inside: bool) -> float:
    """plan.pull as written before the kernel: over the ranked goals' tuples."""
    fade = plan._fades(v.w["travel_decay"])
    best = 0.0
    for goal, where, val in v.ranked_goals:
        if val <= best:
            break
        if region == goal:
            n = 0 if where == "any" or (where == "tavern") == inside else 1
        else:
            n = v.rules.dist.get((region, goal), tables.FAR) + inside + (where == "tavern")
        val *= fade[n] if n < len(fade) else 0.0
        if val > best:
            best = val
    if not inside:
        best -= v.w["danger"] * v.patience * v.threat(region)
    return best


class Counts(dict):
    def add(self, name: str) -> None:
        self[name] = self.get(name, 0) + 1


def lockstep(monkeypatch, catalog, games, compiled) -> Counts:
    """Plays `games` with every fast path checked against its reference at each call."""
    counts = Counts()

    class Both:
        def __init__(self, *args):
            self.fast = (compiled or goalpull).Goals(*args)
            self.ref = goalpull.Goals(*args)

        def best(self, *args):
            fast, ref = self.fast.best(*args), self.ref.best(*args)
            assert same(fast, ref), f"kernel {fast!r} != reference {ref!r} for {args[2:]}"
            counts.add("kernel")
            return fast

    fast_pull, fast_kept = plan.pull, plan.kept

    def pull(v, region, inside):
        got, ref = fast_pull(v, region, inside), readable_pull(v, region, inside)
        assert same(got, ref), f"pull {got!r} != readable {ref!r} at {region}, {inside}"
        counts.add("pull")
        return got

    def kept(v):
        got = fast_kept(v)
        if v.cache is not None and "checked" not in v.memo:
            v.memo["checked"] = True
            fresh = plan.derive(view.View(v.obs, v.seat, v.w, v.patience))
            assert got.found == fresh, f"kept goals differ from fresh ones for seat {v.seat}"
            assert all(same(a[2], b[2]) for a, b in zip(got.found, fresh))
            counts.add("goals")
        return got

    def checked(name, fast, engine):
        def call(obs, seat, *args):
            got, ref = fast(obs, seat, *args), engine(obs, seat, *args)
            assert got == ref, f"{name}{args} of seat {seat}: table {got} != engine {ref}"
            counts.add(name)
            return got
        return call

    monkeypatch.setattr(plan, "goalpull", SimpleNamespace(Goals=Both))
    monkeypatch.setattr(plan, "pull", pull)
    monkeypatch.setattr(plan, "kept", kept)
    monkeypatch.setattr(view, "hero_stat", checked("hero_stat", tables.hero_stat,
                                                   checks.hero_stat))
    monkeypatch.setattr(view, "dice_for", checked("dice_for", tables.dice_for,
                                                  checks.dice_for))
    monkeypatch.setattr(value, "dice_for", checked("dice_for", tables.dice_for,
                                                   checks.dice_for))
    monkeypatch.setattr(view, "open_taverns", checked("open_taverns", tables.open_taverns,
                                                      turn.open_taverns))
    for seed, lineup in games:
        played = play(GAME, catalog, seed, lineup)
        assert GAME.is_terminal(played.state), f"seed {seed} did not finish"
    return counts


def compiled_kernel():
    return pytest.importorskip("toolkit.games.caravans.agents.goalpull_c",
                               reason="goalpull_c not built (pip install -e .)")


def test_kernel_reference_and_kept_goals_agree(monkeypatch, catalog):
    counts = lockstep(monkeypatch, catalog, QUICK, compiled_kernel())
    assert counts["kernel"] > 500 and counts["pull"] > 500
    assert counts["goals"] > 100
    assert counts["hero_stat"] > 100 and counts["dice_for"] > 100
    assert counts["open_taverns"] > 100


def test_python_reference_alone_agrees(monkeypatch, catalog):
    """Without the compiled module (as under TOOLKIT_PURE_PYTHON=1) the same checks hold."""
    counts = lockstep(monkeypatch, catalog, QUICK[:1], None)
    assert counts["kernel"] > 100


def test_kernel_edge_cases():
    """Ties, the skipped tavern, a goal past the fade table, no goals: both sides agree."""
    compiled = compiled_kernel()
    fades = [0.8 ** n for n in range(40)]
    dist = (0, 1, 99, 1, 0, 2, 99, 2, 0)
    cases = [([], [], []), ([0, 1, 2], [1, 2, 0], [5.0, 5.0, 1.0]),
             ([2, 1], [1, 1], [7.5, 0.25]), ([1, 1, 0], [1, 2, 1], [3.0, 2.0, 2.0])]
    for regions, wheres, values in cases:
        fast, ref = compiled.Goals(regions, wheres, values, fades), \
            goalpull.Goals(regions, wheres, values, fades)
        for region in range(3):
            for inside in (False, True):
                for skip in (-1, 0, 1, 2):
                    a = fast.best(dist, 3, region, inside, skip)
                    assert same(a, ref.best(dist, 3, region, inside, skip))


def test_tables_ask_the_engine_when_observed_or_impure(monkeypatch, catalog):
    """Kept answers skip the engine; with effect observers (toolkit check counting the
    operations) or content whose operations read more, every call asks the engine."""
    from toolkit.games.caravans.engine import effects
    state = GAME.new_game(catalog, 5, MIXED)
    while state.phase == "setup":
        state = GAME.apply_action(state, GAME.legal_actions(state)[0])
    asked = []

    def engine(obs, seat, stat):
        asked.append(stat)
        return checks.hero_stat(obs, seat, stat)
    monkeypatch.setattr(tables, "engine_hero_stat", engine)
    monkeypatch.setattr(tables.stats_of(state.rules), "kept", {})
    first = tables.hero_stat(state, 0, "combat")
    assert tables.hero_stat(state, 0, "combat") == first and len(asked) == 1
    monkeypatch.setattr(effects, "OBSERVERS", [lambda op, ctx: None])
    assert tables.hero_stat(state, 0, "combat") == first and len(asked) == 2
    monkeypatch.setattr(effects, "OBSERVERS", [])
    monkeypatch.setattr(tables.stats_of(state.rules), "pure", False)
    assert tables.hero_stat(state, 0, "combat") == first and len(asked) == 3


@pytest.mark.slow
def test_lockstep_many_games(monkeypatch, catalog):
    counts = lockstep(monkeypatch, catalog, SLOW, compiled_kernel())
    assert counts["kernel"] > 5000 and counts["goals"] > 1000
