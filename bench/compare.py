"""Figures for docs/performance-compare.md: the paired runner's speed, the false-positive rate
of `toolkit compare` on versions that do not differ, and the games a buffed or nerfed hero
needs before the sequential test decides, against the fixed-size test of the same power.

Run: .venv/bin/python bench/compare.py [--runs 50] [--max-games 400] [--agents random]
     .venv/bin/python bench/compare.py --only defaults,buff [--default-runs 20]
(`defaults`: `toolkit compare` at its default settings on the bundled game with identical
content, over 20 master seeds: how often "no change", and the time per run; `buff`: the
bundled game with one hero buffed to all 4s, at the default settings (`--buff-runs N`
master seeds); `swap`: the focused test's false-change rate on real paired units of that
buff, resampled with the versions swapped at random.)
Every figure is printed; nothing is timed inside the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "compare"))

from projects import BUNDLED, SMALL, longer_small_project, set_stats  # noqa: E402

from toolkit.compare import gsprt  # noqa: E402
from toolkit.compare.metrics import build_metrics, select, unit_sums  # noqa: E402
from toolkit.compare.run import Options, compare_versions, play_units, rotations  # noqa: E402
from toolkit.compare.sequential import SequentialTest  # noqa: E402
from toolkit.compare.versions import Version  # noqa: E402
from toolkit.sim.batch import catalog_for, run_games  # noqa: E402
from toolkit.sim.plan import parse_agents, seed_for  # noqa: E402
from toolkit.games.caravans import GAME  # noqa: E402
from toolkit.games.caravans.report import GLORY_SOURCES  # noqa: E402

Z = statistics.NormalDist().inv_cdf


def speed(root: Path, options: Options) -> None:
    """Paired games per second of compare_versions against plain run_games of as many games."""
    base = Version(str(root), root)
    start = time.monotonic()
    result = compare_versions(base, base, options)
    paired = time.monotonic() - start
    cat = catalog_for(root)
    players = options.players or cat.game.players.max
    spec = parse_agents(options.agents, players, GAME, cat)
    seeds, lineups = [], []
    for i in range(result.units):
        seed = seed_for(options.seed, i)
        for turn in rotations(spec.for_game(seed, players)):
            seeds.append(seed)
            lineups.append(turn)
    start = time.monotonic()
    run_games(root, seeds, lineups, workers=options.workers, progress=False)
    plain = time.monotonic() - start
    print(f"speed ({options.agents}, {options.players} players): {result.games} paired games ({2 * result.games} games) in {paired:.1f} s = "
          f"{2 * result.games / paired:.1f} games/s, {result.games / paired:.1f} paired games/s; "
          f"plain run_games of {len(seeds)} games {len(seeds) / plain:.1f} games/s "
          f"(compare overhead {100 * (paired - 2 * plain) / paired:.0f} %)")


def identical_false_positives(root: Path, options: Options, runs: int) -> None:
    """`toolkit compare X X` with different master seeds: how often is a change claimed?"""
    base = Version(str(root), root)
    claimed, games = 0, []
    for run in range(runs):
        opts = Options(**{**options.__dict__, "seed": 1000 + run})
        result = compare_versions(base, base, opts)
        claimed += result.verdict == "changed"
        games.append(result.games)
    print(f"identical versions ({runs} master seeds), paired: {claimed}/{runs} runs claimed a change; "
          f"median {statistics.median(games):.0f} paired games to decide")


def decoupled_null(root: Path, options: Options, runs: int) -> None:
    """The same content, but the candidate plays *other* seeds: a null whose differences are
    pure game noise (the pairing cannot cancel it). This is the GSPRT's honest calibration."""
    cat = catalog_for(root)
    players = options.players or cat.game.players.max
    spec = parse_agents(options.agents, players, GAME, cat)
    names = [f"glory:{g}" for g in GLORY_SOURCES]
    metrics = select(build_metrics(cat, cat, players, GAME, names), options.metrics)
    claimed, undecided, games = 0, 0, []
    for run in range(runs):
        test = SequentialTest(metrics, options.tolerances, options.alpha, options.beta)
        index = 0
        while not test.done and test.games < options.max_games:
            units_a, units_b = [], []
            while sum(len(t) for _, t in units_a) < options.batch:
                seed_a = seed_for(2000 + run, index)
                seed_b = seed_for(900_000 + run, index)
                units_a.append((seed_a, rotations(spec.for_game(seed_a, players))))
                units_b.append((seed_b, [tuple(t) for t in units_a[-1][1]]))
                index += 1
            side_a = play_units(root, units_a, options)
            side_b = play_units(root, units_b, options)
            test.add([(unit_sums(a, players, GAME), unit_sums(b, players, GAME))
                      for a, b in zip(side_a, side_b)], sum(len(t) for _, t in units_a))
        results = test.results()
        claimed += any(r.changed for r in results)
        undecided += any(r.decision == gsprt.INCONCLUSIVE for r in results)
        games.append(test.games)
    print(f"decoupled null ({len(metrics)} metrics): {claimed}/{runs} runs claimed a change, "
          f"{undecided}/{runs} hit the cap of {options.max_games}; "
          f"median {statistics.median(games):.0f} paired games")


def fixed_size(result, games_per_unit: float, alpha: float, beta: float,
               k: int = 1) -> tuple[int | None, int | None]:
    """Paired games a fixed-size test with the same alpha (over k metrics) and beta needs, for
    the tolerance and for the observed change, from the observed per-seed variance. None
    where it is not defined: no estimate yet (the metric never came up), or an observed
    change of exactly zero (no fixed size finds it)."""
    est = result.estimate
    if est.variance is None or not est.units:
        return None, None
    per_unit = est.variance * est.units
    z = Z(1 - alpha / (2 * k)) + Z(1 - beta)
    at_tol = round(z * z * per_unit / result.tolerance ** 2 * games_per_unit)
    at_obs = (round(z * z * per_unit / est.delta ** 2 * games_per_unit)
              if est.delta else None)
    return at_tol, at_obs


def hero_decisions(options: Options, hero: str, tmp: Path, copies: int) -> None:
    """Games to decide a hero buffed to all 4s and nerfed to all 1s, against fixed-size tests
    (on the small fixture with `copies` of each event, so that games last long enough)."""
    base = longer_small_project(tmp / "base", copies)
    for value, word in ((4, "buffed"), (1, "nerfed")):
        edited = longer_small_project(tmp / word, copies)
        set_stats(edited, hero, value)
        for wanted in ((f"hero:{hero}",), ()):
            opts = Options(**{**options.__dict__, "metrics": wanted})
            start = time.monotonic()
            result = compare_versions(Version("base", base), Version(word, edited), opts)
            r = next(x for x in result.results if x.metric.name == f"hero:{hero}")
            k = len(result.results)
            tol_n, obs_n = fixed_size(r, result.games / max(1, result.units), opts.alpha,
                                      opts.beta, k)
            print(f"{word} {hero} ({k} metric{'s' if k > 1 else ''}): {r.decision} after "
                  f"{r.decided_at} paired games, change {100 * (r.estimate.delta or 0):+.1f} pp; "
                  f"a fixed-size test of the same alpha/beta needs {obs_n or '–'} for the observed "
                  f"change, {tol_n} for the tolerance; run stopped at {result.games} "
                  f"({time.monotonic() - start:.0f} s)", flush=True)


def synthetic_calibration(runs: int) -> None:
    """The GSPRT alone on synthetic paired units (tests/compare/synthetic.py): false changes
    on a null over the whole family, and the games a +6 pp hero needs against a fixed test."""
    import synthetic

    claimed, undecided, games = 0, 0, []
    for run in range(runs):
        test = synthetic.run_test(10_000 + run, coupling=0.5, max_units=1000, batch=None)
        results = test.results()
        claimed += any(r.changed for r in results)
        undecided += any(r.decision == gsprt.INCONCLUSIVE for r in results)
        games.append(test.games)
    print(f"synthetic null, {len(results)} metrics, {runs} runs: {claimed} claimed a change "
          f"({100 * claimed / runs:.1f} %), {undecided} hit the cap of 4,000 paired games; "
          f"median {statistics.median(games):.0f} paired games", flush=True)
    decided, wrong = [], 0
    for run in range(runs):
        test = synthetic.run_test(20_000 + run, ("hero:h0",), buff={"h0": 1.3}, coupling=0.5,
                                  max_units=3000, batch=None)
        r = test.results()[0]
        wrong += r.decision != gsprt.INCREASE
        decided.append(r.decided_at or test.games)
    last = r
    _, n_fixed = fixed_size(last, 4, 0.05, 0.05)
    n_fixed = "(undefined)" if n_fixed is None else n_fixed
    print(f"synthetic hero +{100 * last.estimate.delta:.1f} pp (tolerance 2 pp), {runs} runs: "
          f"mean {statistics.mean(decided):.0f} / median {statistics.median(decided):.0f} "
          f"paired games to decide, {wrong} not 'increase'; a fixed-size paired test with "
          f"alpha=beta=0.05 needs {n_fixed:.0f}", flush=True)


def at_defaults(runs: int) -> None:
    """`toolkit compare X X` at the default settings (4 players, mixed agents, every core)
    on the bundled game, one run per master seed: how often "no change", time per run."""
    base = Version("bundled", BUNDLED)
    verdicts, seconds, games = [], [], []
    for run in range(runs):
        start = time.monotonic()
        result = compare_versions(base, base, Options(seed=run + 1))
        seconds.append(time.monotonic() - start)
        verdicts.append(result.verdict)
        games.append(result.games)
        print(f"  seed {run + 1}: {result.verdict} after {result.games} paired games "
              f"({seconds[-1]:.1f} s)", flush=True)
    same = verdicts.count("no_change")
    print(f"identical content at the defaults, {runs} seeds: 'no change' in {same}/{runs} "
          f"({100 * same / runs:.0f} %); time per run median {statistics.median(seconds):.1f} s "
          f"(min {min(seconds):.1f}, max {max(seconds):.1f}); paired games median "
          f"{statistics.median(games):.0f}; {cpu_text()}", flush=True)


def cpu_text() -> str:
    """CPU seconds of this process and of its finished worker processes so far."""
    import resource
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (f"CPU this process {own.ru_utime + own.ru_stime:.1f} s, workers "
            f"{kids.ru_utime + kids.ru_stime:.1f} s (finished workers only)")


def buff_at_defaults(hero: str, value: int, runs: int = 1) -> None:
    """The bundled game with `hero` at `value` in every stat, at the default settings, one
    run per master seed 1..runs: verdict, paired games, wall time and CPU time (this
    process and its workers: the wall time an idle machine would give is about the
    workers' CPU time over the cores, plus this process's)."""
    from projects import copy_project
    from toolkit.compare.report import verdict_lines
    with tempfile.TemporaryDirectory() as tmp:
        edited = copy_project(BUNDLED, Path(tmp) / "buffed")
        set_stats(edited, hero, value)
        took, games = [], []
        for seed in range(1, runs + 1):
            start = time.monotonic()
            result = compare_versions(Version("bundled", BUNDLED), Version("buffed", edited),
                                      Options(seed=seed))
            took.append(time.monotonic() - start)
            games.append(result.games)
            lines = verdict_lines(result)
            print(f"{hero} at all {value}s, defaults, seed {seed}: verdict {result.verdict} "
                  f"after {result.games} paired games in {took[-1]:.1f} s", flush=True)
            for line in lines[:2]:
                print("  " + line)
    print(f"buff, {runs} seeds: median {statistics.median(games):.0f} paired games, median "
          f"{statistics.median(took):.1f} s (min {min(took):.1f}, max {max(took):.1f}); "
          f"{cpu_text()}", flush=True)


def swap_null(hero: str, value: int, units: int, runs: int, cap: int) -> None:
    """The calibration of the focused test on real games: `units` seeds that deal `hero`,
    played on the bundled game and with the hero at `value` in every stat (real paired
    units), then resampled. With the two versions swapped in a random half of the units the
    change is zero by construction but every difference keeps its real size and
    discreteness: how often does the sequential test (SequentialTest, the default looks)
    claim a change before `cap` seeds? Without the swap: how many games a decision takes."""
    import random
    from projects import copy_project
    from toolkit.compare.focus import Focus, seeds
    from toolkit.compare.looks import look_after
    from toolkit.compare.stream import PairedRunner
    with tempfile.TemporaryDirectory() as tmp:
        edited = copy_project(BUNDLED, Path(tmp) / "buffed")
        set_stats(edited, hero, value)
        cat_a, cat_b = catalog_for(BUNDLED), catalog_for(edited)
        options = Options(seed=99)
        spec = parse_agents("mixed", 4, GAME, cat_a)
        focus = Focus("hero", (hero,), hero)
        stream = seeds(options, spec, 4, focus, GAME, (cat_a, cat_b), [])
        start = time.monotonic()
        with PairedRunner((BUNDLED, edited), options) as runner:
            played = [(unit_sums(a, 4, GAME), unit_sums(b, 4, GAME), len(unit[1]))
                      for _, (unit, a, b) in zip(range(units), runner.run(stream))]
        print(f"swap null: {units} focused seeds played in {time.monotonic() - start:.0f} s",
              flush=True)
    metric = [m for m in build_metrics(cat_a, cat_b, 4, GAME) if m.name == f"hero:{hero}"]
    for swap in (False, True):
        claimed, decided = 0, []
        for run in range(runs):
            rng = random.Random(f"swap:{swap}:{run}")
            test = SequentialTest(metric, Options().tolerances)
            fed = 0
            while not test.done and fed < cap:
                batch = []
                for _ in range(look_after(fed)):
                    a, b, games = played[rng.randrange(len(played))]
                    batch.append(((b, a) if swap and rng.random() < 0.5 else (a, b), games))
                test.add([pair for pair, _ in batch], sum(g for _, g in batch))
                fed += len(batch)
            result = test.results()[0]
            claimed += result.changed
            if result.decided_at is not None and result.changed:
                decided.append(result.decided_at)
        if swap:
            print(f"swap null, hero {hero}, {runs} runs, cap {cap} seeds: {claimed} claimed a "
                  f"change ({100 * claimed / runs:.1f} %, nominal 5 %)", flush=True)
        else:
            print(f"resampled buff, {runs} runs: {claimed} found the change; paired games to "
                  f"decide median {statistics.median(decided):.0f}, 90th percentile "
                  f"{sorted(decided)[int(0.9 * len(decided))]:.0f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", default=str(SMALL))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--null-runs", type=int, default=10)
    parser.add_argument("--max-games", type=int, default=200)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--hero", default="ash_sage")
    parser.add_argument("--hero-agents", default="balanced")
    parser.add_argument("--hero-max-games", type=int, default=1200)
    parser.add_argument("--event-copies", type=int, default=6)
    parser.add_argument("--win-tolerance", type=float, default=5.0, help="pp, hero runs")
    parser.add_argument("--synthetic-runs", type=int, default=100)
    parser.add_argument("--default-runs", type=int, default=20)
    parser.add_argument("--buff-hero", default="kharza_ironhide")
    parser.add_argument("--buff-runs", type=int, default=1)
    parser.add_argument("--swap-units", type=int, default=60)
    parser.add_argument("--swap-runs", type=int, default=1000)
    parser.add_argument("--swap-cap", type=int, default=2000, help="seeds")
    parser.add_argument("--only", default="synthetic,speed,identical,null,hero")
    args = parser.parse_args()
    root = Path(args.project).resolve()
    options = Options(max_games=args.max_games, batch=args.batch, agents=args.agents,
                      workers=args.workers, players=args.players)
    only = set(args.only.split(","))
    if "synthetic" in only:
        synthetic_calibration(args.synthetic_runs)
    if "speed" in only:
        speed(root, Options(**{**options.__dict__, "batch": 400, "max_games": 400,
                               "metrics": ("hero:ash_sage",)}))
    if "identical" in only:
        identical_false_positives(root, options, args.runs)
    if "null" in only:
        decoupled_null(root, options, args.null_runs)
    if "defaults" in only:
        at_defaults(args.default_runs)
    if "buff" in only:
        buff_at_defaults(args.buff_hero, 4, args.buff_runs)
    if "swap" in only:
        swap_null(args.buff_hero, 4, args.swap_units, args.swap_runs, args.swap_cap)
    if "hero" in only:
        tolerances = {**options.tolerances, "win": args.win_tolerance / 100}
        hero_opts = Options(**{**options.__dict__, "max_games": args.hero_max_games,
                               "agents": args.hero_agents, "tolerances": tolerances})
        with tempfile.TemporaryDirectory() as tmp:
            hero_decisions(hero_opts, args.hero, Path(tmp), args.event_copies)


if __name__ == "__main__":
    main()
