"""The `toolkit import` and `toolkit export` commands."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.options import example_option, project_argument
from toolkit.sheets.files import FORMATS

KIND = click.option("--kind", "kind", required=True, help="the kind of card the sheet holds")


@click.command("export")
@KIND
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="xlsx", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), help="file to write "
              "[PROJECT_DIR/output/KIND.FORMAT]")
@project_argument
@example_option
def export(kind, fmt, out, project_dir):
    """Write one kind's cards as a spreadsheet: a row per card, a column per field."""
    from toolkit.project import resolve_project
    from toolkit.sheets.files import write_sheet
    from toolkit.sheets.table import export_rows, load_kind

    project = resolve_project(project_dir)
    _, model, docs = load_kind(project, kind)
    header, rows = export_rows(model, docs, native=fmt == "xlsx")
    path = Path(out) if out else project / "output" / f"{kind}.{fmt}"
    if path.suffix.lower() != f".{fmt}":
        path = path.with_name(path.name + f".{fmt}")
    write_sheet(path, kind, header, rows)
    click.echo(f"wrote {path} ({len(rows)} cards, {len(header)} columns)")


@click.command("import")
@click.argument("sheet", type=click.Path(dir_okay=False))
@KIND
@project_argument
@example_option
def import_(sheet, kind, project_dir):
    """Read a CSV or XLSX sheet of one kind into its YAML file (the sheet holds the whole
    kind: rows become the cards, in order; unchanged cards keep their YAML as written)."""
    from toolkit.errors import UsageError
    from toolkit.project import resolve_project
    from toolkit.sheets.files import read_sheet
    from toolkit.sheets.table import import_rows, load_kind
    from toolkit.sheets.yamlfile import write_cards

    project = resolve_project(project_dir)
    loaded, model, docs = load_kind(project, kind)
    if len(docs) > 1:
        raise UsageError(f"kind '{kind}' is spread over {len(docs)} files "
                         f"({', '.join(d.file for d in docs)}); import writes one file")
    name, header, body = read_sheet(Path(sheet), kind)
    where = f"{Path(sheet).name}: {name}" if name != Path(sheet).name else name
    cards = import_rows(model, kind, where, header, body)
    doc = docs[0] if docs else None
    target = project / doc.file if doc else _new_file(loaded, project, kind)
    write_cards(target, doc, kind, cards)
    click.echo(f"wrote {len(cards)} {kind} cards to {target} "
               "(run `toolkit validate` to check references and counts)")


def _new_file(loaded, project: Path, kind: str) -> Path:
    decl = loaded.game.kinds.get(kind) if loaded.game is not None else None
    cards = project / "cards" if (project / "cards").is_dir() else project
    return cards / (decl.file if decl is not None and decl.file else f"{kind}.yaml")
