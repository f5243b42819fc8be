"""Measures an agent's strength against another (by default `search:N` against a game's
reference heuristic), and the time it spends choosing, for any game.

2-player games, each seed played twice with the seats swapped (the seed's luck and the
first seat's edge cancel out); prints the win rate (ties shared) with its 95% Wilson
interval and one-sided 95% lower bound, the agent's decisions per second, the decisions
settled by rollouts and those where rollouts overruled its prior, and the seconds per
game. The opponent defaults to `balanced` in Caravans & Brigands and to the generic
search's prior (the game's strongest heuristic) elsewhere. Usage:

    .venv/bin/python bench/search_strength.py --budget 16 --first 9000 --seeds 100 [--jobs 2]
        [--set LEAD=6 ...]          # override the search module's constants
    .venv/bin/python bench/search_strength.py --agent random --seeds 50
    .venv/bin/python bench/search_strength.py --agent raider --against balanced
    ... --project examples/root      # any game: its search against its heuristic
    ... --vs-prior                   # also the search's prior alone on the same games, and
                                     # the paired gain of the search over it (Caravans: sharp)
    ... --ladder                     # random, the prior and search:BUDGET, each against the
                                     # opponent, on the same seeds: the skill ladder
    ... --players 4                  # one searching seat among heuristics, rotated over seats
    ... --progress 50 --scores FILE  # running rate every 50 games; each game's score (JSON)
    ... --vs-prior --combine A B     # no games: the figures of --scores files of earlier runs
                                     # together (one measurement split over processes)
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from toolkit.agents import make_agent
from toolkit.agents import search as generic
from toolkit.content.validate import load_catalog
from toolkit.games import game_for
from toolkit.games.caravans.agents import search as caravans_search
from toolkit.sim.stats_math import wilson

ROOT = Path(__file__).resolve().parents[1]
ONE_SIDED_Z = 1.644854


def _module(game):
    return caravans_search if game.name == "caravans" else generic


def _setup(game, overrides: list[str]) -> None:
    """Set numeric (or 0/1 flag) or text constants of the search module: ['LEAD=6', ...]."""
    module = _module(game)
    for item in overrides:
        name, value = item.split("=", 1)
        kind = type(getattr(module, name))
        setattr(module, name, value if kind is str else kind(float(value)))


def prior_of(game, catalog) -> str:
    """The search's prior: Caravans' PRIOR_STYLE, else the generic search's."""
    if game.name == "caravans":
        return caravans_search.PRIOR_STYLE
    return generic.prior_name(game, catalog) or "random"


def default_against(game, catalog) -> str:
    return "balanced" if game.name == "caravans" else prior_of(game, catalog)


_CATALOGS: dict = {}   # project -> catalog, loaded once per worker process


def play(job) -> tuple:
    """(the agent's score, its searched decisions, its CPU seconds choosing, all its
    decisions, the searched decisions where rollouts overruled the prior, the game's CPU
    seconds)."""
    seed, seat, agent, against, players, overrides, project = job
    catalog = _CATALOGS.get(project) or _CATALOGS.setdefault(project, load_catalog(project))
    game = game_for(catalog)
    _setup(game, overrides)
    lineup = [against] * players
    lineup[seat] = agent
    agents = [make_agent(name, game, catalog, s, seed) for s, name in enumerate(lineup)]
    start = time.process_time()
    state = game.new_game(catalog, seed, lineup)
    spent, decisions = 0.0, 0
    for _ in range(game.max_actions):
        if game.is_terminal(state):
            break
        current = game.current_player(state)
        legal = game.legal_actions(state)
        view = game.observation(state, current)
        clock = time.process_time()
        action = agents[current].choose(view, legal)
        if current == seat:
            spent += time.process_time() - clock
            decisions += 1
        state = game.apply_action(state, action)
    result = game.results(state)[seat] if game.is_terminal(state) else 1.0 / players
    me = agents[seat]
    return (result, getattr(me, "decisions", 0), spent, decisions,
            getattr(me, "overruled", 0), time.process_time() - start)


def run(agent, against, args, pool) -> list:
    jobs = [(seed, seat, agent, against, args.players, args.overrides, args.project)
            for seed in range(args.first, args.first + args.seeds)
            for seat in range(args.players)]
    games = []
    out = args.scores.open("a") if args.scores is not None else None
    for job, game in zip(jobs, pool.imap(play, jobs, chunksize=1)):
        games.append(game)
        if out is not None:   # as the games end, so an interrupted run keeps its games
            out.write(json.dumps({"agent": agent, "against": against, "seed": job[0],
                                  "seat": job[1], "score": game[0]}) + "\n")
            out.flush()
        if args.progress and len(games) % args.progress == 0:
            print(f"  {agent}: {len(games)} games: "
                  f"{sum(g[0] for g in games) / len(games):.3f}", file=sys.stderr, flush=True)
    if out is not None:
        out.close()
    return games


def report(agent, against, args, games) -> None:
    n = len(games)
    wins = sum(g[0] for g in games)
    low, high = wilson(wins, n)
    one_sided = wilson(wins, n, ONE_SIDED_Z)[0]
    searched, spent, decisions, overruled, game_s = (sum(g[i] for g in games)
                                                      for i in (1, 2, 3, 4, 5))
    fair = 1.0 / args.players
    print(f"{agent} vs {args.against if args.players == 2 else f'{args.players - 1} x ' + against}"
          f", seeds {args.first}-{args.first + args.seeds - 1} x {args.players} seats = {n} "
          f"games {' '.join(args.overrides)}")
    print(f"  win rate {wins / n:.3f}  95% Wilson [{low:.3f}, {high:.3f}], one-sided 95% "
          f"lower bound {one_sided:.3f} (fair share {fair:.3f})")
    print(f"  {decisions / max(spent, 1e-9):.1f} decisions/s ({searched} of {decisions} "
          f"settled by rollouts, {overruled} overruled); {spent / n:.2f} CPU s choosing and "
          f"{game_s / n:.2f} CPU s in all per game")


def paired_gain(a: list, b: list) -> tuple[float, float, float]:
    """Mean of a - b over the same games, its 95% interval and one-sided 95% lower bound
    (normal approximation of the paired differences)."""
    diffs = [x[0] - y[0] for x, y in zip(a, b)]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n)
    return mean, 1.96 * se, mean - ONE_SIDED_Z * se


def combine(agent: str, prior: str, paths: list[Path]) -> None:
    """The win rate of each agent in the score files `paths` (a game counted once per
    agent, opponent, seed and seat) and, when both are there, the paired gain of `agent`
    over `prior` on their common games."""
    found: dict = {}
    for path in paths:
        try:
            text = path.read_text()
        except OSError as error:
            sys.exit(f"{path}: cannot read it ({error.strerror}); pass a --scores file")
        for number, line in enumerate(text.splitlines(), 1):
            try:
                row = json.loads(line)
                key, score = (row["seed"], row["seat"]), float(row["score"])
                name = f"{row['agent']} vs {row['against']}"
            except (ValueError, KeyError, TypeError):
                sys.exit(f"{path}:{number}: not a line of --scores (JSON with agent, "
                         "against, seed, seat, score); pass the files a run wrote")
            found.setdefault(name, {})[key] = score
    for name, games in found.items():
        wins, n = sum(games.values()), len(games)
        low, high = wilson(wins, n)
        seeds = sorted({seed for seed, _ in games})
        print(f"{name}: {n} games, seeds {seeds[0]}-{seeds[-1]}: win rate {wins / n:.3f}  "
              f"95% Wilson [{low:.3f}, {high:.3f}], one-sided 95% lower bound "
              f"{wilson(wins, n, ONE_SIDED_Z)[0]:.3f}")
    mine = next((g for name, g in found.items() if name.split(" vs ")[0] == agent), None)
    base = next((g for name, g in found.items() if name.split(" vs ")[0] == prior), None)
    if mine and base:
        keys = sorted(set(mine) & set(base))
        mean, half, low = paired_gain([(mine[k],) for k in keys], [(base[k],) for k in keys])
        print(f"{agent} - {prior} (its prior) on the same {len(keys)} games: "
              f"{mean:+.3f} ± {half:.3f} (95%), one-sided 95% lower bound {low:+.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=8)
    parser.add_argument("--agent", default=None, help="default: search:BUDGET")
    parser.add_argument("--against", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--first", type=int, default=50000)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], dest="overrides")
    parser.add_argument("--project", type=Path, default=ROOT,
                        help="the project folder to play (default: the bundled game)")
    parser.add_argument("--vs-prior", action="store_true")
    parser.add_argument("--ladder", action="store_true")
    parser.add_argument("--progress", type=int, default=0)
    parser.add_argument("--scores", type=Path, default=None)
    parser.add_argument("--combine", type=Path, nargs="+", default=None,
                        help="play nothing: report the games of these --scores files")
    args = parser.parse_args()
    catalog = load_catalog(args.project)
    game = game_for(catalog)
    args.against = args.against or default_against(game, catalog)
    agent = args.agent or f"search:{args.budget}"
    prior = prior_of(game, catalog)
    if args.combine:
        combine(agent, prior, args.combine)
        return
    lines = [agent]
    if args.vs_prior:
        lines = [agent, prior]
    if args.ladder:
        lines = ["random", prior, agent]
    start = time.perf_counter()
    results = {}
    with Pool(args.jobs) as pool:
        for name in dict.fromkeys(lines):
            if name == args.against:   # a mirror: 1/players by symmetry, not played
                print(f"{name} vs {name}: {1 / args.players:.3f} by symmetry (not played)")
                continue
            results[name] = run(name, args.against, args, pool)
            report(name, args.against, args, results[name])
    if (args.vs_prior or args.ladder) and prior != args.against:
        mean, half, low = paired_gain(results[agent], results[prior])
        print(f"{agent} - {prior} (its prior) on the same {len(results[agent])} games: "
              f"{mean:+.3f} ± {half:.3f} (95%), one-sided 95% lower bound {low:+.3f}")
    if args.ladder:
        rates = [sum(g[0] for g in results[n]) / len(results[n]) if n in results
                 else 1 / args.players for n in lines]
        print("ladder: " + " < ".join(f"{n} {r:.3f}" for n, r in zip(lines, rates))
              if rates == sorted(rates) else
              "ladder NOT ordered: " + ", ".join(f"{n} {r:.3f}" for n, r in zip(lines, rates)))
    print(f"wall {time.perf_counter() - start:.0f} s with {args.jobs} job(s) "
          f"(CPU times above; the machine may be loaded)")


if __name__ == "__main__":
    main()
