"""Game.play_batch of Caravans on the compiled core: the records of the generic loop
(toolkit/sim/batch.play_counted), None when the core cannot play the batch, one note
when the content is refused, and simulate's batches the same for 1 or 2 workers."""

from __future__ import annotations

import pytest

from toolkit.games.caravans.game import GAME
from toolkit.sim.batch import play_counted

from .test_loop import same

JOBS = [(seed, ["random"] * (2 + seed % 3)) for seed in range(40, 44)] + \
    [(44, ["trader", "raider", "adventurer", "balanced"]), (45, ["random", "balanced"])]


def test_batch_records_are_the_generic_loops(bundled):
    records = GAME.play_batch(bundled, JOBS)
    assert same(records, [play_counted(GAME, bundled, seed, names) for seed, names in JOBS])
    assert all(r["effects_fired"] and r["action_kinds"] for r in records)


@pytest.mark.slow
def test_batch_records_on_fuzzed_content(tmp_path):
    """effects_fired counted in C as the Python engine counts it, on content whose cards
    carry other effects (both fuzzers of tests/core)."""
    from core.fuzz_content import fuzzed_catalog
    from core.test_fight_fuzz import random_effects_catalog
    styles = ["trader", "raider", "adventurer", "balanced"]
    for fuzz_seed in (1, 2, 3):
        for catalog in (fuzzed_catalog(tmp_path / str(fuzz_seed), fuzz_seed),
                        random_effects_catalog(fuzz_seed)):
            jobs = [(seed, styles[: 2 + seed % 3]) for seed in range(4)] + \
                [(9, ["random"] * 4)]
            records = GAME.play_batch(catalog, jobs)
            assert records is not None  # the core takes fuzzed content
            assert same(records, [play_counted(GAME, catalog, s, n) for s, n in jobs])


def test_glory_sources_in_the_order_first_gained(bundled):
    """glory_by_source keeps the engine's dict order (first gain), also when one action
    first gains two sources (a combat won for a mission; a large party formed by selling)."""
    jobs = [(24, ["balanced", "trader"]), (38, ["balanced", "trader"]),
            (2, ["balanced", "trader"])]
    records = GAME.play_batch(bundled, jobs)
    assert same(records, [play_counted(GAME, bundled, seed, names) for seed, names in jobs])
    orders = [list(order) for r in records for order in r["glory_by_source"]]
    pairs = {tuple(o[i:i + 2]) for o in orders for i in range(len(o) - 1)}
    # the games hold both cases (after a content edit, pick seeds that do again)
    assert {("mission", "defeat"), ("sell", "large_party")} <= pairs, orders


def test_python_asked_or_an_agent_the_core_lacks(bundled, monkeypatch, capsys):
    assert GAME.play_batch(bundled, [(1, ["random", "search"])]) is None
    monkeypatch.setenv("TOOLKIT_PURE_PYTHON", "1")
    assert GAME.play_batch(bundled, JOBS[:1]) is None
    assert capsys.readouterr().err == ""


def test_refused_content_says_so_once(bundled, monkeypatch, capsys):
    from toolkit.games.caravans.core import batch, content

    def refuse(rules):
        raise content.CoreRefused("the effect op 'teleport' is not in the core")

    monkeypatch.setattr(content, "compile_rules", refuse)
    monkeypatch.setattr(batch, "_NOTED", set())
    assert GAME.play_batch(bundled, []) is None
    assert GAME.play_batch(bundled, JOBS[:1]) is None
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "teleport" in err[0] and "Python engine" in err[0]


def test_a_game_the_core_cannot_finish_is_played_in_python(bundled, monkeypatch):
    from toolkit.games.caravans.core import batch, loop

    def unfinished(*args, **kwargs):
        raise loop.Unfinished("a rule the core does not do yet")

    monkeypatch.setattr(batch, "_played", unfinished)
    seed, names = JOBS[0]
    assert same(GAME.play_batch(bundled, [JOBS[0]]), [play_counted(GAME, bundled, seed, names)])


def test_simulate_batches_agree_for_one_and_two_workers(bundled):
    from toolkit.sim import batch as sim
    root = str(bundled.root)
    seeds = [7, 8, 9, 10, 11]
    lineups = [("random",) * (2 + s % 3) for s in seeds]
    one = sim.run_games(root, seeds, lineups, workers=1, progress=False)
    two = sim.run_games(root, seeds, lineups, workers=2, progress=False)
    assert same(one, two) and same(one, [play_counted(GAME, bundled, s, list(a))
                                         for s, a in zip(seeds, lineups)])


@pytest.mark.slow
def test_games_files_identical_local_dask_and_python(bundled, monkeypatch):
    """simulate's games.jsonl, byte for byte: the core on 1 and 2 local workers and on a
    Dask cluster, and the Python loop (TOOLKIT_PURE_PYTHON=1)."""
    from toolkit.sim import batch as sim
    from toolkit.sim import dask_backend
    from toolkit.sim.output import jsonl
    from toolkit.sim.plan import LineupSpec, plan_games
    root = str(bundled.root)
    spec = LineupSpec((), ("adventurer", "balanced", "raider", "random", "trader"))
    games = plan_games(17, 60, [2, 3, 4], spec)
    seeds, lineups = [g.seed for g in games], [g.agents for g in games]
    runs = {w: jsonl(sim.run_games(root, seeds, lineups, workers=w, progress=False))
            for w in (1, 2)}
    try:
        runs["dask"] = jsonl(sim.run_games(root, seeds, lineups, workers=2, backend="dask",
                                           progress=False))
    finally:
        dask_backend.close_all()
    monkeypatch.setenv("TOOLKIT_PURE_PYTHON", "1")
    runs["python"] = jsonl(sim.run_games(root, seeds, lineups, workers=2, progress=False))
    assert runs[1] == runs[2] == runs["dask"] == runs["python"]


def _project_styles(catalog, tmp_path, styles: str):
    import dataclasses

    from toolkit.games.caravans.agents.features import FEATURES
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "styles.yaml").write_text(
        "defaults:\n" + "".join(f"  {k}: 1\n" for k in FEATURES) + styles, encoding="utf-8")
    return dataclasses.replace(catalog, root=tmp_path)


def test_a_projects_own_styles_play_in_c(bundled, tmp_path):
    """A designer's styles file (agents/styles.yaml): its styles play in C, same records."""
    from toolkit.games.caravans.core import batch
    project = _project_styles(bundled, tmp_path, "styles:\n"
                              "  hoarder: {description: keeps, weights: {stash: 3}}\n"
                              "  jittery: {description: twitchy, weights: {noise: 2}}\n")
    tables, styles = batch.lineup(project, ["random", "hoarder", "jittery"])
    assert styles[0] == -1 and [tables.style_names[i] for i in styles[1:]] == \
        ["hoarder", "jittery"]
    jobs = [(5, ["random", "hoarder"]), (6, ["hoarder", "jittery", "hoarder"])]
    assert same(GAME.play_batch(project, jobs),
                [play_counted(GAME, project, seed, names) for seed, names in jobs])


def test_a_broken_styles_file_stops_as_in_python(bundled, tmp_path):
    from toolkit.errors import ContentError
    project = _project_styles(bundled, tmp_path, "styles:\n  odd: {description: x, "
                              "weights: {luck: 2}}\n")
    for play in (lambda: GAME.play_batch(project, [(1, ["random", "random"])]),
                 lambda: play_counted(GAME, project, 1, ["random", "random"])):
        with pytest.raises(ContentError, match="unknown weight 'luck'"):
            play()


def test_a_core_bug_is_named_in_one_line(bundled, monkeypatch):
    from toolkit.errors import RulesError
    from toolkit.games.caravans.core import batch

    def broken(*args, **kwargs):
        raise KeyError("no such region")

    monkeypatch.setattr(batch, "_played", broken)
    with pytest.raises(RulesError) as err:
        GAME.play_batch(bundled, [(12345, ["random", "trader"])])
    message = str(err.value)
    assert "seed 12345 (agents random,trader)" in message and "KeyError" in message
    assert "TOOLKIT_PURE_PYTHON=1" in message and "\n" not in message
