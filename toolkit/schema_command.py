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


def write_schemas(project: Path, out_dir: Path | None = None) -> tuple[list[Path], Path | None]:
    """Write every schema and the editor settings; returns (schemas, settings file).
    With `out_dir` (the bundled example, which is read-only) the schemas go there and no
    editor settings are written. Nothing is written through a link out of the project."""
    from toolkit.content.load import load_project
    from toolkit.errors import UsageError
    from toolkit.guarded_files import make_folder

    loaded = load_project(project)
    root = project if out_dir is None else Path(out_dir)
    out = project / SCHEMA_DIR if out_dir is None else Path(out_dir)
    make_folder(out, root, "the project" if out_dir is None else "the output folder",
                UsageError)
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
        _dump(path, file_schema(kind, model), root)
        written.append(path)
        if kind in files_of:
            mapping[f"./{SCHEMA_DIR}/{kind}.json"] = sorted(set(files_of[kind]))
    game = out / "game.json"
    _dump(game, game_schema(loaded.rules), root)
    written.append(game)
    mapping[f"./{SCHEMA_DIR}/game.json"] = files_of.get("game", ["cards/game.yaml"])
    rulings = out / "rulings.json"
    _dump(rulings, rulings_schema(), root)
    written.append(rulings)
    mapping[f"./{SCHEMA_DIR}/rulings.json"] = [
        ("cards/" if (project / "cards").is_dir() else "") + "rulings/*.yaml"]
    return written, (_settings(project, mapping) if out_dir is None else None)


MAX_SETTINGS_BYTES = 1024 * 1024  # an editor's settings file is a few kilobytes


def _settings(project: Path, mapping: dict) -> Path:
    """Merge `mapping` into `.vscode/settings.json`'s `yaml.schemas`, keeping the rest.
    A settings file that is a link out of the project, not UTF-8, not a JSON object, too
    deep or too large is refused with one line and left as it is."""
    from toolkit.errors import UsageError
    from toolkit.guarded_files import make_folder, read_bytes

    path = project / ".vscode" / "settings.json"
    shown = ".vscode/settings.json"
    raw = read_bytes(path, project, MAX_SETTINGS_BYTES, "the project", UsageError)
    settings = {}
    if raw is not None:
        try:
            settings = json.loads(raw.decode("utf-8-sig") or "{}")
        except UnicodeDecodeError:
            raise UsageError(f"{shown}: is not UTF-8 text; save it as UTF-8 or remove "
                             "it") from None
        except json.JSONDecodeError as exc:
            raise UsageError(f"{shown}:{exc.lineno}:{exc.colno}: cannot read the editor "
                             f"settings ({exc.msg}); fix or remove the file") from None
        except RecursionError:
            raise UsageError(f"{shown}: nested too deeply to be editor settings; fix or "
                             "remove the file") from None
    if not isinstance(settings, dict):
        raise UsageError(f"{shown}: the editor settings must be a JSON object "
                         f"({{...}}), not {type(settings).__name__}; fix or remove the file")
    old = settings.get("yaml.schemas", {})
    if not isinstance(old, dict):
        raise UsageError(f"{shown}: 'yaml.schemas' must be a JSON object mapping schema "
                         f"files to patterns, not {type(old).__name__}; fix or remove it")
    schemas = {k: v for k, v in old.items() if not k.startswith(f"./{SCHEMA_DIR}/")}
    settings["yaml.schemas"] = {**schemas, **mapping}
    make_folder(path.parent, project, "the project", UsageError)
    _dump(path, settings, project)
    return path


def _dump(path: Path, data: dict, root: Path) -> None:
    """JSON written atomically (fsync, rename): a full disk leaves the old file."""
    from toolkit.errors import UsageError
    from toolkit.guarded_files import write_text

    write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n", root,
               durable=True, what="the project", error=UsageError)


@click.command("schema")
@project_argument
@example_option
def schema(project_dir):
    """Write JSON Schemas of every kind into PROJECT_DIR/.schemas and point VS Code's YAML
    extension at them (.vscode/settings.json), for completion and checks as you type."""
    from toolkit.options import example_requested
    from toolkit.project import default_output, resolve_project

    project = resolve_project(project_dir)
    if example_requested():  # the bundled game is read-only: the output folder only
        out = default_output(project) / "schemas"
        written, _ = write_schemas(project, out)
        click.echo(f"wrote {len(written)} schemas to {out} (the bundled example is "
                   "read-only: no editor settings were written; `toolkit new DIR` starts "
                   "a project of your own)")
        return
    written, settings = write_schemas(project)
    click.echo(f"wrote {len(written)} schemas to {project / SCHEMA_DIR} and {settings}")
    click.echo("in VS Code, install the YAML extension (redhat.vscode-yaml) and reopen a "
               "card file")
