"""The `toolkit import` and `toolkit export` commands."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.options import example_option, project_argument
from toolkit.sheets.files import FORMATS


@click.command("export")
@click.option("--kind", help="the kind to export (default with xlsx: every kind, a sheet each)")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="xlsx", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), help="file to write "
              "[PROJECT_DIR/output/KIND.FORMAT, or cards.xlsx for every kind]")
@project_argument
@example_option
def export(kind, fmt, out, project_dir):
    """Write cards as a spreadsheet: a row per card, a column per field."""
    from toolkit.content.load import load_project
    from toolkit.errors import UsageError
    from toolkit.project import default_output, resolve_project
    from toolkit.sheets.files import write_sheets
    from toolkit.sheets.table import export_rows, kind_files, kinds_with_files

    project = resolve_project(project_dir)
    loaded = load_project(project)
    if kind is None and fmt == "csv":
        raise UsageError("a CSV file holds one kind: add --kind (or use --format xlsx)")
    sheets = []
    for name in [kind] if kind else kinds_with_files(loaded):
        model, docs = kind_files(loaded, name)
        sheets.append((name, *export_rows(model, docs, native=fmt == "xlsx")))
    path = Path(out) if out else default_output(project) / f"{kind or 'cards'}.{fmt}"
    if path.suffix.lower() != f".{fmt}":
        path = path.with_name(path.name + f".{fmt}")
    write_sheets(path, sheets)
    cards = sum(len(rows) for _, _, rows in sheets)
    click.echo(f"wrote {path} ({cards} cards" + (f", {len(sheets[0][1])} columns)" if kind
                                                  else f" in {len(sheets)} sheets)"))


@click.command("import")
@click.argument("sheet", type=click.Path(dir_okay=False))
@click.option("--kind", help="the kind of card the sheet holds (default with xlsx: each "
              "sheet named after a kind)")
@project_argument
@example_option
def import_(sheet, kind, project_dir):
    """Read a CSV or XLSX sheet into the kind's YAML file. The sheet holds the whole kind:
    its rows become the cards, in order; unchanged cards keep their YAML as written."""
    from toolkit.content.load import load_project
    from toolkit.errors import UsageError
    from toolkit.project import resolve_project
    from toolkit.sheets.files import read_sheet, sheet_names
    from toolkit.sheets.table import import_rows, kind_files, refuse
    from toolkit.sheets.yamlfile import write_cards

    project, path = resolve_project(project_dir), Path(sheet)
    loaded = load_project(project)
    if kind is None:
        kinds = sheet_names(path)
        if not kinds:
            raise UsageError(f"'{path.name}': name the kind of its cards with --kind")
        for name in kinds:
            kind_files(loaded, name)  # an unknown sheet name is an error, with did-you-mean
    else:
        kinds = [kind]
    problems: list[str] = []
    results = []
    for name in kinds:
        model, docs = kind_files(loaded, name)
        if len(docs) > 1:
            raise UsageError(f"kind '{name}' is spread over {len(docs)} files "
                             f"({', '.join(d.file for d in docs)}); import writes one file")
        shown, header, body = read_sheet(path, name)
        where = f"{path.name}: {shown}" if shown != path.name else shown
        results.append((name, docs[0] if docs else None,
                        import_rows(model, name, where, header, body, problems)))
    refuse(problems)
    for name, doc, cards in results:
        target = project / doc.file if doc else _new_file(loaded, project, name)
        write_cards(target, doc, name, cards)
        click.echo(f"wrote {len(cards)} {name} cards to {target}")
    click.echo("run `toolkit validate` to check references and counts")


def _new_file(loaded, project: Path, kind: str) -> Path:
    decl = loaded.game.kinds.get(kind) if loaded.game is not None else None
    cards = project / "cards" if (project / "cards").is_dir() else project
    return cards / (decl.file if decl is not None and decl.file else f"{kind}.yaml")
