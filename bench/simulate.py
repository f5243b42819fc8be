"""Speed of whole games with AI players: 4-player games per second per core with the
heuristic styles (cold: the first game in a fresh process, imports and catalog included;
warm: the following games), with random agents, the scaling of toolkit.sim.batch.run_games
from 1 to 2 workers, and (with --budget) the search agent's decisions/s.

Usage: .venv/bin/python bench/simulate.py [--games N] [--scaling N] [--budget B] [--tree DIR]
       [--protocol N [--only-protocol]]   (the Game protocol's cost against direct engine calls)
       [--before DIR [--rounds R]]        (before/after: this tree against DIR, interleaved)
       [--core N [--only-core]]           (the compiled core against the Python loop)
       [--game NAME|all [--rounds R]]     (compiled against pure Python, game by game)

CPU time (time.process_time) for per-core figures, wall time for the scaling. `--tree`
imports `toolkit` from another source tree (e.g. a copy of an older version) and plays the
same content (this project's cards/), to compare versions under the same machine load.
`--before DIR` plays the warm line-ups R times in fresh processes, alternating DIR and this
tree, and prints each run and the best of each (the run least disturbed by other jobs).
The split line prints the CPU microseconds per action spent in the agents' `choose`, in
`observation` and in the engine's `legal_actions` + `apply_action` (clock calls included).
`--core N` plays N games per line-up on the compiled core (issue #10): games/s per core
with records against the Python loop, the C loop's µs per action split into engine and
agents, and run_games (Game.play_batch) on 1 and 2 workers, wall.
`--game NAME` (nanhuang2, root, ... or all) plays each game's heuristic line-up compiled and
with TOOLKIT_PURE_PYTHON=1 in alternating fresh processes and prints both games per CPU-second
side by side, with whether the records are identical (bench/simulate_games.py); `--games`
sets the games a round there (default: each game's own).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEURISTIC = ["trader", "raider", "adventurer", "balanced"]
BALANCED = ["balanced"] * 4

COLD = """
import sys, time
start = time.process_time()
sys.path.insert(0, {tree!r})
from toolkit.games.caravans import GAME
from toolkit.content.validate import load_catalog
from toolkit.loop import play_game
catalog = load_catalog({root!r})
loaded = time.process_time()
play_game(GAME, catalog, 1, {lineup!r})
end = time.process_time()
print(loaded - start, end - loaded)
"""


def cpu() -> float:
    return time.process_time()


def cold_game(tree: Path, lineup: list[str]) -> tuple[float, float]:
    """(CPU s of imports + catalog, CPU s of the first game) in a fresh process."""
    code = COLD.format(tree=str(tree), root=str(ROOT), lineup=lineup)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    return float(out[0]), float(out[1])


def games_per_second(catalog, lineup: list[str], games: int, first_seed: int) -> tuple:
    """(games/s of CPU, mean actions a game) over `games` games."""
    from toolkit.games.caravans import GAME
    from toolkit.loop import play_game
    start, actions = cpu(), 0
    for i in range(games):
        actions += play_game(GAME, catalog, first_seed + i, lineup, keep_actions=False)["length"]
    return games / (cpu() - start), actions / games


def split(catalog, lineup: list[str], games: int, first_seed: int) -> dict[str, float]:
    """CPU microseconds per action of agents (choose), observation and engine (legal
    actions + apply), over `games` games played like toolkit.loop plays them."""
    from toolkit.games.caravans import GAME
    from toolkit.loop import make_agents
    spent = {"agents": 0.0, "observation": 0.0, "engine": 0.0}
    actions = 0
    for seed in range(first_seed, first_seed + games):
        agents = make_agents(GAME, catalog, seed, lineup)
        observes = [getattr(agent, "observes", True) for agent in agents]
        state = GAME.new_game(catalog, seed, list(lineup))
        while not GAME.is_terminal(state):
            t0 = cpu()
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            t1 = cpu()
            view = GAME.observation(state, seat) if observes[seat] else None
            t2 = cpu()
            action = agents[seat].choose(view, legal)
            t3 = cpu()
            state = GAME.apply_action(state, action)
            t4 = cpu()
            spent["engine"] += (t1 - t0) + (t4 - t3)
            spent["observation"] += t2 - t1
            spent["agents"] += t3 - t2
            actions += 1
    return {k: 1e6 * v / actions for k, v in spent.items()}


def warm(catalog, games: int) -> dict:
    """games/s per core and the per-action split of the mixed and balanced line-ups."""
    out = {}
    for name, lineup in (("mixed", HEURISTIC), ("balanced", BALANCED)):
        rate, actions = games_per_second(catalog, lineup, games, 100)
        out[name] = {"games/s": rate, "actions": actions, **split(catalog, lineup, 5, 100)}
    return out


def before_after(before: Path, rounds: int, games: int) -> None:
    """Alternating fresh processes of `before` and this tree; each run and the best."""
    import json
    runs: dict = {"before": [], "after": []}
    for _ in range(rounds):
        for label, tree in (("before", before), ("after", ROOT)):
            out = subprocess.run([sys.executable, __file__, "--tree", str(tree), "--games",
                                  str(games), "--only-warm"], capture_output=True, text=True,
                                 check=True).stdout.splitlines()[-1]
            runs[label].append(json.loads(out))
            line = ", ".join(f"{k} {v['games/s']:.1f} games/s" for k, v in runs[label][-1].items())
            print(f"{label}: {line}; load average {os.getloadavg()[0]:.1f}", flush=True)
    for name in ("mixed", "balanced"):
        best = {label: max(r[name]["games/s"] for r in runs[label]) for label in runs}
        print(f"best of {rounds}, 4-player {name}: before {best['before']:.1f}, after "
              f"{best['after']:.1f} games/s per core (x{best['after'] / best['before']:.2f})")


def direct_game(catalog, seed: int, lineup: list[str]) -> int:
    """One game through direct engine calls, as the runner played before the Game protocol
    (the engine's functions, looked up once); its number of actions."""
    from toolkit.agents import make_agent
    from toolkit.games.caravans import GAME, engine
    agents = [make_agent(name, GAME, catalog, seat, seed) for seat, name in enumerate(lineup)]
    observes = [getattr(agent, "observes", True) for agent in agents]
    state = engine.new_game(catalog, seed, list(lineup))
    is_terminal, current_player = engine.is_terminal, engine.current_player
    legal_actions, observation, apply_action = (engine.legal_actions, engine.observation,
                                                engine.apply_action)
    while not is_terminal(state):
        seat = current_player(state)
        legal = legal_actions(state)
        view = observation(state, seat) if observes[seat] else None
        action = agents[seat].choose(view, legal)
        if action not in legal:
            raise AssertionError("illegal action")
        state = apply_action(state, action)
    engine.game_record(state)
    return len(state.history)


def protocol_cost(catalog, lineup: list[str], games: int) -> tuple:
    """(direct games/s, protocol games/s, cost in %): each seed played by a direct engine
    loop and by toolkit.loop through the Game object, one right after the other in
    alternating order (so a change in machine load hits both alike), CPU time."""
    from toolkit.games.caravans import GAME
    from toolkit.loop import play_game
    spent = {"direct": 0.0, "protocol": 0.0}
    runs = {"direct": lambda s: direct_game(catalog, s, lineup),
            "protocol": lambda s: play_game(GAME, catalog, s, lineup, keep_actions=False)}
    for i, seed in enumerate(range(500, 500 + games)):
        for name in (("direct", "protocol") if i % 2 == 0 else ("protocol", "direct")):
            start = cpu()
            runs[name](seed)
            spent[name] += cpu() - start
    direct, protocol = games / spent["direct"], games / spent["protocol"]
    return direct, protocol, 100 * (1 - protocol / direct)


def scaling(games: int) -> dict[int, float]:
    """Wall-clock games/s of run_games with 1 and 2 local workers (4 × balanced)."""
    from toolkit.sim.batch import run_games
    out = {}
    for workers in (1, 2):
        seeds = list(range(300, 300 + games))
        start = time.perf_counter()
        run_games(ROOT, seeds, [BALANCED] * games, workers=workers, progress=False)
        out[workers] = games / (time.perf_counter() - start)
    return out


def search_speed(catalog, budget: int, seed: int) -> tuple:
    """(decisions/s over all the search seat's decisions, searched decisions/s, count)."""
    from _common import timed_game
    _, agents, spent, decisions = timed_game(catalog, seed, [f"search:{budget}", "balanced"],
                                             0, cpu)
    searched = agents[0].decisions
    return decisions / spent, searched / spent if searched else 0.0, searched, decisions


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="warm games per line-up")
    parser.add_argument("--scaling", type=int, default=40,
                        help="games for the 1 vs 2 workers run (0: skip)")
    parser.add_argument("--budget", type=int, default=0, help="search budget (0: skip)")
    parser.add_argument("--tree", type=Path, default=ROOT, help="source tree of toolkit")
    parser.add_argument("--protocol", type=int, default=0,
                        help="games per round for the Game-protocol cost (0: skip)")
    parser.add_argument("--only-protocol", action="store_true",
                        help="measure only the Game-protocol cost")
    parser.add_argument("--before", type=Path, default=None,
                        help="an older source tree to compare with, run for run")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each tree (--before)")
    parser.add_argument("--core", type=int, default=0,
                        help="games per line-up for the compiled core against Python "
                             "(0: skip)")
    parser.add_argument("--only-core", action="store_true",
                        help="measure only the compiled core")
    parser.add_argument("--game", default=None,
                        help="compiled against pure Python for this game (or all)")
    parser.add_argument("--only-warm", action="store_true",
                        help="print only the warm figures, as one JSON line")
    args = parser.parse_args(argv)
    tree = args.tree.resolve()
    sys.path.insert(0, str(tree))
    if args.only_warm:
        import json
        from toolkit.content.validate import load_catalog
        catalog = load_catalog(ROOT)
        games_per_second(catalog, BALANCED, 1, 99)  # warm-up
        print(json.dumps(warm(catalog, args.games)))
        return
    if args.before is not None:
        before_after(args.before.resolve(), args.rounds, args.games)
        return
    if args.game is not None:
        sys.path.insert(0, str(ROOT / "bench"))
        from simulate_games import print_games
        print(f"toolkit from {tree}; load average {os.getloadavg()[0]:.1f}")
        games = args.games if "--games" in (argv or sys.argv) else 0
        print_games(tree, args.game, games, args.rounds)
        return
    print(f"toolkit from {tree}; load average {os.getloadavg()[0]:.1f}")
    if args.protocol:
        from toolkit.content.validate import load_catalog
        catalog = load_catalog(ROOT)
        for name, lineup in (("random x 4", ["random"] * 4), ("balanced x 4", BALANCED)):
            direct, protocol, cost = protocol_cost(catalog, lineup, args.protocol)
            print(f"protocol cost, 4-player {name}: direct engine loop {direct:.1f} games/s, "
                  f"toolkit.loop via the Game object {protocol:.1f} games/s: {cost:+.1f} %")
        if args.only_protocol:
            return
    if args.core:
        from simulate_core import print_core
        print_core(ROOT, args.core)
        if args.only_core:
            return
    load, cold = cold_game(tree, BALANCED)
    print(f"cold (fresh process): imports + catalog {load:.2f} s CPU, first 4 x balanced "
          f"game {cold:.3f} s CPU; whole cold start {1 / (load + cold):.2f} games/s")
    from toolkit.content.validate import load_catalog
    catalog = load_catalog(ROOT)
    games_per_second(catalog, BALANCED, 1, 99)  # warm-up
    for name, lineup, seed in (("balanced x 4", BALANCED, 100),
                               (",".join(HEURISTIC), HEURISTIC, 100),
                               ("random x 4", ["random"] * 4, 200)):
        rate, actions = games_per_second(catalog, lineup, args.games, seed)
        print(f"warm 4-player {name}: {rate:.1f} games/s per core, {actions:.0f} "
              f"actions/game ({1e6 / (rate * actions):.0f} us/action)")
        if lineup != ["random"] * 4:
            cost = split(catalog, lineup, 5, seed)
            print(f"  per action (CPU us, 5 games): agents {cost['agents']:.1f}, observation "
                  f"{cost['observation']:.1f}, engine {cost['engine']:.1f}")
    if args.scaling:
        rates = scaling(args.scaling)
        print(f"run_games 4 x balanced, {args.scaling} games (wall): 1 worker "
              f"{rates[1]:.1f} games/s, 2 workers {rates[2]:.1f} games/s "
              f"(x{rates[2] / rates[1]:.2f}); load average {os.getloadavg()[0]:.1f}")
    if args.budget:
        per_all, per_searched, searched, total = search_speed(catalog, args.budget, 7000)
        print(f"search:{args.budget} vs balanced (2 players, seed 7000): {per_all:.1f} "
              f"decisions/s over all {total} of its decisions; {per_searched:.1f} searched "
              f"decisions/s ({searched} settled by rollouts)")


if __name__ == "__main__":
    main()
