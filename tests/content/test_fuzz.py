"""Random mutations of valid content (changed values, deleted keys, inserted junk, edited
text) never crash the validator: it only ever reports Problems and exits 0 or 1."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content_helpers import REPO, VALID
from toolkit.cli import main

PROJECTS = {"caravans": VALID, "root": REPO / "examples" / "root_clearings"}
TEXTS = {key: {p.name: p.read_text(encoding="utf-8")
               for p in sorted((root / "cards").glob("*.yaml"))}
         for key, root in PROJECTS.items()}
DATA = {key: {name: yaml.safe_load(text) for name, text in texts.items()}
        for key, texts in TEXTS.items()}
FILES = sorted(TEXTS["caravans"])
TEXT = TEXTS["caravans"]

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(["ambush", "skull", "harbor", "humans", "silk",
                                           "small_caravan", "human_patrol", "modify_stat",
                                           "c1", "fox", "ref", "enum", "list", "item"]),
    st.lists(st.integers(-3, 20), max_size=3), st.dictionaries(st.text(max_size=5),
                                                               st.integers(), max_size=2),
)
KEYS = st.one_of(st.text(min_size=1, max_size=8),
                 st.sampled_from(["symmetric", "ref", "of", "values", "min", "max", "copies",
                                  "nightshade", "effects", "text", "kinds", "op", "counts"]))
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
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
            target[draw(KEYS)] = draw(JUNK)
        else:
            target.insert(draw(st.integers(0, len(target))), draw(JUNK))
    elif action == "delete":
        del target[draw(st.sampled_from(keys))]
    else:
        target[draw(st.sampled_from(keys))] = draw(JUNK)
    return data


def _check(root: Path, capsys) -> None:
    """The command exits 0 or 1 and prints a JSON list of well-formed problems."""
    capsys.readouterr()
    try:
        main(["validate", str(root), "--format", "json"])
    except SystemExit as exc:
        assert exc.code in (0, 1)
    problems = json.loads(capsys.readouterr().out)
    for problem in problems:
        assert problem["line"] >= 1 and problem["column"] >= 1 and problem["message"]
        assert problem["severity"] in ("error", "warning")


@FUZZ
@given(key=st.sampled_from(sorted(PROJECTS)), data=st.data())
def test_mutated_values_never_crash(key, data, capsys):
    """Valid content of the Caravans fixture or the Root example (declared kinds), with
    values changed, keys deleted or junk inserted in one to three files."""
    texts = TEXTS[key]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "cards").mkdir()
        chosen = data.draw(st.lists(st.sampled_from(sorted(texts)), min_size=1, max_size=3,
                                    unique=True))
        for name, text in texts.items():
            if name in chosen:
                text = yaml.dump(_mutate(DATA[key][name], data.draw), Dumper=DUMPER,
                                 allow_unicode=True, sort_keys=False)
            (root / "cards" / name).write_text(text, encoding="utf-8")
        _check(root, capsys)


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
        _check(root, capsys)
