"""The `toolkit` command line: a click group whose commands live beside the library code
they call (`toolkit/<area>/command.py`), imported only when used so that `toolkit validate`
starts fast. Every command maps ToolkitError to a one-line message and its exit code."""

from __future__ import annotations

import importlib
import os
import signal
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
    "balance": "toolkit.balance.command:balance",
    "new": "toolkit.new.command:new",
    "import": "toolkit.sheets.command:import_",
    "export": "toolkit.sheets.command:export",
    "schema": "toolkit.schema_command:schema",
    "odds": "toolkit.odds_command:odds",
    "serve": "toolkit.serve.command:serve",
    "play": "toolkit.play.command:play",
    "trust": "toolkit.trust_command:trust",
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
@click.option("--debug", is_flag=True, help="on an unexpected error, show the Python traceback")
def cli(debug):
    """Validate, render, simulate and balance a tabletop game kept as YAML."""
    DEBUG["on"] = DEBUG["on"] or debug


DEBUG = {"on": bool(os.environ.get("TOOLKIT_DEBUG"))}


def _raise_terminated(signum, frame):
    from toolkit.errors import Terminated

    raise Terminated()


def _interrupted(exc: BaseException) -> int:
    """130 for Ctrl-C, 143 for SIGTERM (click wraps both in Abort)."""
    from toolkit.errors import Terminated

    cause = exc if isinstance(exc, KeyboardInterrupt) else exc.__cause__ or exc.__context__
    terminated = isinstance(cause, Terminated)
    click.echo("terminated" if terminated else "interrupted", err=True)
    return 143 if terminated else 130


def _unexpected(exc: BaseException) -> None:
    """One line naming the error and where to report it; the traceback with --debug."""
    from toolkit.errors import REPORT_TO, printable

    if DEBUG["on"]:
        import traceback

        traceback.print_exception(exc)
    detail = " ".join(str(exc).split())[:300]
    click.echo(printable(f"error: unexpected {type(exc).__name__}"
                         + (f": {detail}" if detail else "") + f"; {REPORT_TO}"
                         + ("" if DEBUG["on"] else " (add --debug for the traceback)")),
               err=True)


def _output_encoding(exc: UnicodeEncodeError) -> bool:
    """Whether the text failed to print because stdout or stderr cannot encode it (an
    ASCII-only terminal), not in a file the command wrote."""
    import codecs

    try:
        failed = codecs.lookup(exc.encoding).name
        return any(failed == codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name
                   for stream in (sys.stdout, sys.stderr))
    except LookupError:
        return False


def main(argv=None):
    """Entry point: run the group; expected failures never show a traceback. SIGTERM
    unwinds like Ctrl-C (temp files are removed) and exits 143."""
    import threading

    previous = signal.getsignal(signal.SIGTERM)
    if previous is signal.SIG_DFL and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_terminated)  # unwinds (temp files go) like ^C
    try:
        _run(argv)
    finally:
        if previous is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, previous)


def _run(argv) -> None:
    from toolkit.errors import ToolkitError, printable

    try:
        code = cli.main(args=argv, prog_name="toolkit", standalone_mode=False)
    except ToolkitError as exc:
        click.echo(str(exc), err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort as exc:
        sys.exit(_interrupted(exc))
    except click.ClickException as exc:
        exc.show()
        sys.exit(2 if isinstance(exc, click.UsageError) else exc.exit_code)
    except KeyboardInterrupt as exc:
        sys.exit(_interrupted(exc))
    except BrokenPipeError:
        sys.exit(0)
    except UnicodeEncodeError as exc:
        if not _output_encoding(exc):
            _unexpected(exc)
            sys.exit(1)
        click.echo(f"error: the output's encoding ({exc.encoding}) cannot show "
                   f"{ascii(exc.object[exc.start:exc.end])}; set PYTHONIOENCODING=utf-8 or "
                   "a UTF-8 locale (LC_ALL=C.UTF-8)", err=True)
        sys.exit(1)
    except OSError as exc:  # an output folder that cannot be created or written
        if exc.filename is None:
            _unexpected(exc)
        else:
            click.echo(printable(f"error: {exc.filename}: {exc.strerror or exc}"), err=True)
        sys.exit(1)
    except Exception as exc:  # a bug: one line, never a traceback unless --debug
        _unexpected(exc)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
