"""Regenerate the tables of the designer's docs from the code, so they never drift.

Rewrites the text between `<!-- gen:NAME -->` and `<!-- /gen:NAME -->` markers:
docs/effects.md (one block per effect operation of `toolkit.games.caravans.content.ops.OPS`, plus an
index), docs/content.md (the fields of every kind of `toolkit.games.caravans.content.kinds` and
of game.yaml: the generic fields of `toolkit.content.game` and the settings Caravans &
Brigands adds, `toolkit.games.caravans.content.settings`) and docs/commands.md (every option of
every `toolkit` command, from the click commands of `toolkit.cli.COMMANDS`) and
docs/agents.md (the bundled play styles and their weights, from `toolkit/games/caravans/agents/`). Prose outside
the markers is hand-written and left alone.

    python docs/gen_effects.py          rewrite the tables
    python docs/gen_effects.py --check  exit 1 (naming the blocks) if any is out of date
"""

from __future__ import annotations

import importlib
import re
import sys
import typing
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

if str(DOCS) not in sys.path:
    sys.path.insert(0, str(DOCS))

from gen_fields import models_in, field_rows, nested_models, shape_tables, table  # noqa: E402

MARK = re.compile(r"<!-- gen:(?P<name>[\w:.-]+) -->\n(?P<body>.*?)<!-- /gen:(?P=name) -->",
                  re.S)
# ids used in the rules-text examples: the first entry of each kind in the bundled game
EXAMPLE_KINDS = ("region", "race", "npc", "good")


# --- effect operations -----------------------------------------------------------------
def example_params(spec, ids: dict[str, str]) -> dict:
    """Parameters for a rules-text example: defaults, else a small allowed value."""
    refs = dict(spec.refs)
    out = {}
    for name, info in spec.params.model_fields.items():
        if not info.is_required() and name not in refs:
            continue
        annotation = info.annotation
        args = typing.get_args(annotation)
        if name in refs:
            value = ids.get(refs[name], refs[name])
            if typing.get_origin(annotation) is list:
                lo = next((m.min_length for m in info.metadata
                           if getattr(m, "min_length", None)), 1)
                value = [ids.get(refs[name] + f"#{i}", value) for i in range(lo)]
            out[name] = value
        elif typing.get_origin(annotation) is typing.Literal:
            out[name] = args[0]
        else:
            lo = next((m.ge for m in info.metadata if getattr(m, "ge", None) is not None), 1)
            out[name] = max(lo, 1)
    return out


def _example_ids():
    """(ids, names): the first entries of the example kinds in the bundled game."""
    from toolkit.content.validate import load_catalog
    catalog = load_catalog(ROOT)
    ids = {}
    for kind in EXAMPLE_KINDS:
        entries = list(catalog.of(kind))
        for i, entry_id in enumerate(entries[:2]):
            ids[kind if i == 0 else f"{kind}#{i}"] = entry_id
    return ids, catalog.names


def op_block(name, spec, ids, names) -> str:
    from toolkit.games.caravans.content.ops import describe
    refs = dict(spec.refs)
    params = example_params(spec, ids)
    model = spec.params(**params)
    yaml = ", ".join([f"op: {name}"] + [f"{k}: {_yaml(v)}" for k, v in params.items()])
    kinds = ", ".join(f"`{k}`" for k in sorted(spec.kinds))
    return (f"Allowed in: {kinds}\n\n{table(field_rows(spec.params, refs=refs))}\n"
            f"Rules text: “{spec.en}” / “{spec.zh}”\n\n"
            f"Example: `{{{yaml}}}` reads “{describe(name, model, 'en', names)}” / "
            f"“{describe(name, model, 'zh', names)}”\n")


def _yaml(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_yaml(v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def op_index(ops) -> str:
    rows = ["| operation | allowed in | rules text (en) |", "|---|---|---|"]
    for name, spec in ops.items():
        rows.append(f"| [`{name}`](#{name}) | {', '.join(sorted(spec.kinds))} | {spec.en} |")
    return "\n".join(rows) + "\n"


def effect_blocks() -> dict[str, str]:
    from toolkit.games.caravans.content.ops import OPS
    ids, names = _example_ids()
    blocks = {"ops-index": op_index(OPS)}
    for name, spec in OPS.items():
        blocks[f"op:{name}"] = op_block(name, spec, ids, names)
    return blocks


# --- content kinds and game.yaml ---------------------------------------------------------
def content_blocks() -> dict[str, str]:
    from toolkit.content import game, schema
    from toolkit.games.caravans.content.kinds import KINDS
    common = set(schema.Card.model_fields) | {"kind"}
    refs = reference_fields()
    blocks = {"card-fields": table(field_rows(schema.Card))}
    shapes = []
    for kind, model in KINDS.items():
        blocks[f"kind:{kind}"] = table(field_rows(model, skip=common, refs=refs.get(model)))
        shapes += [m for m in nested_models(model) if m not in shapes]
    blocks["shapes"] = shape_tables(shapes, refs)
    blocks["game"] = table(field_rows(game.Game, skip=("kind",)))
    from toolkit.games import load_game
    caravans = game.game_model(load_game("caravans"))
    blocks["game-caravans"] = table(field_rows(caravans, skip=tuple(game.Game.model_fields)))
    declared = [game.KindDecl, game.FieldDecl]
    blocks["game-shapes"] = shape_tables([m for m in nested_models(caravans)
                                          if m not in declared], refs)
    blocks["decl"] = shape_tables(declared, refs)
    return blocks


def reference_fields() -> dict:
    """model -> {field: referenced kind}, from the reference table of validation pass 2."""
    from toolkit.games.caravans.content.kinds import KINDS
    found: dict = {}
    for model in KINDS.values():
        for path, target in model.references:
            owner = model
            for part in path[:-1]:
                owner = next(models_in(owner.model_fields[part].annotation))
            found.setdefault(owner, {})[path[-1]] = target
    return found


# --- agents ---------------------------------------------------------------------------------
def agent_blocks() -> dict[str, str]:
    """The styles of the bundled styles.yaml and every weight with each style's value."""
    from toolkit.games.caravans.agents.features import FEATURES
    from toolkit.games.caravans.agents.styles import BUNDLED_STYLES, load_styles
    styles = load_styles(BUNDLED_STYLES)
    names = list(styles)
    rows = ["| style | what it does |", "|---|---|"]
    rows += [f"| `{n}` | {styles[n].description} |" for n in names]
    weights = ["| weight | " + " | ".join(names) + " | meaning |",
               "|---|" + "---|" * len(names) + "---|"]
    for feature, meaning in FEATURES.items():
        values = " | ".join(f"{styles[n][feature]:g}" for n in names)
        weights.append(f"| `{feature}` | {values} | {meaning} |")
    return {"styles": "\n".join(rows) + "\n", "weights": "\n".join(weights) + "\n"}


# --- commands -------------------------------------------------------------------------------
def command_blocks() -> dict[str, str]:
    import click
    from toolkit.cli import COMMANDS
    blocks = {}
    for name, target in COMMANDS.items():
        module, attr = target.split(":")
        cmd = getattr(importlib.import_module(module), attr)
        lines = [f"`toolkit {name} {_usage(cmd)}`", ""]
        lines.append(_md(" ".join((cmd.help or "").split("\n\n")[0].split())))
        lines.append("")
        for param in cmd.params:
            if isinstance(param, click.Option):
                record = param.get_help_record(click.Context(cmd))
                if record:
                    help_text = _md(" ".join(record[1].split()))
                    lines.append(f"- `{record[0]}` — {help_text}")
        blocks[f"cmd:{name}"] = "\n".join(lines) + "\n"
    return blocks


def _md(text: str) -> str:
    """Help text safe inside a Markdown list item."""
    return text.replace("<", "&lt;").replace(">", "&gt;").replace("|", "/")


def _usage(cmd) -> str:
    import click
    parts = ["[OPTIONS]"]
    for param in cmd.params:
        if isinstance(param, click.Argument):
            metavar = param.make_metavar(click.Context(cmd)) if _takes_ctx(param) \
                else param.make_metavar()
            parts.append(metavar)
    return " ".join(parts)


def _takes_ctx(param) -> bool:
    import inspect
    return "ctx" in inspect.signature(param.make_metavar).parameters


# --- rewriting -------------------------------------------------------------------------------
FILES = {"effects.md": effect_blocks, "content.md": content_blocks,
         "commands.md": command_blocks, "agents.md": agent_blocks}


def render(text: str, blocks: dict[str, str]) -> tuple[str, list[str]]:
    """`text` with every known block replaced; also the block names it lacks."""
    found = set()

    def swap(match):
        name = match.group("name")
        if name not in blocks:
            return match.group(0)
        found.add(name)
        return f"<!-- gen:{name} -->\n{blocks[name]}<!-- /gen:{name} -->"
    return MARK.sub(swap, text), [n for n in blocks if n not in found]


def run(check: bool) -> list[str]:
    """Rewrite (or, with check, only compare) every file; returns the problems found."""
    problems = []
    for filename, make in FILES.items():
        path = DOCS / filename
        text = path.read_text(encoding="utf-8")
        new, missing = render(text, make())
        problems += [f"{filename}: no block <!-- gen:{n} --> (add a section for it)"
                     for n in missing]
        if new != text:
            if check:
                stale = [m.group("name") for m in MARK.finditer(text)
                         if m.group(0) not in new]
                problems.append(f"{filename}: out of date: {', '.join(stale)}")
            else:
                tmp = path.with_suffix(".md.tmp")
                tmp.write_text(new, encoding="utf-8")
                tmp.replace(path)
    return problems


def main(argv) -> int:
    check = "--check" in argv
    problems = run(check)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems and check:
        print("run: python docs/gen_effects.py", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
