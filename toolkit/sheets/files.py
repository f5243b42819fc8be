"""Reading and writing sheets: CSV (one kind; UTF-8 with a BOM so that spreadsheet programs
pick the encoding) or XLSX (openpyxl; a sheet per kind, named after it).

Both ways are safe to open: text a spreadsheet program would run as a formula is written
as text (CSV: one leading quote, taken off again on import; XLSX: a text cell with the
quote prefix), and a workbook is read only once its zip members are known to unpack to a
bounded size. A kind whose name is over the 31 characters a sheet name may have gets a
shorter sheet name, and a hidden sheet maps it back to the kind."""

from __future__ import annotations

import csv
import zipfile
from pathlib import Path
from typing import Any

from toolkit.errors import UsageError
from toolkit.sheets.cells import is_formula_like, neutral, restored

FORMATS = ("csv", "xlsx")
MAX_SHEET_BYTES = 50 * 1024 * 1024     # a CSV file or one unpacked member of a workbook
MAX_WORKBOOK_BYTES = 100 * 1024 * 1024  # all the members of a workbook unpacked
MAX_RATIO = 100                         # unpacked / packed, for members over 1 MB
MAX_TITLE = 31                          # the longest sheet name spreadsheet programs read
KINDS_SHEET = "toolkit_kinds"           # hidden: sheet name -> kind, when they differ


def write_sheets(path: Path, sheets: list[tuple[str, list[str], list[list[Any]]]]) -> None:
    """Write (kind, header, rows) sheets: all into one XLSX workbook, or one CSV file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".xlsx":
        from openpyxl import Workbook

        book = Workbook()
        book.remove(book.active)
        titles = sheet_titles([kind for kind, _, _ in sheets])
        for (kind, header, rows), title in zip(sheets, titles):
            _xlsx_sheet(book.create_sheet(title), header, rows)
        if titles != [kind for kind, _, _ in sheets]:
            index = book.create_sheet(KINDS_SHEET)
            for (kind, _, _), title in zip(sheets, titles):
                index.append([title, kind])
            index.sheet_state = "hidden"
        book.save(path)
        return
    if len(sheets) != 1:
        raise UsageError("a CSV file holds one kind; name it with --kind (or use xlsx)")
    _, header, rows = sheets[0]
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow([neutral(h) for h in header])
        writer.writerows([["" if v is None else neutral(v) for v in row] for row in rows])


def sheet_titles(kinds: list[str]) -> list[str]:
    """A sheet name per kind: the kind, or (over 31 characters) its start and a number."""
    titles: list[str] = []
    for kind in kinds:
        title, number = kind, 1
        while len(title) > MAX_TITLE or title in titles or title == KINDS_SHEET:
            suffix = f"~{number}"
            title, number = kind[:MAX_TITLE - len(suffix)] + suffix, number + 1
        titles.append(title)
    return titles


def _xlsx_sheet(sheet, header: list[str], rows: list[list[Any]]) -> None:
    from openpyxl.styles import Alignment, Font

    sheet.append(header)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append(row)
    wrap = Alignment(wrap_text=True, vertical="top")
    for line in sheet.iter_rows():
        for cell in line:
            if not isinstance(cell.value, str):
                continue
            if is_formula_like(cell.value):  # openpyxl made "=…" a formula: text it is
                cell.data_type = "s"
                cell.quotePrefix = True
            if "\n" in cell.value:
                cell.alignment = wrap
    sheet.freeze_panes = "B2"


def sheet_names(path: Path) -> list[str]:
    """The sheet names of an XLSX workbook (a CSV file has none)."""
    if path.suffix.lower() != ".xlsx" or not path.is_file():
        return []
    book = _open_workbook(path)
    try:
        return list(_kinds_of(book).values())
    finally:
        book.close()


def _open_workbook(path: Path):
    from openpyxl import load_workbook

    _check_unpacked_size(path)
    try:
        return load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - zip, XML or format errors of a damaged file
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise UsageError(f"'{path.name}' is not a readable XLSX workbook ({reason})") from None


def _check_unpacked_size(path: Path) -> None:
    """Refuse a workbook whose members would unpack to more than the caps (a zip bomb:
    3 MB of zip holding 3 GB of sheet XML), before any of it is unpacked."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise UsageError(f"'{path.name}' is not a readable XLSX workbook ({exc})") from None
    total = 0
    for member in members:
        total += member.file_size
        ratio = member.file_size / max(member.compress_size, 1)
        if member.file_size > MAX_SHEET_BYTES or (member.file_size > 1024 * 1024
                                                  and ratio > MAX_RATIO):
            raise UsageError(f"'{path.name}': '{member.filename}' unpacks to "
                             f"{member.file_size:,} bytes ({ratio:.0f} times its packed "
                             f"size); a workbook of cards is never that large (cap "
                             f"{MAX_SHEET_BYTES:,} bytes, {MAX_RATIO}x)")
    if total > MAX_WORKBOOK_BYTES:
        raise UsageError(f"'{path.name}' unpacks to {total:,} bytes, over the "
                         f"{MAX_WORKBOOK_BYTES:,}-byte cap of a workbook")


def _kinds_of(book) -> dict[str, str]:
    """Sheet name -> kind: the names themselves, or as the hidden index sheet maps them."""
    titles = [t for t in book.sheetnames if t != KINDS_SHEET]
    kinds = dict(zip(titles, titles))
    if KINDS_SHEET in book.sheetnames:
        for row in book[KINDS_SHEET].iter_rows(values_only=True):
            if len(row) >= 2 and row[0] in kinds and isinstance(row[1], str) and row[1]:
                kinds[row[0]] = row[1]
    return kinds


def read_sheet(path: Path, kind: str) -> tuple[str, list[str], list[tuple[int, list[Any]]]]:
    """(sheet name, header, [(row number, cells)]) of a CSV or XLSX file."""
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise UsageError(f"'{path.name}': import reads .csv or .xlsx files")
    if not path.is_file():
        raise UsageError(f"'{path}' does not exist")
    if suffix == "csv":
        lines, name = _csv_rows(path), path.name
    else:
        lines, name = _xlsx_rows(path, kind)
    if not lines or not any(lines[0]):
        raise UsageError(f"'{path.name}' has no header row (the first row names the columns)")
    header = [str(h).strip() if h is not None else "" for h in lines[0]]
    body = [(number, row) for number, row in enumerate(lines[1:], start=2)
            if any(c not in (None, "") for c in row)]
    return name, header, body


def _csv_rows(path: Path) -> list[list[str]]:
    size = path.stat().st_size
    if size > MAX_SHEET_BYTES:
        raise UsageError(f"'{path.name}' is {size:,} bytes, over the {MAX_SHEET_BYTES:,}-byte "
                         "cap of a sheet of cards")
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.reader(handle)
        try:
            return [[restored(cell) for cell in row] for row in reader]
        except UnicodeDecodeError:
            raise UsageError(f"'{path.name}' is not UTF-8 text; save the CSV as UTF-8") from None
        except csv.Error as exc:
            if "field limit" in str(exc):
                raise UsageError(f"'{path.name}', line {reader.line_num}: a cell is over "
                                 f"{csv.field_size_limit():,} characters; no card text is "
                                 "that long (is a quote left open?)") from None
            raise UsageError(f"'{path.name}', line {reader.line_num}: not a readable CSV "
                             f"row ({exc})") from None


def _xlsx_rows(path: Path, kind: str) -> tuple[list[list[Any]], str]:
    book = _open_workbook(path)
    try:
        titles = {k: t for t, k in _kinds_of(book).items()}
        if kind in titles:
            sheet = book[titles[kind]]
        elif len(titles) == 1:
            sheet = book[next(iter(titles.values()))]
        else:
            raise UsageError(f"'{path.name}' has no sheet for kind '{kind}' (sheets: "
                             f"{', '.join(titles.values())})")
        rows = [list(r) for r in sheet.iter_rows(values_only=True)]
    finally:
        book.close()
    return rows, f"sheet '{sheet.title}'"


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters
