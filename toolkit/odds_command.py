"""`toolkit odds`: print the exact odds tables a game's rules offer (`Game.odds`), e.g.
Root's battle outcomes by warriors on each side, with and without an ambush."""

from __future__ import annotations

import json

import click

from toolkit.errors import UsageError
from toolkit.options import example_option, project_argument, trust_option


def format_table(table) -> list[str]:
    rows = [list(table["columns"])] + [list(r) for r in table["rows"]]
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    lines = [table["title"]]
    for n, row in enumerate(rows):
        lines.append("  ".join(str(v).rjust(w) for v, w in zip(row, widths)))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return lines


@click.command()
@project_argument
@example_option
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="language of the table titles")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text for people, json for tools")
@trust_option
def odds(project_dir, lang, fmt, trust):
    """Print the game's exact odds tables (computed by enumeration, not simulation)."""
    from toolkit.content.validate import load_catalog
    from toolkit.games import game_for
    from toolkit.project import resolve_project

    catalog = load_catalog(resolve_project(project_dir))
    game = game_for(catalog, trust=trust, command="odds")
    found = game.odds(catalog, lang)
    if not found:
        raise UsageError(f"game '{game.name}' offers no odds tables")
    if fmt == "json":
        click.echo(json.dumps(found, ensure_ascii=False, indent=2))
        return
    for n, table in enumerate(found):
        if n:
            click.echo("")
        click.echo("\n".join(format_table(table)))
