"""Synthetic paired game records for testing the sequential test without the engine: heroes
of known strength, winners drawn by inverse-CDF from uniforms shared by both versions (so the
versions stay coupled as in the real paired design), with a tunable share of fresh draws."""

from __future__ import annotations

import random
from types import SimpleNamespace

from toolkit.compare.metrics import build_metrics, unit_sums
from toolkit.games.caravans import GAME
from toolkit.games.caravans.report import GLORY_SOURCES

HEROES = [f"h{i}" for i in range(8)]
PLAYERS = 4


def fake_catalog(heroes=HEROES, parties=("small_caravan", "small_war_band")):
    """The little of a Catalog that build_metrics reads."""
    names = {i: {"en": i.upper(), "zh": i} for i in [*heroes, *parties]}
    return SimpleNamespace(heroes={h: None for h in heroes}, parties={p: None for p in parties},
                           root=None,
                           names=names, game=SimpleNamespace(starting=SimpleNamespace(
                               parties=list(parties))))


def _game(rng_shared, rng_own, coupling, heroes, strength, parties):
    def u():
        shared = rng_shared.random()
        own = rng_own.random()
        return shared if own < coupling else rng_own.random()
    weights = [strength.get(h, 1.0) for h in heroes]
    pick, acc, winner = u() * sum(weights), 0.0, len(heroes) - 1
    for seat, w in enumerate(weights):
        acc += w
        if pick < acc:
            winner = seat
            break
    rounds = 8 + int(u() * 8)
    glory = [{"raid": int(u() * 3), "sell": int(u() * 4)} for _ in heroes]
    return {"winner": [winner], "rounds": rounds, "heroes": list(heroes), "players": len(heroes),
            "parties": list(parties), "glory_by_source": glory}


def paired_units(count, seed, buff=None, coupling=0.8, rotations=PLAYERS):
    """`count` units of (baseline sums, candidate sums); `buff` = {hero: strength factor}."""
    out = []
    for u in range(count):
        deal = random.Random(f"deal:{seed}:{u}")
        heroes = deal.sample(HEROES, PLAYERS)
        parties = [deal.choice(["small_caravan", "small_war_band"]) for _ in heroes]
        sides = []
        for version, strength in (("a", {}), ("b", buff or {})):
            recs = []
            for r in range(rotations):
                shared = random.Random(f"game:{seed}:{u}:{r}")
                own = random.Random(f"own:{seed}:{u}:{r}:{version}")
                recs.append(_game(shared, own, coupling, heroes, strength, parties))
            sides.append(unit_sums(recs, PLAYERS, GAME))
        out.append(tuple(sides))
    return out


def metrics(players=PLAYERS):
    cat = fake_catalog()
    return build_metrics(cat, cat, players, GAME, [f"glory:{g}" for g in GLORY_SOURCES])


def run_test(seed, wanted=(), buff=None, coupling=0.8, max_units=600, batch=50,
             tolerances=None, alpha=0.05, beta=0.05, identical=False):
    """A SequentialTest fed synthetic units in batches (batch=None: the looks of `toolkit
    compare`, run.look_after) until it stops or the units run out."""
    from toolkit.compare.metrics import DEFAULT_TOLERANCES, select
    from toolkit.compare.looks import look_after
    from toolkit.compare.sequential import SequentialTest

    test = SequentialTest(select(metrics(), tuple(wanted)), tolerances or DEFAULT_TOLERANCES,
                          alpha, beta, identical=identical)
    units = paired_units(max_units, seed, buff, coupling)
    start = 0
    while start < max_units:
        size = batch or look_after(start)
        test.add(units[start:start + size], PLAYERS * len(units[start:start + size]))
        start += size
        if test.done:
            break
    return test
