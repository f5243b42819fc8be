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
@click.option("--force", is_flag=True, help="add the template's missing files to a folder "
              "that is not empty (no existing file is replaced)")
def new(directory, template, force):
    """Start a new game project in DIRECTORY that validates and builds at once. A project
    with its own rules package is trusted (toolkit trust), since the toolkit wrote it."""
    from pathlib import Path

    from toolkit.new.scaffold import create_project, next_steps

    dest, skipped = create_project(Path(directory), template, force=force)
    trusted = False
    if not any(s.startswith("rules/") or s == "cards/game.yaml" for s in skipped):
        trusted = _trust_own_rules(dest)
    for line in next_steps(dest, template, tuple(skipped), trusted):
        click.echo(line)


def _trust_own_rules(dest) -> bool:
    """Trust the rules package the template wrote (none: False)."""
    from toolkit import trust
    from toolkit.errors import UsageError

    try:
        trust.package_of(dest)
    except UsageError:
        return False  # no rules package of its own
    try:
        trust.trust(dest)
    except UsageError as exc:  # e.g. a read-only home: the project is made all the same
        click.echo(f"note: its rules are not trusted: {exc.message}", err=True)
        return False
    return True
