"""Engine speed: random-agent and heuristic-agent games per second on one core, and the
cost of each engine call.

    .venv/bin/python bench/engine_speed.py [project] [games] [players] [heuristic games]

Prints games/s (CPU time) with random agents (uniform among legal_actions, seeded), the
time per legal_actions and apply_action call, then games/s with the heuristic "balanced"
agents (toolkit.sim.runner.play_game), then the cost of clone, observation, determinize
and state_hash on a late-game state.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from toolkit.games.caravans import GAME
from toolkit.content.validate import load_catalog
from toolkit.games.caravans.engine import (apply_action, clone, determinize, is_terminal, legal_actions,
                            new_game, observation, state_hash)


def random_games(catalog, games: int, players: int):
    t_legal = t_apply = 0.0
    actions = rounds = 0
    ends: dict[str, int] = {}
    late = None
    start = time.process_time()
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
            if late is None and state.round >= 25:
                late = clone(state)
        ends[state.end_reason] = ends.get(state.end_reason, 0) + 1
        rounds += state.round
    cpu = time.process_time() - start
    print(f"random agents: {games / cpu:.1f} games/s per core (CPU), "
          f"{actions / games:.0f} actions/game, {actions / cpu:.0f} actions/s, "
          f"{rounds / games:.1f} rounds/game, ends {ends}")
    print(f"  legal_actions {1e6 * t_legal / actions:.1f} us/call, "
          f"apply_action {1e6 * t_apply / actions:.1f} us/call")
    return late


def heuristic_games(catalog, games: int, players: int) -> None:
    from toolkit.loop import play_game
    start = time.process_time()
    actions = 0
    for seed in range(games):
        actions += play_game(GAME, catalog, seed, ["balanced"] * players)["length"]
    cpu = time.process_time() - start
    print(f"heuristic agents (balanced): {games / cpu:.2f} games/s per core (CPU), "
          f"{actions / games:.0f} actions/game")


def per_call(name: str, fn, repeat: int) -> None:
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()
    print(f"  {name}: {1e6 * (time.perf_counter() - t0) / repeat:.0f} us")


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(".")
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    heuristic = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    catalog = load_catalog(root)
    print(f"project {root}  players {players}")
    late = random_games(catalog, games, players)
    if heuristic:
        heuristic_games(catalog, heuristic, players)
    if late is not None:
        print(f"late-game state (round {late.round}, {len(late.history)} actions):")
        rng = random.Random(1)
        per_call("clone", lambda: clone(late), 200)
        per_call("observation", lambda: observation(late, 0), 200)
        per_call("determinize", lambda: determinize(late, 0, rng), 100)
        per_call("state_hash", lambda: state_hash(late), 100)


if __name__ == "__main__":
    main()
