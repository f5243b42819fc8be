"""Tunes a heuristic play style's weights for strength: coordinate search over the weights
of styles.yaml, each candidate played against fixed opponents on the same seeds (common
random numbers: every candidate meets the same deals, both seats of each seed), a move kept
only when its paired gain over the incumbent exceeds `--z` standard errors (a candidate
behind the incumbent on the first half of the seeds is dropped without the second half).
The winner is then validated on FRESH seeds (2-player games against each `--against`
style, and 4-player games against the mixed line-up), with 95 % Wilson intervals.

    nice -n 5 .venv/bin/python bench/tune_style.py --base raider --seeds 200 --jobs 2 \
        --sweeps 3 --out /tmp/sharp.yaml             # tune; writes the weights that differ
    nice -n 5 .venv/bin/python bench/tune_style.py --base raider --race 4 --sigma 0.2 \
        --first 30000 --z 1.645 --out /tmp/sharp.yaml   # successive halving (how sharp was made)
    nice -n 5 .venv/bin/python bench/tune_style.py --validate sharp --fresh 500
        # measure a style of styles.yaml (or --weights FILE) without tuning

Seeds: training from `--first` (default 20000), validation from `--fresh-first` (90000).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from types import MappingProxyType

import yaml

from toolkit.agents.base import agent_rng
from toolkit.content.validate import load_catalog
from toolkit.games.caravans import engine
from toolkit.games.caravans.agents.heuristic import HeuristicAgent
from toolkit.games.caravans.agents.styles import Style, load_styles
from toolkit.sim.stats import score
from toolkit.sim.stats_math import wilson

ROOT = Path(__file__).resolve().parents[1]
MIXED = ("adventurer", "balanced", "raider", "trader")
FIXED = {"gold", "noise"}  # the unit of value, and the tie-break jitter
BOUNDED = {"min_win_chance", "flee_below", "travel_decay"}  # shares in [0, 1]
STEPS = (0.5, 0.3, 0.15)  # the relative step of each sweep (a tenth of it for shares)

_catalog = None


def _worker_catalog():
    global _catalog
    if _catalog is None:
        _catalog = load_catalog(ROOT)
    return _catalog


def play(job) -> list[float]:
    """The candidate's score in each game of the job: (weights, [(seed, seat, lineup)])."""
    weights, games = job
    catalog = _worker_catalog()
    styles = load_styles()
    mine = Style("candidate", "being tuned", MappingProxyType(dict(weights)))
    out = []
    for seed, seat, lineup in games:
        agents = [HeuristicAgent(catalog, s, agent_rng(seed, s),
                                 mine if s == seat else styles[name])
                  for s, name in enumerate(lineup)]
        state = engine.new_game(catalog, seed, list(lineup))
        while not engine.is_terminal(state):
            p = engine.current_player(state)
            action = agents[p].choose(engine.observation(state, p), engine.legal_actions(state))
            state = engine.apply_action(state, action)
        out.append(score(engine.game_record(state), seat))
    return out


def two_player(first: int, seeds: int, against: str) -> list[tuple]:
    return [(seed, seat, ["candidate" if s == seat else against for s in (0, 1)])
            for seed in range(first, first + seeds) for seat in (0, 1)]


def four_player(first: int, seeds: int) -> list[tuple]:
    """Each seed once per seat; the three rivals drawn from the mixed styles by the seed."""
    games = []
    for seed in range(first, first + seeds):
        rivals = random.Random(seed).choices(MIXED, k=3)
        for seat in range(4):
            lineup = list(rivals)
            lineup.insert(seat, "candidate")
            games.append((seed, seat, lineup))
    return games


class Bench:
    """Plays job lists in a pool of `jobs` processes, in chunks, keeping the game order."""

    def __init__(self, jobs: int):
        self.pool = Pool(jobs)
        self.games = 0

    def scores(self, weights: dict, games: list[tuple]) -> list[float]:
        size = max(1, len(games) // 16)
        chunks = [(weights, games[i:i + size]) for i in range(0, len(games), size)]
        self.games += len(games)
        return [s for chunk in self.pool.map(play, chunks) for s in chunk]


def paired(new: list[float], old: list[float]) -> tuple[float, float]:
    """(mean gain, its standard error) of paired per-game scores."""
    diffs = [a - b for a, b in zip(new, old)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, math.sqrt(var / n)


def moves(name: str, value: float, step: float) -> list[float]:
    """The values tried for one weight at one step size."""
    if name in BOUNDED:
        return [round(min(0.95, max(0.0, value + sign * step / 5)), 3) for sign in (1, -1)]
    if value == 0:
        return [round(6 * step, 3)]
    return [round(value * (1 + step), 3), round(value / (1 + step), 3)]


def trial(bench: Bench, weights: dict, best: list[float], games: list[tuple]) -> tuple:
    """(per-game scores, paired gain, its standard error) of `weights` against the
    incumbent's scores `best`; scores cover only the first half when behind there."""
    half = len(games) // 2  # screen on half the games, finish only the promising
    got = bench.scores(weights, games[:half])
    gain, se = paired(got, best[:half])
    if gain > 0:
        got += bench.scores(weights, games[half:])
        gain, se = paired(got, best)
    return got, gain, se


def tune(bench: Bench, weights: dict, games_for, sweeps: int, z: float,
         rng: random.Random, out: Path | None, first_step: int = 0,
         hopeful: dict | None = None) -> dict:
    """Coordinate search; after each sweep the moves that gained more than one standard
    error without passing `z` are tried together. `games_for(k)` gives the games of the
    k-th sweep; when they change, the incumbent is replayed on them first (so the luck it
    had on the seeds that chose it does not count against the next moves). The
    incumbent's changed weights go to `out` after every kept move."""
    games, best = None, []
    names = sorted(set(weights) - FIXED)
    for k, sweep in enumerate(range(first_step, first_step + sweeps)):
        if games_for(k) != games:
            games = games_for(k)
            best = bench.scores(weights, games)
            print(f"incumbent {sum(best) / len(best):.3f} over {len(best)} games from seed "
                  f"{games[0][0]}", flush=True)
        step = STEPS[min(sweep, len(STEPS) - 1)]
        rng.shuffle(names)
        hopeful = hopeful or {}
        for name in names if sweep > first_step or not hopeful else ():
            for value in moves(name, weights[name], step):
                if value == weights[name]:
                    continue
                got, gain, se = trial(bench, dict(weights, **{name: value}), best, games)
                keep = len(got) == len(best) and gain > z * se
                print(f"  sweep {sweep + 1} {name} {weights[name]} -> {value}: "
                      f"{sum(got) / len(got):.3f} ({gain:+.3f} +- {se:.3f})"
                      f"{'  KEPT' if keep else ''}", flush=True)
                if keep:
                    weights, best = _keep(weights, {name: value}, got, out)
                    break
                if len(got) == len(best) and gain > se:
                    hopeful[name] = value
        if len(hopeful) > 1:
            got, gain, se = trial(bench, dict(weights, **hopeful), best, games)
            keep = len(got) == len(best) and gain > z * se
            print(f"  together {json.dumps(hopeful)}: {sum(got) / len(got):.3f} "
                  f"({gain:+.3f} +- {se:.3f}){'  KEPT' if keep else ''}", flush=True)
            if keep:
                weights, best = _keep(weights, hopeful, got, out)
        hopeful = {}
        print(f"after sweep {sweep + 1}: {sum(best) / len(best):.3f} "
              f"{json.dumps(changed(weights))}", flush=True)
    return weights


def _keep(weights: dict, move: dict, got: list[float], out: Path | None) -> tuple:
    weights = dict(weights, **move)
    if out:
        out.write_text(yaml.safe_dump(changed(weights), sort_keys=True))
    return weights, got


def perturb(weights: dict, rng: random.Random, sigma: float) -> dict:
    """A neighbour: about a third of the weights moved by a log-normal factor (shares by
    a normal step), the others kept."""
    out = dict(weights)
    for name in sorted(set(weights) - FIXED):
        if rng.random() < 1 / 3:
            value = weights[name]
            if name in BOUNDED:
                out[name] = round(min(0.95, max(0.0, value + rng.gauss(0, sigma / 5))), 3)
            else:
                out[name] = round(value * math.exp(rng.gauss(0, sigma)) if value else
                                  abs(rng.gauss(0, 6 * sigma)), 3)
    return out


def race(bench: Bench, weights: dict, rounds: int, first: int, against: str, z: float,
         rng: random.Random, out: Path | None, pool: int = 16, sigma: float = 0.3) -> dict:
    """Successive halving: each round `pool` - 1 neighbours and the incumbent play 100 seeds,
    the best 4 play 400 more, and the best newcomer replays against the incumbent on 500
    FRESH seeds; it replaces the incumbent only when it wins those by `z` standard errors
    (the fresh seeds keep the luck that chose it out of the verdict)."""
    for r in range(rounds):
        blocks = [two_player(first, 100, against), two_player(first + 100, 400, against),
                  two_player(first + 500, 500, against)]
        first += 1000
        field = [weights] + [perturb(weights, rng, sigma) for _ in range(pool - 1)]
        got = [bench.scores(w, blocks[0]) for w in field]
        top = sorted(range(pool), key=lambda i: -sum(got[i]))[:4]
        for i in top:
            got[i] = got[i] + bench.scores(field[i], blocks[1])
        best = max((i for i in top if i), key=lambda i: sum(got[i]))
        new, old = bench.scores(field[best], blocks[2]), bench.scores(weights, blocks[2])
        gain, se = paired(new, old)
        keep = gain > z * se
        print(f"round {r + 1}: best of {pool} {sum(got[best]) / len(got[best]):.3f} on 1000, "
              f"then {sum(new) / len(new):.3f} vs incumbent {sum(old) / len(old):.3f} "
              f"({gain:+.3f} +- {se:.3f}) on fresh seeds{'  KEPT' if keep else ''} "
              f"{json.dumps({k: v for k, v in field[best].items() if v != weights[k]})}",
              flush=True)
        if keep:
            weights, _ = _keep(weights, field[best], [], out)
    return weights


def changed(weights: dict) -> dict:
    base = yaml.safe_load((ROOT / "toolkit/games/caravans/agents/styles.yaml").read_text())
    defaults = base["defaults"]
    return {k: v for k, v in sorted(weights.items()) if float(defaults[k]) != v}


def report(label: str, scores: list[float]) -> None:
    n, wins = len(scores), sum(scores)
    low, high = wilson(wins, n)
    print(f"  {label}: {wins / n:.3f} [{low:.3f}, {high:.3f}] over {n} games, one-sided 95% "
          f"lower bound {wilson(wins, n, 1.644854)[0]:.3f}", flush=True)


def validate(bench: Bench, weights: dict, first: int, seeds: int, against: list[str],
             reference: dict | None = None, four: bool = True) -> None:
    """Win rates on fresh seeds; with `reference` (another style's weights), also the paired
    gain over it against the first rival."""
    print(f"validation on fresh seeds {first}-{first + seeds - 1}:", flush=True)
    for i, rival in enumerate(against):
        games = two_player(first, seeds, rival)
        got = bench.scores(weights, games)
        report(f"2p vs {rival}", got)
        if reference is not None and i == 0:
            old = bench.scores(reference, games)
            report(f"2p vs {rival}, the reference style", old)
            gain, se = paired(got, old)
            print(f"  paired gain over the reference: {gain:+.3f} +- {se:.3f} (s.e.)",
                  flush=True)
    if four:
        report("4p vs mixed (fair share 0.25)",
               bench.scores(weights, four_player(first, max(1, seeds // 2))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="raider", help="the style tuning starts from")
    parser.add_argument("--weights", type=Path, help="a YAML/JSON mapping of weights to start "
                        "from (over --base)")
    parser.add_argument("--validate", metavar="STYLE", help="only validate this style")
    parser.add_argument("--against", default="balanced", help="training opponent")
    parser.add_argument("--check", default="balanced,raider,trader,adventurer",
                        help="validation opponents (2-player)")
    parser.add_argument("--first", type=int, default=20000)
    parser.add_argument("--seeds", type=int, default=200, help="training seeds (x 2 seats)")
    parser.add_argument("--fresh-first", type=int, default=90000)
    parser.add_argument("--fresh", type=int, default=300, help="validation seeds (x 2 seats)")
    parser.add_argument("--sweeps", type=int, default=3)
    parser.add_argument("--race", type=int, default=0, metavar="ROUNDS",
                        help="successive-halving rounds over random neighbours instead of "
                             "the coordinate sweeps")
    parser.add_argument("--sigma", type=float, default=0.3,
                        help="spread of the race's log-normal moves")
    parser.add_argument("--four", action=argparse.BooleanOptionalAction, default=True,
                        help="validate in 4-player games against the mixed line-up too")
    parser.add_argument("--reseed", action="store_true",
                        help="new training seeds for every sweep (incumbent replayed on them)")
    parser.add_argument("--reference", default="raider",
                        help="style whose paired gain is reported in the validation")
    parser.add_argument("--first-step", type=int, default=0,
                        help=f"index of the first sweep's step in {STEPS}")
    parser.add_argument("--hopeful", type=json.loads, default=None, metavar="JSON",
                        help="moves found by an earlier run, tried together first "
                             "(that sweep then skips the one-weight moves)")
    parser.add_argument("--z", type=float, default=2.0, help="standard errors a move must win by")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="write the changed weights here (YAML)")
    args = parser.parse_args()
    styles = load_styles()
    weights = dict(styles[args.validate or args.base].weights)
    if args.weights:
        weights.update({k: float(v) for k, v in yaml.safe_load(args.weights.read_text()).items()})
    bench, start = Bench(args.jobs), time.perf_counter()
    if args.race and not args.validate:
        weights = race(bench, weights, args.race, args.first, args.against, args.z,
                       random.Random(args.first), args.out, sigma=args.sigma)
    elif not args.validate:
        def games_for(k: int) -> list[tuple]:
            shift = k * args.seeds if args.reseed else 0
            return two_player(args.first + shift, args.seeds, args.against)
        weights = tune(bench, weights, games_for, args.sweeps, args.z, random.Random(args.first),
                       args.out, args.first_step, args.hopeful)
    validate(bench, weights, args.fresh_first, args.fresh, args.check.split(","),
             dict(styles[args.reference].weights) if args.reference else None, args.four)
    print(f"{bench.games} games in {time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
