"""Rates adjusted for style and seat (toolkit.sim.adjusted, logit), the style × style matrix,
endings that add to 100 % and the 'rules no agent used' section, on synthetic data."""

from __future__ import annotations

import math
import random
import types

import numpy as np
import pytest

from toolkit.game import Game
from toolkit.sim import stats
from toolkit.sim.adjusted import adjusted
from toolkit.sim.logit import Z95, factor, fit_logit
from toolkit.sim.matchups import matchups
from toolkit.sim.stats_math import largest_remainder
from toolkit.sim.unused import Unused
from toolkit.sim.verdicts import findings, verdicts

STRENGTH = {"raider": 1.2, "trader": 0.0, "adventurer": -0.6}


def test_fit_recovers_known_coefficients_within_their_intervals():
    rng = random.Random(5)
    truth = np.array([-0.4, 0.9, -1.1, 0.5])
    rows, ys = [], []
    for _ in range(6000):
        x = [1.0, rng.gauss(0, 1), float(rng.random() < 0.4), rng.choice((-1.0, 0.0, 1.0))]
        p = 1 / (1 + math.exp(-float(np.dot(truth, x))))
        rows.append(x)
        ys.append(1.0 if rng.random() < p else 0.0)
    fit = fit_logit(np.array(rows), np.array(ys), ridge=0.0)
    se = np.sqrt(np.diag(fit.cov))
    assert fit.converged
    assert np.all(np.abs(fit.beta - truth) <= Z95 * se)
    assert np.all(se < 0.1)


def test_deviation_coding_sums_to_zero_within_each_block():
    f = factor("seat", ["2:0", "2:1", "4:0", "4:1", "4:2", "4:3", "2:0"],
               block=lambda v: v.split(":")[0])
    assert f.columns.shape == (7, 4)  # 6 levels in 2 blocks
    for block in (0, 1):
        members = [i for i, b in enumerate(f.block_of) if b == block]
        assert np.allclose(f.contrast[members].sum(axis=0), 0)


def _records(n: int, group_of, seed: int = 3, players: int = 4, seat_edge: float = 0.0):
    """Games whose winner is drawn by each seat's style strength (and a first-seat edge);
    `group_of(agent, rng)` gives each seat's group, which has no effect of its own."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        agents = [rng.choice(sorted(STRENGTH)) for _ in range(players)]
        weights = [math.exp(STRENGTH[a] + (seat_edge if s == 0 else 0.0))
                   for s, a in enumerate(agents)]
        winner = rng.choices(range(players), weights=weights)[0]
        out.append({"seed": i, "players": players, "agents": agents, "winner": [winner],
                    "first_player": 0, "length": 50, "group": [group_of(a, rng) for a in agents],
                    "end_reason": rng.choice(["glory", "glory", "deck"])})
    return out


class Grouped(Game):
    name = "grouped"

    def seat_groups(self, record):
        return {"band": list(record["group"])}


def _band(agent, rng):
    """The 'war band' is played only by raiders (half of them); others play caravans."""
    return "war_band" if agent == "raider" and rng.random() < 0.5 else \
        rng.choice(["caravan_a", "caravan_b"])


@pytest.fixture(scope="module")
def confounded():
    records = _records(1500, _band)
    return stats.build_report(records, seed=1, agents="mixed", game=Grouped())


def test_a_group_of_a_strong_style_has_a_raw_effect_and_no_adjusted_one(confounded):
    raw = confounded["win_rate"]["by_band"]["war_band"]
    assert raw["rate"] > 0.38 and any(f["id"] == "war_band" for f in confounded["flags"])
    band = confounded["adjusted"]["band"]["war_band"]
    lo, hi = band["effect_ci95"]
    assert lo < 0 < hi and band["p_holm"] > 0.05
    assert abs(band["effect_pp"]) < 0.04 and "confounded_with" not in band
    raider = confounded["adjusted"]["agent"]["raider"]
    assert raider["effect_pp"] > 0.1 and raider["p_holm"] < 1e-6


def test_verdicts_rank_by_effect_size_with_styles_among_them(confounded):
    found = findings(confounded)
    assert [(f, k) for f, k, _ in found][:2] == [("agent", "raider"), ("agent", "adventurer")]
    sizes = [abs(e["effect_pp"]) for _, _, e in found]
    assert sizes == sorted(sizes, reverse=True)
    lines = verdicts(confounded)
    assert lines[0].startswith("Style raider wins ")
    assert not any(line.startswith("Band war_band wins") for line in lines)
    assert any(line.startswith("No band is significantly off") for line in lines)


def test_seat_effect_is_a_verdict():
    report = stats.build_report(_records(1500, _band, seed=8, seat_edge=1.0), seed=1,
                                agents="mixed", game=Grouped())
    seat = report["adjusted"]["seat"]["0"]
    assert seat["effect_pp"] > 0.1 and seat["p_holm"] < 1e-6
    assert any(line.startswith("Seat 1 wins ") for line in verdicts(report))


def test_a_group_aliased_with_a_style_is_marked_not_judged():
    records = _records(800, lambda a, rng: "war_band" if a == "raider" else "caravan")
    report = stats.build_report(records, seed=1, agents="mixed", game=Grouped())
    assert report["adjusted"]["band"]["war_band"]["confounded_with"] == "raider"
    assert all(f != "band" for f, _, _ in findings(report))
    # each style holds one band: the band is a function of the style, one factor with it
    assert any(line.startswith("Band and style are one factor in these games")
               for line in verdicts(report))


def test_matrix_pairs_add_to_one():
    m = matchups(_records(400, _band, seed=4))
    assert m["agents"] == sorted(STRENGTH)
    for a in m["agents"]:
        assert a not in m["matrix"][a]
        for b, cell in m["matrix"][a].items():
            assert cell["share"] + m["matrix"][b][a]["share"] == pytest.approx(1.0)
            assert cell["decided"] == m["matrix"][b][a]["decided"] <= cell["games"]
    assert m["matrix"]["raider"]["adventurer"]["share"] > 0.7


def test_endings_add_to_one_hundred():
    assert largest_remainder({"a": 1, "b": 1, "c": 1}) == {"a": 33.4, "b": 33.3, "c": 33.3}
    assert sum(largest_remainder({"x": 2, "y": 5, "z": 7, "w": 9}, 0).values()) == 100
    for n in (3, 7, 401):
        report = stats.build_report(_records(n, _band, seed=n), seed=1, agents="mixed")
        assert sum(report["end_reason"]["percent"].values()) == pytest.approx(100.0)


def test_unused_lists_an_op_that_never_fired():
    card = lambda *ops: types.SimpleNamespace(  # noqa: E731
        effects=[types.SimpleNamespace(op=o, params={}) for o in ops])
    catalog = types.SimpleNamespace(by_kind={"trick": {"gc_reroll": card("reroll_check"),
                                                       "gc_market": card("buy_draw")},
                                             "hero": {"h_a": card("buy_draw", "extra_die")}})
    records = [{"players": 2, "winner": [0], "agents": ["a", "b"],
                "effects_fired": {"reroll_check": 2, "extra_die": 1},
                "action_kinds": {"move": 9, "sell": 1}}] * 3

    def unused(records, catalog):
        reporter = Unused(catalog)
        tally = reporter.empty()
        for index, record in enumerate(records):
            reporter.add(tally, index, record)
        return reporter.finish(tally)

    section = unused(records, catalog)
    assert section["items"] == [{"kind": "op", "id": "buy_draw", "cards": ["gc_market", "h_a"],
                                 "note": "never fired in 3 games"}]
    assert section["actions_taken"] == {"move": 27, "sell": 3}
    assert unused([{k: v for k, v in records[0].items() if k != "effects_fired"}],
                  catalog)["items"] == []  # a game that does not count effects lists none
