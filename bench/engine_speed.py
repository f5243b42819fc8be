"""Engine speed: random-agent games per second on one core, and where the time goes.

    .venv/bin/python bench/engine_speed.py [project] [games] [players]

Prints games/s, actions/s, legal_actions and apply_action time per call, clone and
state_hash cost. Random agents pick uniformly among legal_actions with a seeded rng.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from toolkit.content.validate import load_catalog
from toolkit.engine import apply_action, clone, is_terminal, legal_actions, new_game, state_hash


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(".")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    catalog = load_catalog(root)
    t_legal = t_apply = 0.0
    actions = 0
    ends: dict[str, int] = {}
    rounds = 0
    start = time.process_time()
    last = None
    for seed in range(games):
        state = new_game(catalog, seed, players)
        rng = random.Random(f"agent:{seed}")
        while not is_terminal(state):
            t0 = time.perf_counter()
            legal = legal_actions(state)
            t1 = time.perf_counter()
            apply_action(state, rng.choice(legal))
            t_apply += time.perf_counter() - t1
            t_legal += t1 - t0
            actions += 1
        ends[state.end_reason] = ends.get(state.end_reason, 0) + 1
        rounds += state.round
        last = state
    cpu = time.process_time() - start
    t0 = time.perf_counter()
    for _ in range(200):
        clone(last)
    t_clone = (time.perf_counter() - t0) / 200
    t0 = time.perf_counter()
    for _ in range(20):
        state_hash(last)
    t_hash = (time.perf_counter() - t0) / 20
    print(f"project {root}  players {players}  games {games}")
    print(f"games/s per core (CPU time): {games / cpu:.1f}")
    print(f"actions/game: {actions / games:.0f}   actions/s: {actions / cpu:.0f}")
    print(f"rounds/game: {rounds / games:.1f}   end reasons: {ends}")
    print(f"legal_actions: {1e6 * t_legal / actions:.1f} us/call   "
          f"apply_action: {1e6 * t_apply / actions:.1f} us/call")
    print(f"clone: {1e6 * t_clone:.0f} us   state_hash: {1e3 * t_hash:.2f} ms")


if __name__ == "__main__":
    main()
