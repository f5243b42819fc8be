"""The compiled core of Caravans & Brigands (issue #10): the game state as C structs
(`layout.pxd`, `fight_layout.pxd`), the content compiled to arrays at load (`content`),
exact converters between the Python engine's State and the core (`convert`), the
Python-facing `CoreState` (`api`), and the rules ported from `engine/` (verified action
by action in lockstep with the Python engine, tests/core/lockstep.py). The Python engine
stays the reference.

Nothing compiled is imported here: `load()` returns the compiled `convert` module, or
None (then `reason()` says why in one line) when any module of the core is not built
or is older than its source, or TOOLKIT_PURE_PYTHON=1 asks for the Python engine.
"""

from __future__ import annotations

_REASON: str | None = None


def load():
    """The compiled `convert` module, or None (see `reason`)."""
    global _REASON
    from toolkit.native import load_package, pure_python
    if pure_python():
        _REASON = "TOOLKIT_PURE_PYTHON=1: the Python engine runs"
        return None
    convert = load_package("toolkit.games.caravans.core", "convert")
    if convert is None:  # a module not built, stale or not loading: the Python engine runs
        _REASON = "the compiled Caravans core is not built, or older than its source"
        return None
    _REASON = None
    return convert


def reason() -> str | None:
    return _REASON
