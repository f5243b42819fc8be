"""Batches: the same records for the same seeds whatever the worker count or backend, and
a stopped run keeps the games that finished."""

import pytest

from sim.synthetic import make_record
from toolkit.games.caravans import GAME
from toolkit.sim import batch
from toolkit.sim.plan import LineupSpec, plan_games
from toolkit.sim.output import jsonl
from toolkit.sim.simulate import simulate


def seeds_and_lineups(count, players, agents=("random",) * 4, master=21):
    games = plan_games(master, count, players, LineupSpec(tuple(agents)))
    return [g.seed for g in games], [g.agents for g in games]


def test_batch_size_bounds():
    assert batch.batch_size(10, 2) == 2
    assert batch.batch_size(1, 8) == 1
    assert batch.batch_size(100_000, 2) == batch.MAX_BATCH


def test_interrupted_inline_run_keeps_finished_games(monkeypatch):
    class Catalog:
        content_hash = "abcdef0123456789"

    calls = []

    def fake_batch(root, content_hash, items, trust=False):
        if len(calls) == 3:
            raise KeyboardInterrupt
        calls.append(items)
        return [(i, make_record(seed, len(agents))) for i, seed, agents in items]

    monkeypatch.setattr(batch, "catalog_for", lambda root, h=None: Catalog())
    monkeypatch.setattr(batch, "play_batch", fake_batch)
    seeds, lineups = seeds_and_lineups(10, [2])
    records = batch.run_games("/nowhere", seeds, lineups, workers=1, progress=False)
    assert [r["seed"] for r in records] == seeds[:3]


def test_same_seed_same_games_file(engine_ready, tmp_path):
    run = simulate(engine_ready, 3, "2-3", "trader,raider,balanced", seed=5, workers=1,
                   out=tmp_path, progress=False)
    games = plan_games(5, 3, [2, 3], LineupSpec(("trader", "raider", "balanced")))
    again = batch.run_games(engine_ready, [g.seed for g in games], [g.agents for g in games],
                            workers=1, progress=False)
    written = (tmp_path / "games.jsonl").read_bytes()
    assert written == jsonl(again).encode() and written.count(b"\n") == 3
    assert run.records == again


def test_one_and_two_workers_agree(engine_ready):
    seeds, lineups = seeds_and_lineups(6, [2, 3])
    one = batch.run_games(engine_ready, seeds, lineups, workers=1, progress=False)
    two = batch.run_games(engine_ready, seeds, lineups, workers=2, progress=False)
    assert one == two and [r["seed"] for r in one] == seeds


def test_local_and_dask_agree_and_the_cluster_is_reused(engine_ready):
    from toolkit.sim import dask_backend

    seeds, lineups = seeds_and_lineups(8, [2])
    local = batch.run_games(engine_ready, seeds, lineups, workers=2, progress=False)
    try:
        dask = batch.run_games(engine_ready, seeds[:5], lineups[:5], workers=2, backend="dask",
                               progress=False)
        client = dask_backend.shared_client(2)
        address = client.scheduler.address
        dask += batch.run_games(engine_ready, seeds[5:], lineups[5:], workers=2, backend="dask",
                                progress=False)
        again = dask_backend.shared_client(2)
        assert again is client and again.scheduler.address == address
        assert dask == local
    finally:
        dask_backend.close_all()
    assert client.status == "closed" and not dask_backend._OPEN


def test_content_change_is_detected(content_ready):
    with pytest.raises(Exception, match="changed during the run"):
        batch.catalog_for(content_ready, "0000000000000000")


def test_catalog_cached_until_a_file_changes(content_ready, tmp_path):
    import shutil

    shutil.copytree(content_ready / "cards", tmp_path / "cards")
    first = batch.catalog_for(tmp_path)
    assert batch.catalog_for(tmp_path) is first
    game = tmp_path / "cards" / "game.yaml"
    game.write_text(game.read_text() + "\n# a designer's note\n")
    again = batch.catalog_for(tmp_path, first.content_hash)  # comments do not change content
    assert again is not first and again.content_hash == first.content_hash


def test_a_crashing_game_is_named_in_one_line(monkeypatch):
    import types

    from toolkit.errors import RulesError
    from toolkit.games.caravans import GAME

    class Catalog:
        content_hash = "abcdef0123456789"
        game = types.SimpleNamespace(rules="caravans")
        root = None

    def broken(game, catalog, seed, agents):
        raise KeyError("no such region")

    monkeypatch.setattr(batch, "catalog_for", lambda root, h=None: Catalog())
    monkeypatch.setattr(batch, "play_counted", broken)
    assert GAME.play_batch(Catalog(), []) is None
    with pytest.raises(RulesError) as err:
        batch.play_batch("/nowhere", Catalog.content_hash, [(3, 12345, ("random", "trader"))])
    message = str(err.value)
    assert "game 3 (seed 12345, agents random,trader)" in message and "KeyError" in message
    assert "\n" not in message
