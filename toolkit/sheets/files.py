"""Reading and writing sheets: CSV (one kind; UTF-8 with a BOM so that spreadsheet programs
pick the encoding) or XLSX (openpyxl; a sheet per kind, named after it)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from toolkit.errors import UsageError

FORMATS = ("csv", "xlsx")


def write_sheets(path: Path, sheets: list[tuple[str, list[str], list[list[Any]]]]) -> None:
    """Write (kind, header, rows) sheets: all into one XLSX workbook, or one CSV file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".xlsx":
        from openpyxl import Workbook

        book = Workbook()
        book.remove(book.active)
        for kind, header, rows in sheets:
            _xlsx_sheet(book.create_sheet(kind[:31]), header, rows)
        book.save(path)
        return
    if len(sheets) != 1:
        raise UsageError("a CSV file holds one kind; name it with --kind (or use xlsx)")
    _, header, rows = sheets[0]
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows([["" if v is None else v for v in row] for row in rows])


def _xlsx_sheet(sheet, header: list[str], rows: list[list[Any]]) -> None:
    from openpyxl.styles import Alignment, Font

    sheet.append(header)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append(row)
    wrap = Alignment(wrap_text=True, vertical="top")
    for line in sheet.iter_rows(min_row=2):
        for cell in line:
            if isinstance(cell.value, str) and "\n" in cell.value:
                cell.alignment = wrap
    sheet.freeze_panes = "B2"


def sheet_names(path: Path) -> list[str]:
    """The sheet names of an XLSX workbook (a CSV file has none)."""
    if path.suffix.lower() != ".xlsx" or not path.is_file():
        return []
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True)
    except Exception as exc:  # noqa: BLE001 - zip, XML or format errors of a damaged file
        raise UsageError(f"'{path.name}' is not a readable XLSX workbook ({exc})") from None
    names = list(book.sheetnames)
    book.close()
    return names


def read_sheet(path: Path, kind: str) -> tuple[str, list[str], list[tuple[int, list[Any]]]]:
    """(sheet name, header, [(row number, cells)]) of a CSV or XLSX file."""
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise UsageError(f"'{path.name}': import reads .csv or .xlsx files")
    if not path.is_file():
        raise UsageError(f"'{path}' does not exist")
    if suffix == "csv":
        try:
            with path.open(encoding="utf-8-sig", newline="") as handle:
                lines = list(csv.reader(handle))
        except UnicodeDecodeError:
            raise UsageError(f"'{path.name}' is not UTF-8 text; save the CSV as UTF-8") from None
        name = path.name
    else:
        lines, name = _xlsx_rows(path, kind)
    if not lines or not any(lines[0]):
        raise UsageError(f"'{path.name}' has no header row (the first row names the columns)")
    header = [str(h).strip() if h is not None else "" for h in lines[0]]
    body = [(number, row) for number, row in enumerate(lines[1:], start=2)
            if any(c not in (None, "") for c in row)]
    return name, header, body


def _xlsx_rows(path: Path, kind: str) -> tuple[list[list[Any]], str]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - zip, XML or format errors of a damaged file
        raise UsageError(f"'{path.name}' is not a readable XLSX workbook ({exc})") from None
    if kind in book.sheetnames:
        sheet = book[kind]
    elif len(book.sheetnames) == 1:
        sheet = book.worksheets[0]
    else:
        raise UsageError(f"'{path.name}' has no sheet named '{kind}' (sheets: "
                         f"{', '.join(book.sheetnames)})")
    rows = [list(r) for r in sheet.iter_rows(values_only=True)]
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
