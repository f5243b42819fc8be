"""The core's count of effect firings (ops_fire.count_into) equals the engine's
effects.count_ops (what `toolkit check` and the records' op counts use), and the first
glory gains it notes (fight_cards.note_first_gains) are the new keys of the engine's
glory_src in their order, action by action, on the bundled cards and on fuzzed effects."""

from __future__ import annotations

import random
from collections import Counter

import pytest

probe = pytest.importorskip("toolkit.games.caravans.core.fight_probe")

from toolkit.games.caravans import engine  # noqa: E402
from toolkit.games.caravans.core import convert  # noqa: E402
from toolkit.games.caravans.engine import effects  # noqa: E402

from .test_fight_fuzz import random_effects_catalog  # noqa: E402
from .test_fight_lockstep import catalog  # noqa: E402,F401 (fixture)


def counts_agree(catalog, seeds, players=4) -> Counter:
    total = Counter()
    for seed in seeds:
        state = engine.new_game(catalog, seed, players)
        rng = random.Random(seed)
        index = 0
        while not engine.is_terminal(state):
            action = rng.choice(engine.legal_actions(state))
            core = convert.from_state(state)
            keys = [list(p.glory_src) for p in state.players]
            probe.counting(True)
            probe.first_gains(True)
            try:
                core.apply_action(action)
            finally:
                mine = probe.counting(False)
                firsts = probe.first_gains(False)
            counter = Counter()
            with effects.count_ops(counter):
                engine.apply_action(state, action)
            assert mine == dict(counter), (
                f"seed {seed}, action {index} {action!r}: python {dict(counter)} / core {mine}")
            for p, before in zip(state.players, keys):
                new = [k for k in p.glory_src if k not in before]
                assert new == [src for seat, src in firsts if seat == p.seat], (seed, index)
            total.update(counter)
            index += 1
    return total


def test_counts_equal_bundled(catalog):
    total = counts_agree(catalog, range(2))
    assert {"move_npc", "modify_stat", "extra_die"} <= set(total), total


@pytest.mark.slow
def test_counts_equal_many_and_fuzzed(catalog):
    total = counts_agree(catalog, range(2, 14))
    for fuzz_seed in range(1, 9):
        total.update(counts_agree(random_effects_catalog(fuzz_seed), range(2)))
    assert len(total) >= 30, total
