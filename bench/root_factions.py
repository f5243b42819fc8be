"""Root: each faction's win rate in four-player games of one agent for every faction, the
turn order rotated.

Each deal (game seed) is played four times, the factions seated in the four rotations of
the rule book's order (Marquise, Eyrie, Alliance, Vagabond): in rotation r the faction at
position r moves first. So every faction moves first, second, third and fourth on the same
deals, and faction and turn order are not confounded. Prints, for each faction, its wins
with a 95% Wilson interval (per game: the faction won or not; a coalition's win counts for
the Vagabond and his partner), then the win rate by turn position (the seat effect), the
share of games won by dominance, and the median rounds. Usage:

    .venv/bin/python bench/root_factions.py --first 50000 --deals 125   # 500 games
        [--agents heuristic] [--jobs 2] [--project DIR]
        [--set PATH=6 ...]   # override a constant of toolkit/games/root/agents.py (tuning)
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

from toolkit.agents import make_agent
from toolkit.content.validate import load_catalog
from toolkit.games.root import GAME
from toolkit.games.root import agents as root_agents
from toolkit.games.root.data import FACTIONS
from toolkit.loop import play
from toolkit.sim.stats_math import wilson

ROOT = Path(__file__).resolve().parents[1]
_CATALOG = {}


def rotation(r: int) -> list[str]:
    """The factions in turn order when the r-th of the rule book's order moves first."""
    return list(FACTIONS[r:]) + list(FACTIONS[:r])


def one_game(job: tuple) -> dict:
    project, seed, r, agent, overrides = job
    for name, value in overrides:
        setattr(root_agents, name, value)
    if project not in _CATALOG:
        _CATALOG[project] = load_catalog(Path(project))
    catalog = _CATALOG[project]
    factions = rotation(r)
    names = [agent] * len(factions)
    state = GAME.new_game(catalog, seed, names, factions=factions)
    state = play(GAME, catalog, seed, names, state=state).state
    return {"seed": seed, "rotation": r, "factions": factions,
            "winners": [factions[w] for w in state.winner],
            "positions": list(state.winner), "rounds": state.rounds,
            "dominance": [factions[w] for w in state.winner
                          if state.dominance[w] is not None and factions[w] != "vagabond"]}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=50000, help="first game seed")
    parser.add_argument("--deals", type=int, default=125,
                        help="deals, each played in the 4 rotations (games = 4 x deals)")
    parser.add_argument("--agents", default="heuristic", help="the agent of every faction")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--project", default=str(ROOT / "examples" / "root"))
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    overrides = []
    for item in args.set:
        name, _, value = item.partition("=")
        if not name.isupper() or not hasattr(root_agents, name):
            parser.error(f"--set {item}: agents.py has no constant {name}")
        try:
            overrides.append((name, float(value)))
        except ValueError:
            parser.error(f"--set {item}: the value must be a number")
    from toolkit.errors import UsageError
    try:   # an unknown agent name is a usage error before any game
        make_agent(args.agents, GAME, load_catalog(Path(args.project)), 0, args.first)
    except UsageError as exc:
        parser.error(str(exc).removeprefix("error: "))
    jobs = [(args.project, seed, r, args.agents, tuple(overrides))
            for seed in range(args.first, args.first + args.deals) for r in range(4)]
    start = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            games = pool.map(one_game, jobs, chunksize=4)
    else:
        games = [one_game(j) for j in jobs]
    wall = time.perf_counter() - start
    n = len(games)
    print(f"Root, 4 players, `{args.agents}` for every faction; seeds {args.first}-"
          f"{args.first + args.deals - 1}, each in the 4 rotations of the turn order "
          f"({', '.join(FACTIONS)} -> ... ): {n} games in {wall:.0f} s wall"
          + (f"; set {' '.join(args.set)}" if args.set else ""))
    wins = Counter(f for g in games for f in g["winners"])
    print(f"{'faction':10} {'wins':>5} {'rate':>6}  95% Wilson")
    for fac in FACTIONS:
        lo, hi = wilson(wins[fac], n)
        print(f"{fac:10} {wins[fac]:5d} {wins[fac] / n:6.1%}  [{lo:.1%}, {hi:.1%}]")
    print("by turn position (the seat effect): a faction's wins when it moves k-th")
    first = Counter(p for g in games for p in g["positions"])
    for k in range(4):
        lo, hi = wilson(first[k], n)
        print(f"  moves {k + 1}{'st nd rd th'.split()[k]} {first[k]:5d} {first[k] / n:6.1%}  "
              f"[{lo:.1%}, {hi:.1%}]")
    for fac in FACTIONS:
        row = []
        for k in range(4):
            sub = [g for g in games if g["factions"][k] == fac]
            won = sum(1 for g in sub if fac in g["winners"])
            row.append(f"{won / len(sub):5.1%}")
        print(f"  {fac:10} moving 1st..4th: {' '.join(row)}")
    shared = sum(1 for g in games if len(g["winners"]) > 1)
    dom = Counter(f for g in games for f in g["dominance"])
    print(f"coalition wins {shared / n:.1%}, dominance wins {sum(dom.values()) / n:.1%} "
          f"({', '.join(f'{f} {dom[f]}' for f in FACTIONS if dom[f])}), "
          f"median rounds {statistics.median(g['rounds'] for g in games)}")


if __name__ == "__main__":
    main()
