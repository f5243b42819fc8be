"""`toolkit schema`: JSON Schemas of a project's files for editors. Every kind (built-in and
declared in game.yaml) gets `.schemas/<kind>.json` describing a card file of that kind,
game.yaml gets `.schemas/game.json` and the rulings files `.schemas/rulings.json`;
`.vscode/settings.json` maps them onto the files (`yaml.schemas`, read by the YAML
extension), so that the editor completes field names, shows each field's description and
marks wrong values as you type."""

from __future__ import annotations

import json
from pathlib import Path

import click

from toolkit.options import example_option, project_argument

SCHEMA_DIR = ".schemas"
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def file_schema(kind: str, model) -> dict:
    """The schema of a YAML file of one kind: `kind: <kind>` and a `cards:` list."""
    card = model.model_json_schema()
    defs = card.pop("$defs", {})
    card.setdefault("properties", {}).get("kind", {}).pop("default", None)
    schema = {"$schema": DRAFT, "title": f"cards of kind '{kind}'", "type": "object",
              "required": ["kind", "cards"], "additionalProperties": False,
              "properties": {"kind": {"const": kind, "description": "the kind of every card "
                                      "in this file"},
                             "cards": {"type": "array", "items": card}}}
    if defs:
        schema["$defs"] = defs
    return schema


def game_schema(rules=None) -> dict:
    """game.yaml's schema: the generic fields plus the settings of `rules` (a Game)."""
    from toolkit.content.game import game_model

    return {"$schema": DRAFT, **game_model(rules).model_json_schema()}


def rulings_schema() -> dict:
    """A rulings file (cards/rulings/*.yaml); `setup` and `expect` items are the game's own."""
    from toolkit.checks.ruling import RulingFile

    return {"$schema": DRAFT, **RulingFile.model_json_schema()}


def write_schemas(project: Path) -> tuple[list[Path], Path]:
    """Write every schema and the editor settings; returns (schemas, settings file)."""
    from toolkit.content.load import load_project

    loaded = load_project(project)
    out = project / SCHEMA_DIR
    out.mkdir(parents=True, exist_ok=True)
    files_of: dict[str, list[str]] = {}
    for doc in loaded.docs.values():
        if isinstance(doc.data, dict) and isinstance(doc.data.get("kind"), str):
            files_of.setdefault(doc.data["kind"], []).append(Path(doc.file).as_posix())
    if loaded.game is not None:
        cards = "cards/" if (project / "cards").is_dir() else ""
        for name, decl in loaded.game.kinds.items():
            if decl.file:
                files_of.setdefault(name, []).append(cards + decl.file)
    written, mapping = [], {}
    for kind, model in sorted(loaded.kinds.items()):
        path = out / f"{kind}.json"
        _dump(path, file_schema(kind, model))
        written.append(path)
        if kind in files_of:
            mapping[f"./{SCHEMA_DIR}/{kind}.json"] = sorted(set(files_of[kind]))
    game = out / "game.json"
    _dump(game, game_schema(loaded.rules))
    written.append(game)
    mapping[f"./{SCHEMA_DIR}/game.json"] = files_of.get("game", ["cards/game.yaml"])
    rulings = out / "rulings.json"
    _dump(rulings, rulings_schema())
    written.append(rulings)
    mapping[f"./{SCHEMA_DIR}/rulings.json"] = [
        ("cards/" if (project / "cards").is_dir() else "") + "rulings/*.yaml"]
    return written, _settings(project, mapping)


def _settings(project: Path, mapping: dict) -> Path:
    from toolkit.errors import UsageError

    path = project / ".vscode" / "settings.json"
    settings = {}
    if path.is_file():
        try:
            settings = json.loads(path.read_text(encoding="utf-8") or "{}")
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}:{exc.lineno}:{exc.colno}: cannot read the editor "
                             f"settings ({exc.msg}); fix or remove the file") from None
    schemas = {k: v for k, v in settings.get("yaml.schemas", {}).items()
               if not k.startswith(f"./{SCHEMA_DIR}/")}
    settings["yaml.schemas"] = {**schemas, **mapping}
    path.parent.mkdir(parents=True, exist_ok=True)
    _dump(path, settings)
    return path


def _dump(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


@click.command("schema")
@project_argument
@example_option
def schema(project_dir):
    """Write JSON Schemas of every kind into PROJECT_DIR/.schemas and point VS Code's YAML
    extension at them (.vscode/settings.json), for completion and checks as you type."""
    from toolkit.project import resolve_project

    project = resolve_project(project_dir)
    written, settings = write_schemas(project)
    click.echo(f"wrote {len(written)} schemas to {project / SCHEMA_DIR} and {settings}")
    click.echo("in VS Code, install the YAML extension (redhat.vscode-yaml) and reopen a "
               "card file")
