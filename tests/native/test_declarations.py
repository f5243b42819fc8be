"""One declaration for the mechanical parts of Caravans' two sides
(toolkit/games/caravans/declarations.py): action kinds, hooks, effect operations. The
Python engine's and the compiled core's constants are generated from it
(scripts/gen_declarations.py); a stale part fails here, and both sides agree with it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from toolkit.games.caravans import declarations as d
from toolkit.native import builds

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import gen_declarations  # noqa: E402

CORE = "toolkit.games.caravans.core"


def test_every_generated_part_is_current():
    """Run `python scripts/gen_declarations.py` after editing the declaration."""
    assert gen_declarations.run(check=True) == []


def test_the_python_engine_follows_the_declaration():
    import toolkit.games.caravans.engine  # noqa: F401  (registers every handler)
    from toolkit.games.caravans.content.ops import OPS
    from toolkit.games.caravans.engine import effects
    from toolkit.games.caravans.engine.actions import ActionKind
    assert [kind.value for kind in ActionKind] == [k[0] for k in d.ACTION_KINDS]
    declared = {name: hooks for name, _core, hooks, _params in d.OPS}
    assert list(declared) == list(effects.OP_HOOKS)
    assert set(declared) == set(OPS), "declare every op of content/ops.py (and no other)"
    assert {op: hooks for op, (hooks, _fn) in effects.HANDLERS.items()} == declared
    assert effects.PLAYABLE == {op for op, hooks in declared.items() if "play" in hooks}
    used = {hook for hooks in declared.values() for hook in hooks}
    assert used <= set(d.HOOKS) and len(set(d.HOOKS)) == len(d.HOOKS)
    assert set(d.ACTION_SECTIONS) <= {k[0] for k in d.ACTION_KINDS}


def test_the_compiled_core_follows_the_declaration():
    states = builds.package_states(CORE)
    if any(state != builds.COMPILED for state, _ in states.values()):
        pytest.fail("the compiled core is not built and current: run pip install -e .")
    from toolkit.games.caravans.core import codec, ops
    assert ops.CODES == {name: code for code, (name, *_rest) in enumerate(d.OPS)}
    assert ops.HOOKS == {hook: 1 << bit for bit, hook in enumerate(d.HOOKS)}
    assert codec.ARGS == {name: core for name, _args, core, _note in d.ACTION_KINDS if core}
    assert [kind.value for kind in codec.KINDS] == [k[0] for k in d.ACTION_KINDS]


def test_register_refuses_an_undeclared_op_and_other_hooks():
    from toolkit.games.caravans.engine import effects
    before = dict(effects.HANDLERS)
    with pytest.raises(ValueError, match="'fly' is not declared in toolkit/games/caravans/"
                                         "declarations.py"):
        effects.register({"fly": lambda ctx, p: None})
    with pytest.raises(ValueError, match="'tolls': hooks \\('play',\\) differ from the "
                                         "declared \\('toll',\\)"):
        effects.register({"tolls": (("play",), lambda ctx, p: None)})
    assert effects.HANDLERS == before


def _copy(tmp_path: Path) -> Path:
    for rel in [gen_declarations.DECLARATIONS, *gen_declarations.PARTS]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    return tmp_path


def _append(path: Path, table: str, line: str) -> None:
    """Add `line` as the last entry of the declaration's `table`."""
    text = path.read_text()
    start = text.index(f"\n{table} = (\n")
    end = text.index("\n)\n", start)
    path.write_text(text[:end + 1] + line + text[end + 1:])


def test_a_new_action_kind_is_declared_once_and_reaches_both_sides(tmp_path):
    tree = _copy(tmp_path)
    _append(tree / gen_declarations.DECLARATIONS, "ACTION_KINDS",
            '    ("study_map", "(region_id,)", ("region",), "a new kind"),\n')
    stale = gen_declarations.run(check=True, root=tree)
    assert stale == [f"{rel}: stale: {part} (run python scripts/gen_declarations.py)"
                     for rel, part in (("toolkit/games/caravans/engine/actions.py",
                                        "action-kinds"),
                                       ("toolkit/games/caravans/core/layout.pxd",
                                        "action-kinds"),
                                       ("toolkit/games/caravans/core/codec.pyx",
                                        "action-args"))]
    assert gen_declarations.run(check=False, root=tree) == []
    assert gen_declarations.run(check=True, root=tree) == []
    caravans = tree / "toolkit/games/caravans"
    assert 'STUDY_MAP = "study_map"' in (caravans / "engine/actions.py").read_text()
    n = len(d.ACTION_KINDS)
    layout = (caravans / "core/layout.pxd").read_text()
    assert f"    AK_STUDY_MAP = {n}\n    N_ACTION_KINDS = {n + 1}\n" in layout
    assert '"study_map": ("region",)' in (caravans / "core/codec.pyx").read_text()
    # the hand-written rest of each file is left as it was
    before = (ROOT / "toolkit/games/caravans/core/layout.pxd").read_text()
    assert layout.replace(f"    AK_STUDY_MAP = {n}\n    N_ACTION_KINDS = {n + 1}\n",
                          f"    N_ACTION_KINDS = {n}\n") == before


def test_a_new_op_gets_its_code_its_hooks_and_its_row(tmp_path):
    tree = _copy(tmp_path)
    _append(tree / gen_declarations.DECLARATIONS, "OPS",
            '    ("bless", "BLESS", ("play", "dice"), "a=dice"),\n')
    assert gen_declarations.run(check=False, root=tree) == []
    caravans = tree / "toolkit/games/caravans"
    pxd = (caravans / "core/ops.pxd").read_text()
    n = len(d.OPS)
    assert f"    OP_BLESS = {n}\n    N_OPS = {n + 1}\n" in pxd
    assert "  OP_BLESS              a=dice                              play, dice\n" in pxd
    assert '"bless": OP_BLESS,' in (caravans / "core/ops.pyx").read_text()
    assert '    "bless": ("play", "dice"),\n' in (caravans / "engine/effects.py").read_text()


def test_a_hand_edit_inside_a_part_and_a_lost_marker_are_named(tmp_path):
    tree = _copy(tmp_path)
    pyx = tree / "toolkit/games/caravans/core/ops.pyx"
    pyx.write_text(pyx.read_text().replace('"tolls": OP_TOLLS', '"tolls": OP_WAR'))
    pxd = tree / "toolkit/games/caravans/core/ops.pxd"
    pxd.write_text(pxd.read_text().replace("# </gen:hook-bits>\n", ""))
    assert gen_declarations.run(check=True, root=tree) == [
        "toolkit/games/caravans/core/ops.pxd: no part <gen:hook-bits> (add its two "
        "marker lines)",
        "toolkit/games/caravans/core/ops.pyx: stale: op-names (run python "
        "scripts/gen_declarations.py)"]


@pytest.mark.parametrize("old,new,message", [
    ('    ("tolls", "TOLLS", ("toll",), "a=gold"),\n',
     '    ("tolls", "TOLLS", ("toll",), "a=gold"),\n    ("tolls", "TOLLS2", ("toll",), "-"),\n',
     "operation 'tolls' is declared twice"),
    ('("tolls", "TOLLS", ("toll",), "a=gold")', '("tolls", "TOLLS", ("tol",), "a=gold")',
     "operation 'tolls' answers hook 'tol', which is not in HOOKS"),
    ('    ("end_turn", "()", (), ""),\n', '    ("end_turn", "()", ()),\n',
     "ACTION_KINDS, ACTION_SECTIONS, HOOKS and OPS must have the documented shape"),
    ('HOOKS = (\n', 'HOOKS = (\n    "party-max",\n',
     "hook 'party-max' is not a name (letters, digits and _)"),
])
def test_an_unsound_declaration_is_one_line_and_writes_nothing(tmp_path, old, new, message):
    tree = _copy(tmp_path)
    path = tree / gen_declarations.DECLARATIONS
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    before = {rel: (tree / rel).read_text() for rel in gen_declarations.PARTS}
    with pytest.raises(gen_declarations.DeclarationError) as caught:
        gen_declarations.run(check=False, root=tree)
    line = str(caught.value)
    assert line.startswith("toolkit/games/caravans/declarations.py: error: ")
    assert message in line and "\n" not in line
    assert {rel: (tree / rel).read_text() for rel in gen_declarations.PARTS} == before


def test_a_declaration_that_does_not_parse_names_its_line(tmp_path):
    tree = _copy(tmp_path)
    path = tree / gen_declarations.DECLARATIONS
    lines = path.read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("OPS = ("))
    lines[at] = "OPS = ((\n"
    path.write_text("".join(lines))
    with pytest.raises(gen_declarations.DeclarationError,
                       match=r"^toolkit/games/caravans/declarations\.py:\d+: error: "):
        gen_declarations.run(check=True, root=tree)
