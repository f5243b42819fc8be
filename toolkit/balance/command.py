"""The `toolkit balance` command: targets from game.yaml's `balance:` block, a seeded search
over its tunable fields, proposals verified on fresh seeds; `--apply N` writes one."""

from __future__ import annotations

import shutil
from pathlib import Path

import click

from toolkit.options import example_option, project_argument, trust_option
from toolkit.project import resolve_project


@click.command()
@project_argument
@example_option
@click.option("--trials", type=click.IntRange(1, 10_000), default=40, show_default=True,
              help="Candidates the optimiser proposes at most.")
@click.option("--games", "games", type=click.IntRange(10, 100_000), default=100,
              show_default=True, help="Games of a candidate's first rung (each further rung "
              "doubles them; the baseline plays the last rung's).")
@click.option("--rungs", type=click.IntRange(1, 8), default=3, show_default=True,
              help="Rungs of successive halving.")
@click.option("--baseline-games", type=click.IntRange(0, 1_000_000), default=2000,
              show_default=True, help="Games of the baseline, on which the fields to search "
              "are chosen (at least the last rung's).")
@click.option("--margin", type=click.FloatRange(0, 0.45), default=0.15, show_default=True,
              help="The search aims this many band widths inside each two-sided band, so "
              "that a proposal still meets it on fresh games.")
@click.option("--refine-games", type=click.IntRange(0, 1_000_000), default=None,
              help="Check games the search's best is re-played on, and the entries still "
              "off their band re-searched on (0: no refine stage) [default: 4 times the "
              "last rung's].")
@click.option("--verify", "verify_games", type=click.IntRange(0, 1_000_000), default=1000,
              show_default=True, help="Fresh games each proposal (and the baseline) is "
              "re-played on (0: none).")
@click.option("--compare/--no-compare", "compare", default=True, show_default=True,
              help="Also run toolkit compare of each verified proposal against the baseline "
              "(at most --verify paired games).")
@click.option("--proposals", type=click.IntRange(1, 20), default=3, show_default=True,
              help="Proposals of the front verified and listed.")
@click.option("--time", "time_budget", type=click.FloatRange(1, 86_400), default=600,
              show_default=True, help="Seconds the search may take (verification aside).")
@click.option("--max-games", type=click.IntRange(1, 10_000_000), default=None,
              help="Games the search may play (a budget that keeps runs reproducible).")
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed.")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Worker processes (default: all cores).")
@click.option("--backend", default="local", show_default=True, help="local or dask.")
@click.option("--scheduler", default=None, help="Dask scheduler address.")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Output folder (default: PROJECT_DIR/output/balance).")
@click.option("--apply", "apply_rank", type=int, default=None,
              help="Write proposal N of the last run into the YAML in place.")
@click.option("-q", "--quiet", is_flag=True, help="No progress lines.")
@trust_option
def balance(project_dir, trials, games, rungs, baseline_games, margin, refine_games,
            verify_games, compare,
            proposals, time_budget, max_games, seed, workers, backend, scheduler, out,
            apply_rank, quiet, trust):
    """Search the tunable fields for the smallest edits that meet game.yaml's balance
    targets; write ranked proposals (output/balance/)."""
    from toolkit.balance.fields import find_fields
    from toolkit.balance.proposals import apply, summary, write_outputs
    from toolkit.balance.search import Search, search, verify
    from toolkit.errors import UsageError
    from toolkit.native import announce
    from toolkit.project import default_output
    from toolkit.sim.batch import catalog_for, check_backend
    from toolkit.sim.output import check_writable

    root = resolve_project(project_dir)
    folder = Path(out) if out else default_output(root) / "balance"
    if apply_rank is not None:
        for e in apply(root, folder, apply_rank):
            click.echo(f"{e['file']}:{e['line']}:{e['column']}: {e['kind']} {e['id']} "
                       f"{e['field']}: {e['old']} -> {e['new']}")
        click.echo(f"applied proposal {apply_rank}; the content validates")
        return
    announce()
    check_backend(backend, scheduler)
    catalog = catalog_for(root)
    spec = catalog.game.balance
    if spec is None or not spec.targets:
        raise UsageError("game.yaml has no balance: block with targets; see docs/balance.md "
                         "for how to state them")
    if not spec.tunable:
        raise UsageError("game.yaml's balance: block names no tunable: fields to search")
    fields = find_fields(root, spec)
    check_writable(folder, root)
    work = folder / "candidates"
    s = Search(root, work, spec, fields, seed, spec.players or catalog.game.players.max,
               workers, backend, scheduler, trust, margin=margin)
    say = (lambda text: None) if quiet else (lambda text: click.echo(text, err=True))

    def on_trial(cand, best):
        if cand.invalid:
            say(f"trial {cand.trial + 1}/{trials}: {cand.size} edits: invalid content "
                f"({cand.invalid})")
            return
        label = "refine" if cand.refined else "polish" if cand.polish else \
            f"trial {cand.trial + 1}/{trials}"
        line = (f"{label}: {cand.size} edits, distance "
                f"{cand.dist:.4g} at {cand.games} games")
        if best is not None:
            line += f"; best so far {best.dist:.4g} with {best.size} edits"
        say(line)

    try:
        outcome = search(s, trials=trials, games=games, rungs=rungs, time_budget=time_budget,
                         game_budget=max_games, on_trial=on_trial,
                         baseline_games=baseline_games, refine_games=refine_games)
        say(f"searched {len(outcome.focus)} of {len(fields)} tunable fields: "
            f"{outcome.played:,} games in {outcome.seconds:.0f} s "
            f"({outcome.rate:.1f} games/s); stopped by {outcome.stopped}")
        if outcome.rate and _python_only(catalog, trust):
            per = games * (2 ** rungs - 1)
            buys = outcome.rate * time_budget
            click.echo(f"this game's rules play in Python: at {outcome.rate:.1f} games/s the "
                       f"{time_budget:g} s budget buys about {buys:,.0f} games, about "
                       f"{buys / per:,.0f} candidates through every rung", err=True)
        front = outcome.front[:proposals]
        outcome.front = front
        checked = verify(s, front, verify_games, compare) if verify_games and front else None
        data = summary(outcome, fields, checked)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for m in outcome.baseline.marks:
        if not m.met:
            click.echo("baseline " + m.line(catalog.names))
    if outcome.baseline.dist == 0:
        click.echo("the baseline meets every target: nothing to propose")
    elif not data["proposals"]:
        click.echo("no proposal: no candidate finished every rung within the budget; "
                   "raise --trials or --time")
    for p in data["proposals"]:
        v = p["verified"]
        tail = "" if v is None else (f"; on {v['games']:,} fresh games {v['met']} of "
                                     f"{v['targets']} targets met (baseline distance "
                                     f"{v['baseline']['distance']:.4g} -> {v['distance']:.4g})")
        click.echo(f"proposal {p['rank']}: {len(p['edits'])} edits, distance "
                   f"{p['distance']:.4g}{tail}")
        for e in p["edits"]:
            click.echo(f"  {e['file']}:{e['line']}:{e['column']}: {e['kind']} {e['id']} "
                       f"{e['field']}: {e['old']} -> {e['new']}")
        if v is not None and v.get("compare"):
            click.echo(f"  compare against the baseline ({v['compare']['games']:,} paired "
                       f"games): {v['compare']['lines'][1] if len(v['compare']['lines']) > 1 else v['compare']['verdict']}")
    for path in write_outputs(folder, data, catalog.game.title.en):
        click.echo(f"wrote {path}")


def _python_only(catalog, trust: bool) -> bool:
    """No compiled core plays this game (`Game.play_batch` of no job is None)."""
    from toolkit.games import game_for

    return game_for(catalog, trust=trust, command="balance").play_batch(catalog, []) is None
