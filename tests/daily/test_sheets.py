"""`toolkit export` and `toolkit import`: exact round trips, edits, and errors that name
the sheet, row and column."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.content.validate import load_catalog

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "root_clearings"


def _dump(catalog, kind):
    return {i: e.model_dump(mode="json") for i, e in catalog.of(kind).items()}


def test_xlsx_round_trip_of_the_bundled_heroes_is_exact(caravans_copy, run):
    before = (caravans_copy / "cards" / "heroes.yaml").read_text()
    code, out, err = run("export", "--kind", "hero", "--format", "xlsx", caravans_copy)
    assert code == 0, err
    sheet = caravans_copy / "output" / "hero.xlsx"
    assert sheet.is_file() and "16 cards" in out
    code, out, err = run("import", sheet, "--kind", "hero", caravans_copy)
    assert code == 0, err
    assert (caravans_copy / "cards" / "heroes.yaml").read_text() == before
    want = _dump(load_catalog(BUNDLED_PROJECT), "hero")
    assert _dump(load_catalog(caravans_copy), "hero") == want


def test_bilingual_and_nested_columns(caravans_copy, run):
    from openpyxl import load_workbook

    run("export", "--kind", "event", caravans_copy)
    sheet = load_workbook(caravans_copy / "output" / "event.xlsx").active
    header = [c.value for c in sheet[1]]
    assert header[:3] == ["id", "name.en", "name.zh"]
    effects = [row[header.index("effects")] for row in sheet.iter_rows(min_row=2, values_only=True)]
    assert all(e is None or e.startswith("- {op: ") for e in effects)
    assert any(e and e.count("\n- {op: ") >= 1 for e in effects)  # one effect per line


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_every_kind_round_trips(tmp_path, run, fmt):
    """Built-in kinds of every shape, and declared kinds (refs, enum lists, bools)."""
    bundled = tmp_path / "bundled"
    shutil.copytree(BUNDLED_PROJECT / "cards", bundled / "cards")
    root = tmp_path / "root"
    shutil.copytree(EXAMPLE / "cards", root / "cards")
    cases = [(bundled, k) for k in ("party", "event", "good", "region", "npc", "mission",
                                    "glory_card", "race", "weapon", "equipment")]
    cases += [(root, k) for k in ("clearing", "item", "shared_card")]
    for project, kind in cases:
        before = {p.name: p.read_text() for p in (project / "cards").glob("*.yaml")}
        want = _dump(load_catalog(project), kind)
        assert run("export", "--kind", kind, "--format", fmt, project)[0] == 0
        code, _, err = run("import", project / "output" / f"{kind}.{fmt}", "--kind", kind, project)
        assert code == 0, err
        assert {p.name: p.read_text() for p in (project / "cards").glob("*.yaml")} == before
        assert _dump(load_catalog(project), kind) == want


def _edit_csv(path, row_id, column, value):
    with path.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    col = rows[0].index(column)
    for row in rows[1:]:
        if row[0] == row_id:
            row[col] = value
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        csv.writer(handle).writerows(rows)


def test_an_edited_cell_changes_that_card_only(caravans_copy, run):
    run("export", "--kind", "hero", "--format", "csv", caravans_copy)
    sheet = caravans_copy / "output" / "hero.csv"
    _edit_csv(sheet, "maren_saltwind", "stats.combat", "4")
    _edit_csv(sheet, "maren_saltwind", "name.zh", "风暴向导 玛伦")
    before = (caravans_copy / "cards" / "heroes.yaml").read_text()
    assert run("import", sheet, "--kind", "hero", caravans_copy)[0] == 0
    after = (caravans_copy / "cards" / "heroes.yaml").read_text()
    assert "# --- humans ---" in after and after.count("\n") <= before.count("\n") + 2
    hero = load_catalog(caravans_copy).heroes["maren_saltwind"]
    assert hero.stats.combat == 4 and hero.name.zh == "风暴向导 玛伦"
    assert load_catalog(caravans_copy).heroes["aldric_vane"] == \
        load_catalog(BUNDLED_PROJECT).heroes["aldric_vane"]


def test_import_errors_name_the_row_and_column(caravans_copy, run):
    run("export", "--kind", "hero", "--format", "csv", caravans_copy)
    sheet = caravans_copy / "output" / "hero.csv"
    _edit_csv(sheet, "aldric_vane", "stats.combat", "9")
    _edit_csv(sheet, "maren_saltwind", "abilities", "- {id: x, name: {en: X")
    before = (caravans_copy / "cards" / "heroes.yaml").read_text()
    code, _, err = run("import", sheet, "--kind", "hero", caravans_copy)
    assert code == 1 and "Traceback" not in err
    assert "hero.csv, row 2, column F (stats.combat): Input should be less than or equal" in err
    assert "hero.csv, row 3, column J (abilities): cannot read" in err
    assert (caravans_copy / "cards" / "heroes.yaml").read_text() == before


def test_xlsx_errors_name_the_sheet(caravans_copy, run):
    from openpyxl import load_workbook

    run("export", "--kind", "race", caravans_copy)
    path = caravans_copy / "output" / "race.xlsx"
    book = load_workbook(path)
    book.active["A3"] = "Not An Id"
    book.save(path)
    code, _, err = run("import", path, "--kind", "race", caravans_copy)
    assert code == 1
    assert "race.xlsx: sheet 'race', row 3, column A (id): String should match pattern" in err


def test_unknown_kind_and_bad_file(caravans_copy, run, tmp_path):
    code, _, err = run("export", "--kind", "heroe", caravans_copy)
    assert code == 2 and "did you mean 'hero'" in err
    (tmp_path / "cards.txt").write_text("x")
    code, _, err = run("import", tmp_path / "cards.txt", "--kind", "hero", caravans_copy)
    assert code == 2 and ".csv or .xlsx" in err


def test_import_into_a_new_project(blank, run):
    """A kind whose cards come from a spreadsheet only: rows become the YAML file."""
    path = blank / "more.csv"
    path.write_text("id,name.en,name.zh,suit,rank,points,copies\n"
                    "sun_6,Sun 6,日六,sun,5,3,1\n", encoding="utf-8")
    code, out, err = run("import", path, "--kind", "playing_card", blank)
    assert code == 0, err
    text = (blank / "cards" / "cards.yaml").read_text()
    assert text.startswith("# The deck") and "sun_6" in text and "sun_1" not in text
    from toolkit.content.load import load_project

    entries = load_project(blank).entries
    assert [(e.id, e.points) for e in entries] == [("sun_6", 3)]


def test_the_whole_game_in_one_workbook(caravans_copy, run):
    """Without --kind: every kind a sheet of output/cards.xlsx, and back, byte for byte."""
    from openpyxl import load_workbook

    before = {p.name: p.read_text() for p in (caravans_copy / "cards").glob("*.yaml")}
    code, out, err = run("export", caravans_copy)
    assert code == 0, err
    book = caravans_copy / "output" / "cards.xlsx"
    names = load_workbook(book, read_only=True).sheetnames
    assert {"hero", "party", "event", "region", "good"} <= set(names) and "game" not in names
    code, out, err = run("import", book, caravans_copy)
    assert code == 0, err
    assert {p.name: p.read_text() for p in (caravans_copy / "cards").glob("*.yaml")} == before
    assert run("export", "--format", "csv", caravans_copy)[0] == 2  # CSV: one kind only


def test_a_misspelt_column_gets_a_did_you_mean(caravans_copy, run):
    run("export", "--kind", "race", "--format", "csv", caravans_copy)
    sheet = caravans_copy / "output" / "race.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8-sig").replace("name.zh", "name.zhh", 1)
                     .replace(",icon,", ",icn,", 1),
                     encoding="utf-8")
    code, _, err = run("import", sheet, "--kind", "race", caravans_copy)
    assert code == 1
    assert "error: 2 problem(s)" in err  # one per bad column, not one per row (issue #25)
    assert "race.csv, column C: 'name.zhh' is not a field of race (did you mean 'name.zh'?)" \
        in err
    assert "race.csv, column E: 'icn' is not a field of race (did you mean 'icon'?)" in err
