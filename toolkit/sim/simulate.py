"""One simulation run end to end: plan the games, play them in batches, compute the
statistics and write games.jsonl, report.json and report.html."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.sim.batch import (WAIT_WORKERS, RunStopped, catalog_for, check_backend, run_games,
                               run_planned)
from toolkit.project import default_output
from toolkit.sim.output import write_run
from toolkit.sim.plan import RunPlan, Todo, parse_agents, parse_players, rotates
from toolkit.sim.stats import DEFAULT_TOLERANCE, finish_report


@dataclass
class RunResult:
    report: dict[str, Any]
    paths: dict[str, Path]
    names: dict[str, dict[str, str]]

    @property
    def complete(self) -> bool:
        return self.report["complete"]

    @property
    def records(self) -> list[dict[str, Any]]:
        """The run's records, read from its games.jsonl when asked for (the run keeps
        none in memory); `iter_records` reads them one at a time."""
        return list(self.iter_records())

    def iter_records(self):
        from toolkit.sim.stream import iter_lines
        return iter_lines(self.paths["games"])


MAX_GAMES = 1_000_000
WARM_GAMES = 200_000  # up to this many games, the report's imports are made while they play
MAX_WORKERS = 64


def simulate(root: Path, games: int, players: str | None = None, agents: str = "mixed",
             seed: int = 1, workers: int | None = None, backend: str = "local",
             scheduler: str | None = None, out: Path | None = None,
             progress: bool = True, trust: bool = False, rotate: bool = True,
             tolerance: float = DEFAULT_TOLERANCE, ladder: int = 0, resume: bool = False,
             wait_workers: float = WAIT_WORKERS) -> RunResult:
    """Plays `games` games of the project at `root` and writes the run's files. A fixed
    line-up is seated in every rotation unless `rotate` is off; `tolerance` (points) is the
    smallest effect the verdicts call off; `ladder` extra games a step of the game's skill
    ladder (0: none). Records stream to games.partial.jsonl as batches arrive; with
    `resume`, the games saved in the output folder by an earlier run of the same options are
    kept and only the others played. A run whose Dask cluster failed saves what finished
    (report marked partial) and stops with one line (RunStopped)."""
    from toolkit.errors import UsageError
    from toolkit.games import game_for
    from toolkit.sim.output import check_writable

    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"-n: expected 1 to {MAX_GAMES:,} games, got {games:,}")
    if not 0 <= tolerance <= 100:
        raise UsageError(f"--tolerance: expected 0 to 100 points, got {tolerance:g}")
    if not 0 <= ladder <= MAX_GAMES:
        raise UsageError(f"--ladder: expected 0 to {MAX_GAMES:,} games a step, got {ladder:,}")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise UsageError(f"--workers: expected 1 to {MAX_WORKERS}, got {workers}")
    if players is not None:  # option typos are reported before the content is loaded
        parse_players(players)
    check_backend(backend, scheduler)
    catalog = catalog_for(root)
    game = game_for(catalog, trust=trust, command="simulate")
    allowed = (catalog.game.players.min, catalog.game.players.max)
    counts = parse_players(players or f"{allowed[0]}-{allowed[1]}", allowed)
    spec = parse_agents(agents, max(counts), game, catalog)
    folder = Path(out) if out else default_output(root) / "sim"
    check_writable(folder, root)  # before any game is played
    plan = RunPlan(seed, tuple(counts), spec, rotate)  # the workers derive each game from it
    from toolkit.sim.reporters import RunReporters
    from toolkit.sim.stream import GamesStream, line, match_saved

    got = (match_saved(folder, plan.games(range(games)), catalog.content_hash)
           if resume else {})
    todo = Todo(games, got)  # ranges of game indices
    reporters = RunReporters(game, catalog)
    tally = reporters.seal(reporters.add_all(reporters.empty(), sorted(got.items())))
    stream = GamesStream(folder, {i: line(r) for i, r in got.items()})
    finished = len(got)
    del got
    warm = [finished >= games / 2 or games > WARM_GAMES]

    def arrived(batch):
        nonlocal finished
        reporters.merge(tally, batch.tally)
        stream.add_lines(batch.indices, batch.blob)
        finished += len(batch)
        if not warm[0] and finished >= games / 2:
            warm[0] = True
            _import_report()

    stopped = None
    try:
        if todo:
            run_planned(root, plan, todo, arrived, workers=workers, backend=backend,
                        scheduler=scheduler, progress=progress, trust=trust,
                        wait_workers=wait_workers)
    except RunStopped as stop:
        stopped = stop
    except BaseException:
        stream.abandon()
        raise
    design = {"rotated": any(rotates(spec, n, rotate) for n in counts),
              "lineup": "mixed" if spec.mixed else "fixed"}
    report = finish_report(reporters, tally, seed=seed, agents=agents.strip(),
                           requested=games, game=game, catalog=catalog, tolerance=tolerance,
                           design=design)
    if catalog.game.balance is not None:  # game.yaml's balance: targets, met or missed
        from toolkit.balance.targets import report_marks
        report["targets"] = report_marks(report, catalog.game.balance)
    if ladder and finished == games:
        report["ladder"] = _ladder(root, game, catalog, seed, ladder, counts[0], workers,
                                   backend, scheduler, progress, trust)
    if stopped is not None:
        report["stopped"] = stopped.message
    from toolkit.sim.report import render_html  # matplotlib: only once the games are played

    html = render_html(report, catalog.names, catalog.game.title.en, game=game)
    paths = write_run(folder, None, report, html, project=root, games=stream.finish())
    if stopped is not None:
        raise RunStopped(f"{stopped.message}: {finished:,} of {games:,} games saved in "
                         f"{folder}; run again with --resume to play the rest") from None
    return RunResult(report, paths, dict(catalog.names))


def _import_report() -> None:
    """Imports the report's plotting (matplotlib, about half a second) while the last games
    play, so the serial tail after them does not pay it. Not in a run of over WARM_GAMES
    games: there half a second is nothing to the fits, and matplotlib's ~35 MB would be
    held through the fits' peak instead of after it."""
    import toolkit.sim.plots  # noqa: F401
    import toolkit.sim.report  # noqa: F401


def _ladder(root, game, catalog, seed, games, players, workers, backend, scheduler, progress,
            trust) -> list:
    """The skill ladder's games and section (toolkit.sim.ladder)."""
    from toolkit.agents import agent_names
    from toolkit.sim.ladder import ladder_section, plan_ladder, stronger_result

    known = set(agent_names(game, catalog))
    tiers = [t for t in game.skill_ladder(catalog) if t.partition(":")[0] in known]
    planned = plan_ladder(seed, games, tiers, players)
    results: dict[int, tuple] = {}  # only each game's stronger result is kept

    def arrived(pairs):
        results.update((i, stronger_result(tiers, planned[i], r)) for i, r in pairs)

    run_games(root, [s for _, s, _ in planned], [a for _, _, a in planned], workers=workers,
              backend=backend, scheduler=scheduler, progress=progress, trust=trust,
              on_batch=arrived, keep=False)
    if len(results) != len(planned):
        return []
    return ladder_section(tiers, planned, results=[results[i] for i in range(len(planned))])
