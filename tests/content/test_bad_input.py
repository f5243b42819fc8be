"""Bad input never shows a traceback: broken YAML, hostile YAML, oversized or non-UTF-8
files and unusable project folders each give one clear line and exit 1 or 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.content import yamlsafe


def _bomb() -> str:
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        levels.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(levels) + "\n"


BAD_FILES = {
    "syntax": ("kind: race\ncards:\n  - id: x\n   name: [\n",
               "cards/bad.yaml:4:4: error: YAML syntax: did not find expected '-' indicator "
               "(check indentation and quoting)"),
    "duplicate_key": ("kind: race\ncards:\n  - id: x\n    id: y\n",
                      "cards/bad.yaml:4:5: error: duplicate key 'id' (first at line 3)"),
    "python_tag": ("kind: race\ncards:\n  - !!python/object/apply:os.system ['echo hi']\n",
                   "cards/bad.yaml:3:5: error: tag 'tag:yaml.org,2002:python/object/apply:"
                   "os.system' is not allowed; content is plain data"),
    "alias_bomb": (_bomb(), "cards/bad.yaml:1:1: error: document expands to more than 200000 "
                   "values (too many aliases?)"),
    "many_aliases": ("a: &a x\nb: [" + ", ".join(["*a"] * 1001) + "]\n",
                     "cards/bad.yaml:2:4005: error: more than 1000 aliases; expand them by hand"),
    "deep": ("[" * 150 + "]" * 150 + "\n",
             "cards/bad.yaml:1:101: error: nesting deeper than 100 levels"),
    "merge_key": ("base: &b {x: 1}\nkind: race\ncards:\n  - <<: *b\n",
                  "cards/bad.yaml:4:5: error: merge keys ('<<') are not supported; write the "
                  "keys out"),
    # the mistakes designers make most, in plain words with what to do (no parser jargon)
    "tab_before_dash": ("kind: race\ncards:\n\t- id: x\n",
                        "cards/bad.yaml:3:1: error: a tab character before a list dash (YAML "
                        "indents with spaces only; replace the tab with spaces)"),
    "tab_before_comment": ("kind: race\ncards:\n  - id: x\n\t# a note\n    name: y\n",
                           "cards/bad.yaml:4:1: error: a tab character before a comment (YAML "
                           "indents with spaces only; replace the tab with spaces)"),
    "full_width_colon": ("kind: race\ncards:\n  - id: x\n    power： 4\n    cost: 3\n",
                         "cards/bad.yaml:4:10: error: a full-width colon '：' after a key (typed "
                         "with a Chinese input method); YAML needs the ASCII colon ':' (retype "
                         "it as ':' followed by a space)"),
    "full_width_colon_in_braces": ("kind: race\ncards:\n  - {id: x, power： 4}\n",
                                   "cards/bad.yaml:3:18: error: a full-width colon '：' in the "
                                   "key 'power： 4' (typed with a Chinese input method); YAML "
                                   "needs the ASCII colon ':' followed by a space"),
    "over_indented_key": ("kind: race\ncards:\n  - id: x\n    name: y\n      cost: 3\n",
                          "cards/bad.yaml:5:7: error: a key is indented deeper than the key "
                          "above it, or a value holds ': ' without quotes (line the key up "
                          "with the keys beside it, or put the value in quotes)"),
    "empty": ("", "cards/bad.yaml:1:1: error: a card file is a mapping with 'kind:' and a "
              "'cards:' list [bad]"),
    "not_mapping": ("- just\n- a list\n", "cards/bad.yaml:1:1: error: a card file is a mapping "
                    "with 'kind:' and a 'cards:' list [bad]"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_bad_yaml_file_is_one_line(name, project, run):
    text, expected = BAD_FILES[name]
    root = project([("bad.yaml", None, text)])
    code, out, err = run("validate", root)
    assert code == 1
    assert out == [expected, "1 error, 0 warnings in 1 file"]
    assert "Traceback" not in err


def test_not_utf8(project, run):
    root = project()
    (root / "cards" / "bad.yaml").write_bytes("kind: race\ncards:\n  - id: caf\xe9\n"
                                              .encode("latin-1"))
    code, out, _ = run("validate", root)
    assert (code, out[0]) == (1, "cards/bad.yaml:3:1: error: file is not UTF-8 text "
                                 "(save it as UTF-8)")


def test_file_over_size_cap(project, run, monkeypatch):
    monkeypatch.setattr(yamlsafe, "MAX_FILE_BYTES", 100)
    root = project()
    size = (root / "cards" / "heroes.yaml").stat().st_size
    code, out, _ = run("validate", root)
    assert code == 1
    assert (f"cards/heroes.yaml:1:1: error: file is {size} bytes, over the 100 byte cap "
            "(split it into several files)") in out


def test_yaml_error_in_game_yaml_still_reports_cards(project, run):
    root = project([("game.yaml", "glory_to_win: 10", "glory_to_win: [10"),
                    ("heroes.yaml", "influence: 3}", "influence: 5}")])
    code, out, _ = run("validate", root)
    assert code == 1
    assert out[0].startswith("cards/game.yaml:7:1: error: YAML syntax:")
    assert out[1] == ("cards/heroes.yaml:7:54: error: stat 'influence' is 5, allowed 1–4 "
                      "[heroes.ash_sage.stats.influence]")


def test_missing_directory_is_usage_error(tmp_path, run):
    code, out, err = run("validate", tmp_path / "nope")
    assert (code, out) == (2, [])
    assert err.strip() == (f"error: project directory '{tmp_path / 'nope'}' does not exist "
                           "(pass the folder that holds cards/)")


def test_file_instead_of_directory(tmp_path, run):
    path = tmp_path / "file.txt"
    path.write_text("x")
    code, _, err = run("validate", path)
    assert code == 2 and "is a file" in err and "Traceback" not in err


def test_folder_without_game_yaml(tmp_path, run):
    code, _, err = run("validate", tmp_path)
    assert code == 2
    assert err.strip() == (f"error: no game.yaml in '{tmp_path}' (a project keeps its content "
                           "in cards/, starting with game.yaml)")


def test_unreadable_directory(project, run, monkeypatch):
    root = project()

    def refuse(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "iterdir", refuse)
    code, _, err = run("validate", root)
    assert code == 2
    assert err.strip() == f"error: cannot read '{root / 'cards'}': Permission denied"


def test_unreadable_file(project, run, monkeypatch):
    root = project()
    real = Path.read_bytes

    def refuse(self):
        if self.name == "heroes.yaml":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    code, out, _ = run("validate", root)
    assert code == 1
    assert "cards/heroes.yaml:1:1: error: cannot read file: Permission denied" in out


@pytest.mark.parametrize("args", [["--format", "xml"], ["--bogus"], ["a", "b"]])
def test_bad_options_exit_2(args, run):
    code, out, err = run("validate", *args)
    assert code == 2 and "Traceback" not in err
