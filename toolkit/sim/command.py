"""The `toolkit simulate` command: parse options, run `simulate`, print the verdicts."""

from __future__ import annotations

import click

from toolkit.options import example_option, project_argument, trust_option
from toolkit.project import resolve_project


@click.command()
@project_argument
@example_option
@click.option("-n", "--games", type=int, required=True, help="Number of games to play.")
@click.option("--players", default=None,
              help="Player count or range, e.g. 4 or 2-4 (games spread evenly). "
                   "Default: every count the game allows.")
@click.option("--agents", default="mixed", show_default=True,
              help="Comma list of agents, one per seat (one name: every seat), or 'mixed' "
                   "(each seat a heuristic style drawn by the game seed).")
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed.")
@click.option("--workers", type=int, default=None, help="Worker processes (default: all cores).")
@click.option("--backend", default="local", show_default=True, help="local or dask.")
@click.option("--scheduler", default=None,
              help="Dask scheduler address (default: a private local cluster).")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Output folder (default: PROJECT_DIR/output/sim).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@trust_option
def simulate(project_dir, games, players, agents, seed, workers, backend, scheduler, out, quiet,
             trust):
    """Play GAMES games with AI players and write a balance report (output/sim/)."""
    from toolkit.sim.report import fairness_lines, length_line, verdicts
    from toolkit.sim.simulate import simulate as run
    from toolkit.native import announce

    announce()  # one line on stderr when compiled parts are not built
    root = resolve_project(project_dir)
    result = run(root, games, players, agents, seed, workers, backend, scheduler, out,
                 progress=not quiet, trust=trust)
    report = result.report
    if not result.complete:
        click.echo(f"interrupted: {report['games']} of {report['requested']} games finished",
                   err=True)
    for line in verdicts(report, result.names) + fairness_lines(report) + [length_line(report)]:
        click.echo(line)
    for path in result.paths.values():
        click.echo(f"wrote {path}")
    if not result.complete:
        raise SystemExit(130)
