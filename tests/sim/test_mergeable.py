"""Mergeable reporters (issue #30): the report of a run built from its records in one go is
the report built from the tallies of its batches, whatever the batch boundaries and the
order the tallies are merged in, for the bundled game, the tutorial's project and the
example games; and a simulate run gives the same files on 1 and 2 workers."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.games import game_for
from toolkit.sim.batch import catalog_for, run_games
from toolkit.sim.plan import parse_agents, plan_games
from toolkit.sim.reporters import RunReporters
from toolkit.sim.simulate import simulate
from toolkit.sim.stats import build_report, finish_report

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _tutorial(tmp_path_factory) -> Path:
    from toolkit.new.scaffold import create
    from toolkit.trust import trust

    project = create(tmp_path_factory.mktemp("tutorial") / "five_tricks", "blank")
    trust(project)
    return project


def _played(root: Path, games: int, players: list[int]):
    catalog = catalog_for(root)
    game = game_for(catalog, trust=True, command="simulate")
    spec = parse_agents("mixed", max(players), game, catalog)
    plan = plan_games(7, games, players, spec)
    records = run_games(root, [g.seed for g in plan], [g.agents for g in plan], workers=1,
                        progress=False, trust=True)
    return game, catalog, records


def _merged_report(game, catalog, records, rng) -> dict:
    """Tallies of random batches (through pickle, as from a worker), merged in a random
    order, then finished."""
    reporters = RunReporters(game, catalog)
    cuts = sorted(rng.sample(range(1, len(records)), min(6, len(records) - 1)))
    bounds = list(zip([0, *cuts], [*cuts, len(records)]))
    rng.shuffle(bounds)
    tally = reporters.empty()
    for lo, hi in bounds:
        part = reporters.seal(reporters.add_all(reporters.empty(),
                                                ((i, records[i]) for i in range(lo, hi))))
        reporters.merge(tally, pickle.loads(pickle.dumps(part)))
    return finish_report(reporters, tally, seed=7, agents="mixed", requested=len(records),
                         game=game, catalog=catalog)


CASES = {"caravans": (lambda f: BUNDLED_PROJECT, 300, [2, 3, 4]),
         "tutorial": (_tutorial, 300, [2, 3, 4]),
         "nanhuang2": (lambda f: EXAMPLES / "nanhuang2", 60, [2, 3]),
         "kings_and_things": (lambda f: EXAMPLES / "kings-and-things", 16, [2, 3]),
         "root": (lambda f: EXAMPLES / "root", 16, [3])}


@pytest.mark.parametrize("name", list(CASES))
def test_merged_tallies_give_the_report_of_all_records(name, engine_ready, tmp_path_factory):
    where, games, players = CASES[name]
    game, catalog, records = _played(where(tmp_path_factory), games, players)
    whole = build_report(records, seed=7, agents="mixed", requested=len(records), game=game,
                         catalog=catalog)
    assert whole["games"] == games and whole["adjusted"]
    text = json.dumps(whole, sort_keys=False)
    for trial in range(2):
        merged = _merged_report(game, catalog, records, random.Random(trial))
        assert json.dumps(merged, sort_keys=False) == text


def test_one_and_two_workers_write_the_same_files(engine_ready, tmp_path):
    one = simulate(engine_ready, 240, workers=1, out=tmp_path / "one", progress=False)
    two = simulate(engine_ready, 240, workers=2, out=tmp_path / "two", progress=False)
    for name in ("games.jsonl", "report.json", "report.html"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    assert one.report["games"] == 240 and len(two.records) == 240  # read back from the file
