"""The `toolkit` command line: a click group whose commands live beside the library code
they call (`toolkit/<area>/command.py`), imported only when used so that `toolkit validate`
starts fast. Every command maps ToolkitError to a one-line message and its exit code."""

from __future__ import annotations

import importlib
import sys

import click

from toolkit import __version__

COMMANDS = {
    "validate": "toolkit.content.command:validate",
    "list": "toolkit.content.command:list_cmd",
    "build": "toolkit.render.command:build",
    "simulate": "toolkit.sim.command:simulate",
    "check": "toolkit.checks.command:check",
    "replay": "toolkit.checks.command:replay",
    "compare": "toolkit.compare.command:compare",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attr = target.split(":")
        return getattr(importlib.import_module(module), attr)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="toolkit")
def cli():
    """Validate, render, simulate and balance a tabletop game kept as YAML."""


def main(argv=None):
    """Entry point: run the group; expected failures never show a traceback."""
    from toolkit.errors import ToolkitError

    try:
        code = cli.main(args=argv, prog_name="toolkit", standalone_mode=False)
    except ToolkitError as exc:
        click.echo(str(exc), err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2 if isinstance(exc, click.UsageError) else exc.exit_code)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as exc:  # an output folder that cannot be created or written
        if exc.filename is None:
            raise
        click.echo(f"error: {exc.filename}: {exc.strerror or exc}", err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
