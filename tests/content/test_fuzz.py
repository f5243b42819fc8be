"""Random mutations of valid content (changed values, deleted keys, inserted junk, edited
text) never crash the validator: it only ever reports Problems and exits 0 or 1."""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content_helpers import VALID
from toolkit.cli import main
from toolkit.content.validate import validate_project

FILES = sorted(p.name for p in (VALID / "cards").glob("*.yaml"))
DATA = {name: yaml.safe_load((VALID / "cards" / name).read_text(encoding="utf-8"))
        for name in FILES}
TEXT = {name: (VALID / "cards" / name).read_text(encoding="utf-8") for name in FILES}

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(["ambush", "skull", "harbor", "humans", "silk",
                                           "small_caravan", "human_patrol", "modify_stat"]),
    st.lists(st.integers(-3, 20), max_size=3), st.dictionaries(st.text(max_size=5),
                                                               st.integers(), max_size=2),
)
FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _containers(value, path=()):
    """Every (path, container) inside a YAML document."""
    if isinstance(value, (dict, list)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, child in items:
            yield from _containers(child, path + (key,))


def _mutate(data, draw):
    import copy

    data = copy.deepcopy(data)
    containers = list(_containers(data))
    if not containers:
        return draw(JUNK)
    _, target = draw(st.sampled_from(containers))
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    action = draw(st.sampled_from(["change", "delete", "insert"]))
    if action == "insert" or not keys:
        if isinstance(target, dict):
            target[draw(st.text(min_size=1, max_size=8))] = draw(JUNK)
        else:
            target.insert(draw(st.integers(0, len(target))), draw(JUNK))
    elif action == "delete":
        del target[draw(st.sampled_from(keys))]
    else:
        target[draw(st.sampled_from(keys))] = draw(JUNK)
    return data


def _check(root: Path) -> None:
    _, report = validate_project(root)
    for problem in report.problems:
        assert problem.line >= 1 and problem.column >= 1 and problem.message
    try:
        main(["validate", str(root), "--format", "json"])
    except SystemExit as exc:
        assert exc.code in (0, 1)


@FUZZ
@given(data=st.data())
def test_mutated_values_never_crash(data, capsys):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "cards").mkdir()
        chosen = data.draw(st.lists(st.sampled_from(FILES), min_size=1, max_size=3,
                                    unique=True))
        for name in FILES:
            content = _mutate(DATA[name], data.draw) if name in chosen else DATA[name]
            text = yaml.safe_dump(content, allow_unicode=True, sort_keys=False)
            (root / "cards" / name).write_text(text, encoding="utf-8")
        _check(root)
    capsys.readouterr()


@FUZZ
@given(name=st.sampled_from(FILES), data=st.data())
def test_edited_text_never_crashes(name, data, capsys):
    text = TEXT[name]
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 20)))
    junk = data.draw(st.text(alphabet=st.sampled_from(list(":-[]{}&*!|>'\"#%@ \n\t01aZ技")),
                             max_size=10))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "cards").mkdir()
        for other in FILES:
            (root / "cards" / other).write_text(TEXT[other], encoding="utf-8")
        (root / "cards" / name).write_text(text[:start] + junk + text[end:], encoding="utf-8")
        _check(root)
    capsys.readouterr()
