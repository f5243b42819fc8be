"""F26: with trust, the reviewed source is what runs. A `.pyc` shipped in `__pycache__`
(its header forged to match the source's mtime and size), a bytecode-only module or a
compiled extension beside the rules is never imported, and no bytecode is written."""

from __future__ import annotations

import importlib.util
import marshal
import sys

import pytest

from toolkit.games import load_game
from toolkit.trust import trust

EVIL = "open(MARKER, 'w').close()\nraise SystemExit('the shipped bytecode ran')\n"


def _forged_pyc(source_file, marker):
    """A cached .pyc for `source_file` that the standard import accepts as up to date."""
    code = compile(EVIL.replace("MARKER", repr(str(marker))), str(source_file), "exec")
    stat = source_file.stat()
    header = importlib.util.MAGIC_NUMBER + (0).to_bytes(4, "little") + \
        int(stat.st_mtime).to_bytes(4, "little") + (stat.st_size & 0xFFFFFFFF).to_bytes(4, "little")
    cached = importlib.util.cache_from_source(str(source_file))
    from pathlib import Path
    Path(cached).parent.mkdir(exist_ok=True)
    Path(cached).write_bytes(header + marshal.dumps(code))
    return Path(cached)


def test_a_forged_cache_is_not_what_runs(stranger, tmp_path):
    marker = tmp_path / "ran.txt"
    init = stranger / "rules" / "__init__.py"
    cached = _forged_pyc(init, marker)
    # the attack is real: the standard import runs the forged bytecode
    spec = importlib.util.spec_from_file_location("f26_probe", init)
    with pytest.raises(SystemExit):
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    assert marker.exists()
    marker.unlink()
    trust(stranger)
    game = load_game("./rules", stranger)
    assert game.name == "five_tricks" and not marker.exists()
    assert cached.read_bytes().startswith(importlib.util.MAGIC_NUMBER)  # left untouched


def test_only_py_files_of_the_package_are_imported(stranger, tmp_path):
    import py_compile

    rules = stranger / "rules"
    helper = tmp_path / "helper.py"
    helper.write_text("VALUE = 'from bytecode'\n")
    py_compile.compile(str(helper), cfile=str(rules / "helper.pyc"))  # a sourceless module
    (rules / "native.so").write_bytes(b"\x7fELF")                    # an extension module
    init = rules / "__init__.py"
    init.write_text(init.read_text() + "\nFOUND = []\nfor _name in ('helper', 'native'):\n"
                    "    try:\n        __import__(__name__ + '.' + _name)\n"
                    "    except ImportError as exc:\n        FOUND.append(str(exc))\n")
    trust(stranger)
    game = load_game("./rules", stranger)
    found = sys.modules[type(game).__module__].FOUND
    assert len(found) == 2 and all("only .py files of their own package" in m for m in found)


def test_modules_of_the_package_load_from_source_and_nothing_is_written(stranger):
    rules = stranger / "rules"
    (rules / "scoring.py").write_text("HAND = 5\n")
    init = rules / "__init__.py"
    init.write_text(init.read_text().replace("HAND = 5", "from .scoring import HAND"))
    trust(stranger)
    assert load_game("./rules", stranger).name == "five_tricks"
    assert not (rules / "__pycache__").exists()


def test_a_file_changed_after_the_check_is_refused(stranger):
    """The loader checks each file's hash against the one trust was decided on."""
    from toolkit.games.project_rules import import_package
    from toolkit.trust import rules_files

    files = rules_files(stranger / "rules")
    (stranger / "rules" / "__init__.py").write_text("GAME = None\n")
    with pytest.raises(ImportError, match="changed while the rules were loading"):
        import_package(stranger / "rules", files)


def test_a_module_linked_from_outside_is_never_read(stranger, tmp_path):
    import os

    outside = tmp_path / "outside.py"
    outside.write_text("LEAK = True\n")
    os.symlink(outside, stranger / "rules" / "leak.py")
    init = stranger / "rules" / "__init__.py"
    init.write_text(init.read_text() + "\ntry:\n    from . import leak\nexcept ImportError:\n"
                    "    leak = None\n")
    trust(stranger)
    game = load_game("./rules", stranger)
    assert sys.modules[type(game).__module__].leak is None
