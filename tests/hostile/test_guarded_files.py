"""The file-system findings of the round-3 hostile review (hostile-inputs.md F4, F5, F6,
F8, F17, F19, F23 H03-H05, F24 I05/I13), each reproduced from the review's description on
a fresh copy of a project: every one must end with one error line, a non-zero exit, and
nothing outside the project (or the output folder) written, created or deleted."""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest

from toolkit import BUNDLED_PROJECT, guarded_files
from toolkit.cli import main
from toolkit.errors import RenderError, UsageError

REPO = Path(__file__).resolve().parents[2]
BATCH = "b-0123456789abcdef0123456789abcdef.pdf"


def toolkit(capsys, *argv) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return exit_.value.code, out, err


def refused(capsys, *argv, says: str = "") -> str:
    """Run a command that must fail safe: non-zero exit, one `error:` line, no traceback,
    not an "unexpected" error. Returns that line."""
    code, _, err = toolkit(capsys, *argv)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code not in (0, None), err
    assert len(lines) == 1 and "error:" in lines[0], err
    assert "Traceback" not in err and "unexpected" not in err, err
    assert says in lines[0], lines[0]
    return lines[0]


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry below `folder` with its bytes (or link target): a folder left alone
    compares equal."""
    found = {}
    for path in sorted(folder.rglob("*")):
        key = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[key] = "-> " + os.readlink(path)
        elif path.is_file():
            found[key] = path.read_bytes()
        else:
            found[key] = "dir"
    return found


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder beside the project standing for the user's own files."""
    folder = tmp_path / "outside"
    (folder / ".cache").mkdir(parents=True)
    (folder / "notes.txt").write_text("my notes\n")
    (folder / ".cache" / "index.json").write_text('{"mine": 1}')
    (folder / ".cache" / BATCH).write_bytes(b"%PDF my own file")
    (folder / "sim").mkdir()
    (folder / "sim" / "report.json").write_text('{"mine": 1}')
    (folder / "cards.xlsx").write_bytes(b"my workbook")
    (folder / "victim.yaml").write_text("precious: true\n")
    (folder / "settings.json").write_text('{"editor.fontSize": 14}\n')
    return folder


@pytest.fixture
def clearings(tmp_path) -> Path:
    project = tmp_path / "clearings"
    shutil.copytree(REPO / "examples" / "root_clearings", project)
    return project


@pytest.fixture
def bundled(tmp_path) -> Path:
    project = tmp_path / "caravans"
    shutil.copytree(BUNDLED_PROJECT / "cards", project / "cards")
    return project


@pytest.fixture
def rumor_csv(tmp_path, bundled, capsys) -> Path:
    sheet = tmp_path / "rumor.csv"
    code, _, err = toolkit(capsys, "export", bundled, "--kind", "rumor", "--format", "csv",
                           "--out", sheet)
    assert code in (0, None), err
    return sheet


# F4: links in output/ (O03, O04, O06, O08, O09)

def test_o03_a_linked_output_folder_is_refused_and_nothing_outside_changes(
        capsys, clearings, outside):
    before = snapshot(outside)
    (clearings / "output").symlink_to(outside)
    refused(capsys, "build", clearings, "--only", "item", "--workers", "1", says="is a link")
    assert snapshot(outside) == before


def test_o04_a_linked_cache_in_a_marked_output_is_refused(capsys, clearings, outside):
    before = snapshot(outside)
    (clearings / "output").mkdir()
    (clearings / "output" / guarded_files.MARKER).write_text("shipped\n")
    (clearings / "output" / ".cache").symlink_to(outside / ".cache")
    refused(capsys, "build", clearings, "--only", "item", "--workers", "1", says="is a link")
    assert snapshot(outside) == before


def test_o06_a_dangling_lock_link_is_refused_and_its_target_not_created(
        capsys, clearings, tmp_path):
    (clearings / "output").mkdir()
    (clearings / "output" / guarded_files.MARKER).write_text("shipped\n")
    (clearings / "output" / guarded_files.LOCK).symlink_to(tmp_path / "nologin")
    refused(capsys, "build", clearings, "--only", "item", "--workers", "1", says="lock file")
    assert not (tmp_path / "nologin").exists()


def test_o08_simulate_refuses_a_linked_output(capsys, bundled, outside):
    before = snapshot(outside)
    (bundled / "output").symlink_to(outside)
    refused(capsys, "simulate", bundled, "-n", "2", "--workers", "1", "-q", says="link")
    assert snapshot(outside) == before


def test_o09_export_refuses_a_linked_output(capsys, bundled, outside):
    before = snapshot(outside)
    (bundled / "output").symlink_to(outside)
    refused(capsys, "export", bundled, says="is a link")
    assert snapshot(outside) == before


def test_compare_refuses_a_linked_output(capsys, tmp_path, outside):
    (outside / "compare").mkdir()
    (outside / "compare" / "report.json").write_text('{"mine": 1}')
    before = snapshot(outside)
    for side in ("a", "b"):
        shutil.copytree(REPO / "examples" / "nanhuang2", tmp_path / side)
    (tmp_path / "b" / "output").symlink_to(outside)
    refused(capsys, "compare", tmp_path / "a", tmp_path / "b", "--max-games", "10",
            "--workers", "1", "-q", says="is a link")
    assert snapshot(outside) == before


def test_export_still_writes_its_default_file(capsys, bundled):
    code, out, err = toolkit(capsys, "export", bundled, "--kind", "rumor", "--format", "csv")
    assert code in (0, None), err
    assert (bundled / "output" / "rumor.csv").read_text(encoding="utf-8-sig").startswith("id,")
    assert not [p for p in (bundled / "output").iterdir() if p.name.startswith(".rumor")]


# F5: import writes outside the project (I10, I11, I12)

def test_i10_a_declared_kind_file_outside_cards_is_refused_by_validate_and_import(
        capsys, clearings, outside, tmp_path):
    game = clearings / "cards" / "game.yaml"
    escape = os.path.relpath(outside / "victim.yaml", clearings / "cards")
    game.write_text(game.read_text().replace(
        "kinds:\n", "kinds:\n  loot: {file: %s, fields: {worth: {type: int, min: 0, "
        "max: 9}}}\n" % escape, 1))
    code, out, _ = toolkit(capsys, "validate", clearings)
    assert code == 1 and "kind 'loot' must be a file name in cards/" in out
    sheet = tmp_path / "loot.csv"
    sheet.write_text("id,name.en,name.zh,worth\nl1,L,L,1\n")
    refused(capsys, "import", sheet, "--kind", "loot", clearings, says="not a file name")
    assert (outside / "victim.yaml").read_text() == "precious: true\n"


@pytest.mark.parametrize("dangling", [False, True], ids=["link", "dangling-link"])
def test_i11_i12_import_refuses_a_link_in_cards(capsys, bundled, outside, rumor_csv,
                                                dangling):
    (bundled / "cards" / "rumors.yaml").unlink()
    target = outside / ("nothing.yaml" if dangling else "victim.yaml")
    (bundled / "cards" / "rumor.yaml").symlink_to(target)
    before = snapshot(outside)
    refused(capsys, "import", rumor_csv, "--kind", "rumor", bundled,
            says="dangling link" if dangling else "is a link")
    assert snapshot(outside) == before


def test_i09_import_does_not_overwrite_the_file_of_another_kind(capsys, bundled, rumor_csv):
    (bundled / "cards" / "rumors.yaml").unlink()
    races = bundled / "cards" / "races.yaml"
    held = races.read_bytes()
    races.rename(bundled / "cards" / "rumor.yaml")
    refused(capsys, "import", rumor_csv, "--kind", "rumor", bundled,
            says="holds cards of kind 'race'")
    assert (bundled / "cards" / "rumor.yaml").read_bytes() == held


def test_import_round_trip_still_writes(capsys, bundled, rumor_csv):
    rumors = bundled / "cards" / "rumors.yaml"
    before = rumors.read_bytes()
    code, out, err = toolkit(capsys, "import", rumor_csv, "--kind", "rumor", bundled)
    assert code in (0, None), err
    assert rumors.read_bytes() == before  # unchanged cards keep their text


# F17 and F24: atomic, checked YAML writes

def test_f17_a_full_disk_during_import_leaves_the_old_file(capsys, bundled, rumor_csv,
                                                         monkeypatch):
    rumors = bundled / "cards" / "rumors.yaml"
    before = rumors.read_bytes()
    sheet = rumor_csv.read_text(encoding="utf-8-sig").replace("A Dragon's Hoard", "Hoard")
    rumor_csv.write_text(sheet, encoding="utf-8")
    real = os.fdopen

    class Full:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            self.handle.write(data[:100])
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(guarded_files.os, "fdopen",
                        lambda fd, mode="r", *a, **k: Full(real(fd, mode, *a, **k)))
    refused(capsys, "import", rumor_csv, "--kind", "rumor", bundled,
            says="No space left on device")
    assert rumors.read_bytes() == before
    assert sorted(p.name for p in rumors.parent.iterdir() if p.name.startswith(".")) == []


def test_i13_a_nul_in_a_cell_is_refused_before_writing(capsys, bundled, rumor_csv):
    rumors = bundled / "cards" / "rumors.yaml"
    before = rumors.read_bytes()
    sheet = rumor_csv.read_text(encoding="utf-8-sig").replace("A Dragon's Hoard", "Ho\0ard")
    rumor_csv.write_text(sheet, encoding="utf-8")
    line = refused(capsys, "import", rumor_csv, "--kind", "rumor", bundled, says="U+0000")
    assert "dragon_hoard" in line and "name.en" in line
    assert rumors.read_bytes() == before


def test_i05_a_file_over_the_loader_cap_is_refused_before_writing(capsys, bundled,
                                                                 rumor_csv, monkeypatch):
    from toolkit.sheets import yamlfile

    rumors = bundled / "cards" / "rumors.yaml"
    before = rumors.read_bytes()
    monkeypatch.setattr(yamlfile, "MAX_FILE_BYTES", 1000)  # 16 rumors are about 2 KB
    refused(capsys, "import", rumor_csv, "--kind", "rumor", bundled, says="byte cap")
    assert rumors.read_bytes() == before


def test_i05_more_rows_than_a_card_file_can_hold_are_refused_before_parsing(
        capsys, clearings, tmp_path):
    from toolkit.content.yamlsafe import MAX_FILE_BYTES
    from toolkit.sheets.command import SHORTEST_CARD

    items = clearings / "cards" / "items.yaml"
    before = items.read_bytes()
    sheet = tmp_path / "items.csv"
    rows = MAX_FILE_BYTES // SHORTEST_CARD + 1
    sheet.write_text("id,name.en,name.zh,copies,supply\n"
                     + "".join(f"i{n},N,N,1,1\n" for n in range(rows)))
    refused(capsys, "import", sheet, "--kind", "item", clearings, says=f"{rows:,} rows")
    assert items.read_bytes() == before


# F6 and F23 (H01-H05): schema

def test_h01_schema_refuses_a_linked_schemas_folder(capsys, bundled, outside):
    (outside / "game.json").write_text('{"mine": 1}')
    before = snapshot(outside)
    (bundled / ".schemas").symlink_to(outside)
    refused(capsys, "schema", bundled, says="is a link")
    assert snapshot(outside) == before


def test_h02_schema_refuses_linked_editor_settings(capsys, bundled, outside):
    before = snapshot(outside)
    (bundled / ".vscode").mkdir()
    (bundled / ".vscode" / "settings.json").symlink_to(outside / "settings.json")
    refused(capsys, "schema", bundled, says="is a link")
    assert snapshot(outside) == before


@pytest.mark.parametrize("content, says", [
    (b"[1, 2]", "must be a JSON object"),
    (b'{"yaml.schemas": 5}', "'yaml.schemas' must be a JSON object"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ('{"a": 1}'.encode("utf-16"), "not UTF-8"),
], ids=["list", "schemas-int", "deep", "utf16"])
def test_h03_h04_bad_editor_settings_are_one_clear_line(capsys, bundled, content, says):
    (bundled / ".vscode").mkdir()
    settings = bundled / ".vscode" / "settings.json"
    settings.write_bytes(content)
    refused(capsys, "schema", bundled, says=says)
    assert settings.read_bytes() == content


def test_h05_a_full_disk_during_schema_keeps_the_settings(capsys, bundled, monkeypatch):
    (bundled / ".vscode").mkdir()
    settings = bundled / ".vscode" / "settings.json"
    settings.write_text('{"editor.fontSize": 14}\n')

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(guarded_files.tempfile, "mkstemp", full)
    refused(capsys, "schema", bundled, says="No space left on device")
    assert settings.read_text() == '{"editor.fontSize": 14}\n'


def test_schema_merges_into_existing_settings(capsys, bundled):
    (bundled / ".vscode").mkdir()
    settings = bundled / ".vscode" / "settings.json"
    settings.write_text('{"editor.fontSize": 14, "yaml.schemas": {"./mine.json": "x.yaml"}}')
    code, out, err = toolkit(capsys, "schema", bundled)
    assert code in (0, None), err
    data = json.loads(settings.read_text())
    assert data["editor.fontSize"] == 14 and data["yaml.schemas"]["./mine.json"] == "x.yaml"
    assert "./.schemas/rumor.json" in data["yaml.schemas"]


# F19: --example writes only to the output folder (wheel layout, X01, X02)

@pytest.fixture
def wheel(tmp_path, monkeypatch) -> Path:
    """The installed layout: the bundled game inside the package (toolkit/bundled/)."""
    from toolkit import project as project_mod

    package = tmp_path / "site" / "toolkit"
    shutil.copytree(BUNDLED_PROJECT / "cards", package / "bundled" / "cards")
    monkeypatch.setattr(project_mod, "BUNDLED_PROJECT", package / "bundled")
    monkeypatch.setattr(project_mod, "PACKAGE_DIR", package)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return package


def test_x01_schema_example_writes_only_to_the_output_folder(capsys, wheel):
    before = snapshot(wheel)
    code, out, err = toolkit(capsys, "schema", "--example")
    assert code in (0, None), err
    assert snapshot(wheel) == before
    assert (Path.cwd() / "output" / "schemas" / "rumor.json").is_file()


def test_x02_import_example_is_refused(capsys, wheel, tmp_path):
    before = snapshot(wheel)
    sheet = tmp_path / "rumor.csv"
    code, _, err = toolkit(capsys, "export", "--example", "--kind", "rumor", "--format",
                           "csv", "--out", sheet)
    assert code in (0, None), err
    refused(capsys, "import", sheet, "--kind", "rumor", "--example", says="read-only")
    assert snapshot(wheel) == before


# the guarded module itself

def test_check_inside_refuses_links_out_and_dangling_links(tmp_path):
    root = tmp_path / "root"
    (root / "deep").mkdir(parents=True)
    (root / "in").symlink_to(root / "deep")
    (root / "out").symlink_to(tmp_path)
    (root / "gone").symlink_to(tmp_path / "nothing")
    assert guarded_files.check_inside(root, root / "in" / "x.json") == root / "in" / "x.json"
    for bad, says in [(root / "out" / "x.json", "outside"), (root / "gone", "dangling"),
                      (root / ".." / "x.json", "outside"), (root / "out", "outside")]:
        with pytest.raises(RenderError, match=says):
            guarded_files.check_inside(root, bad, final=False)
    with pytest.raises(RenderError):
        guarded_files.write_bytes(root / "out" / "x.json", b"{}", root)
    assert not (tmp_path / "x.json").exists()


def test_a_written_link_inside_is_replaced_not_followed(tmp_path):
    (tmp_path / "kept.txt").write_text("kept")
    (tmp_path / "file.txt").symlink_to(tmp_path / "kept.txt")
    guarded_files.write_text(tmp_path / "file.txt", "new", tmp_path, durable=True)
    assert not (tmp_path / "file.txt").is_symlink()
    assert (tmp_path / "file.txt").read_text() == "new"
    assert (tmp_path / "kept.txt").read_text() == "kept"


def test_remove_own_deletes_only_the_toolkits_files_in_a_marked_folder(tmp_path):
    pattern = r"b-[0-9a-f]{32}\.pdf"
    (tmp_path / BATCH).write_bytes(b"x")
    (tmp_path / "notes.pdf").write_bytes(b"x")
    assert not guarded_files.remove_own(tmp_path / BATCH, tmp_path, pattern)  # no marker
    guarded_files.claim_output(tmp_path, default=True)
    assert not guarded_files.remove_own(tmp_path / "notes.pdf", tmp_path, pattern)
    assert guarded_files.remove_own(tmp_path / BATCH, tmp_path, pattern)
    assert sorted(p.name for p in tmp_path.iterdir()) == [guarded_files.MARKER, "notes.pdf"]


def test_a_linked_marker_does_not_make_a_folder_the_toolkits(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / guarded_files.MARKER).write_text("x")
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "notes.txt").write_text("mine")
    (tmp_path / "home" / guarded_files.MARKER).symlink_to(tmp_path / "real" / guarded_files.MARKER)
    assert not guarded_files.is_marked(tmp_path / "home")
    with pytest.raises(UsageError, match="link"):
        guarded_files.claim_output(tmp_path / "home")


def test_prune_removes_only_stale_own_files_in_a_marked_folder(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "holiday.png").write_bytes(b"mine")
    pod = tmp_path / "out" / "en" / "pod-x"
    (pod / "deck").mkdir(parents=True)
    (pod / "old").mkdir()
    for path in (pod / "deck" / "01.png", pod / "deck" / "02.png", pod / "old" / "9.png",
                 pod / "deck" / "notes.md"):
        path.write_bytes(b"x")
    (pod / "linked").symlink_to(outside)
    keep = {pod / "deck" / "01.png"}
    assert guarded_files.prune(pod, keep, r".+\.png") == []  # no marker: nothing goes
    guarded_files.claim_output(tmp_path / "out", default=True)
    guarded_files.prune(pod, keep, r".+\.png")
    assert sorted(p.relative_to(pod).as_posix() for p in pod.rglob("*")) == [
        "deck", "deck/01.png", "deck/notes.md", "linked"]
    assert (outside / "holiday.png").read_bytes() == b"mine"
