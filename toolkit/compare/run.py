"""One comparison end to end: validate both versions, read what the edit changed (diff.py)
and so the question (question.py), play the same seeds, seat rotations and line-ups on each
in batches (toolkit.sim.batch), feed the paired units to the sequential tests and stop when
the question is decided (or, with until="all", every metric) or the game cap is reached."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from toolkit.compare import gsprt
from toolkit.compare.diff import EntryDiff, catalog_diff
from toolkit.compare.focus import focus_for, seeds
from toolkit.compare.looks import capped, due
from toolkit.compare.metrics import DEFAULT_TOLERANCES, build_metrics, observed_groups, unit_sums
from toolkit.compare.identical import differing
from toolkit.compare.question import (GAME, Question, answered, ask, asked_ids, changed_ids,
                                      declared_sides, unseen)
from toolkit.compare.sequential import UNOBSERVED, MetricResult, SequentialTest
from toolkit.compare.stream import PairedRunner, play_units, rotations  # noqa: F401
from toolkit.compare.versions import Version
from toolkit.errors import ContentError, UsageError
from toolkit.sim.batch import catalog_for
from toolkit.sim.plan import parse_agents, seed_for

UNTIL = ("question", "all")


@dataclass(frozen=True)
class Options:
    """Everything the user chose (defaults as in `toolkit compare --help`)."""

    metrics: tuple[str, ...] = ()
    max_games: int = 20_000          # paired games: each is played once per version
    alpha: float = 0.05
    beta: float = 0.05
    tolerances: dict = field(default_factory=lambda: dict(DEFAULT_TOLERANCES))
    batch: int | None = None         # paired games between looks (None: looks.look_after)
    players: int | str | None = None  # one count ('4'); default: the most allowed
    agents: str = "mixed"
    seed: int = 1
    workers: int | None = None
    backend: str = "local"
    scheduler: str | None = None
    trust: bool = False              # a project's own rules package may be imported
    until: str = "question"          # stop when the question is decided, or "all" metrics
    progress: bool = False           # a progress bar with the running estimate (stderr)


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
    asked: tuple[str, ...] = ()      # the question's metric names (all when empty)
    source: str = GAME               # where the question came from (question.py)
    ids: tuple[str, ...] = ()        # the changed ids the question is about
    focus: str | None = None         # "Kharza Ironhide is dealt": the seeds played (focus.py)
    scanned: int = 0                 # seeds looked at to find the units played
    differ: tuple[str, ...] = ()     # folders besides the cards that differ (rules, agents)

    @property
    def question(self) -> list[MetricResult]:
        return [r for r in self.results if not self.asked or r.metric.name in self.asked]

    @property
    def others(self) -> list[MetricResult]:
        return [r for r in self.results if self.asked and r.metric.name not in self.asked]

    @property
    def changed(self) -> list[MetricResult]:
        return [r for r in self.question if r.changed]

    @property
    def verdict(self) -> str:
        """The answer to the question: changed | no_change | inconclusive (no change found
        and some metric of the question undecided)."""
        if self.changed:
            return "changed"
        decisions = {r.decision for r in self.question}
        if gsprt.NO_CHANGE in decisions and decisions <= {gsprt.NO_CHANGE, UNOBSERVED}:
            return "no_change"
        return "inconclusive"


def check_options(options: Options) -> None:
    for name, value in (("--alpha", options.alpha), ("--beta", options.beta)):
        if not 0 < value < 0.5:
            raise UsageError(f"{name}: expected a probability between 0 and 0.5, got {value}")
    if options.until not in UNTIL:
        raise UsageError(f"--until: expected one of {', '.join(UNTIL)}, got '{options.until}'")
    if options.max_games < 1 or (options.batch is not None and options.batch < 1):
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


def _players(options: Options, cat_a, cat_b) -> int:
    """The one player count both versions play: --players as `simulate` spells it (a
    number; a range must hold one count here), default the most the game allows."""
    from toolkit.sim.plan import parse_players
    if options.players is None:
        players = cat_a.game.players.max
    else:
        counts = parse_players(str(options.players))
        if len(counts) != 1:
            raise UsageError(f"--players: compare plays one player count, got "
                             f"'{options.players}'; give one number, e.g. --players "
                             f"{counts[-1]}")
        players = counts[0]
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
    return a


def _ids_counted(game, records, ids, asked) -> list[str]:
    """The id metrics (Game.id_metrics) worth asking: those the first games counted at all
    in either version (a hero's `use:` stays 0), and every one named by --metric."""
    seen: dict[str, bool] = {}
    for record in records:
        for name, per_seat in game.id_metrics(record, ids).items():
            seen[name] = seen.get(name, False) or any(per_seat)
    return sorted(n for n, used in seen.items() if used or n in asked)


def leading(results: list[MetricResult]) -> MetricResult | None:
    """The question's metric to watch: the undecided one with the most evidence of a change
    (else the first decided one)."""
    open_ = [r for r in results
             if r.decision == gsprt.INCONCLUSIVE and r.estimate.delta is not None]
    if open_:
        return max(open_, key=lambda r: (not r.few, abs(r.estimate.delta) / (r.estimate.se or 1)))
    return results[0] if results else None


def _note(test: SequentialTest) -> str:
    """The running estimate beside the progress bar: `hero Kharza +12.9 ± 8.9 pp, 0/1 decided`."""
    from toolkit.compare.report import change_text
    results = test.results()
    lead = leading(results)
    done = f"{len(test.decided)}/{len(results)} decided"
    ci = lead.estimate.ci() if lead is not None else None
    if ci is None:
        return done
    half = change_text(lead, (ci[1] - ci[0]) / 2, sign=False)
    delta = change_text(lead, lead.estimate.delta).replace(" pp", "")
    return f"{lead.metric.label} {delta} ± {half}, {done}"


def unlisted_groups(game, catalog, records) -> dict[str, list[str]]:
    """The seat groups of these records that `Game.group_ids` does not list, with the ids
    they took (so that their win rates are metrics too)."""
    listed = game.group_ids(catalog) or {}
    return {k: v for k, v in observed_groups(game, records).items() if k not in listed}


def _check_asked(baseline, options, spec, players, game, cat_a, cat_b, diff, ids) -> None:
    """A --metric the game does not know stops the run at once: one baseline game names the
    game's metrics (the first game of the run, played again there)."""
    from dataclasses import replace
    seed = seed_for(options.seed, 0)
    probe = play_units(baseline.root, [(seed, rotations(spec.for_game(seed, players))[:1])],
                       replace(options, workers=1))
    records = [r for unit in probe for r in unit]
    if records:
        names = sorted(game.metrics(records[0])) + sorted(game.id_metrics(records[0], ids))
        extra = unlisted_groups(game, cat_a, records)
        ask(build_metrics(cat_a, cat_b, players, game, names, extra), diff, options.metrics)


class _Run:
    """The state of one run between looks: the question, its tests and the units fed."""

    def __init__(self, options, game, players, cat_a, cat_b, diff, ids, identical=False):
        self.options, self.game, self.players = options, game, players
        self.cats, self.diff, self.ids = (cat_a, cat_b), diff, ids
        self.identical = identical       # the versions play the same games (identical.py)
        self.sides: str | None = None    # the game's declared sides (question.declared_sides)
        self.extra: dict = {}            # their ids, when the catalog does not list them
        self.tests: list[SequentialTest] = []        # the question's, then the game-wide one
        self.question: Question | None = None
        self.fed = 0

    def running(self) -> bool:
        if not self.tests:
            return True
        if self.options.until == "all":
            return not all(t.done for t in self.tests)
        first = self.tests[0]
        return not answered(self.question, first.decided, first.done)

    def _sides(self, records) -> None:
        """The game's declared sides, and the ids of the seat groups the catalog does not
        list (Root's factions) from the first games."""
        self.extra = unlisted_groups(self.game, self.cats[0], records)
        listed = self.game.group_ids(self.cats[0]) or {}
        self.sides = declared_sides(self.game, self.cats[0], set(listed) | set(self.extra))

    def _test(self, metrics) -> SequentialTest:
        opts = self.options
        return SequentialTest(metrics, opts.tolerances, opts.alpha, opts.beta,
                              identical=self.identical)

    def look(self, done: list) -> None:
        """Feed finished units (unit, baseline records, candidate records) and decide."""
        opts, game, players, ids = self.options, self.game, self.players, self.ids
        games = sum(len(unit[1]) for unit, _, _ in done)
        first_look = not self.tests
        if first_look:
            first = [r for _, a, b in done for r in a + b]
            names = sorted(game.metrics(first[0])) + _ids_counted(game, first, ids, opts.metrics)
            self._sides(first)
            self.question = ask(build_metrics(*self.cats, players, game, names, self.extra),
                                self.diff, opts.metrics, self.sides)
            self.tests = [self._test(family)
                          for family in (self.question.metrics, self.question.others) if family]
        pairs = [(unit_sums(a, players, game, ids), unit_sums(b, players, game, ids))
                 for _, a, b in done]
        for test in self.tests:
            test.add(pairs, games)
        if first_look and self.question.others and not any(map(self.tests[0].observed,
                                                               self.question.metrics)):
            self.question = unseen(self.question, self.sides)   # never came up: ask the game
            self.tests = [self._test(family)
                          for family in (self.question.metrics, self.question.others) if family]
            for test in self.tests:
                test.add(pairs, games)
        self.fed += len(done)


def compare_versions(baseline: Version, candidate: Version, options: Options) -> Comparison:
    """Plays paired units until the sequential test of the question stops (gsprt.py)."""
    from toolkit.progress import progress

    check_options(options)
    start = time.monotonic()
    cat_a, cat_b = load_version("baseline", baseline), load_version("candidate", candidate)
    game = _game(options, cat_a, cat_b)
    players = _players(options, cat_a, cat_b)
    spec = parse_agents(options.agents, players, game, cat_a)
    diff = catalog_diff(cat_a, cat_b)
    ids = tuple(dict.fromkeys(changed_ids(diff) + asked_ids(
        options.metrics, set(cat_a.names) | set(cat_b.names))))
    if options.metrics:
        _check_asked(baseline, options, spec, players, game, cat_a, cat_b, diff, ids)
    focus = focus_for(game, cat_a, cat_b, ids, options,
                      spec.for_game(seed_for(options.seed, 0), players))
    scanned: list[int] = []
    units = capped(seeds(options, spec, players, focus, game, (cat_a, cat_b), scanned),
                   options.max_games)
    differ = differing(baseline.root, candidate.root)
    run = _Run(options, game, players, cat_a, cat_b, diff, ids, not diff and not differ)
    pending: list = []
    with PairedRunner((baseline.root, candidate.root), options) as runner, \
            progress("comparing", None, enabled=options.progress) as step:
        runner.on_games = step
        for done in runner.run(units):
            pending.append(done)
            if due(options, run.fed, pending):
                run.look(pending)
                pending = []
                step(0, note=_note(run.tests[0]))
                if not run.running():
                    break
        if pending and run.running():   # the cap (or Ctrl-C): the last units count
            run.look(pending)
        interrupted = runner.interrupted
    tests, question = run.tests, run.question
    if not tests:  # nothing finished (stopped at once): the metrics as asked, unobserved
        question = ask(build_metrics(cat_a, cat_b, players, game, []), diff, options.metrics,
                       run.sides)
        tests = [SequentialTest(question.metrics, options.tolerances, options.alpha,
                                options.beta)]
    results = [r for test in tests for r in test.results()]
    asked = tuple(m.name for m in question.metrics) if question.others else ()
    return Comparison(baseline, candidate, options, players, spec.text(), tests[0].units,
                      results, tests[0].games, diff, time.monotonic() - start, interrupted,
                      {**cat_a.names, **cat_b.names}, asked, question.source, question.ids,
                      focus.words if focus else None,
                      scanned[tests[0].units - 1] if tests[0].units else 0, differ)
