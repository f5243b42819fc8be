"""Issue #21 item 2, the measured pilot: can one typed-Python source of the Caravans rules,
compiled by Cython's pure-Python mode, reach the gate (>= 1,000 mixed 4-player games per
CPU-second, the same records, the ten golden playthroughs)?

In a temporary directory (removed at the end; nothing in the repository is written) it
copies the `toolkit` package and builds, with Cython, the Caravans Python engine and agents
(`engine/*.py`, `agents/*.py` but the package `__init__`s, and `toolkit/loop.py`):

  pure      the Python engine as it is, in CPython (TOOLKIT_PURE_PYTHON=1)
  (a)       the same .py files compiled unchanged (`cythonize`, annotation_typing off:
            a `float` or `int` hint must not change what the rule computes)
  (b)       the same, plus augmenting .pxd files: the state records (`Party`, `Player`,
            `Npc`, `Visit`, `State` of engine/state.py) become extension types (`cdef
            class` with typed public attributes; their `@dataclass` is replaced in the copy
            by the equivalent plain `__init__`, generated from the dataclass's own fields,
            which is what pure mode needs), their `copy` and `clone` are typed `cpdef`s,
            and the hottest function outside them, observe.observation (a clone, masked,
            at every decision), gets its locals typed as the records (`@cython.locals`)
  (b) in CPython   the typed copy of (b), not compiled: one source must still run as is
  twin      the current hand-written compiled core (core/batch.play_game), which
            `bench/simulate.py --core` measures

Each plays the same seeds with the mixed line-up (trader, raider, adventurer, balanced),
timed by CPU (time.process_time) in a fresh process, and its records are hashed and compared
with the pure-Python records; the ten golden playthroughs of
tests/agents/test_speed_equivalence.py are replayed in every variant. A profile of the pure
engine (cProfile) and each variant's CPU per action split into agents, observation and
engine (legal actions + apply) say what holds the speed back.

Usage: .venv/bin/python bench/pure_mode_pilot.py [--games N] [--keep]
(one command; needs Cython and a C compiler; --keep leaves the temporary tree and prints it)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIXED = ["trader", "raider", "adventurer", "balanced"]
CARAVANS = "toolkit/games/caravans"
GATE = 1000.0

# --- (b): the augmenting declarations ------------------------------------------------------
# engine/state.py's records become extension types; an attribute is typed by its dataclass
# annotation when that is one plain type (anything that may hold None, or the random
# streams, a dict subclass whose __getitem__ must run, stays `object`)
RECORDS = ("Party", "Player", "Npc", "Visit", "State")
C_TYPES = {"list": "list", "dict": "dict", "int": "int", "bool": "bint", "str": "str"}
UNTYPED = {("State", "rng")}
# the other modules that read a record's fields by `__slots__` (a dataclass(slots=True)
# attribute an extension type does not have): they read `__fields__` in the copy
SLOTS_READERS = ("engine/record.py", "engine/components.py", "engine/state.py")
# the hottest function outside state.py (the observation: a clone, masked, at every
# decision) with its locals typed as the records
OBSERVE_PXD = """# cython: language_level=3
cimport cython
from toolkit.games.caravans.engine.state cimport State, Player

@cython.locals(view=State, player=Player, none=list, setup=bint, revealed=list,
               tavern_eq=dict)
cpdef observation(State state, int seat)
"""


def record_pxd(state_module) -> str:
    """The augmenting .pxd of engine/state.py: its records as `cdef class`es with typed
    public attributes and typed `copy` methods."""
    from dataclasses import fields
    lines = ["# cython: language_level=3", "cimport cython", ""]
    for name in RECORDS:
        cls = getattr(state_module, name)
        lines.append(f"cdef class {name}:")
        for f in fields(cls):
            hint = str(f.type).removesuffix(" | None")
            kind = C_TYPES.get(str(f.type), hint if hint in RECORDS else "object")
            if (name, f.name) in UNTYPED:
                kind = "object"
            lines.append(f"    cdef public {kind} {f.name}")
        if name == "Player":
            lines += ["    @cython.locals(o=Player, party=Party)",
                      "    cpdef Player copy(self)"]
        elif name != "State":
            lines.append(f"    cpdef {name} copy(self)")
        lines.append("")
    lines += ["@cython.locals(o=State, p=Player)",
              "cpdef State clone(State state, bint streams=*, bint records=*)", ""]
    return "\n".join(lines) + "\n"


def record_init(cls) -> str:
    """A plain __init__ equal to the one @dataclass writes for `cls` (defaults, factories),
    its __eq__ and __repr__, and `__fields__` (the field names, in order)."""
    from dataclasses import MISSING, fields
    params, body = ["self"], []
    for f in fields(cls):
        if f.default is not MISSING:
            params.append(f"{f.name}={f.default!r}")
            body.append(f"self.{f.name} = {f.name}")
        elif f.default_factory is not MISSING:
            params.append(f"{f.name}=None")
            factory = f.default_factory.__name__
            body.append(f"self.{f.name} = {factory}() if {f.name} is None else {f.name}")
        else:
            params.append(f.name)
            body.append(f"self.{f.name} = {f.name}")
    names = ", ".join(repr(f.name) for f in fields(cls))
    return (f"    __fields__ = ({names},)\n\n    def __init__({', '.join(params)}):\n"
            + "".join(f"        {line}\n" for line in body)
            + "\n    def __eq__(self, other):\n"
              "        return other.__class__ is self.__class__ and all(\n"
              "            getattr(self, n) == getattr(other, n) for n in self.__fields__)\n\n"
              "    def __repr__(self):\n"
              "        inner = ', '.join(f'{n}={getattr(self, n)!r}' for n in self.__fields__)\n"
              "        return f'{type(self).__name__}({inner})'\n")


def type_state(tree: Path) -> None:
    """Rewrite the copy's engine/state.py as pure-mode source (records without @dataclass:
    the generated __init__ instead; `fields()` and `__slots__` read as `__fields__`) and
    write its augmenting .pxd."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from toolkit.games.caravans.engine import state as module
    path = tree / CARAVANS / "engine/state.py"
    text = path.read_text(encoding="utf-8")
    for name in RECORDS:
        head = f"@dataclass(slots=True)\nclass {name}:\n"
        start = text.index(head)
        body = start + len(head)
        ends = [i for i in (text.find("\n    def ", body), text.find("\n    @property", body),
                            text.find("\n\n\n", body)) if i >= 0]
        end = min(ends)
        doc = re.match(r'\s*"""[^"]*"""\n', text[body:end])
        text = (text[:start] + f"class {name}:\n" + (doc.group(0) if doc else "")
                + record_init(getattr(module, name)) + text[end:])
    text = text.replace("for f in fields(obj):\n        value = getattr(obj, f.name)\n"
                        "        out[f.name] = _dc(value) if hasattr(value, \"__dataclass_fields__\")",
                        "for name in obj.__fields__:\n        value = getattr(obj, name)\n"
                        "        out[name] = _dc(value) if hasattr(value, \"__fields__\")")
    path.write_text(text, encoding="utf-8")
    for rel in SLOTS_READERS:
        reader = tree / CARAVANS / rel
        reader.write_text(reader.read_text(encoding="utf-8").replace(".__slots__", ".__fields__"),
                          encoding="utf-8")
    (tree / CARAVANS / "engine/state.pxd").write_text(record_pxd(module), encoding="utf-8")
    (tree / CARAVANS / "engine/observe.pxd").write_text(OBSERVE_PXD, encoding="utf-8")


# --- building and playing ----------------------------------------------------------------
def fill(template: str, **values) -> str:
    """`template` with each `@name@` replaced by the repr of `values[name]`."""
    return re.sub(r"@(\w+)@", lambda m: repr(values[m.group(1)]), template)


def modules(tree: Path) -> list[str]:
    """The .py files compiled (relative to the tree)."""
    found = [f"{CARAVANS}/{folder}/{path.name}" for folder in ("engine", "agents")
             for path in sorted((tree / CARAVANS / folder).glob("*.py"))
             if path.name != "__init__.py"]
    return found + ["toolkit/loop.py"]


BUILD = """
import sys
from setuptools import setup, Extension
from Cython.Build import cythonize
paths = @paths@
exts = [Extension(p[:-3].replace("/", "."), [p]) for p in paths]
setup(ext_modules=cythonize(exts, quiet=True, compiler_directives={
          "language_level": 3, "annotation_typing": False, "binding": True}),
      script_args=["build_ext", "--inplace", "-q"])
"""


def copy_tree(dest: Path) -> Path:
    shutil.copytree(ROOT / "toolkit", dest / "toolkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c", "*.html"))
    return dest


def build(tree: Path) -> float:
    """Cython-compile the engine and agents modules of `tree` in place; CPU s it took."""
    env = dict(os.environ, CFLAGS="-O2 -g0")
    start = time.time()
    done = subprocess.run([sys.executable, "-c", fill(BUILD, paths=modules(tree))],
                          cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the Cython build in {tree} failed:\n{done.stderr[-3000:]}")
    return time.time() - start


PLAY = """
import hashlib, json, sys, time
sys.path.insert(0, @tree@)
sys.path.insert(1, @tests@)
from toolkit.content.validate import load_catalog
from toolkit.games.caravans import GAME
from toolkit.loop import play_game, make_agents
import toolkit.games.caravans.engine.state as state_module
core = @core@
catalog = load_catalog(@root@)
lineup = @lineup@
seeds = range(@first@, @first@ + @games@)
if core:
    from toolkit.games.caravans.core import batch
    run = lambda seed, keep: batch.play_game(catalog, seed, lineup, keep_actions=keep)
else:
    run = lambda seed, keep: play_game(GAME, catalog, seed, lineup, keep_actions=keep)
run(99, False)
start = time.process_time()
records = [run(seed, False) for seed in seeds]
spent = time.process_time() - start
actions = sum(r["length"] for r in records)
out = {"rate": @games@ / spent, "us_per_action": 1e6 * spent / actions,
       "records": hashlib.sha256(json.dumps(records, sort_keys=True).encode()).hexdigest(),
       "compiled": state_module.__file__.endswith(".so")}
if not core:
    import test_speed_equivalence as golden
    out["golden"] = sum(golden.history_hash(catalog, s, l) == golden.GOLDEN[s]
                        for s, l in golden.GAMES)
    spent = {"agents": 0.0, "observation": 0.0, "engine": 0.0}
    cpu, n = time.process_time, 0
    for seed in list(seeds)[:5]:
        agents = make_agents(GAME, catalog, seed, lineup)
        state = GAME.new_game(catalog, seed, list(lineup))
        while not GAME.is_terminal(state):
            t0 = cpu(); seat = GAME.current_player(state); legal = GAME.legal_actions(state)
            t1 = cpu(); view = GAME.observation(state, seat)
            t2 = cpu(); action = agents[seat].choose(view, legal)
            t3 = cpu(); state = GAME.apply_action(state, action); t4 = cpu()
            spent["engine"] += (t1 - t0) + (t4 - t3)
            spent["observation"] += t2 - t1
            spent["agents"] += t3 - t2
            n += 1
    out["split"] = {k: 1e6 * v / n for k, v in spent.items()}
print(json.dumps(out))
"""


def play(tree: Path, games: int, first: int, core: bool = False) -> dict:
    env = dict(os.environ)
    env.pop("TOOLKIT_PURE_PYTHON", None)
    if not core:
        env["TOOLKIT_PURE_PYTHON"] = "1"   # only the Cython-built .py modules are compiled
    code = fill(PLAY, tree=str(tree), tests=str(ROOT / "tests/agents"), root=str(ROOT),
                lineup=MIXED, first=first, games=games, core=core)
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"playing in {tree} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


PROFILE = """
import cProfile, pstats, sys, io
sys.path.insert(0, @root@)
from toolkit.content.validate import load_catalog
from toolkit.games.caravans import GAME
from toolkit.loop import play_game
catalog = load_catalog(@root@)
play_game(GAME, catalog, 99, @lineup@)
profile = cProfile.Profile()
profile.enable()
for seed in range(@first@, @first@ + @games@):
    play_game(GAME, catalog, seed, @lineup@, keep_actions=False)
profile.disable()
stats = pstats.Stats(profile).stats
total = sum(tt for (cc, nc, tt, ct, callers) in stats.values())
def cum(file, name):
    return sum(ct for (f, l, n), (cc, nc, tt, ct, callers) in stats.items()
               if f.endswith(file) and n == name) / total
def own(name):
    return sum(tt for (f, l, n), (cc, nc, tt, ct, callers) in stats.items()
               if n == name) / total, sum(nc for (f, l, n), (cc, nc, tt, ct, callers)
               in stats.items() if n == name)
rows = [("observation (the view: a state clone, masked)", cum("observe.py", "observation")),
        ("state clone (observation's copy included)", cum("state.py", "clone")),
        ("record copies (Party/Player/Npc/Visit .copy)", cum("state.py", "copy")),
        ("heuristic agents (choose)", cum("heuristic.py", "choose")),
        ("legal_actions", cum("legal.py", "legal_actions")),
        ("apply_action", cum("apply.py", "apply_action")),
        ("effects.fire (string-keyed hook tables)", cum("effects.py", "fire"))]
gets, calls = own("<method 'get' of 'dict' objects>")
print("\\n".join(f"  {share * 100:5.1f} %  {what}" for what, share in rows))
print(f"  {gets * 100:5.1f} %  dict.get alone ({calls:,} calls, self time)")
top = sorted(((tt, f"{f.rsplit('/', 1)[-1]}:{n}") for (f, l, n), (cc, nc, tt, ct, callers)
              in stats.items()), reverse=True)[:8]
print("  top self time: " + ", ".join(f"{name} {tt / total * 100:.1f} %" for tt, name in top))
"""


def profile(games: int, first: int) -> str:
    env = dict(os.environ, TOOLKIT_PURE_PYTHON="1")
    code = fill(PROFILE, root=str(ROOT), lineup=MIXED, first=first, games=games)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True)
    if done.returncode != 0:
        raise SystemExit(f"the profile failed:\n{done.stderr[-3000:]}")
    return done.stdout


def line(label: str, got: dict, pure: dict) -> str:
    same = "same records" if got["records"] == pure["records"] else "RECORDS DIFFER"
    golden = f", golden {got['golden']}/10" if "golden" in got else ""
    split = got.get("split")
    parts = (f"; per action agents {split['agents']:.1f} + observation "
             f"{split['observation']:.1f} + engine {split['engine']:.1f} us") if split else ""
    return (f"{label:<16} {got['rate']:8.1f} games/CPU-s  x{got['rate'] / pure['rate']:5.2f}  "
            f"{got['us_per_action']:6.1f} us/action  {same}{golden}{parts}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="timed games per variant")
    parser.add_argument("--seed", type=int, default=100, help="first seed")
    parser.add_argument("--keep", action="store_true", help="keep the temporary tree")
    args = parser.parse_args(argv)
    print(f"pure-mode pilot: {args.games} mixed 4-player games per variant, seeds "
          f"{args.seed}..{args.seed + args.games - 1}; load average {os.getloadavg()[0]:.1f}")
    print("profile of the pure-Python engine (share of CPU, cProfile, 15 games):")
    print(profile(15, args.seed), end="")
    work = Path(tempfile.mkdtemp(prefix="pure-mode-pilot-"))
    try:
        plain, typed = copy_tree(work / "a"), copy_tree(work / "b")
        type_state(typed)
        results = {"pure": play(ROOT, args.games, args.seed)}
        results["(b) in CPython"] = play(typed, args.games, args.seed)
        print(f"building (a): {len(modules(plain))} modules, {build(plain):.0f} s wall")
        print(f"building (b): {build(typed):.0f} s wall")
        results["(a)"] = play(plain, args.games, args.seed)
        results["(b)"] = play(typed, args.games, args.seed)
        results["twin"] = play(ROOT, args.games, args.seed, core=True)
        pure = results["pure"]
        for label in ("pure", "(a)", "(b) in CPython", "(b)", "twin"):
            got = results[label]
            if label != "pure" and not got["compiled"] and label in ("(a)", "(b)"):
                print(f"{label}: the compiled modules were not imported")
            print(line(label, got, pure))
        best = max(results["(a)"]["rate"], results["(b)"]["rate"])
        print(f"gate >= {GATE:,.0f} games/CPU-s: {'holds' if best >= GATE else 'fails'} "
              f"(best pure-mode variant {best:.1f}; the twin {results['twin']['rate']:.1f}); "
              f"load average {os.getloadavg()[0]:.1f}")
    finally:
        if args.keep:
            print(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
