"""Write the mechanical parts of Caravans & Brigands' two sides from one declaration,
toolkit/games/caravans/declarations.py (action kinds, hooks, effect operations).

Each generated part sits between two marker lines in its file

    # <gen:NAME> generated from toolkit/games/caravans/declarations.py by scripts/gen_declarations.py: do not edit
    ...
    # </gen:NAME>

and only that text is rewritten; the rest of the file is hand-written. The parts: the
`ActionKind` enum (engine/actions.py), the hooks of every operation (`OP_HOOKS`,
engine/effects.py), and in the compiled core the `AK_*` enum (core/layout.pxd), the `OP_*`
and `HOOK_*` enums and the table of the ops' int params (core/ops.pxd), the `CODES` and
`HOOKS` dicts (core/ops.pyx) and the argument specs `ARGS` (core/codec.pyx).

    python scripts/gen_declarations.py          rewrite the parts
    python scripts/gen_declarations.py --check  exit 1, naming the stale parts

After a rewrite: `python scripts/stamp_mirrors.py` (once the core's twin of the change is
written) and rebuild the core.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECLARATIONS = "toolkit/games/caravans/declarations.py"
CARAVANS = "toolkit/games/caravans"
HEAD = "generated from caravans/declarations.py by scripts/gen_declarations.py: do not edit"
MARK = re.compile(r"^(?P<indent>[ \t]*)# <gen:(?P<name>[\w-]+)>[^\n]*\n(?P<body>.*?)"
                  r"^[ \t]*# </gen:(?P=name)>[ \t]*\n", re.S | re.M)


class DeclarationError(Exception):
    """A declaration that cannot be read or does not hold together (one line)."""


def load(root: Path = ROOT):
    """The declarations module of the tree at `root` (read as a file: nothing else of the
    toolkit is imported), checked (`DeclarationError` with one line if it is not sound)."""
    path = root / DECLARATIONS
    spec = importlib.util.spec_from_file_location("_caravans_declarations", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except SyntaxError as error:
        raise DeclarationError(f"{DECLARATIONS}:{error.lineno}: error: {error.msg}") from None
    except Exception as error:  # noqa: BLE001  (any failure of the file, in one line)
        raise DeclarationError(f"{DECLARATIONS}: error: {error}") from None
    problem = unsound(module)
    if problem:
        raise DeclarationError(f"{DECLARATIONS}: error: {problem}")
    return module


def unsound(d) -> str:
    """What does not hold together in the declaration ('' when it is sound)."""
    try:
        kinds = [name for name, _args, _core, _note in d.ACTION_KINDS]
        ops = [(name, core, tuple(hooks)) for name, core, hooks, _params in d.OPS]
        hooks = list(d.HOOKS)
        sections = dict(d.ACTION_SECTIONS)
    except (AttributeError, TypeError, ValueError) as error:
        return f"ACTION_KINDS, ACTION_SECTIONS, HOOKS and OPS must have the documented shape ({error})"
    for what, names in (("action kind", kinds), ("operation", [o[0] for o in ops]),
                        ("core name of an operation", [o[1] for o in ops]), ("hook", hooks)):
        seen = set()
        for name in names:
            if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*|[A-Z][A-Z0-9_]*",
                                                             name):
                return f"{what} {name!r} is not a name (letters, digits and _)"
            if name in seen:
                return f"{what} {name!r} is declared twice"
            seen.add(name)
    for name, _core, op_hooks in ops:
        if not op_hooks:
            return f"operation {name!r} answers no hook"
        for hook in op_hooks:
            if hook not in hooks:
                return f"operation {name!r} answers hook {hook!r}, which is not in HOOKS"
    for name in sections:
        if name not in kinds:
            return f"ACTION_SECTIONS names {name!r}, which is not an action kind"
    if len(hooks) > 31:
        return f"{len(hooks)} hooks: the core's HOOK_* bits hold at most 31"
    return ""


# --- the parts -------------------------------------------------------------------------
def action_kinds(d) -> str:
    """engine/actions.py: the members of ActionKind."""
    lines = []
    for name, args, _core, comment in d.ACTION_KINDS:
        if name in d.ACTION_SECTIONS:
            lines.append(f"    # {d.ACTION_SECTIONS[name]}")
        member = f'    {name.upper()} = "{name}"'
        note = f"{args:<16} {comment}".rstrip() if comment else args
        lines.append(f"{member:<40} # {note}")
    return "\n".join(lines) + "\n"


def op_hooks(d) -> str:
    """engine/effects.py: the hooks each operation answers, and every hook."""
    lines = ["HOOKS = ("]
    lines += _wrapped([f'"{h}",' for h in d.HOOKS], "    ")
    lines += [")", "OP_HOOKS = {"]
    lines += [f'    "{name}": {_tuple(hooks)},' for name, _core, hooks, _params in d.OPS]
    lines.append("}")
    return "\n".join(lines) + "\n"


def layout_kinds(d) -> str:
    """core/layout.pxd: the AK_* enum."""
    lines = ["cdef enum:  # ActionKindC"]
    lines += [f"    AK_{name.upper()} = {code}"
              for code, (name, *_rest) in enumerate(d.ACTION_KINDS)]
    lines.append(f"    N_ACTION_KINDS = {len(d.ACTION_KINDS)}")
    return "\n".join(lines) + "\n"


def op_table(d) -> str:
    """core/ops.pxd's docstring: each op's int params and hooks."""
    lines = [f"  {'OP_*':<22}{'params as ints':<36}hooks"]
    lines += [f"  {'OP_' + core:<22}{params:<36}{', '.join(hooks)}"
              for _name, core, hooks, params in d.OPS]
    return "\n".join(lines) + "\n"


def op_codes(d) -> str:
    """core/ops.pxd: the OP_* enum."""
    lines = ["cdef enum:"]
    lines += [f"    OP_{core} = {code}" for code, (_n, core, _h, _p) in enumerate(d.OPS)]
    lines.append(f"    N_OPS = {len(d.OPS)}")
    return "\n".join(lines) + "\n"


def hook_bits(d) -> str:
    """core/ops.pxd: the HOOK_* bits."""
    lines = ["cdef enum:"]
    lines += [f"    HOOK_{hook.upper()} = 1 << {bit}" for bit, hook in enumerate(d.HOOKS)]
    return "\n".join(lines) + "\n"


def op_names(d) -> str:
    """core/ops.pyx: op name -> OP_* code, hook name -> HOOK_* bit."""
    lines = ["CODES = {"]
    lines += _wrapped([f'"{name}": OP_{core},' for name, core, _h, _p in d.OPS], "    ")
    lines += ["}", "", "HOOKS = {"]
    lines += _wrapped([f'"{hook}": HOOK_{hook.upper()},' for hook in d.HOOKS], "    ")
    lines.append("}")
    return "\n".join(lines) + "\n"


def action_args(d) -> str:
    """core/codec.pyx: per kind, what each arg is as an int."""
    items = [f'"{name}": {_tuple(core)},' for name, _args, core, _comment in d.ACTION_KINDS
             if core]
    return "\n".join(["ARGS = {", *_wrapped(items, "    "), "}"]) + "\n"


def _tuple(names) -> str:
    """A tuple of strings as Python source, in double quotes."""
    inner = ", ".join(f'"{name}"' for name in names)
    return f"({inner},)" if len(names) == 1 else f"({inner})"


def _wrapped(items: list[str], indent: str, width: int = 92) -> list[str]:
    """`items` joined by spaces in lines of at most `width` characters."""
    lines, line = [], indent
    for item in items:
        if len(line) + len(item) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += item + " "
    if line.strip():
        lines.append(line.rstrip())
    return lines


# file (from the root) -> {part name: its writer}
PARTS = {
    f"{CARAVANS}/engine/actions.py": {"action-kinds": action_kinds},
    f"{CARAVANS}/engine/effects.py": {"op-hooks": op_hooks},
    f"{CARAVANS}/core/layout.pxd": {"action-kinds": layout_kinds},
    f"{CARAVANS}/core/ops.pxd": {"op-table": op_table, "op-codes": op_codes,
                                  "hook-bits": hook_bits},
    f"{CARAVANS}/core/ops.pyx": {"op-names": op_names},
    f"{CARAVANS}/core/codec.pyx": {"action-args": action_args},
}


def render(text: str, parts: dict, d) -> tuple[str, list[str]]:
    """`text` with each of its parts rewritten; also the names of the parts it lacks."""
    found = set()

    def swap(match):
        name, indent = match.group("name"), match.group("indent")
        if name not in parts:
            return match.group(0)
        found.add(name)
        return (f"{indent}# <gen:{name}> {HEAD}\n{parts[name](d)}{indent}# </gen:{name}>\n")
    return MARK.sub(swap, text), [name for name in parts if name not in found]


def run(check: bool, root: Path = ROOT) -> list[str]:
    """Rewrite (or with `check` only compare) every part; the problems found, one line
    each (a missing part, a stale part)."""
    d = load(root)
    problems = []
    for rel, parts in PARTS.items():
        path = root / rel
        text = path.read_text(encoding="utf-8")
        new, missing = render(text, parts, d)
        problems += [f"{rel}: no part <gen:{name}> (add its two marker lines)"
                     for name in missing]
        if new == text:
            continue
        stale = [m.group("name") for m in MARK.finditer(text) if m.group(0) not in new]
        if check:
            problems.append(f"{rel}: stale: {', '.join(stale)} (run python "
                            "scripts/gen_declarations.py)")
        else:
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(new, encoding="utf-8")
            tmp.replace(path)
            print(f"{rel}: rewrote {', '.join(stale)}")
    return problems


def main(argv: list[str]) -> int:
    if argv[1:] not in ([], ["--check"]):
        print(__doc__)
        return 2
    try:
        problems = run(check=argv[1:] == ["--check"])
    except DeclarationError as error:
        print(error, file=sys.stderr)
        return 1
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
