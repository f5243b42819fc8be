"""Records read straight from the C state (core/record.pyx) against the record of the same
finished game turned back into an engine State (convert.to_state, then toolkit.loop's
make_record over engine/record.py, the path the core took before): the same JSON text,
keys in the same order, for hundreds of seeded games of 2, 3 and 4 players, mixed play
styles and random seats, the game as written and its `seed` variant, and fuzzed content."""

from __future__ import annotations

import json

import pytest

from toolkit.content.validate import load_catalog
from toolkit.content.variants import use
from toolkit.games.caravans.game import GAME
from toolkit.loop import make_record

from .conftest import REPO

STYLES = ["trader", "raider", "adventurer", "balanced"]


def _jobs(count: int, first_seed: int) -> list[tuple[int, list[str]]]:
    """`count` games cycling through 2, 3 and 4 seats; every third all random, the others
    a mix of play styles and random seats drawn from the seed."""
    import random
    jobs = []
    for seed in range(first_seed, first_seed + count):
        rng = random.Random(seed)
        seats = 2 + seed % 3
        pool = ["random"] if seed % 3 == 0 else STYLES + ["random"]
        jobs.append((seed, [rng.choice(pool) for _ in range(seats)]))
    return jobs


def _turned_back(core, played, seed: int, names: list[str], actions) -> dict:
    """make_record over convert.to_state: the record as the engine's own code builds it."""
    from toolkit.games.caravans.core.convert import SOURCES, to_state
    state = to_state(core)
    for player, order in zip(state.players, played.glory_order):
        # the engine's dict keeps the order each source was first gained (records show it)
        found = player.glory_src
        player.glory_src = {SOURCES[g]: found[SOURCES[g]] for g in order}
    if actions is None:
        return make_record(GAME, state, seed, names, [None] * played.length, False)
    return make_record(GAME, state, seed, names, played.actions, True)


def _text(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False)


def assert_lockstep(catalog, jobs, keep_actions: bool = False) -> int:
    """Every job's two records have the same JSON text; the number of games compared."""
    from toolkit.games.caravans.core import batch
    from toolkit.games.caravans.core.record import core_record
    compared = 0
    for seed, names in jobs:
        plan = batch.lineup(catalog, names)
        assert plan is not None, f"the core cannot play {names} here"
        core, played = batch._played(catalog, seed, names, None, keep_actions, plan,
                                     count_effects=True)
        actions = [GAME.action_to_json(a) for a in played.actions] if keep_actions else None
        built = core_record(core, seed, names, played.length, played.glory_order, actions)
        expected = _turned_back(core, played, seed, names, actions)
        assert _text(built) == _text(expected), f"seed {seed}, agents {names}"
        compared += 1
    return compared


def test_records_from_c_are_the_engines(bundled):
    jobs = _jobs(240, 1000)
    assert assert_lockstep(bundled, jobs) == 240
    # the games reach what a record tells apart: both ends, shared wins, stash points,
    # bounty markers (after a content edit, widen the seeds until they do again)
    records = GAME.play_batch(bundled, jobs)
    assert {len(r["agents"]) for r in records} == {2, 3, 4}
    assert {r["end_reason"] for r in records} == {"glory", "events_exhausted"}
    assert any(len(r["winner"]) > 1 for r in records)
    assert any("stash" in s for r in records for s in r["glory_by_source"])
    assert any(r["bounty"] != [0] * r["players"] for r in records)


def test_records_with_actions_from_c_are_the_engines(bundled):
    assert assert_lockstep(bundled, _jobs(12, 77), keep_actions=True) == 12


def test_records_of_the_seed_variant_from_c_are_the_engines():
    pytest.importorskip("toolkit.games.caravans.core.convert")
    with use("seed"):
        catalog = load_catalog(REPO)
    assert catalog.game.variant == "seed"
    assert assert_lockstep(catalog, _jobs(120, 5000)) == 120


def test_a_stopped_game_gives_the_engines_record(bundled):
    """A game cut off by the action limit (not over: no winner) reads the same too."""
    from toolkit.games.caravans.core import batch
    from toolkit.games.caravans.core.loop import play_core
    from toolkit.games.caravans.core.newgame import new_game, stream_seed
    from toolkit.games.caravans.core.record import core_record
    names = ["balanced", "random", "trader"]
    tables, styles = batch.lineup(bundled, names)
    core = new_game(bundled, 3, names)
    played = play_core(core, [stream_seed(3, f"agent:{s}") for s in range(3)], 60, False,
                       styles=styles, tables=tables)
    assert not core.is_terminal() and played.length == 60
    built = core_record(core, 3, names, played.length, played.glory_order)
    assert built["winner"] == [] and built["end_reason"] is None
    assert _text(built) == _text(_turned_back(core, played, 3, names, None))


@pytest.mark.slow
@pytest.mark.parametrize("fuzz_seed", [1, 2, 3, 4])
def test_records_on_fuzzed_content_from_c_are_the_engines(tmp_path, fuzz_seed):
    """Content whose numbers (stash points, glory goal), stats and effects were redrawn
    (both fuzzers of tests/core)."""
    from core.fuzz_content import fuzzed_catalog
    from core.test_fight_fuzz import random_effects_catalog
    pytest.importorskip("toolkit.games.caravans.core.convert")
    catalogs = [c for c in (fuzzed_catalog(tmp_path, fuzz_seed),
                            random_effects_catalog(fuzz_seed)) if c is not None]
    assert catalogs
    for catalog in catalogs:
        assert assert_lockstep(catalog, _jobs(60, 100 * fuzz_seed)) == 60
