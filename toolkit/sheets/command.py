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
    _write_sheet_file(path, sheets, project)
    cards = sum(len(rows) for _, _, rows in sheets)
    click.echo(f"wrote {path} ({cards} cards" + (f", {len(sheets[0][1])} columns)" if kind
                                                  else f" in {len(sheets)} sheets)"))


def _write_sheet_file(path: Path, sheets, project: Path) -> None:
    """The spreadsheet is made in a temporary folder of the toolkit's own, then written
    to `path` atomically; inside the project (its output/) no link may lead out of it,
    and the folder that receives it may not be a link."""
    import tempfile

    from toolkit import guarded_files
    from toolkit.errors import UsageError
    from toolkit.sheets.files import write_sheets

    root = project if guarded_files.is_within(project, path) else None
    if root is not None:
        guarded_files.prepare_folder(path.parent, project)
    with tempfile.TemporaryDirectory(prefix="card-toolkit-export-") as staging:
        staged = Path(staging) / path.name
        write_sheets(staged, sheets)
        data = staged.read_bytes()
    guarded_files.write_bytes(path, data, root=root, what="the project", error=UsageError)


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

    from toolkit.options import example_requested

    if example_requested():
        raise UsageError("import changes a project's cards, and the bundled example is "
                         "read-only; nothing was written",
                         hint="start a project of your own with `toolkit new DIR` and "
                         "import into it")
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
        _refuse_too_many(where, name, len(body))
        results.append((name, docs[0] if docs else None,
                        import_rows(model, name, where, header, body, problems)))
    refuse(problems)
    targets = [(name, doc, cards, _target(loaded, project, name, doc))
               for name, doc, cards in results]  # every target checked before any write
    for name, doc, cards, target in targets:
        write_cards(target, doc, name, cards, root=project, shown=_shown(project, target))
        click.echo(f"wrote {len(cards)} {name} cards to {target}")
    click.echo("run `toolkit validate` to check references and counts")


SHORTEST_CARD = len("  - {id: a}\n")  # no card of a YAML file takes fewer bytes


def _refuse_too_many(where: str, kind: str, rows: int) -> None:
    """Before the rows are read as cards: more rows than a card file under the loader's
    cap can hold cannot make a file that validate reads, so nothing is written."""
    from toolkit.content.yamlsafe import MAX_FILE_BYTES
    from toolkit.errors import UsageError

    most = MAX_FILE_BYTES // SHORTEST_CARD
    if rows > most:
        raise UsageError(f"{where}: {rows:,} rows of {kind} cards cannot fit in one card "
                         f"file under the {MAX_FILE_BYTES:,}-byte cap (at most {most:,}); "
                         "nothing was written", hint="split the kind over several files")


def _cards_folder(project: Path) -> Path:
    return project / "cards" if (project / "cards").is_dir() else project


def _shown(project: Path, path: Path) -> str:
    try:
        return Path(path).relative_to(project).as_posix()
    except ValueError:
        return str(path)


def _target(loaded, project: Path, kind: str, doc) -> Path:
    """The file import writes for `kind`: its card file, or for a kind with none yet the
    declared `file:` (else `<kind>.yaml`) in cards/. Refused, before anything is written:
    a path out of cards/, a link (dangling or not), and a file that exists already but
    does not hold this kind (it would be lost)."""
    from toolkit.content.custom import plain_file_name
    from toolkit.errors import UsageError
    from toolkit.guarded_files import check_inside, is_within

    cards = _cards_folder(project)
    if doc is not None:
        target = project / doc.file
    else:
        decl = loaded.game.kinds.get(kind) if loaded.game is not None else None
        name = decl.file if decl is not None and decl.file else f"{kind}.yaml"
        if not plain_file_name(name):
            raise UsageError(f"kind '{kind}' declares file '{name}', which is not a file name "
                             "in cards/; nothing was written",
                             hint=f"use a plain name such as {kind}.yaml")
        target = cards / name
    shown = _shown(project, target)
    if not is_within(cards, target):
        raise UsageError(f"'{shown}' is outside the project's cards folder; import writes "
                         "only card files there, nothing was written")
    check_inside(project, target, "the project", UsageError)  # cards/ itself too
    if target.is_symlink():
        raise UsageError(f"'{shown}' is a link; import writes only plain files in cards/, "
                         "nothing was written", hint="replace the link by the file itself")
    if doc is None and target.exists():
        held = next((d.data.get("kind") for d in loaded.docs.values()
                     if Path(d.file) == Path(shown) and isinstance(d.data, dict)), None)
        what = f"holds cards of kind '{held}'" if isinstance(held, str) else "exists already"
        raise UsageError(f"'{shown}' {what}, not '{kind}'; import would replace it, so "
                         "nothing was written",
                         hint=f"start a card file of kind '{kind}' under another name "
                         "(or rename that file) and import again")
    return target
