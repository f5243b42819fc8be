"""One simulation run end to end: plan the games, play them in batches, compute the
statistics and write games.jsonl, report.json and report.html."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.sim.batch import catalog_for, check_backend, run_games
from toolkit.sim.output import write_run
from toolkit.sim.plan import parse_agents, parse_players, plan_games
from toolkit.sim.report import render_html
from toolkit.sim.stats import build_report


@dataclass
class RunResult:
    records: list[dict[str, Any]]
    report: dict[str, Any]
    paths: dict[str, Path]
    names: dict[str, dict[str, str]]

    @property
    def complete(self) -> bool:
        return self.report["complete"]


def card_kinds(catalog) -> dict[str, str]:
    """Every entry id of the catalog mapped to its kind."""
    return {id_: kind for kind, entries in catalog.by_kind.items() for id_ in entries}


def simulate(root: Path, games: int, players: str | None = None, agents: str = "mixed",
             seed: int = 1, workers: int | None = None, backend: str = "local",
             scheduler: str | None = None, out: Path | None = None,
             progress: bool = True) -> RunResult:
    """Plays `games` games of the project at `root` and writes the run's files."""
    from toolkit.errors import UsageError

    if games < 1:
        raise UsageError(f"-n: expected at least 1 game, got {games}")
    if workers is not None and workers < 1:
        raise UsageError(f"--workers: expected at least 1, got {workers}")
    if players is not None:  # option typos are reported before the content is loaded
        parse_players(players)
    check_backend(backend, scheduler)
    catalog = catalog_for(root)
    allowed = (catalog.game.players.min, catalog.game.players.max)
    counts = parse_players(players or f"{allowed[0]}-{allowed[1]}", allowed)
    spec = parse_agents(agents, max(counts), catalog)
    plan = plan_games(seed, games, counts, spec)
    records = run_games(root, [g.seed for g in plan], [g.agents for g in plan],
                        workers=workers, backend=backend, scheduler=scheduler, progress=progress)
    report = build_report(records, seed=seed, agents=agents.strip(), requested=games,
                          kinds=card_kinds(catalog))
    html = render_html(report, catalog.names, catalog.game.title.en)
    paths = write_run(Path(out) if out else Path(root) / "output" / "sim", records, report, html)
    return RunResult(records, report, paths, dict(catalog.names))
