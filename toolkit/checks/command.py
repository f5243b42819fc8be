"""The `toolkit check` and `toolkit replay` commands: thin click wrappers over
toolkit.checks.run and toolkit.checks.replay."""

from __future__ import annotations

import time
from contextlib import ExitStack, contextmanager

import click

from toolkit.options import example_option, project_argument, trust_option
from toolkit.errors import UsageError


@click.command()
@project_argument
@example_option
@click.option("-n", "--games", type=click.IntRange(0, 100_000), default=None,
              help="fuzzed games with invariants checked after every action (default 100)")
@click.option("--seed", type=int, default=0, show_default=True, help="master seed")
@click.option("--rulings-only", is_flag=True, help="run only the rulings in cards/rulings/")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text for people, json for tools")
@click.option("-q", "--quiet", is_flag=True, help="no progress bar")
@trust_option
def check(project_dir, games, seed, rulings_only, fmt, quiet, trust):
    """Fuzz the rules' invariants, run the rulings and check card texts; exit 1 on any
    failure."""
    from toolkit.checks.run import DEFAULT_GAMES, run_check
    from toolkit.native import announce
    from toolkit.project import resolve_project

    announce()  # one line on stderr when compiled parts are not built
    root = resolve_project(project_dir)
    games = DEFAULT_GAMES if games is None else games
    with late_progress("fuzzing games", 0 if rulings_only else games,
                       enabled=not quiet) as step:
        report = run_check(root, games, seed, rulings_only, trust=trust,
                           project_arg=project_dir or str(root),
                           on_game=lambda found: step(note=f"{found} violation(s)"))
    click.echo(report.json() if fmt == "json" else report.text())
    return 0 if report.ok else 1


@contextmanager
def late_progress(label: str, total: int, enabled: bool = True, after: float = 2.0):
    """A `toolkit.progress` display that appears only once the run has lasted `after`
    seconds (a short check stays quiet); yields step(advance=1, note=None)."""
    from toolkit.progress import progress

    start, done, shown = time.monotonic(), [0], []
    with ExitStack() as stack:
        def step(advance: int = 1, note: str | None = None) -> None:
            done[0] += advance
            if not shown and enabled and time.monotonic() - start >= after:
                shown.append(stack.enter_context(progress(label, total or None)))
                shown[0](done[0], note=note)
            elif shown:
                shown[0](advance, note=note)

        yield step


@click.command()
@project_argument
@example_option
@click.option("--seed", type=int, default=None,
              help="the game's seed (required unless --record gives it)")
@click.option("--record", "record_file", type=click.Path(dir_okay=False), default=None,
              help="replay a saved game's own actions (a `toolkit play` record, "
                   "output/play/*.json); seed and seats come from it")
@click.option("--players", type=click.IntRange(1, 64), default=None,
              help="seats (default: the game's minimum)")
@click.option("--agents", default=None,
              help="comma list of agent names, one per seat (default: the check line-up)")
@click.option("--until", type=click.IntRange(0), default=None, help="stop after N actions")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="language of card names and texts")
@trust_option
def replay(project_dir, seed, players, agents, until, lang, trust, record_file=None):
    """Print one game as a log: each action once, what it caused (checks and whether they
    succeed, fights and who won them), the running score, and the winner with the score."""
    from toolkit.checks.fuzz import lineup
    from toolkit.checks.replay import replay_lines
    from toolkit.content.validate import load_catalog
    from toolkit.games import game_for
    from toolkit.project import resolve_project
    from toolkit.sim.plan import parse_agents

    root = resolve_project(project_dir)
    catalog = load_catalog(root)
    game = game_for(catalog, trust=trust, command="replay")
    limits = catalog.game.players
    if record_file is not None:
        from toolkit.play.records import fits, load
        record = load(record_file)
        note = fits(record, game, catalog)
        if note:
            click.echo(note, err=True)
        for line in replay_lines(game, catalog, record["seed"], record["agents"], until,
                                 lang, actions=record["actions"]):
            click.echo(line)
        return 0
    if seed is None:
        raise UsageError("--seed is required (or --record FILE, a saved game)")
    if agents:
        spec = parse_agents(agents, len(agents.split(",")), game, catalog)
        names = list(spec.names) or spec.for_game(seed, players or limits.min)
        if players is not None and players != len(names):
            if len(names) != 1:
                raise UsageError(f"--players {players} but {len(names)} agents given")
            names = names * players
    else:
        styles = [n for n in game.mixed_agents(catalog) if n != "random"]
        names = lineup(seed, players or limits.min, styles)
    if not limits.min <= len(names) <= limits.max:
        raise UsageError(f"--players: this game takes {limits.min}-{limits.max} players, "
                         f"got {len(names)}")
    for line in replay_lines(game, catalog, seed, names, until, lang):
        click.echo(line)
    return 0
