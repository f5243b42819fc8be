"""The compiled core's figures for bench/simulate.py --core N (issue #10): whole games
in C against the Python loop, the C loop's cost per action (engine and agents apart), and
run_games through Game.play_batch on 1 and 2 workers. CPU time (time.process_time) for
per-core figures, wall time for run_games.

Run alone, `python bench/simulate_core.py [GAMES]` prints the 4-player games per CPU
second of Game.play_batch (what simulate's workers call, in batches of 50) for the mixed
and the random line-ups, and where each game's CPU goes around the C loop (issue #30).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

HEURISTIC = ["trader", "raider", "adventurer", "balanced"]
BALANCED = ["balanced"] * 4


def cpu() -> float:
    return time.process_time()


def core_speed(catalog, lineup: list[str], games: int, first_seed: int) -> dict[str, float]:
    """The compiled core (issue #10) against the Python loop, CPU time: games/s of whole
    records (core/batch.play_game: new game, C loop, the record read from the C state),
    and the CPU microseconds per action of the C loop, of the C engine alone
    (the same actions replayed with their legal lists, all in C: loop.replay_raw) and so
    of the C agents (the loop less the engine)."""
    from toolkit.games.caravans import GAME
    from toolkit.games.caravans.core import batch
    from toolkit.games.caravans.core.loop import play_core, replay_raw
    from toolkit.games.caravans.core.newgame import new_game, stream_seed
    from toolkit.loop import play_game
    tables, styles = batch.lineup(catalog, lineup)
    seeds = range(first_seed, first_seed + games)
    start = cpu()
    for seed in seeds:
        play_game(GAME, catalog, seed, lineup, keep_actions=False)
    python = games / (cpu() - start)
    start = cpu()
    for seed in seeds:
        batch.play_game(catalog, seed, lineup, keep_actions=False)
    core = games / (cpu() - start)
    loop = engine = 0.0
    actions = 0
    for seed in seeds:
        game = new_game(catalog, seed, lineup)
        streams = [stream_seed(seed, f"agent:{i}") for i in range(len(lineup))]
        start = cpu()
        played = play_core(game, streams, GAME.max_actions, False, styles=styles,
                           tables=tables)
        loop += cpu() - start
        kept = play_core(new_game(catalog, seed, lineup), streams, GAME.max_actions, True,
                         styles=styles, tables=tables)
        again = new_game(catalog, seed, lineup)
        start = cpu()
        replay_raw(again, kept.raw)
        engine += cpu() - start
        actions += played.length
    return {"python": python, "core": core, "loop": 1e6 * loop / actions,
            "engine": 1e6 * engine / actions, "agents": 1e6 * (loop - engine) / actions,
            "actions": actions / games}


def core_scaling(root: Path, games: int, lineup: list[str]) -> dict[str, float]:
    """Wall-clock games/s of run_games (Game.play_batch: the compiled core) with 1 and 2
    local workers over 10 × `games` games, and with 2 workers under TOOLKIT_PURE_PYTHON=1
    (the Python loop) over `games` games."""
    from toolkit.sim.batch import run_games
    out = {}
    for label, workers, pure, n in (("1", 1, "", 10 * games), ("2", 2, "", 10 * games),
                                    ("2 python", 2, "1", games)):
        os.environ["TOOLKIT_PURE_PYTHON"] = pure
        start, spent = time.perf_counter(), cpu()
        run_games(root, list(range(400, 400 + n)), [lineup] * n, workers=workers,
                  progress=False)
        out[label] = n / (time.perf_counter() - start)
        if workers == 1:  # all in this process: its CPU time is the run's
            out["1 cpu"] = n / (cpu() - spent)
    os.environ.pop("TOOLKIT_PURE_PYTHON", None)
    return out


def print_core(root: Path, games: int) -> None:
    """The compiled core's lines (--core N)."""
    from toolkit.content.validate import load_catalog
    from toolkit.games.caravans.core import batch
    catalog = load_catalog(root)
    for name, lineup in ((",".join(HEURISTIC), HEURISTIC), ("balanced x 4", BALANCED),
                         ("random x 4", ["random"] * 4)):
        if batch.lineup(catalog, lineup) is None:
            print(f"compiled core, 4-player {name}: not playable here")
            continue
        batch.play_game(catalog, 99, lineup)  # warm-up
        got = core_speed(catalog, lineup, games, 200)
        print(f"compiled core, 4-player {name} ({games} games, {got['actions']:.0f} "
              f"actions/game): {got['core']:.1f} games/s per core with records (Python "
              f"loop {got['python']:.1f}, x{got['core'] / got['python']:.1f}); C loop "
              f"{got['loop']:.2f} us/action = engine {got['engine']:.2f} + agents "
              f"{got['agents']:.2f} (CPU)")
        rates = core_scaling(root, games, lineup)
        print(f"  run_games {name}, {10 * games} games (wall): 1 worker {rates['1']:.1f} "
              f"games/s ({rates['1 cpu']:.0f} per CPU second), 2 workers {rates['2']:.1f} games/s; Python loop on 2 workers "
              f"({games} games) {rates['2 python']:.1f} games/s; load average "
              f"{os.getloadavg()[0]:.1f}")


def mixed_jobs(games: int, players: int = 4) -> list[tuple[int, list[str]]]:
    """simulate's `--agents mixed` games (each seat a play style drawn by the game seed)."""
    from toolkit.sim.plan import LineupSpec, plan_games
    plan = plan_games(5, games, [players], LineupSpec((), tuple(HEURISTIC)))
    return [(g.seed, list(g.agents)) for g in plan]


def batch_rate(catalog, jobs, repeats: int = 3) -> list[float]:
    """Games per CPU second of Game.play_batch over `jobs` in batches of 50, each repeat."""
    from toolkit.games.caravans import GAME
    GAME.play_batch(catalog, jobs[:20])  # warm-up
    rates = []
    for _ in range(repeats):
        start = cpu()
        for i in range(0, len(jobs), 50):
            GAME.play_batch(catalog, jobs[i:i + 50])
        rates.append(len(jobs) / (cpu() - start))
    return rates


def per_game_split(catalog, jobs) -> dict[str, float]:
    """CPU microseconds a game spends in each step of core/batch.play_batch: the line-up's
    plan, the new game, the agents' stream seeds, the C loop (play_core) and the record."""
    from toolkit.games.caravans import GAME
    from toolkit.games.caravans.core import batch
    from toolkit.games.caravans.core.loop import play_core
    from toolkit.games.caravans.core.newgame import new_game, stream_seed
    spent = dict.fromkeys(("plan", "new game", "streams", "C loop", "record"), 0.0)
    actions = 0
    for seed, names in jobs:
        marks = [cpu()]
        plan = batch._plans(catalog, [names])[0]
        marks.append(cpu())
        core = new_game(catalog, seed, names)
        marks.append(cpu())
        streams = [stream_seed(seed, f"agent:{seat}") for seat in range(len(names))]
        marks.append(cpu())
        played = play_core(core, streams, GAME.max_actions, False, styles=plan[1],
                           tables=plan[0], count_effects=True)
        marks.append(cpu())
        batch._record(core, played, seed, names, keep_actions=False)
        marks.append(cpu())
        for key, start, end in zip(spent, marks, marks[1:]):
            spent[key] += end - start
        actions += played.length
    out = {key: 1e6 * value / len(jobs) for key, value in spent.items()}
    out["actions"] = actions / len(jobs)
    return out


def main(argv: list[str]) -> None:
    from toolkit import BUNDLED_PROJECT
    from toolkit.content.validate import load_catalog
    games = int(argv[1]) if len(argv) > 1 else 2000
    catalog = load_catalog(BUNDLED_PROJECT)
    for name, jobs in (("mixed", mixed_jobs(games)),
                       ("random", [(s, ["random"] * 4) for s in range(1000, 1000 + games)])):
        rates = batch_rate(catalog, jobs)
        split = per_game_split(catalog, jobs)
        steps = ", ".join(f"{k} {v:.1f}" for k, v in split.items() if k != "actions")
        print(f"compiled core, 4-player {name}, {games} games: "
              f"{' / '.join(f'{r:.0f}' for r in rates)} games per CPU second (play_batch); "
              f"us a game: {steps} ({split['actions']:.0f} actions); "
              f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    import sys
    main(sys.argv)
