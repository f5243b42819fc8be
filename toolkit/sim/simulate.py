"""One simulation run end to end: plan the games, play them in batches, compute the
statistics and write games.jsonl, report.json and report.html."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.sim.batch import catalog_for, check_backend, run_games
from toolkit.project import default_output
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


MAX_GAMES = 1_000_000
MAX_WORKERS = 64


def simulate(root: Path, games: int, players: str | None = None, agents: str = "mixed",
             seed: int = 1, workers: int | None = None, backend: str = "local",
             scheduler: str | None = None, out: Path | None = None,
             progress: bool = True, trust: bool = False) -> RunResult:
    """Plays `games` games of the project at `root` and writes the run's files."""
    from toolkit.errors import UsageError
    from toolkit.games import game_for
    from toolkit.sim.output import check_writable

    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"-n: expected 1 to {MAX_GAMES:,} games, got {games:,}")
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
    plan = plan_games(seed, games, counts, spec)
    records = run_games(root, [g.seed for g in plan], [g.agents for g in plan],
                        workers=workers, backend=backend, scheduler=scheduler,
                        progress=progress, trust=trust)
    report = build_report(records, seed=seed, agents=agents.strip(), requested=games,
                          game=game, catalog=catalog)
    html = render_html(report, catalog.names, catalog.game.title.en)
    paths = write_run(folder, records, report, html, project=root)
    return RunResult(records, report, paths, dict(catalog.names))
