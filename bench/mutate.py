"""Do the rulings catch a broken rule? (issue #27 item 5)

Each mutation rewrites one line of one rules module (the text must occur exactly once) and
re-runs that module in place, so the rest of the engine calls the broken function; then
every ruling of the game runs, and a few fuzzed games check the invariants. A mutation is
caught when a ruling fails, an invariant is violated or the engine crashes; the module is
put back before the next. The unbroken game must pass (it is run first). Prints one line
per mutation and a summary per game (the table of docs/rules.md, "Rulings that can fail").

    .venv/bin/python bench/mutate.py [--game caravans|root|nanhuang2|kings_and_things]
        [--games 10] [--only MUTATION] [--markdown]

The lists are in bench/mutations.py; a mutation whose text is no longer in its module is
reported as stale (a failure of the harness, exit 2), never silently skipped.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
if str(REPO / "bench") not in sys.path:
    sys.path.insert(0, str(REPO / "bench"))

from mutations import MUTATIONS, PROJECTS, Mutation  # noqa: E402


def source_path(module) -> Path:
    """The .py file of a rules module, also when a compiled build of it is what imported
    (a pure-Python-mode module: toolkit/native/pure.py)."""
    path = Path(module.__file__)
    return path if path.suffix == ".py" else path.with_name(module.__name__.rpartition(".")[2] + ".py")


class Stale(Exception):
    """The mutation's text is not (or not once) in its module any more."""


@contextlib.contextmanager
def applied(mutation: Mutation):
    """The mutated modules in place for the block, restored after it."""
    saved, patched = [], []
    tables = _tables()  # registries a re-run module adds to (flow.register(Rotate()))
    try:
        for module_name, path, replacement in mutation.patches:
            owner = importlib.import_module(module_name)
            *parents, name = path.split(".")
            for part in parents:
                owner = getattr(owner, part)
            patched.append((owner, name, getattr(owner, name)))
            setattr(owner, name, replacement)
        by_module: dict[str, list] = {}
        for module_name, old, new in mutation.edits:
            by_module.setdefault(module_name, []).append((old, new))
        for module_name, changes in by_module.items():
            module = importlib.import_module(module_name)
            if not module.__file__.endswith(".py"):  # compiled: its callers bypass __dict__
                raise Stale(f"{mutation.id}: {module_name} is compiled; run the harness with "
                            f"TOOLKIT_PURE_PYTHON=1 (main() does)")
            source = Path(module.__file__).read_text(encoding="utf-8")
            for old, new in changes:
                if source.count(old) != 1:
                    raise Stale(f"{mutation.id}: {module_name} holds {source.count(old)} "
                                f"copies of {old!r}")
                source = source.replace(old, new)
            code = compile(source, module.__file__, "exec")
            before = dict(module.__dict__)
            saved.append((module, before))
            exec(code, module.__dict__)
            patched.extend(_rebind(module, before))
        yield
    finally:
        for module, namespace in reversed(saved):
            module.__dict__.clear()
            module.__dict__.update(namespace)
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)
        for table, entries in tables:
            if table != entries:
                table.clear()
                table.update(entries)


def _tables() -> list[tuple[dict, dict]]:
    """Each upper-case dict of the toolkit's modules (PHASES, HANDLERS, ...) and a copy of
    its entries: re-running a module registers its re-run classes' instances there, which
    must not outlive the mutation."""
    out, seen = [], set()
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("toolkit"):
            continue
        for key, value in list(getattr(module, "__dict__", {}).items()):
            if key.isupper() and type(value) is dict and id(value) not in seen:
                seen.add(id(value))
                out.append((value, dict(value)))
    return out


class _Item:
    """A mapping seen as an object, so that undoing sets its item back with setattr."""

    def __init__(self, mapping):
        object.__setattr__(self, "mapping", mapping)

    def __setattr__(self, key, value):
        self.mapping[key] = value


def _rebind(module, before: dict) -> list:
    """After re-running `module`: its classes stay the objects every other module and every
    live instance already use (a method is broken with a patch instead), and each function
    another module imported by name (`from m import f`), holds in an upper-case table
    (`HANDLERS = {kind: f}`) or wraps as a staticmethod is pointed at the new one; a class
    keeps its identity but takes the re-run class's methods (a rule written in a method,
    e.g. Kings & Things' `Moves._reached`, is mutated too). Returns the (owner, name, old
    value) to put back."""
    undo = []
    for name, old in before.items():
        new = module.__dict__.get(name)
        if isinstance(old, type):
            module.__dict__[name] = old
            if isinstance(new, type) and new is not old:
                undo.extend(_methods_into(old, new))
        elif callable(old) and new is not old and getattr(old, "__module__", None) == \
                module.__name__:
            for other in list(sys.modules.values()):
                space = getattr(other, "__dict__", None)
                if other is module or not isinstance(space, dict) or \
                        not getattr(other, "__name__", "").startswith("toolkit"):
                    continue
                for key, value in list(space.items()):
                    if value is old:
                        undo.append((other, key, old))
                        setattr(other, key, new)
                    elif isinstance(value, dict) and key.isupper():   # HANDLERS = {k: f}
                        for k, held in list(value.items()):
                            if held is old:
                                undo.append((_Item(value), k, old))
                                value[k] = new
                    elif isinstance(value, type) and value.__module__ == other.__name__:
                        for attr, held in list(vars(value).items()):   # legal = staticmethod(f)
                            if isinstance(held, staticmethod) and held.__func__ is old:
                                undo.append((value, attr, held))
                                setattr(value, attr, staticmethod(new))
    return undo


def _methods_into(old: type, new: type) -> list:
    """Set on `old` each function the re-run class `new` defines where `old` defines one of
    that name (plain, static or class methods); the (owner, name, old value) to put back."""
    undo = []
    for attr, held in vars(new).items():
        if not isinstance(held, (staticmethod, classmethod)) and not callable(held):
            continue
        if attr.startswith("__") or attr not in vars(old):
            continue
        undo.append((old, attr, vars(old)[attr]))
        setattr(old, attr, held)
    return undo


def verdict(game_name: str, games: int) -> tuple[list[str], list[str]]:
    """(failed rulings, violated invariants) of the game as the modules are now."""
    from toolkit.checks.run import run_check

    report = run_check(PROJECTS[game_name], games=games, seed=0)
    failed = sorted({f.ruling for f in report.failures})
    violated = sorted({v.invariant for v in report.violations})
    return failed, violated


def run_game(game_name: str, games: int, only: str | None = None) -> list[dict]:
    failed, violated = verdict(game_name, games)
    if failed or violated:
        raise SystemExit(f"{game_name}: the unbroken game fails ({failed[:3]} {violated[:3]})"
                         "; fix it before measuring the rulings")
    rows = []
    for mutation in MUTATIONS[game_name]:
        if only and mutation.id != only:
            continue
        start = time.perf_counter()
        try:
            with applied(mutation):
                try:
                    failed, violated = verdict(game_name, games)
                    crash = ""
                except Exception as exc:  # the broken engine crashing is a catch too
                    failed, violated, crash = [], [], f"{type(exc).__name__}: {exc}"[:80]
        except Stale as exc:
            rows.append({"id": mutation.id, "rule": mutation.rule, "result": "stale",
                         "by": str(exc), "seconds": 0.0})
            continue
        caught = bool(failed or violated or crash)
        by = ", ".join(failed[:3]) + (" …" if len(failed) > 3 else "")
        if violated:
            by += ("; " if by else "") + "invariants: " + ", ".join(violated)
        if crash:
            by += ("; " if by else "") + "crash: " + crash
        rows.append({"id": mutation.id, "rule": mutation.rule,
                     "result": "caught" if caught else "SURVIVES", "by": by,
                     "seconds": time.perf_counter() - start})
    return rows


def summary(game_name: str, rows: list[dict]) -> str:
    caught = sum(r["result"] == "caught" for r in rows)
    return (f"{game_name}: {len(rows)} mutations, {caught} caught "
            f"({100 * caught / max(len(rows), 1):.1f} %)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(MUTATIONS), action="append")
    parser.add_argument("--games", type=int, default=10, help="fuzzed games per mutation")
    parser.add_argument("--only", help="one mutation id")
    parser.add_argument("--markdown", action="store_true", help="print the docs table")
    args = parser.parse_args(argv)
    # A mutation re-runs a module's Python source in place; a compiled module's callers would
    # not see it, so the harness plays every game's rules as Python (the compiled builds are
    # held to the Python ones by their lockstep tests).
    import os

    os.environ["TOOLKIT_PURE_PYTHON"] = "1"
    status = 0
    for game_name in args.game or sorted(MUTATIONS):
        rows = run_game(game_name, args.games, args.only)
        if args.markdown:
            print(f"\n| {game_name} mutation | broken rule | result | caught by |")
            print("|---|---|---|---|")
        for r in rows:
            if args.markdown:
                print(f"| `{r['id']}` | {r['rule']} | {r['result']} | {r['by']} |")
            else:
                print(f"{r['result']:9} {r['id']:36} {r['by'] or r['rule']}", flush=True)
        print(summary(game_name, rows), flush=True)
        if any(r["result"] == "stale" for r in rows):
            status = 2
    return status


if __name__ == "__main__":
    sys.exit(main())
