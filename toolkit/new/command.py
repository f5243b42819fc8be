"""The `toolkit new` command."""

from __future__ import annotations

import click

from toolkit.new.scaffold import CHOICES


@click.command("new")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--template", type=click.Choice(CHOICES), default="blank", show_default=True,
              help="blank: a tiny complete game with its own rules (Five Tricks); "
                   "deckbuilder: declared kinds only; caravans: a copy of the bundled game; "
                   "the others: the example projects of other games")
@click.option("--force", is_flag=True, help="write into a folder that is not empty")
def new(directory, template, force):
    """Start a new game project in DIRECTORY that validates and builds at once."""
    from pathlib import Path

    from toolkit.new.scaffold import create, next_steps

    dest = create(Path(directory), template, force=force)
    for line in next_steps(dest, template):
        click.echo(line)
