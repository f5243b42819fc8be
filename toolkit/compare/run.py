"""One comparison end to end: validate both versions, play the same seeds, seat rotations and
line-ups on each in batches (toolkit.sim.batch), feed the paired units to the sequential test
and stop when it has decided every metric or the game cap is reached."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from toolkit.compare import gsprt
from toolkit.compare.diff import EntryDiff, catalog_diff
from toolkit.compare.metrics import DEFAULT_TOLERANCES, build_metrics, select, unit_sums
from toolkit.compare.sequential import UNOBSERVED, MetricResult, SequentialTest
from toolkit.compare.versions import Version
from toolkit.errors import ContentError, UsageError
from toolkit.sim.batch import catalog_for, run_games
from toolkit.sim.plan import parse_agents, seed_for


@dataclass(frozen=True)
class Options:
    """Everything the user chose (defaults as in `toolkit compare --help`)."""

    metrics: tuple[str, ...] = ()
    max_games: int = 20_000          # paired games: each is played once per version
    alpha: float = 0.05
    beta: float = 0.05
    tolerances: dict = field(default_factory=lambda: dict(DEFAULT_TOLERANCES))
    batch: int = 400                 # paired games between two looks
    players: int | None = None       # default: the most the game allows
    agents: str = "mixed"
    seed: int = 1
    workers: int | None = None
    backend: str = "local"
    scheduler: str | None = None
    trust: bool = False              # a project's own rules package may be imported


@dataclass
class Comparison:
    """The outcome: per-metric results, the catalog diff and how the run went."""

    baseline: Version
    candidate: Version
    options: Options
    players: int
    lineup: str
    units: int                       # seeds played, each in every seat rotation
    results: list[MetricResult]
    games: int
    diff: list[EntryDiff]
    seconds: float
    interrupted: bool = False
    names: dict = field(default_factory=dict)

    @property
    def changed(self) -> list[MetricResult]:
        return [r for r in self.results if r.changed]

    @property
    def verdict(self) -> str:
        """changed | no_change | inconclusive (no change found and some metric undecided)."""
        if self.changed:
            return "changed"
        decisions = {r.decision for r in self.results}
        if gsprt.NO_CHANGE in decisions and decisions <= {gsprt.NO_CHANGE, UNOBSERVED}:
            return "no_change"
        return "inconclusive"


def check_options(options: Options) -> None:
    for name, value in (("--alpha", options.alpha), ("--beta", options.beta)):
        if not 0 < value < 0.5:
            raise UsageError(f"{name}: expected a probability between 0 and 0.5, got {value}")
    if options.max_games < 1 or options.batch < 1:
        raise UsageError("--max-games and --batch must be at least 1")
    if options.max_games > 1_000_000:
        raise UsageError(f"--max-games: expected at most 1,000,000, got {options.max_games:,}")
    if options.workers is not None and not 1 <= options.workers <= 64:
        raise UsageError(f"--workers: expected 1 to 64, got {options.workers}")


def load_version(side: str, version: Version):
    """The version's catalog; invalid content names the side it came from."""
    try:
        return catalog_for(version.root)
    except ContentError as exc:
        raise ContentError(f"{side} {version.label}: {exc.message}") from None


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct rotation of a line-up through the seats (one when all seats agree)."""
    out = []
    for r in range(len(lineup)):
        turned = tuple(lineup[r:]) + tuple(lineup[:r])
        if turned not in out:
            out.append(turned)
    return out


def _players(options: Options, cat_a, cat_b) -> int:
    players = options.players or cat_a.game.players.max
    for cat in (cat_a, cat_b):
        if not cat.game.players.min <= players <= cat.game.players.max:
            raise UsageError(f"--players: {players} is outside {cat.game.players.min}-"
                             f"{cat.game.players.max} for the project at {cat.root}")
    return players


def _game(options: Options, cat_a, cat_b):
    """The game both versions play (the same rules, or a usage error)."""
    from toolkit.games import game_for
    a = game_for(cat_a, trust=options.trust, command="compare")
    b = game_for(cat_b, trust=options.trust, command="compare")
    if getattr(cat_a.game, "rules", None) != getattr(cat_b.game, "rules", None):
        raise UsageError(f"the versions name different rules ('{cat_a.game.rules}' and "
                         f"'{cat_b.game.rules}'): compare plays one game on both")
    return a if a is b else a


def play_units(root, units: Sequence[tuple[int, list[tuple[str, ...]]]], options: Options):
    """Records of each unit (seed, seat rotations) on one version, grouped by unit."""
    seeds = [seed for seed, turns in units for _ in turns]
    lineups = [turn for _, turns in units for turn in turns]
    records = run_games(root, seeds, lineups, workers=options.workers, backend=options.backend,
                        scheduler=options.scheduler, progress=False, trust=options.trust)
    grouped, at = [], 0
    for _, turns in units:
        if at + len(turns) > len(records):
            break  # interrupted: keep whole units only
        grouped.append(records[at:at + len(turns)])
        at += len(turns)
    return grouped


def compare_versions(baseline: Version, candidate: Version, options: Options,
                     progress: Callable[[str], None] | None = None) -> Comparison:
    """Plays paired batches until the sequential test stops; see gsprt.py for the rule."""
    check_options(options)
    start = time.monotonic()
    cat_a, cat_b = load_version("baseline", baseline), load_version("candidate", candidate)
    game = _game(options, cat_a, cat_b)
    players = _players(options, cat_a, cat_b)
    spec = parse_agents(options.agents, players, game, cat_a)
    test, metrics = None, []     # built with the first records (they name the game's metrics)
    next_unit, interrupted, played = 0, False, 0
    while (test is None or not test.done) and played < options.max_games and not interrupted:
        units, games = [], 0
        want = min(options.batch, options.max_games - played)
        while True:
            seed = seed_for(options.seed, next_unit)
            turns = rotations(spec.for_game(seed, players))
            if games + len(turns) > want and (units or played + len(turns) > options.max_games):
                break
            units.append((seed, turns))
            games += len(turns)
            next_unit += 1
        if not units:
            break  # the cap leaves no room for one more seed in all its rotations
        side_a = play_units(baseline.root, units, options)
        side_b = play_units(candidate.root, units[:len(side_a)], options) if side_a else []
        whole = min(len(side_a), len(side_b))
        interrupted = whole < len(units)  # Ctrl-C: the finished units still count
        if test is None:
            if not whole:
                break
            names = sorted(game.metrics(side_a[0][0]))
            metrics = select(build_metrics(cat_a, cat_b, players, game, names), options.metrics)
            test = SequentialTest(metrics, options.tolerances, options.alpha, options.beta)
        pairs = [(unit_sums(a, players, game), unit_sums(b, players, game))
                 for a, b in zip(side_a[:whole], side_b[:whole])]
        test.add(pairs, sum(len(turns) for _, turns in units[:whole]))
        played = test.games
        if progress:
            progress(f"{test.games:,} paired games: {len(test.decided)} of {len(metrics)} "
                     f"metrics decided ({time.monotonic() - start:.0f} s)")
    if test is None:  # nothing finished (stopped at once): the metrics as asked, unobserved
        metrics = select(build_metrics(cat_a, cat_b, players, game, []), options.metrics)
        test = SequentialTest(metrics, options.tolerances, options.alpha, options.beta)
    names = {**cat_a.names, **cat_b.names}
    return Comparison(baseline, candidate, options, players, spec.text(), test.units,
                      test.results(), test.games, catalog_diff(cat_a, cat_b),
                      time.monotonic() - start, interrupted, names)
