"""toolkit.progress: a bar on a terminal, sparse plain lines in logs."""

from __future__ import annotations

import io

from toolkit.progress import progress


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_a_log_gets_sparse_lines_with_the_note():
    out = io.StringIO()
    with progress("games", total=3, stream=out, every=0) as step:
        step()
        step(2, note="+3.0 ± 1.0 pp")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("games: 1/3 (")
    assert lines[-1].startswith("games: 3/3 (") and lines[-1].endswith("+3.0 ± 1.0 pp)")


def test_a_short_run_in_a_log_is_silent():
    out = io.StringIO()
    with progress("games", total=3, stream=out) as step:
        step(3)
    assert out.getvalue() == ""


def test_a_terminal_gets_a_bar():
    out = _Tty()
    with progress("faces", total=4, stream=out) as step:
        step(4, note="cached 2")
    text = out.getvalue()
    assert "faces" in text and "4/4" in text and "cached 2" in text


def test_disabled_is_silent():
    out = _Tty()
    with progress("x", total=1, stream=out, enabled=False) as step:
        step()
    assert out.getvalue() == ""
