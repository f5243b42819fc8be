"""docs/rules-api.md runs: its files make the Ladders project, every command of its last
section succeeds on it, and every `python` example it marks `<!-- run -->` runs there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-api.md"
TEXT = DOC.read_text(encoding="utf-8")
FILES = re.compile(r"<!-- file: (\S+) -->\n```\w*\n(.*?)\n```", re.S)
RUNS = re.compile(r"<!-- run -->\n```python\n(.*?)\n```", re.S)
COMMANDS = re.compile(r"<!-- commands -->\n```sh\n(.*?)\n```", re.S)


@pytest.fixture(scope="module")
def ladders(tmp_path_factory):
    """The project the page shows, file by file (a file shown in parts is joined)."""
    root = tmp_path_factory.mktemp("rules-api") / "ladders"
    parts: dict[str, list[str]] = {}
    for name, text in FILES.findall(TEXT):
        parts.setdefault(name, []).append(text)
    for name, texts in parts.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    return root


def test_the_page_shows_a_whole_project():
    names = {name for name, _ in FILES.findall(TEXT)}
    assert {"cards/game.yaml", "rules/__init__.py", "cards/rulings/race.yaml",
            "templates/boards/ladders.html.j2"} <= names
    assert len(RUNS.findall(TEXT)) >= 5
    for topic in ("kit.draw", "seeded_stream", "kit.board_part", "kit.one_sheet",
                  "kit.the_entry", "step_matches", "def validate", "Face"):
        assert topic in TEXT, topic


def test_every_command_of_the_page_runs(ladders, run, monkeypatch):
    monkeypatch.chdir(ladders)
    commands = COMMANDS.findall(TEXT)[0].splitlines()
    assert commands[0] == "toolkit trust ."
    for line in commands:
        code, out, err = run(*line.split()[1:])
        assert code == 0, (line, out, err)
        assert "Traceback" not in err
        if line.startswith("toolkit check"):
            assert "1 rulings: 0 failed" in out, out
    assert (ladders / "output" / "en-board" / "print-one-sided.pdf").stat().st_size > 5_000
    assert not (ladders / "rules" / "__pycache__").exists()   # imported from source only


@pytest.mark.parametrize("number", range(len(RUNS.findall(TEXT))))
def test_every_example_of_the_page_runs(ladders, monkeypatch, number):
    from toolkit.trust import trust

    trust(ladders)
    monkeypatch.chdir(ladders)
    code = RUNS.findall(TEXT)[number]
    exec(compile(code, f"{DOC.name} example {number + 1}", "exec"), {"__name__": "example"})
