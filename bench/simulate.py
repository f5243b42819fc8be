"""Speed of whole games with AI players: 4-player games per second on one core with the
heuristic styles (cold: the first game in a fresh process, imports and catalog included;
warm: the following games) and with random agents, and the search agent's decisions/s.

Usage: .venv/bin/python bench/simulate.py [--games N] [--budget B]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HEURISTIC = ["trader", "raider", "adventurer", "balanced"]


def cpu() -> float:
    return time.process_time()


def cold_game() -> float:
    """CPU seconds of the first game, with imports and loading the catalog."""
    start = cpu()
    from toolkit.content.validate import load_catalog
    from toolkit.sim.runner import play_game
    play_game(load_catalog(ROOT), 1, HEURISTIC)
    return cpu() - start


def games_per_second(catalog, lineup: list[str], games: int, first_seed: int) -> tuple:
    """(games/s, mean actions a game) over `games` games."""
    from toolkit.sim.runner import play_game
    start, actions = cpu(), 0
    for i in range(games):
        actions += play_game(catalog, first_seed + i, lineup)["actions"]
    return games / (cpu() - start), actions / games


def search_speed(catalog, budget: int, seed: int) -> tuple:
    """(decisions/s over all the search seat's decisions, searched decisions/s, count)."""
    from toolkit import engine
    from toolkit.agents import make_agent
    lineup = [f"search:{budget}", "balanced"]
    agents = [make_agent(n, catalog, s, seed) for s, n in enumerate(lineup)]
    state = engine.new_game(catalog, seed, lineup)
    spent, decisions = 0.0, 0
    while not engine.is_terminal(state):
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        view = engine.observation(state, seat)
        start = cpu()
        action = agents[seat].choose(view, legal)
        if seat == 0:
            spent += cpu() - start
            decisions += 1
        state = engine.apply_action(state, action)
    searched = agents[0].decisions
    return decisions / spent, searched / spent if searched else 0.0, searched, decisions


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--budget", type=int, default=16)
    args = parser.parse_args(argv)
    cold = cold_game()
    from toolkit.content.validate import load_catalog
    catalog = load_catalog(ROOT)
    warm, actions = games_per_second(catalog, HEURISTIC, args.games, 100)
    rand, rand_actions = games_per_second(catalog, ["random"] * 4, args.games, 200)
    per_all, per_searched, searched, total = search_speed(catalog, args.budget, 7000)
    print(f"4-player heuristic ({','.join(HEURISTIC)}): cold first game {cold:.2f} s CPU "
          f"({1 / cold:.2f} games/s); warm {warm:.2f} games/s per core, "
          f"{actions:.0f} actions/game")
    print(f"4-player random: {rand:.2f} games/s per core, {rand_actions:.0f} actions/game")
    print(f"search:{args.budget} vs balanced (2 players, seed 7000): {per_all:.1f} "
          f"decisions/s over all {total} of its decisions; {per_searched:.1f} searched "
          f"decisions/s ({searched} settled by rollouts)")


if __name__ == "__main__":
    main()
