"""`toolkit build` from the command line: a smoke test on the bundled game (--only, to keep
it short) and one-line usage errors."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from toolkit import REPO_DIR
from toolkit.cli import main
from toolkit.content.validate import load_catalog


def run(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    out = capsys.readouterr()
    return info.value.code, out.out, out.err


def test_bundled_game_smoke_only_rumors(tmp_path, capsys):
    code, out, err = run(["build", str(REPO_DIR), "--only", "rumor", "--out", str(tmp_path)],
                         capsys)
    assert code == 0, err
    assert "print-cards-duplex.pdf" in out and "cards-1up.pdf" in out
    assert "print-one-sided.pdf" not in out  # no board or player board selected
    rumors = load_catalog(REPO_DIR).rumors
    copies = sum(r.copies for r in rumors.values())
    reader = PdfReader(tmp_path / "en-rumor" / "print-cards-duplex.pdf")
    # cover + calibration, then 3 x 3 on A4, each sheet with its backs
    assert len(reader.pages) == 2 + 2 * -(-copies // 9)
    text = " ".join(p.extract_text() for p in reader.pages)
    from toolkit.render.views import curly   # names print with curly apostrophes
    assert all(curly(r.name.en) in text for r in rumors.values())
    assert len(PdfReader(tmp_path / "en-rumor" / "cards-1up.pdf").pages) == 2 * len(rumors)


@pytest.mark.parametrize("argv, message", [
    (["--back-offset", "1;2"], "--back-offset"),
    (["--only", "dragons"], "unknown part"),
    (["--tts-url", "ftp://example.org/x"], "--tts-url"),
])
def test_bad_options_are_one_line_usage_errors(tmp_path, capsys, argv, message):
    code, _, err = run(["build", str(REPO_DIR), "--out", str(tmp_path)] + argv, capsys)
    assert code == 2
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_board_overview_sheet_is_turned_like_the_board(tmp_path, capsys):
    code, _, err = run(["build", str(REPO_DIR), "--only", "board", "--out", str(tmp_path)],
                       capsys)
    assert code == 0, err
    pages = PdfReader(tmp_path / "en-board" / "print-one-sided.pdf").pages
    rows, cols = map(int, re.search(r"tile A1 of (\d+) × (\d+)",
                                    pages[2].extract_text()).groups())
    box = pages[1].mediabox
    assert cols != rows and (box.width > box.height) == (cols > rows)


def test_watch_rebuilds_after_each_change_and_survives_a_failed_build():
    from toolkit.errors import ContentError
    from toolkit.render.watch import relevant, watch_builds

    calls, reports, lines = [], [], []

    def build():
        calls.append(1)
        if len(calls) == 2:
            raise ContentError("cards/heroes.yaml:3: broken", file="cards/heroes.yaml", line=3)
        return len(calls)

    runs = watch_builds(build, reports.append, lines.append, iter([{"a"}, {"b"}]))
    assert runs == 3 and reports == [1, 3]
    assert any("broken" in line for line in lines)
    assert relevant(None, "/p/cards/heroes.yaml") and not relevant(None, "/p/output/x.yaml")
