"""The `toolkit play` command."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.options import example_option, project_argument, trust_option


def lineup_for(game, catalog, seed: int, seats: tuple, players: "int | None",
               agents: "str | None") -> list[str]:
    """The seats' names: `human` for the people's seats (from 1 in `seats`), the agents'
    names (`--agents`, a comma list in seat order, or one name for every other seat;
    default the game's own line-up drawn from the seed) for the others."""
    from toolkit.checks.fuzz import lineup
    from toolkit.errors import UsageError
    from toolkit.play.table import HUMAN
    from toolkit.sim.plan import parse_agents

    limits = catalog.game.players
    people = sorted(set(seats or (1,)))
    mixed = agents is not None and agents.strip() == "mixed"
    names = [a.strip() for a in agents.split(",")] if agents and not mixed else []
    if any(not n for n in names):
        raise UsageError("--agents has an empty name (a comma list of agent names)")
    if max(people) > (players or limits.max):
        raise UsageError(f"--seat {max(people)}: the table has {players or limits.max} seats "
                         f"at most (1-{players or limits.max})")
    if players is None:
        players = len(people) + len(names) if len(names) > 1 else max(limits.min,
                                                                     max(people))
    if not limits.min <= players <= limits.max:
        raise UsageError(f"this game takes {limits.min}-{limits.max} players, got {players} "
                         "(set --players, or list one agent a seat in --agents)")
    if max(people) > players:
        raise UsageError(f"--seat {max(people)}: the table has {players} seats (1-{players})")
    bots = players - len(people)
    if mixed:
        names = list(parse_agents("mixed", bots, game, catalog).for_game(seed, bots))
    elif names:
        if len(names) == 1:
            names = names * bots
        if len(names) != bots:
            raise UsageError(f"--agents names {len(names)} agents for {bots} seats left by "
                             "the people (one name, or one a seat)")
        parse_agents(",".join(names), len(names), game, catalog)  # unknown names: one line
    else:
        styles = [n for n in game.mixed_agents(catalog) if n != "random"]
        names = lineup(seed, bots, styles) if bots else []
    out, left = [], iter(names)
    for seat in range(1, players + 1):
        out.append(HUMAN if seat in people else next(left))
    return out


@click.command("play")
@project_argument
@example_option
@click.option("--seat", "seats", type=click.IntRange(1, 64), multiple=True,
              help="the seat a person takes, from 1 (default 1; repeat for more people)")
@click.option("--players", type=click.IntRange(1, 64), default=None,
              help="seats at the table (default: the people and the agents listed, else "
                   "the game's minimum)")
@click.option("--agents", default=None,
              help="the agents of the other seats: one name for all, or a comma list in "
                   "seat order (default: the game's own line-up for the seed)")
@click.option("--seed", type=click.IntRange(0), default=1, show_default=True,
              help="the deal (the page's seed box deals again)")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="the page's first language (the page can switch)")
@click.option("--port", type=click.IntRange(0, 65535), default=8010, show_default=True,
              help="port on 127.0.0.1 (0: any free port)")
@click.option("--pace", type=click.FloatRange(0, 10), default=0.8, show_default=True,
              help="seconds between two agent moves, to follow them")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="where table games are saved (default: the project's output/play)")
@trust_option
@click.option("--open/--no-open", "open_browser", default=False,
              help="open the table in the default browser")
def play(project_dir, seats, players, agents, seed, lang, port, pace, out, trust,
         open_browser):
    """A playtest table in the browser: you take a seat (or several), the game's agents
    the others, and the rules check every move. Bound to this computer only. A finished or
    abandoned game is saved in output/play/ as a record `toolkit replay --record` reads.
    Stop with Ctrl-C."""
    from toolkit.content.validate import load_catalog
    from toolkit.errors import UsageError, printable
    from toolkit.games import game_for
    from toolkit.guarded_files import prepare_folder
    from toolkit.play.server import Host, make_server
    from toolkit.play.table import Table
    from toolkit.project import resolve_project

    project = resolve_project(project_dir)
    catalog = load_catalog(project)
    game = game_for(catalog, trust=trust, command="play")
    names = lineup_for(game, catalog, seed, seats, players, agents)
    folder = Path(out) if out else project / "output" / "play"
    prepare_folder(folder, project)
    host = Host(Table(game, catalog, seed, names), folder, lang, pace)
    try:
        server = make_server(host, "127.0.0.1", port)
    except OSError as exc:
        raise UsageError(f"cannot listen on 127.0.0.1:{port} ({exc.strerror or exc}); "
                         "choose another --port") from None
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    who = ", ".join(f"seat {s + 1} {n}" for s, n in enumerate(names))
    click.echo(printable(f"table for {game.name} at {url} (seed {seed}: {who}); games are "
                         f"saved in {folder}; Ctrl-C stops"))
    if open_browser:
        import webbrowser
        webbrowser.open(url)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()
        saved = host.save_if_played()
        if saved is not None:
            click.echo(printable(f"the game so far is saved as {saved}"), err=True)
