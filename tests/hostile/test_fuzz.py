"""A bounded fuzzer over the inputs a stranger controls: YAML text, game.yaml settings,
templates/theme.yaml, agents/styles.yaml and command-line arguments. Whatever it makes,
the toolkit answers with a clean error (ContentError, or exit 1/2 with one error line) or
accepts it; it never raises anything else, hangs or prints a traceback.

The default suite runs a few dozen examples per target (well under 60 s in all);
`-m slow` runs the same targets with ten times as many, not derandomized.
"""

from __future__ import annotations

import math
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.content.validate import validate_project
from toolkit.content.yamlsafe import load_text
from toolkit.errors import ContentError, ToolkitError

from .corpus import ESCAPE, PROJECTS

QUICK = settings(max_examples=150, deadline=None, derandomize=True,
                 suppress_health_check=list(HealthCheck))
LONG = settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))

SCALARS = st.one_of(
    st.integers(min_value=-10**40, max_value=10**40), st.floats(allow_nan=True),
    st.booleans(), st.none(), st.text(max_size=12), st.sampled_from(["2", " 3 ", "1e999",
                                                                   ".nan", "-.inf", "0x1"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)
YAML_PIECES = st.lists(st.sampled_from([
    "a: 1\n", "- x\n", "  b: [1, 2\n", "{", "}", "[", "]", "&a ", "*a ", "!!python/name:os.system ",
    "!!binary ", "<<: *a\n", "? k\n", ": v\n", "'", '"', "\\e", "\t", "\x00", "\ufeff", "#c\n",
    "---\n", "...\n", "9" * 40, "1: 2\n'1': 3\n", "|\n  text\n", ">-\n x\n", "%YAML 1.1\n",
    "key: &x [*x]\n", "\u202e", "é", "中"]), max_size=25).map("".join)


def _numeric_paths(data, prefix=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _numeric_paths(value, prefix + (key,))
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        yield prefix


MINI = PROJECTS["mini"]
GAME = yaml.safe_load((MINI / "cards" / "game.yaml").read_text(encoding="utf-8"))
NUMERIC = sorted(_numeric_paths(GAME), key=str)


def _yaml_text(data) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _check_yaml(text: str) -> None:
    try:
        load_text(text, "fuzz.yaml")
    except ContentError as exc:
        assert "\n" not in str(exc) and not ESCAPE.search(str(exc))


def _check_setting(path, value) -> None:
    data = yaml.safe_load((MINI / "cards" / "game.yaml").read_text(encoding="utf-8"))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "p"
        shutil.copytree(MINI, project)
        (project / "cards" / "game.yaml").write_text(_yaml_text(data), encoding="utf-8")
        catalog, report = validate_project(project)
    if catalog is not None and isinstance(value, (int, float)) and not isinstance(value, bool):
        assert math.isfinite(value) and abs(value) <= 10_000, (path, value)
    for problem in report.problems:
        assert "\n" not in str(problem)


def _check_theme(data) -> None:
    from toolkit.render.html import load_theme
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "templates").mkdir()
        (Path(tmp) / "templates" / "theme.yaml").write_text(_yaml_text(data), encoding="utf-8")
        try:
            theme = load_theme(Path(tmp))
        except ContentError:
            return
    for color in theme.get("colors", {}).values():
        assert isinstance(color, str) and len(color) == 7 and color.startswith("#")


def _check_styles(data) -> None:
    from toolkit.games.caravans.agents.styles import load_styles
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "styles.yaml"
        path.write_text(_yaml_text(data), encoding="utf-8")
        try:
            styles = load_styles(path)
        except ContentError:
            return
        finally:
            load_styles.cache_clear()
    for style in styles.values():
        assert all(math.isfinite(w) for w in style.weights.values())


def _styles_doc(weight):
    from toolkit.games.caravans.agents.styles import BUNDLED_STYLES
    data = yaml.safe_load(BUNDLED_STYLES.read_text(encoding="utf-8"))
    data["defaults"]["gold"] = weight
    return data


ARGS = st.lists(st.one_of(
    st.sampled_from(["--only", "--back-offset", "--paper", "--gutter", "--lang", "--workers",
                     "--strict", "--format", "json", "event", "hero", "nan,nan", "1,2", "a4",
                     "-1", "1e309", "99999999999999999999", "--", "-n", "../..", "\x1b[2J"]),
    st.text(max_size=8)), max_size=6)


def _check_cli(command, args, project) -> None:
    from toolkit.cli import main
    import contextlib
    import io
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        with pytest.raises(SystemExit) as info:
            main([command, str(project), *args])
    text = out.getvalue() + err.getvalue()
    assert info.value.code in (0, 1, 2), (info.value.code, text)
    assert "Traceback" not in text and "error: unexpected" not in text, text


@pytest.fixture(scope="module")
def broken_project(tmp_path_factory):
    """The fixture project with one content error: build parses every option, then stops."""
    project = tmp_path_factory.mktemp("fuzz") / "p"
    shutil.copytree(MINI, project)
    game = project / "cards" / "game.yaml"
    game.write_text(game.read_text().replace("actions_per_turn: 3", "actions_per_turn: 0"))
    return project


@QUICK
@given(YAML_PIECES)
def test_yaml_text(text):
    _check_yaml(text)


@QUICK
@given(st.sampled_from(NUMERIC), SCALARS)
def test_game_settings(path, value):
    _check_setting(path, value)


@QUICK
@given(VALUES)
def test_theme(data):
    _check_theme(data)


@QUICK
@given(st.one_of(SCALARS, VALUES))
def test_style_weights(weight):
    _check_styles(_styles_doc(weight))


@QUICK
@given(st.sampled_from(["validate", "list", "build"]), ARGS)
def test_cli_arguments(broken_project, command, args):
    _check_cli(command, args, broken_project)


@pytest.mark.slow
@LONG
@given(YAML_PIECES, st.sampled_from(NUMERIC), SCALARS, VALUES)
def test_long_fuzz(text, path, value, data):
    _check_yaml(text)
    _check_setting(path, value)
    _check_theme(data)
    _check_styles(_styles_doc(value))


@pytest.mark.slow
@LONG
@given(st.sampled_from(["validate", "list", "build"]), ARGS)
def test_long_cli_fuzz(broken_project, command, args):
    _check_cli(command, args, broken_project)


def test_fuzz_errors_are_toolkit_errors():
    """The fuzz targets accept only ContentError as a failure: a sanity check that a bad
    document does raise one (so the fuzzer is not vacuous)."""
    with pytest.raises(ToolkitError):
        load_text("a: [\n", "x.yaml")
