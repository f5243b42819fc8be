"""`toolkit schema`: JSON Schemas that accept the bundled files and reject bad ones, and
the VS Code settings that apply them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

try:
    import jsonschema
except ImportError:  # not a dependency: fall back to checking the structure by hand
    jsonschema = None

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "root_clearings"


def _errors(schema: dict, data) -> list[str]:
    if jsonschema is not None:
        return [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
    return _structure_errors(schema, data, schema)


def _structure_errors(schema, data, root) -> list[str]:
    """Enough of JSON Schema for these files: $ref, anyOf, type object/array, const,
    enum, required, properties, additionalProperties false."""
    if "$ref" in schema:
        return _structure_errors(root["$defs"][schema["$ref"].split("/")[-1]], data, root)
    if "anyOf" in schema:
        options = [_structure_errors(s, data, root) for s in schema["anyOf"]]
        return [] if any(not o for o in options) else options[0]
    if "const" in schema and data != schema["const"]:
        return [f"{data!r} is not {schema['const']!r}"]
    if "enum" in schema and data not in schema["enum"]:
        return [f"{data!r} is not one of {schema['enum']}"]
    if schema.get("type") == "array":
        if not isinstance(data, list):
            return [f"{data!r} is not an array"]
        return [e for item in data for e in _structure_errors(schema.get("items", {}), item, root)]
    if schema.get("type") == "object":
        if not isinstance(data, dict):
            return [f"{data!r} is not an object"]
        props = schema.get("properties", {})
        out = [f"'{k}' is a required property" for k in schema.get("required", []) if k not in data]
        if schema.get("additionalProperties") is False:
            out += [f"'{k}' was unexpected" for k in data if k not in props]
        for key, value in data.items():
            if key in props:
                out += _structure_errors(props[key], value, root)
        return out
    return []


def _mapped(project: Path) -> list[tuple[dict, Path]]:
    settings = json.loads((project / ".vscode" / "settings.json").read_text())
    return [(json.loads((project / schema).read_text()), path)
            for schema, files in settings["yaml.schemas"].items() for file in files
            for path in sorted(project.glob(file))]


def test_schemas_accept_every_bundled_file(caravans_copy, run):
    code, out, err = run("schema", caravans_copy)
    assert code == 0, err
    mapped = _mapped(caravans_copy)
    files = {file for _, file in mapped}
    cards = caravans_copy / "cards"
    assert files == set(cards.glob("*.yaml")) | set(cards.glob("rulings/*.yaml"))
    for schema, file in mapped:
        assert _errors(schema, yaml.safe_load(file.read_text())) == [], file.name


@pytest.mark.parametrize("change, expected", [
    (lambda d: d["cards"][0].update(stats_total=3), "stats_total"),
    (lambda d: d["cards"][0]["name"].pop("en"), "'en' is a required property"),
    (lambda d: d.update(kind="party"), "hero"),
])
def test_schemas_reject_a_bad_file(caravans_copy, run, change, expected):
    run("schema", caravans_copy)
    schema = json.loads((caravans_copy / ".schemas" / "hero.json").read_text())
    data = yaml.safe_load((caravans_copy / "cards" / "heroes.yaml").read_text())
    change(data)
    errors = _errors(schema, data)
    assert errors and any(expected in e for e in errors), errors


def test_declared_kinds_get_schemas_and_descriptions(tmp_path, run):
    import shutil

    project = tmp_path / "root"
    shutil.copytree(EXAMPLE / "cards", project / "cards")
    (project / ".vscode").mkdir()
    (project / ".vscode" / "settings.json").write_text(json.dumps({"editor.tabSize": 2}))
    assert run("schema", project)[0] == 0
    settings = json.loads((project / ".vscode" / "settings.json").read_text())
    assert settings["editor.tabSize"] == 2  # the designer's own settings stay
    assert settings["yaml.schemas"]["./.schemas/clearing.json"] == ["cards/clearings.yaml"]
    clearing = json.loads((project / ".schemas" / "clearing.json").read_text())
    props = clearing["properties"]["cards"]["items"]["properties"]
    assert props["suit"]["enum"] == ["fox", "rabbit", "mouse"]
    assert props["priority"]["description"] == "printed priority number"
    for schema, file in _mapped(project):
        assert _errors(schema, yaml.safe_load(file.read_text())) == [], file.name
    data = yaml.safe_load((project / "cards" / "clearings.yaml").read_text())
    data["cards"][0]["suit"] = "bird"
    assert _errors(clearing, data)


def test_broken_editor_settings_are_one_line(caravans_copy, run):
    (caravans_copy / ".vscode").mkdir()
    (caravans_copy / ".vscode" / "settings.json").write_text("{ // comment\n}")
    code, _, err = run("schema", caravans_copy)
    assert code == 2 and "settings.json:1:3" in err and len(err.strip().splitlines()) == 1


def test_a_bad_ruling_is_marked(caravans_copy, run):
    run("schema", caravans_copy)
    schema = json.loads((caravans_copy / ".schemas" / "rulings.json").read_text())
    data = yaml.safe_load(next((caravans_copy / "cards" / "rulings").glob("*.yaml")).read_text())
    assert _errors(schema, data) == []
    data["rulings"][0]["expected"] = data["rulings"][0].pop("expect")
    assert any("expected" in e or "expect" in e for e in _errors(schema, data))
