"""The `toolkit simulate` command: parse options, run `simulate`, print the verdicts."""

from __future__ import annotations

import click

from toolkit.options import example_option, project_argument, trust_option
from toolkit.project import resolve_project
from toolkit.sim.stats import DEFAULT_TOLERANCE


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
@click.option("--no-rotate", "no_rotate", is_flag=True,
              help="Play a fixed line-up as given, not in every seat rotation.")
@click.option("--tolerance", type=float, default=DEFAULT_TOLERANCE, show_default=True,
              help="Smallest effect, in points, that the verdicts call off.")
@click.option("--ladder", type=int, default=0, show_default=True,
              help="Extra games per step of the skill ladder (random < heuristic < search).")
@click.option("--resume", is_flag=True,
              help="Keep the games an interrupted run of the same options saved in the output "
                   "folder and play only the rest (same final files as one whole run).")
@click.option("--wait-workers", "wait_workers", type=float, default=60, show_default=True,
              help="Dask: seconds to wait with no worker before stopping (what finished is "
                   "saved).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@trust_option
def simulate(project_dir, games, players, agents, seed, workers, backend, scheduler, out,
             no_rotate, tolerance, ladder, resume, wait_workers, quiet, trust):
    """Play GAMES games with AI players and write a balance report (output/sim/)."""
    from toolkit.sim.ladder import ladder_lines
    from toolkit.sim.report import (fairness_lines, lead_lines, length_line, usage_lines,
                                    verdicts)
    from toolkit.sim.simulate import simulate as run
    from toolkit.native import announce

    announce()  # one line on stderr when compiled parts are not built
    root = resolve_project(project_dir)
    if not wait_workers > 0:
        raise click.BadParameter(f"expected more than 0 seconds, got {wait_workers:g}",
                                 param_hint="--wait-workers")
    result = run(root, games, players, agents, seed, workers, backend, scheduler, out,
                 progress=not quiet, trust=trust, rotate=not no_rotate, tolerance=tolerance,
                 ladder=ladder, resume=resume, wait_workers=wait_workers)
    report = result.report
    if not result.complete:
        click.echo(f"interrupted: {report['games']} of {report['requested']} games finished",
                   err=True)
    lines = lead_lines(report, result.names) + verdicts(report, result.names) + \
        usage_lines(report, result.names)
    from toolkit.balance.targets import target_lines
    lines += target_lines(report, result.names)
    for line in lines + ladder_lines(report) + fairness_lines(report) + [length_line(report)]:
        click.echo(line)
    for path in result.paths.values():
        click.echo(f"wrote {path}")
    if not result.complete:
        raise SystemExit(130)
