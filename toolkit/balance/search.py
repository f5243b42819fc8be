"""The search of `toolkit balance`: play the baseline, then ask a seeded multi-objective
Optuna sampler (TPE over two objectives: target distance and number of edits) for edits of
the tunable fields, each candidate played on the same seeds as the baseline (common random
numbers) in rungs of doubling size (successive halving: a candidate plays the next rung
only while its distance is no worse than the median of that rung), until the trial, game or
time budget is spent. Same seed and budget in trials or games -> same proposals, whatever
the worker count or backend."""

from __future__ import annotations

import hashlib
import shutil
import statistics
import time
from dataclasses import dataclass, field as dc_field
from pathlib import Path
from typing import Any, Callable

from toolkit.balance.fields import Field, find_fields, write_patched
from toolkit.balance.spec import Balance
from toolkit.balance.targets import Mark, distance, marks
from toolkit.errors import ContentError, UsageError

FOCUS_GAP = 0.25  # a side entry this far outside its band (in band widths) is searched
VERIFY_OFFSET = 1_000_003  # fresh seeds: a master seed the search never plays
CHECK_OFFSET = 2_000_029   # the refine stage's check seeds: neither the search's nor verify's
REFINE_SHARE = 0.3         # the share of the time budget kept for the refine stage


@dataclass
class Candidate:
    edits: dict[str, float]            # field key -> new value
    games: int = 0
    dist: float = float("inf")
    marks: list[Mark] = dc_field(default_factory=list)
    rung: int = -1
    trial: int = -1
    invalid: str | None = None  # why the content did not validate
    compare: dict | None = None  # `toolkit compare` against the baseline (verify)
    polish: bool = False         # found by hill-climbing after the sampler
    refined: bool = False        # found by the refine stage, scored on its check games

    @property
    def size(self) -> int:
        return len(self.edits)


@dataclass
class Search:
    root: Path
    work: Path
    spec: Balance
    fields: list[Field]
    seed: int
    players: int
    workers: int | None
    backend: str
    scheduler: str | None
    trust: bool
    played: int = 0
    margin: float = 0.0   # the search aims this many band widths inside each band
    cache: dict[str, list] = dc_field(default_factory=dict)
    rates: list[float] = dc_field(default_factory=list)

    def key(self, edits: dict[str, float]) -> str:
        text = ";".join(f"{k}={v}" for k, v in sorted(edits.items()))
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def project(self, edits: dict[str, float]) -> Path:
        """A copy of the project's YAML with `edits` applied (the baseline is the project)."""
        if not edits:
            return self.root
        folder = self.work / self.key(edits)
        if not folder.exists():
            by_key = {f.key: f for f in self.fields}
            write_patched(self.root, folder, [(by_key[k], v) for k, v in edits.items()])
            _copy_rules(self.root, folder)
        return folder

    def records(self, edits: dict[str, float], plan, progress: bool = False) -> list:
        """Records of the first len(plan) games of `plan`, reusing those already played."""
        from toolkit.sim.batch import run_games

        key = self.key(edits) + f":{plan[0].seed}"
        have = self.cache.setdefault(key, [])
        todo = plan[len(have):]
        if todo:
            start = time.monotonic()
            got = run_games(self.project(edits), [g.seed for g in todo],
                            [g.agents for g in todo], workers=self.workers,
                            backend=self.backend, scheduler=self.scheduler,
                            progress=progress, trust=self.trust)
            if len(got) < len(todo):  # Ctrl-C: a candidate is never scored on fewer games
                raise KeyboardInterrupt
            have += got
            self.played += len(todo)
            self.rates.append(len(todo) / max(time.monotonic() - start, 1e-9))
        return have[:len(plan)]

    def report(self, edits: dict[str, float], plan, progress: bool = False) -> dict[str, Any]:
        from toolkit.games import game_for
        from toolkit.sim.batch import catalog_for
        from toolkit.sim.stats import build_report

        records = self.records(edits, plan, progress)
        catalog = catalog_for(self.project(edits))
        game = game_for(catalog, trust=self.trust, command="balance")
        return build_report(records, seed=self.seed, agents="mixed", game=game,
                            catalog=catalog, design={"rotated": False, "lineup": "mixed"})

    def score(self, cand: Candidate, plan, margin: float | None = None) -> Candidate:
        report = self.report(cand.edits, plan)
        cand.marks = marks(report, self.spec)
        cand.dist = distance(cand.marks, self.margin if margin is None else margin)
        cand.games = len(plan)
        return cand


def _copy_rules(root: Path, folder: Path) -> None:
    """A project's own rules package (`rules: ./path`) travels with each candidate."""
    from toolkit.sim.batch import catalog_for

    rules = catalog_for(root).game.rules or ""
    if rules.startswith("./"):
        src = (root / rules).resolve()
        if src.is_dir() and root.resolve() in src.parents:
            shutil.copytree(src, folder / rules, dirs_exist_ok=True, symlinks=True,
                            ignore=shutil.ignore_patterns("__pycache__"))  # links stay links


def _surely_off(m: Mark) -> bool:
    """The whole 95 % interval lies outside the band."""
    lo, hi = m.ci95 or (m.value, m.value)
    return m.value is not None and ((m.high is not None and lo > m.high) or
                                    (m.low is not None and hi < m.low))


def focus_fields(fields: list[Field], baseline: list[Mark], spec: Balance) -> list[Field]:
    """The fields worth searching: those of the entries whose side target is surely missed
    (the whole interval off the band) or missed by FOCUS_GAP band widths (a hero off its
    band -> that hero's fields), the entries a missed value target names, and game settings
    when a missed value target names none;
    every field when that selects none."""
    missed_entries = {m.entry for m in baseline if m.entry is not None and
                      (_surely_off(m) or m.gap >= FOCUS_GAP)} or \
        {m.entry for m in baseline if m.entry is not None and not m.met}
    ids = {f.id for f in fields}
    named: set[str] = set()  # entries a missed value target names (card_use.ID.bought...)
    settings = False         # a missed value target of the whole game (rounds.p50)
    for m in baseline:
        if m.entry is None and not m.met:
            hit = ids & set(m.target.split("."))
            named |= hit
            settings = settings or not hit
    chosen = [f for f in fields
              if f.id in missed_entries or f.id in named or (settings and f.kind == "game")]
    return chosen or list(fields)


@dataclass
class Outcome:
    baseline: Candidate
    trials: list[Candidate]
    front: list[Candidate]
    focus: list[Field]
    played: int
    seconds: float
    stopped: str
    rate: float


def search(s: Search, *, trials: int, games: int, rungs: int, time_budget: float,
           game_budget: int | None, on_trial: Callable[[Candidate, Candidate | None], None]
           | None = None, progress: bool = False, baseline_games: int = 0,
           refine_games: int | None = None) -> Outcome:
    import optuna

    from toolkit.sim.plan import LineupSpec, parse_agents, plan_games
    from toolkit.games import game_for
    from toolkit.sim.batch import catalog_for

    start = time.monotonic()
    catalog = catalog_for(s.root)
    game = game_for(catalog, trust=s.trust, command="balance")
    lineup: LineupSpec = parse_agents("mixed", s.players, game, catalog)
    full = games * 2 ** (rungs - 1)
    check = 4 * full if refine_games is None else refine_games
    # the sampler and the polish leave a share of the time budget to the refine stage
    search_budget = time_budget * (1 - REFINE_SHARE) if check else time_budget
    # the baseline plays at least the last rung, more when asked: the focus is chosen on it
    plan = plan_games(s.seed, max(full, baseline_games), [s.players], lineup)
    baseline = s.score(Candidate({}), plan)
    plan = plan[:full]
    baseline.rung = rungs - 1
    focus = focus_fields(s.fields, baseline.marks, s.spec)
    done: list[Candidate] = []
    if baseline.dist == 0:
        return Outcome(baseline, [], [], focus, s.played, time.monotonic() - start,
                       "the baseline meets every target", _rate(s))
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=s.seed, multivariate=True, n_startup_trials=8)
    study = optuna.create_study(directions=["minimize", "minimize"], sampler=sampler)
    seen_rung: list[list[float]] = [[] for _ in range(rungs)]
    stopped = f"{trials} trials"
    best: Candidate | None = None
    for number in range(trials):
        if time.monotonic() - start > search_budget:
            stopped = f"the time budget ({search_budget:g} s of the search's {time_budget:g})"
            break
        if game_budget is not None and s.played >= game_budget:
            stopped = f"the game budget ({game_budget:,} games)"
            break
        trial = study.ask()
        edits = propose(trial, focus, s.spec.max_edits)
        cand = Candidate(edits, trial=number)
        if cand.size > s.spec.max_edits or not edits:
            cand.dist = baseline.dist if not edits else float("inf")
            study.tell(trial, [cand.dist if edits else baseline.dist, float(cand.size)])
            continue
        try:
            s.score(cand, plan[:games * 2 ** 0])
        except ContentError as exc:  # outside what the validator allows: not a proposal
            cand.invalid = str(exc).splitlines()[-2 if "\n" in str(exc) else -1]
            study.tell(trial, [float("inf"), float(cand.size)])
            if on_trial:
                on_trial(cand, best)
            continue
        for rung in range(rungs):
            s.score(cand, plan[:games * 2 ** rung])
            cand.rung = rung
            seen_rung[rung].append(cand.dist)
            if rung < rungs - 1 and cand.dist > statistics.median(seen_rung[rung]):
                break
        done.append(cand)
        # a candidate stopped early keeps its distance plus the rungs it did not reach
        penalty = (rungs - 1 - cand.rung) * baseline.dist
        study.tell(trial, [cand.dist + penalty, float(cand.size)])
        if cand.rung == rungs - 1 and (best is None or (cand.dist, cand.size) < (best.dist, best.size)):
            best = cand
        if on_trial:
            on_trial(cand, best)
    if best is not None and best.dist > 0:
        best, stopped = _polish(s, best, focus, done, plan, rungs, start, search_budget,
                                game_budget, on_trial, stopped)
    finals = [c for c in done if c.rung == rungs - 1]
    front = pareto(finals)
    if best is not None and check:
        refined, stopped = _refine(s, best, plan_games(s.seed + CHECK_OFFSET, check,
                                                       [s.players], lineup),
                                   start, time_budget, game_budget, on_trial, stopped)
        front = [refined] + [c for c in front if c.edits != refined.edits]
    return Outcome(baseline, done, front, focus, s.played, time.monotonic() - start,
                   stopped, _rate(s))


def _refine(s: Search, best: Candidate, plan, start: float, time_budget: float,
            game_budget: int | None, on_trial, stopped: str) -> tuple[Candidate, str]:
    """The search's best re-played on `plan` (check games: seeds neither the search nor
    verify plays, more of them than a rung), and for each side entry still outside its band
    (shrunk by the margin) a hill-climb on that entry's fields only, one step either way on
    the same check games (common random numbers), keeping a move that lowers the distance;
    again until every entry is in or no move helps or the budget is spent. When every edit
    slot is taken, the edit whose loss costs least is dropped to make room for the move.
    The winner's
    curse of the sampler's many noisy scores is paid back on games it never saw."""
    def spent() -> str | None:
        if time.monotonic() - start > time_budget:
            return f"the time budget ({time_budget:g} s), while refining"
        if game_budget is not None and s.played >= game_budget:
            return f"the game budget ({game_budget:,} games), while refining"
        return None

    if spent():
        return best, stopped
    number = [best.trial]
    tried: set[tuple] = set()

    def play(edits: dict[str, float]) -> Candidate | None:
        """`edits` scored on the check games; None when already tried, too many edits
        or invalid content."""
        key = tuple(sorted(edits.items()))
        if not edits or len(edits) > s.spec.max_edits or key in tried:
            return None
        tried.add(key)
        number[0] += 1
        cand = Candidate(dict(edits), trial=number[0], rung=best.rung, refined=True)
        try:
            return s.score(cand, plan)
        except ContentError:
            return None

    cur = s.score(Candidate(dict(best.edits), trial=best.trial, rung=best.rung,
                            refined=True), plan)
    tried.add(tuple(sorted(cur.edits.items())))
    while True:
        off = {m.entry for m in cur.marks if m.entry is not None and
               m.gap_within(s.margin) > 0}
        moves = [(f, step) for f in s.fields if f.id in off for step in (-1, 1)]
        better, why = _first_better(s, cur, cur.edits, moves, play, spent, on_trial)
        if why:
            return cur, why
        if better is None and len(cur.edits) >= s.spec.max_edits and moves:
            # no slot left: free the one whose loss costs least, then move an entry off
            drops = []
            for k in sorted(cur.edits):
                if (why := spent()):
                    return cur, why
                room = {e: v for e, v in cur.edits.items() if e != k}
                cand = play(room)
                if cand is not None:
                    drops.append(((cand.dist, k), room))
            if drops:
                room = min(drops, key=lambda d: d[0])[1]
                better, why = _first_better(s, cur, room, moves, play, spent, on_trial)
                if why:
                    return cur, why
        if better is None:
            break
        cur = better  # the entries off the band are chosen again on the new best
    return cur, stopped + f", then refining on {len(plan):,} check games"


def _first_better(s: Search, cur: Candidate, base: dict[str, float], moves, play, spent,
                  on_trial) -> tuple[Candidate | None, str | None]:
    """The first of `moves` (field, ±1 step) from `base` whose score beats `cur`; or why the
    budget stopped the refine stage."""
    for f, step in moves:
        if (why := spent()):
            return None, why
        edits = dict(base)
        value = f.show(min(f.high, max(f.low, edits.get(f.key, f.value) + step * f.step)))
        if value == f.show(f.value):
            edits.pop(f.key, None)
        else:
            edits[f.key] = value
        cand = play(edits)
        if cand is None:
            continue
        won = (cand.dist, cand.size) < (cur.dist, cur.size)
        if on_trial:
            on_trial(cand, cand if won else cur)
        if won:
            return cand, None
    return None, None


def _polish(s: Search, best: Candidate, focus: list[Field], done: list[Candidate], plan,
            rungs: int, start: float, time_budget: float, game_budget: int | None,
            on_trial, stopped: str) -> tuple[Candidate, str]:
    """Hill-climbing from the sampler's best: each focus field one step either way, on the
    last rung's games, keeping a move that lowers the distance, until none does or the
    budget is spent (deterministic: fields in file order)."""
    number = max((c.trial for c in done), default=0)
    tried = {tuple(sorted(c.edits.items())) for c in done}
    improved = True
    while improved:
        improved = False
        for f in focus:
            for step in (-1, 1):
                if time.monotonic() - start > time_budget:
                    return best, f"the time budget ({time_budget:g} s), while polishing"
                if game_budget is not None and s.played >= game_budget:
                    return best, f"the game budget ({game_budget:,} games), while polishing"
                edits = dict(best.edits)
                value = f.show(min(f.high, max(f.low, edits.get(f.key, f.value) + step * f.step)))
                if value == f.show(f.value):
                    edits.pop(f.key, None)
                else:
                    edits[f.key] = value
                key = tuple(sorted(edits.items()))
                if not edits or len(edits) > s.spec.max_edits or key in tried:
                    continue
                tried.add(key)
                number += 1
                cand = Candidate(edits, trial=number, polish=True)
                try:
                    s.score(cand, plan)
                except ContentError as exc:
                    cand.invalid = str(exc).splitlines()[-2 if "\n" in str(exc) else -1]
                    continue
                cand.rung = rungs - 1
                done.append(cand)
                if (cand.dist, cand.size) < (best.dist, best.size):
                    best = cand
                    improved = True
                if on_trial:
                    on_trial(cand, best)
    return best, stopped + ", then polishing"


MAX_STEPS = 4  # an edit moves a field by at most this many steps


def propose(trial, focus: list[Field], slots: int) -> dict[str, float]:
    """One candidate's edits, sparse by construction: `slots` picks of (field or none, a
    move of ±1..MAX_STEPS steps), clipped to the field's range; a field picked twice keeps
    its last move."""
    names = ["-"] + [f.key for f in focus]
    by_key = {f.key: f for f in focus}
    edits: dict[str, float] = {}
    for slot in range(slots):
        key = trial.suggest_categorical(f"field{slot}", names)
        move = trial.suggest_int(f"move{slot}", -MAX_STEPS, MAX_STEPS)
        if key == "-" or move == 0:
            continue
        f = by_key[key]
        value = f.show(min(f.high, max(f.low, f.value + move * f.step)))
        if value != f.show(f.value):
            edits[key] = value
        else:
            edits.pop(key, None)
    return edits


def _rate(s: Search) -> float:
    return statistics.median(s.rates) if s.rates else 0.0


def pareto(cands: list[Candidate]) -> list[Candidate]:
    """Candidates no other beats on both distance and edits, closest first; ties by the
    edits' text so the order is stable."""
    front = [c for c in cands
             if not any((o.dist <= c.dist and o.size <= c.size) and
                        (o.dist < c.dist or o.size < c.size) for o in cands)]
    unique: dict[tuple, Candidate] = {}
    for c in sorted(front, key=lambda c: (c.dist, c.size, sorted(c.edits.items()))):
        unique.setdefault(tuple(sorted(c.edits.items())), c)
    return list(unique.values())


def verify(s: Search, cands: list[Candidate], games: int,
           compare: bool = True) -> tuple[Candidate, list[Candidate]]:
    """The baseline and each candidate re-played on `games` fresh seeds (a master seed the
    search never used), with every target's mark; and, with `compare`, a `toolkit compare`
    of each against the baseline."""
    from toolkit.games import game_for
    from toolkit.sim.batch import catalog_for
    from toolkit.sim.plan import parse_agents, plan_games

    if games < 1:
        raise UsageError(f"--verify: expected at least 1 game, got {games}")
    catalog = catalog_for(s.root)
    game = game_for(catalog, trust=s.trust, command="balance")
    lineup = parse_agents("mixed", s.players, game, catalog)
    plan = plan_games(s.seed + VERIFY_OFFSET, games, [s.players], lineup)
    base = s.score(Candidate({}), plan, margin=0.0)  # on fresh games: the bands as stated
    checked = [s.score(Candidate(dict(c.edits), trial=c.trial, rung=c.rung), plan, margin=0.0)
               for c in cands]
    if compare:
        for cand in checked:
            cand.compare = compare_with_baseline(s, cand, games)
    return base, checked


def compare_with_baseline(s: Search, cand: Candidate, games: int) -> dict[str, Any]:
    """`toolkit compare` of the baseline against the proposal (its own fresh seeds, at most
    `games` paired games): its verdict and lines."""
    from toolkit.compare.report import verdict_lines
    from toolkit.compare.run import Options, compare_versions
    from toolkit.compare.versions import Version

    options = Options(max_games=max(games, 20), seed=s.seed + 2 * VERIFY_OFFSET,
                      players=str(s.players), workers=s.workers, backend=s.backend,
                      scheduler=s.scheduler, trust=s.trust)
    result = compare_versions(Version("baseline", s.root),
                              Version("proposal", s.project(cand.edits)), options)
    return {"verdict": result.verdict, "games": result.games, "lines": verdict_lines(result)}
