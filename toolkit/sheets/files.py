"""Reading and writing one sheet: CSV (UTF-8 with a BOM so that spreadsheet programs pick
the encoding) or XLSX (openpyxl; one sheet named after the kind)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from toolkit.errors import UsageError

FORMATS = ("csv", "xlsx")


def write_sheet(path: Path, kind: str, header: list[str], rows: list[list[Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".xlsx":
        from openpyxl import Workbook
        from openpyxl.styles import Alignment, Font

        book = Workbook()
        sheet = book.active
        sheet.title = kind[:31]
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
        book.save(path)
        return
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows([["" if v is None else v for v in row] for row in rows])


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
