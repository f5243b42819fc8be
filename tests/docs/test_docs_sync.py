"""The docs-sync test: every registered effect operation, agent, built-in kind and command
option is documented, and the generated tables of docs/ match the code."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _generator():
    spec = importlib.util.spec_from_file_location("gen_effects", DOCS / "gen_effects.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _all_docs() -> str:
    parts = [(ROOT / "README.md").read_text(encoding="utf-8")]
    parts += [p.read_text(encoding="utf-8") for p in sorted(DOCS.glob("*.md"))]
    return "\n".join(parts)


def _sections(text: str) -> dict[str, str]:
    """`### \\`name\\`` or `### name` heading -> the text up to the next heading."""
    found = {}
    pieces = re.split(r"^#{2,3} +`?([\w:-]+)`? *$", text, flags=re.M)
    for i in range(1, len(pieces) - 1, 2):
        found[pieces[i]] = pieces[i + 1]
    return found


# --- the checks, as functions of the docs' text (so that they can be tested too) ---------
def undocumented_ops(text: str, ops) -> list[str]:
    """Ops without a section holding their generated block and an 'In the engine' text."""
    sections = _sections(text)
    missing = []
    for name in ops:
        body = sections.get(name, "")
        engine = body.split("**In the engine.**", 1)
        if f"<!-- gen:op:{name} -->" not in body or len(engine) < 2 \
                or len(engine[1].split()) < 8:
            missing.append(name)
    return missing


def undocumented_kinds(text: str, kinds) -> list[str]:
    sections = _sections(text)
    return [k for k in kinds if f"<!-- gen:kind:{k} -->" not in sections.get(k, "")]


def undocumented_agents(text: str, names) -> list[str]:
    return [n for n in names if not re.search(rf"`{re.escape(n)}(:N)?`", text)]


def long_options() -> list[tuple[str, str]]:
    """(command, --option) for every long option of every toolkit command."""
    from toolkit.cli import COMMANDS
    found = []
    for name, target in COMMANDS.items():
        module, attr = target.split(":")
        command = getattr(importlib.import_module(module), attr)
        for param in command.params:
            if isinstance(param, click.Option):
                for opt in param.opts + param.secondary_opts:
                    if opt.startswith("--"):
                        found.append((name, opt))
    return found


def undocumented_options(text: str, options) -> list[str]:
    return [f"toolkit {cmd} {opt}" for cmd, opt in options
            if not re.search(rf"(?<![\w-]){re.escape(opt)}(?![\w-])", text)]


# --- the sync tests -----------------------------------------------------------------------
def test_every_effect_operation_is_documented():
    from toolkit.games.caravans.content.ops import OPS
    missing = undocumented_ops(_read("effects.md"), OPS)
    assert not missing, f"docs/effects.md lacks a section for: {', '.join(missing)}"


def test_every_builtin_kind_is_documented():
    from toolkit.games.caravans.content.kinds import KINDS as BUILTIN_KINDS
    missing = undocumented_kinds(_read("content.md"), BUILTIN_KINDS)
    assert not missing, f"docs/content.md lacks a section for kinds: {', '.join(missing)}"


def test_every_agent_name_is_documented():
    from toolkit.agents import agent_names
    from toolkit.games.caravans import GAME
    names = agent_names(GAME) + ["mixed"]
    assert len(names) >= 3
    missing = undocumented_agents(_read("agents.md"), names)
    assert not missing, f"docs/agents.md does not name the agents: {', '.join(missing)}"


def test_every_command_option_is_documented():
    options = long_options()
    assert ("build", "--back-offset") in options  # the walk reaches the click commands
    missing = undocumented_options(_all_docs(), options)
    assert not missing, ("options in neither README.md nor docs/*.md: " + ", ".join(missing)
                         + " (run python docs/gen_effects.py for docs/commands.md)")


def test_generated_tables_are_up_to_date():
    problems = _generator().run(check=True)
    assert not problems, "\n".join(problems) + "\nrun: python docs/gen_effects.py"


# --- the checks themselves catch what they should -------------------------------------------
def test_checks_report_what_is_missing():
    text = _read("effects.md")
    assert undocumented_ops(text, ["volley", "no_such_op"]) == ["no_such_op"]
    cut = text.replace("<!-- gen:op:volley -->", "")
    assert undocumented_ops(cut, ["volley"]) == ["volley"]
    assert undocumented_kinds(_read("content.md"), ["race", "spaceship"]) == ["spaceship"]
    assert undocumented_agents("`random` and `search:N`", ["random", "search", "trader"]) \
        == ["trader"]
    options = [("build", "--back-offset"), ("build", "--back")]
    assert undocumented_options("use --back-offset 1,2", options) == ["toolkit build --back"]


def test_generator_detects_a_stale_table():
    gen = _generator()
    text = _read("effects.md")
    blocks = gen.effect_blocks()
    stale = text.replace("| `hits` | whole number | 1–3 |", "| `hits` | whole number | 1–9 |", 1)
    assert stale != text
    fixed, missing = gen.render(stale, blocks)
    assert fixed == gen.render(text, blocks)[0] != stale and missing == []
    _, missing = gen.render("no markers here", {"op:x": "table\n"})
    assert missing == ["op:x"]


@pytest.mark.parametrize("value, expected", [(-3, "-3 to 3"), (1, "1–3")])
def test_limits_read_plainly(value, expected):
    from pydantic import BaseModel, Field
    _generator()  # puts docs/ on the import path
    fields = importlib.import_module("gen_fields")

    class Probe(BaseModel):
        x: int = Field(ge=value, le=3)

    assert fields.limits_text(Probe.model_fields["x"]) == expected
