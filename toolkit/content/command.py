"""The `toolkit validate` and `toolkit list` commands: thin click wrappers over
`toolkit.content.validate` and `toolkit.content.listing`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from toolkit.options import example_option, project_argument, variant_option
from toolkit.project import resolve_project

FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                      show_default=True, help="text for people, json for tools")


@click.command()
@project_argument
@example_option
@click.option("--strict", is_flag=True, help="treat warnings as errors")
@FORMAT
@click.pass_context
def validate(ctx, project_dir, strict, fmt):
    """Check a project's content: YAML, schemas, references, counts, the board, effects,
    budgets, translations, rules text and the rulings' setups (their card ids). Exit 0
    clean, 1 content errors, 2 usage errors."""
    from toolkit.checks.rulings_validate import ruling_problems
    from toolkit.content.validate import validate_project

    root = resolve_project(project_dir)
    catalog, report = validate_project(root)
    if catalog is not None:   # the rulings' card ids and setups, as check would read them
        report.extend(ruling_problems(root, catalog))
    problems = report.sorted()
    if fmt == "json":
        click.echo(json.dumps([p.as_dict() for p in problems], ensure_ascii=False, indent=2))
    else:
        for problem in problems:
            click.echo(str(problem))
        note = " (--strict: warnings count as errors)" if strict and report.warnings else ""
        click.echo(report.summary() + note)
    failed = report.errors or (strict and report.warnings)
    ctx.exit(1 if failed else 0)


@click.command("list")
@click.argument("args", nargs=-1, metavar="[PROJECT_DIR] [KIND]")
@example_option
@variant_option
@FORMAT
@click.pass_context
def list_cmd(ctx, args, fmt):
    """List every kind with its count, or the entries of one KIND with their names and key
    numbers. With one argument, an existing folder is PROJECT_DIR, anything else a KIND."""
    from toolkit.content import listing
    from toolkit.errors import UsageError

    if len(args) > 2:
        raise UsageError("list takes at most PROJECT_DIR and KIND")
    project_dir, kind = _split_args(args)
    loaded, report = listing.load_listing(resolve_project(project_dir))
    grouped = listing.entries_by_kind(loaded)
    if kind is not None:
        kind = listing.pick_kind(loaded, kind)
        grouped = {kind: grouped.get(kind, [])}
    if fmt == "json":
        data = {k: [listing.entry_row(e) for e in items] for k, items in grouped.items()}
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    elif kind is None:
        _print_summary(listing.summary_rows(grouped))
    else:
        _print_kind(kind, [listing.entry_row(e) for e in grouped[kind]])
    if report.errors:
        click.echo(f"warning: the content has {len(report.errors)} error(s); entries with "
                   "errors are not listed (run `toolkit validate`)", err=True)
        ctx.exit(1)


def _split_args(args) -> tuple[str | None, str | None]:
    if len(args) == 2:
        return args[0], args[1]
    if len(args) == 1:
        return (args[0], None) if Path(args[0]).is_dir() else (None, args[0])
    return None, None


def _console():
    from rich.console import Console

    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = 160  # piped output: do not squeeze ids and names into 80 columns
    return console


def _print_summary(rows: list[dict]) -> None:
    from rich.table import Table

    table = Table("kind", "designs", "cards (with copies)")
    for row in rows:
        table.add_row(_plain(row["kind"]), str(row["designs"]), str(row["cards"]))
    table.add_section()
    table.add_row("total", str(sum(r["designs"] for r in rows)),
                  str(sum(r["cards"] for r in rows)))
    _console().print(table)


def _print_kind(kind: str, rows: list[dict]) -> None:
    from rich.table import Table

    numbers = list(dict.fromkeys(k for row in rows for k in row
                                 if k not in ("id", "name", "copies")))
    table = Table("id", "name", "名称", "copies", *map(_plain, numbers), title=_plain(kind))
    for row in rows:
        cells = [_plain(_cell(row.get(k, ""))) for k in numbers]
        table.add_row(_plain(row["id"]), _plain(row["name"]["en"]),
                      _plain(row["name"]["zh"] or ""), str(row["copies"]), *cells)
    _console().print(table)


def _plain(text: str) -> str:
    """Content as plain text in a table: rich markup escaped (`[link=…]` would print a
    terminal hyperlink), control and bidi characters shown escaped."""
    from rich.markup import escape

    from toolkit.errors import printable

    return escape(printable(text))


def _cell(value) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)
