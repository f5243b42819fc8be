"""The `toolkit trust` command: trust a project's own rules once (toolkit/trust.py)."""

from __future__ import annotations

import shlex

import click


@click.command("trust")
@click.argument("project_dir", required=False, type=click.Path(file_okay=False))
@click.option("--list", "list_", is_flag=True, help="list the projects you trust")
@click.option("--revoke", is_flag=True, help="stop trusting PROJECT_DIR's rules")
def trust(project_dir, list_, revoke):
    """Trust PROJECT_DIR's own Python rules (game.yaml 'rules: ./rules') from now on, as
    they are now: simulate, check, replay, compare, odds, build and serve then run them
    without --trust. A change to any .py or .pxd file of the rules revokes the trust."""
    from pathlib import Path

    from toolkit import trust as trusted
    from toolkit.errors import UsageError

    if list_:
        if project_dir or revoke:
            raise UsageError("--list takes no project folder and no --revoke")
        rows = trusted.entries()
        for path, when, state in rows:
            click.echo(f"{path}  (trusted {when}"
                       + {"ok": ")", "changed": "; changed since, no longer trusted)",
                          "missing": "; no longer there)"}[state])
        if not rows:
            click.echo(f"no project is trusted (record: {trusted.store_path()})")
        return
    project = Path(project_dir or ".")
    shown = shlex.quote(str(project))
    if revoke:
        package = trusted.revoke(project)
        click.echo(f"revoked: {package}" if package else f"{shown} was not trusted")
        return
    package, files = trusted.trust(project)
    typed = sum(1 for name in files if name.endswith(".pxd"))
    counted = f"{len(files) - typed} Python file{'s' * (len(files) - typed != 1)}"
    if typed:
        counted += f" and {typed} .pxd file{'s' * (typed != 1)} typing them"
    click.echo(f"trusted {package} ({counted}); a change to any of them revokes "
               f"it; undo with: toolkit trust --revoke {shown}")
