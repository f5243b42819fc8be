"""Packed tallies (toolkit.sim.tally.Packed, issue #30): what a worker sends the parent is
plain data (dicts of counts and ints, no Counter, Sum or Rates object), merges to the same
tally whatever the batches and their order, and reads back as the nested tally; exact sums
stay exact however many distinct values they take; the Caravans sections tallied with
plain counts agree with the records."""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter
from fractions import Fraction
from statistics import fmean

import pytest

from tests.sim.conftest import mixed_records
from toolkit.sim.tally import First, Packed, Rates, Sum, merge


def _batch(rng: random.Random, index: int) -> dict:
    """A tally of every kind a reporter keeps, with random contents."""
    total, rates = Sum(), Rates()
    for _ in range(rng.randrange(4)):
        total.add(rng.choice([1.0, 2.0, 0.5, 1 / 3, rng.random()]))
    for _ in range(rng.randrange(4)):
        players = rng.choice([2, 3, 4])
        if rng.random() < 0.5:
            rates.add_one(players, rng.choice([0.0, 1.0, 0.5]))
        else:
            rates.add_game([(players, 0.0), (players, 1.0 / players)])
    return {"games": rng.randrange(5), "kinds": Counter(rng.choices("abc", k=3)),
            "counts": {k: rng.randrange(3) for k in rng.sample("xyz", 2)},
            "by": {str(rng.randrange(3)): {"sum": total, "rates": rates}},
            "seen": set(rng.sample(range(9), 2)), "empty": {},
            "first": First(index, [index]), "rows": [index]}


def _plain(value) -> bool:
    if isinstance(value, dict):
        return type(value) is dict and all(_plain(k) and _plain(v) for k, v in value.items())
    if isinstance(value, tuple):
        return all(_plain(v) for v in value)
    return type(value) in (int, float, str, Fraction)


def test_packed_batches_merge_to_the_nested_merge_in_any_order():
    rng = random.Random(5)
    batches = [_batch(rng, i) for i in range(12)]
    nested = _batch(random.Random(99), 99)
    for batch in pickle.loads(pickle.dumps(batches)):
        merge(nested, batch)
    for trial in range(3):
        order = list(range(12))
        random.Random(trial).shuffle(order)
        packed = Packed.of(_batch(random.Random(99), 99))
        for i in order:
            sent = pickle.loads(pickle.dumps(Packed.of(pickle.loads(pickle.dumps(batches[i])))))
            assert _plain(sent.counts), "a packed tally holds only plain data"
            packed.merge(sent)
        got = packed.nested()
        assert type(got["kinds"]) is Counter and type(got["by"]["0"]["rates"]) is Rates
        assert got["first"].index == 0 and sorted(got["rows"]) == sorted(nested["rows"])
        got["rows"] = sorted(got["rows"])
        nested["rows"] = sorted(nested["rows"])
        assert _canonical(got) == _canonical(nested)


def _canonical(node):
    """A tally as sorted plain values (to compare tallies whatever their insertion order)."""
    if isinstance(node, Sum):
        return ("Sum", node.n, node.value)
    if isinstance(node, Rates):
        return ("Rates", sorted(node.results.items()), sorted(node.cells.items()))
    if isinstance(node, First):
        return ("First", node.index, node.value)
    if isinstance(node, Counter):
        return ("Counter", sorted(node.items()))
    if isinstance(node, dict):
        return ("dict", sorted((str(k), _canonical(v)) for k, v in node.items()))
    if isinstance(node, set):
        return ("set", sorted(node))
    return node


def test_a_nested_tally_merges_with_a_packed_one():
    rng = random.Random(2)
    one, two = _batch(rng, 3), _batch(rng, 1)
    want = _canonical(merge(pickle.loads(pickle.dumps(one)), pickle.loads(pickle.dumps(two))))
    for into, other in ((one, Packed.of(two)), (Packed.of(one), two)):
        got = merge(pickle.loads(pickle.dumps(into)), pickle.loads(pickle.dumps(other)))
        assert isinstance(got, Packed) and _canonical(got.nested()) == want


@pytest.mark.parametrize("distinct", [3, Sum.FOLD + 40])
def test_sums_stay_exact_whatever_the_values_and_the_order(distinct):
    """Few distinct values are kept as counts, many are folded into a Fraction: the total
    is math.fsum's either way, for any split of the values and any order of the merge."""
    rng = random.Random(distinct)
    pool = [rng.uniform(-1e6, 1e6) for _ in range(distinct)] + [3.0, 1e300, -1e300]
    values = [rng.choice(pool) for _ in range(400)]
    want = math.fsum(values)
    for trial in range(4):
        rng.shuffle(values)
        parts = [Sum() for _ in range(5)]
        for v in values:
            rng.choice(parts).add(v)
        rng.shuffle(parts)
        packed = Packed.of({"s": Sum()})
        for part in parts:
            packed.merge(pickle.loads(pickle.dumps(Packed.of({"s": part}))))
        # the parent's merged entry stays small however many batches bring values
        assert len(packed.counts[("s",), "S"]) <= Sum.FOLD + 3
        total = packed["s"]
        assert total.value == want and total.n == len(values)
        assert len(total.values) <= Sum.FOLD
        assert Sum.of(parts).value == want


def test_a_batch_of_caravans_games_travels_as_plain_data(engine_ready):
    from toolkit.games.caravans.report import _events, _gold
    from toolkit.sim.reporters import RunReporters

    game, catalog, records = mixed_records(engine_ready, 11, 40)
    reporters = RunReporters(game, catalog)
    sealed = reporters.seal(reporters.add_all(reporters.empty(), enumerate(records)))
    for name, part in sealed.items():
        if name != "fits":
            assert isinstance(part, Packed) and _plain(part.counts), name
    tally = sealed["game"]
    gold = _gold(tally)
    for agent in sorted({a for r in records for a in r["agents"]}):
        curves = [r["gold_by_round"][s] for r in records for s in range(r["players"])
                  if r["agents"][s] == agent]
        want = [{"round": i + 1, "mean": fmean(c[i] for c in curves if len(c) > i),
                 "players": sum(len(c) > i for c in curves)}
                for i in range(max(map(len, curves)))]
        assert gold["by_agent"][agent] == want
    events = _events(tally)
    for event, entry in events.items():
        rounds = [r["rounds"] for r in records if event in r["events_drawn"]]
        assert entry["games"] == len(rounds) and entry["mean_rounds"] == fmean(rounds)


def test_win_rates_counted_flat_agree_with_rates_per_game(engine_ready):
    """The win rates counted as flat (level, players, score) keys, a level holding one
    player of a game without a cell of its own, are `rate_entry` of each level's
    player-games clustered by game (styles repeat in 4-player mixed games)."""
    from toolkit.sim.reporters import WinRate, score
    from toolkit.sim.stats import rate_entry

    game, catalog, records = mixed_records(engine_ready, 5, 120)
    reporter = WinRate(game.seat_groups)
    tally = reporter.empty()
    for index, record in enumerate(records):
        reporter.add(tally, index, record)
    got = reporter.finish(Packed.of(tally))
    assert tally["cells"], "some game holds two players of one style"
    for section, level in (("by_agent", lambda r, s: r["agents"][s]),
                           ("by_hero", lambda r, s: game.seat_groups(r)["hero"][s])):
        want: dict = {}
        for g, record in enumerate(records):
            for seat in range(record["players"]):
                results, games = want.setdefault(str(level(record, seat)), ([], []))
                results.append((record["players"], score(record, seat)))
                games.append(g)
        assert got[section] == {k: rate_entry(*want[k]) for k in sorted(want)}, section
