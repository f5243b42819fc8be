"""Each schema and game-rule check, proven on a small invalid variant of the valid fixture:
the full output of `toolkit validate` must equal the snapshot in cases.EXPECTED."""

from __future__ import annotations

import pytest

from content_cases import EXPECTED, RULE_CASES, SCHEMA_CASES


def _summary(lines: list[str]) -> str:
    errors = sum(": error: " in line for line in lines)
    warnings = sum(": warning: " in line for line in lines)
    files = len({line.split(":", 1)[0] for line in lines})
    return (f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)} "
            f"in {files} file{'s' * (files != 1)}")


@pytest.mark.parametrize("name", [*SCHEMA_CASES, *RULE_CASES])
def test_validate_output_matches_snapshot(name, project, run):
    edits = SCHEMA_CASES.get(name) or RULE_CASES[name]
    root = project(edits)
    code, out, err = run("validate", root)
    expected = EXPECTED[name]
    assert expected, "every case must find something"
    assert out == expected + [_summary(expected)]
    has_errors = any(": error: " in line for line in expected)
    assert code == (1 if has_errors else 0)
    assert err == ""


def test_valid_fixture_is_clean(run):
    from content_helpers import VALID

    code, out, _ = run("validate", VALID, "--strict")
    assert (code, out) == (0, ["no problems found"])
