"""The `toolkit compare` command: did this edit change the game? Parses options, runs the
paired sequential comparison, prints the verdict and writes report.json and report.html."""

from __future__ import annotations

import json
import signal
from contextlib import contextmanager
from pathlib import Path

import click

from toolkit.options import example_option, trust_option, variant_option

EXIT_INCONCLUSIVE = 3
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143   # Ctrl-C, SIGTERM: never 0 while undecided


def _home(base, cand) -> Path:
    """Where the reports go by default: PROJECT/output/compare of the candidate's (else the
    baseline's) project folder, else of the current project; never inside an installed
    package (toolkit.project.default_output)."""
    from toolkit.project import default_output, resolve_project
    return default_output(Path(cand.source or base.source or resolve_project(None))) / "compare"


@contextmanager
def stop_signals():
    """SIGTERM stops the run like Ctrl-C (the games in flight end, temp folders go); the
    yielded dict gets the exit code of the signal that came."""
    stopped: dict = {}

    def terminate(signum, frame):
        stopped["code"] = EXIT_TERMINATED
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, terminate)
    except ValueError:  # not the main thread: leave signals alone
        previous = None
    try:
        yield stopped
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


@click.command()
@click.argument("baseline")
@click.argument("candidate", required=False)
@example_option
@variant_option
@click.option("--metric", "metrics", multiple=True,
              help="Ask only this, e.g. hero:<id>, party:<id>, seat:1 (turn position, 1 = "
                   "the first player), use:<card id>, hero_balance, seat_balance, rounds, "
                   "glory:raid (repeatable). Default: the metrics of what the edit changed "
                   "first, then the game-wide ones.")
@click.option("--until", type=click.Choice(["question", "all"]), default="question",
              show_default=True,
              help="Stop when the question is decided, or when every metric is.")
@click.option("--max-games", type=int, default=20_000, show_default=True,
              help="Cap on paired games (each is played on both versions).")
@click.option("--alpha", type=float, default=0.05, show_default=True,
              help="Chance of reporting a change when there is none (shared by the "
                   "question's metrics; the game-wide ones share another).")
@click.option("--beta", type=float, default=0.05, show_default=True,
              help="Chance of missing a change as large as the tolerance (per metric).")
@click.option("--tolerance", "tolerances", multiple=True, metavar="FAMILY=VALUE",
              help="Smallest change that matters: win=2 and balance=1 (percentage points), "
                   "rounds=0.5, glory=0.1, use=0.05 (per player and game) by default.")
@click.option("--players", default=None,
              help="Player count, e.g. 4 (compare plays one count on both versions). "
                   "Default: the most the game allows.")
@click.option("--agents", default="mixed", show_default=True,
              help="Comma list of agents, one per seat (one name: every seat), or 'mixed' "
                   "(each seat a heuristic style drawn by the game seed).")
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed.")
@click.option("--batch", type=int, default=None,
              help="Paired games between two looks of the sequential test (default: 20 "
                   "seeds first, then every 4 seeds or a quarter of those so far).")
@click.option("--workers", type=int, default=None, help="Worker processes (default: all cores).")
@click.option("--backend", default="local", show_default=True, help="local or dask.")
@click.option("--scheduler", default=None,
              help="Dask scheduler address (default: a private local cluster).")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Output folder (default: PROJECT_DIR/output/compare).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: the verdict in words; json: report.json on stdout.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@trust_option
@click.pass_context
def compare(ctx, baseline, candidate, metrics, until, max_games, alpha, beta, tolerances,
            players, agents, seed, batch, workers, backend, scheduler, out, fmt, quiet, trust):
    """Did this edit change the game? Plays BASELINE and CANDIDATE (project folders or git
    revisions, e.g. `toolkit compare HEAD .`; CANDIDATE defaults to the current project,
    or the bundled game with --example) on the same seeds until a sequential test decides:
    first the metrics of what the edit changed, then the game-wide ones.

    Exit code 0 when the question is answered, 3 when it stays undecided at --max-games, 1
    on error, 130 on Ctrl-C and 143 on SIGTERM (the temporary copies are removed)."""
    from toolkit.compare.metrics import parse_tolerances
    from toolkit.compare.report import diff_lines, report_json, verdict_lines, write_reports
    from toolkit.compare.run import Options, compare_versions
    from toolkit.compare.versions import open_versions
    from toolkit.project import resolve_project
    from toolkit.sim.batch import check_backend
    from toolkit.sim.output import check_writable
    from toolkit.native import announce

    announce()  # one line on stderr when compiled parts are not built
    check_backend(backend, scheduler)
    options = Options(tuple(metrics), max_games, alpha, beta, parse_tolerances(tolerances),
                      batch, players, agents, seed, workers, backend, scheduler, trust, until,
                      progress=not quiet)
    if candidate is None:
        candidate = str(resolve_project(None))
    if out:
        check_writable(Path(out))  # before any game is played
    with stop_signals() as stopped:
        try:
            with open_versions(baseline, candidate) as (base, cand):  # removes its temp folder
                options = _trusted(options, base, cand)
                if not out:
                    check_writable(_home(base, cand))
                result = compare_versions(base, cand, options)
        except KeyboardInterrupt:
            stopped.setdefault("code", EXIT_INTERRUPTED)
        if "code" in stopped or result.interrupted:
            click.echo(f"interrupted: no verdict (exit {stopped.get('code', 130)})", err=True)
            ctx.exit(stopped.get("code", EXIT_INTERRUPTED))
    paths = write_reports(result, Path(out) if out else _home(base, cand))
    if fmt == "json":
        click.echo(json.dumps(report_json(result), ensure_ascii=False, indent=1))
    else:
        for line in verdict_lines(result):
            click.echo(line)
        click.echo("Edit touched:")
        for line in diff_lines(result):
            click.echo(f"  {line}")
        for path in paths.values():
            click.echo(f"wrote {path}")
    if result.verdict == "inconclusive":
        ctx.exit(EXIT_INCONCLUSIVE)


def _trusted(options, base, cand):
    """The games run on copies of the versions: a copy whose rules are the ones the user
    trusts in its folder (`toolkit trust`) runs as trusted. A revision's copy is checked
    against the rules trusted in the other side's folder (or the current one)."""
    import dataclasses
    from pathlib import Path

    from toolkit.trust import trusted_copy

    if options.trust:
        return options
    folder = next((v.source for v in (base, cand) if v.source is not None), Path("."))
    own = [trusted_copy(v.root, v.source or folder, str(v.source or v.spec)) for v in (base, cand)]
    return dataclasses.replace(options, trust=any(own))
